"""A typed line is refused with the very message ``verify`` gives for the same token in
a record, for every registered game (the referee is the judge; the shell only asks)."""

from __future__ import annotations

import pytest

from dungeon_cli import registry
from dungeon_cli.engine import Setup
from dungeon_cli.kit.cards import CARDS
from dungeon_cli.kit.core import Phase
from dungeon_cli.kit.game_module import TurnLog
from dungeon_cli.services.referee import check
from dungeon_cli.services.session import Session
from dungeon_cli.shell.line import LineError, apply_line, tokenize
from dungeon_cli.shell.sample import sample_game
from notation import parse

PROBES = ["run", "zz", "-", "x", "10", "(Kc)", "9s+", "Q♥"] + [t for c in CARDS for t in (c, f"x{c}")]


def referee_message(session: Session, token: str) -> str:
    """What verify says about ``token`` written as the actions of the turn in progress."""
    notation = session.module.notation
    dealt, _ = notation.write_turn(TurnLog(session.turn_start, tuple(session.events)))
    text = session.text() + f"{session.state.turn}. {' '.join(dealt)} : {token}\n"
    verdict = check(parse(text)[0])
    assert verdict.diagnostics, f"verify accepts {token!r} but the shell refused it"
    return verdict.diagnostics[0].message


@pytest.mark.parametrize("game", registry.names())
def test_refusals_say_what_verify_says(game):
    module = registry.get(game)
    sampled, lines = sample_game(module, 21)
    session = Session(Setup(module.game.name, seed=21))
    session.deal()
    compared = 0
    for line in lines[:6]:
        if session.state.phase is Phase.DECISION:
            legal = {module.notation.action_text(session.state, a) for a in session.state.legal_actions()}
            for probe in PROBES:
                if probe in legal:
                    continue
                mark = len(session.history) - 1
                try:
                    apply_line(session, probe)
                except LineError as exc:
                    assert exc.message == referee_message(session, probe), probe
                    compared += 1
                else:  # legal without being a whole action's text: take it back
                    session.rewind(mark)
        apply_line(session, line)
    assert compared > 50


def test_a_refused_line_changes_nothing_and_points_at_its_token():
    module = registry.get("scoundrel")
    session = Session(Setup(module.game.name, seed=7))
    session.deal()
    state, events = session.state, len(session.all_events)
    first = module.notation.action_text(state, state.legal_actions()[-1])
    with pytest.raises(LineError) as caught:
        apply_line(session, f"{first}  {first}")
    assert caught.value.col == len(first) + 3
    assert caught.value.message.startswith(f"{first}: ")
    assert session.state is state and len(session.all_events) == events


def test_a_malformed_token_is_refused_as_the_reader_refuses_it():
    with pytest.raises(LineError) as caught:
        tokenize("run 9s{")
    assert caught.value.col == 7
    assert "cannot stand inside a token" in caught.value.message


def test_a_line_may_cross_into_the_next_turn_and_past_the_end_is_refused():
    module = registry.get("scoundrel")
    sampled, lines = sample_game(module, 7)
    session = Session(Setup(module.game.name, seed=7))
    apply_line(session, " ".join(lines))
    assert session.text() == sampled.text()
    with pytest.raises(LineError) as caught:
        apply_line(session, "run")
    assert caught.value.message == "run: the game is over: no action may follow"


def test_at_the_table_cards_and_decisions_share_a_line():
    module = registry.get("scoundrel")
    sampled, lines = sample_game(module, 7)
    session = Session(Setup(module.game.name))
    for log in sampled.turns:
        dealt = [module.notation.format_outcome(a.outcome) for _, a in log.events if type(a).__name__ == "Draw"]
        decided = [module.notation.action_text(b, a) for b, a in log.events if type(a).__name__ != "Draw"]
        apply_line(session, " ".join(dealt + decided))
    assert session.record().moves == sampled.record().moves
    with pytest.raises(LineError) as caught:
        apply_line(Session(Setup(module.game.name)), "9c 9c")
    assert caught.value.col == 4
    assert caught.value.message == "9c: no longer in the dungeon: it was dealt already"


@pytest.mark.parametrize("game", registry.names())
def test_every_game_can_be_played_at_a_table_one_typed_word_at_a_time(game):
    """Each card or roll typed as the completion offers it, each decision as its text:
    the record is the seeded game's, move for move."""
    from dungeon_cli.kit.core import Draw
    from dungeon_cli.kit.game_module import Misread
    from dungeon_cli.shell.candidates import candidates
    from notation import Token

    module = registry.get(game)
    notation = module.notation
    sampled, _ = sample_game(module, 2)
    for _, action in sampled.all_events:
        if isinstance(action, Draw):
            text = notation.format_outcome(action.outcome)
            try:
                read = notation.outcome(Token(text, 1, 1, text))
            except Misread:
                read = None
            if read != action.outcome:
                pytest.skip(f"{game}: Notation.outcome() does not read back what format_outcome() writes ({text!r})")
    table = Session(Setup(module.game.name, variant=sampled.variant))
    for index, (before, action) in enumerate(sampled.all_events):
        if len(table.all_events) > index:  # dealt by itself: the rest of that pile's order is known
            assert table.all_events[index][1] == action
            continue
        if isinstance(action, Draw):
            text = notation.format_outcome(action.outcome)
            assert text in [c.text for c in candidates(notation, table.state, "")]
        else:
            text = notation.action_text(before, action)
        apply_line(table, text)
    assert table.record().moves == sampled.record().moves
