"""The completer, tested directly: what it offers is what the rules allow, for every
registered game, at every point of a seeded game."""

from __future__ import annotations

import pytest
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document

from dungeon_cli import registry
from dungeon_cli.engine import Setup
from dungeon_cli.kit.core import Phase
from dungeon_cli.services.session import Session
from dungeon_cli.shell.candidates import candidates, fold
from dungeon_cli.shell.completer import ActionCompleter
from dungeon_cli.shell.interactive import COMMANDS
from dungeon_cli.shell.line import apply_line
from dungeon_cli.shell.sample import sample_game

GAMES = registry.names()


def replayed(module, seed, events, upto):
    """A fresh seeded session after the first ``upto`` events of a sampled game."""
    session = Session(Setup(module.game.name, seed=seed))
    for _, action in events[:upto]:
        session.apply(action)
    return session


def decision_points(module, seed):
    session, _ = sample_game(module, seed)
    events = session.all_events
    for index, (before, _) in enumerate(events):
        if before.phase is Phase.DECISION:
            yield index, before, events


@pytest.mark.parametrize("game", GAMES)
def test_empty_line_offers_exactly_the_legal_actions_with_their_descriptions(game):
    module = registry.get(game)
    notation = module.notation
    for _, state, _ in decision_points(module, 11):
        offered = [(c.text, c.meta, c.replace) for c in candidates(notation, state, "")]
        legal = {}
        for action in state.legal_actions():
            legal.setdefault(notation.action_text(state, action), notation.describe(state, action))
        for run in notation.runs(state):  # then the game's runs of actions, each as one line
            texts, metas, now = [], [], state
            for action in run:
                texts.append(notation.action_text(now, action))
                metas.append(notation.describe(now, action))
                now = now.apply(action)
            legal.setdefault(" ".join(texts), "this turn's step: " + "; ".join(metas))
        assert offered == [(text, meta, 0) for text, meta in legal.items()]


@pytest.mark.parametrize("game", GAMES)
def test_every_completion_is_accepted_by_the_line_reader(game):
    module = registry.get(game)
    for index, _state, events in decision_points(module, 5):
        session = replayed(module, 5, events, index)
        assert session.state.phase is Phase.DECISION
        for candidate in candidates(module.notation, session.state, ""):
            mark = len(session.history) - 1
            apply_line(session, candidate.text)  # raises LineError if the completer lied
            session.rewind(mark)


def test_a_prefix_narrows_the_offer_and_is_replaced_whole():
    module = registry.get("scoundrel")
    for _, state, _ in decision_points(module, 3):
        texts = [module.notation.action_text(state, a) for a in state.legal_actions()]
        for text in texts:
            for cut in range(1, len(text) + 1):
                typed = text[:cut]
                offered = candidates(module.notation, state, "  " + typed.lower())
                assert text in [c.text for c in offered]
                assert all(fold(c.text).startswith(fold(typed)) for c in offered)
                assert all(c.replace == len(typed) for c in offered if c.text in texts)


def test_ten_and_suit_symbols_are_read_as_dgn_reads_them():
    module = registry.get("scoundrel")
    state = Session(Setup(module.game.name)).state  # at a table, chance first: every card of the deck
    assert sorted(c.text for c in candidates(module.notation, state, "10")) == ["Tc", "Td", "Th", "Ts"]
    assert [c.text for c in candidates(module.notation, state, "Q♠")] == ["Qs"]


def test_words_already_typed_are_followed_through_the_game():
    module = registry.get("scoundrel")
    session, _ = sample_game(module, 7)
    start = Session(Setup(module.game.name, seed=7))
    start.deal()
    state = start.state
    first = module.notation.action_text(state, state.legal_actions()[-1])
    after = state.apply(state.legal_actions()[-1])
    expected = [module.notation.action_text(after, a) for a in after.legal_actions()]
    assert [c.text for c in candidates(module.notation, state, first + " ")] == expected
    assert candidates(module.notation, state, "zz ") == []
    assert candidates(module.notation, state, first + " " + first + " ") == []  # resolved already


def test_at_the_table_only_cards_still_in_the_pile_are_offered():
    module = registry.get("scoundrel")
    session = Session(Setup(module.game.name))
    state = session.state
    every = {c.text for c in candidates(module.notation, state, "")}
    assert every == {module.notation.format_outcome(o) for o in state.chance().outcomes}
    apply_line(session, "9c 7h 2c")
    left = {c.text for c in candidates(module.notation, session.state, "")}
    assert left == every - {"9c", "7h", "2c"}
    assert all(c.meta == session.state.chance().what for c in candidates(module.notation, session.state, ""))
    # the reveal mark of DGN is allowed in front of a card typed
    assert [c.text for c in candidates(module.notation, session.state, "^3c")] == ["3c"]


def test_commands_are_offered_for_the_first_word_only():
    module = registry.get("scoundrel")
    session = Session(Setup(module.game.name, seed=7))
    session.deal()
    state = session.state
    assert [c.text for c in candidates(module.notation, state, "u", COMMANDS)] == ["undo"]
    assert "undo" not in [c.text for c in candidates(module.notation, state, "", COMMANDS)]
    word = module.notation.action_text(state, state.legal_actions()[-1])
    assert "undo" not in [c.text for c in candidates(module.notation, state, word + " u", COMMANDS)]


def test_prompt_toolkit_completer_gives_text_position_and_description():
    module = registry.get("scoundrel")
    session = Session(Setup(module.game.name, seed=7))
    session.deal()
    completer = ActionCompleter(module.notation, lambda: session.state, COMMANDS)
    state = session.state
    action = state.legal_actions()[-1]
    text = module.notation.action_text(state, action)
    got = list(completer.get_completions(Document(text[:1]), CompleteEvent()))
    mine = [c for c in got if c.text == text]
    assert len(mine) == 1
    assert mine[0].start_position == -1
    assert mine[0].display_meta_text == module.notation.describe(state, action)
    # the completer asks for the current state each time: after a move it offers the next
    session.apply(action)
    session.deal()
    after = [c.text for c in completer.get_completions(Document(""), CompleteEvent())]
    assert after == [module.notation.action_text(session.state, a) for a in session.state.legal_actions()]


def test_damage_is_styled_only_with_colour():
    module = registry.get("scoundrel")
    session = Session(Setup(module.game.name, seed=7))
    session.deal()
    doc = Document("")
    for colour in (False, True):
        completer = ActionCompleter(module.notation, lambda: session.state, colour=colour)
        styled = [
            text
            for c in completer.get_completions(doc, CompleteEvent())
            for style, text in c.display_meta
            if "class:damage" in style
        ]
        damage = [c.meta for c in candidates(module.notation, session.state, "") if "damage" in c.meta]
        assert damage  # the first room of seed 7 has a monster to fight
        assert len(styled) == (len(damage) if colour else 0)
        assert all(text.endswith(" damage") for text in styled)


def test_completion_answers_well_within_50_ms_at_every_point_of_a_game():
    """In CPU time: wall time is the bench's (python -m bench completion), and a loaded
    machine stretched it past the target (CI, two suites on two cores)."""
    import importlib.util
    import time

    from conftest import ROOT

    spec = importlib.util.spec_from_file_location("bench_completion", ROOT / "bench" / "completion.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    figures = bench.run(["scoundrel"], seeds=(1, 2), limit=200, clock=time.process_time)
    assert figures["completions"] > 100
    assert figures["within_target"], figures["worst"]
