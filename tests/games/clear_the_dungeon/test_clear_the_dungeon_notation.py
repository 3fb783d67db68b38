"""Clear the Dungeon's DGN words and its board: every action written reads back as itself,
the vocabulary pass, and snapshots of the board a player sees."""

from __future__ import annotations

import random
import re

import pytest
from conftest import FIXTURES
from test_clear_the_dungeon_rules import deal_known

from dungeon_cli import registry
from dungeon_cli.engine import Setup
from dungeon_cli.games.clear_the_dungeon.rules import PASS, Attack, Use
from dungeon_cli.kit.cards import CARDS, JOKER
from dungeon_cli.kit.core import Draw
from dungeon_cli.kit.game_module import At, Misread
from dungeon_cli.kit.shuffle import deal_piles
from dungeon_cli.services.referee import Referee, check
from dungeon_cli.services.session import Session
from notation import Token, canonical_token, parse

MODULE = registry.get("clear-the-dungeon")
NOTATION = MODULE.notation
GAME = MODULE.game
LEGAL = FIXTURES / "clear-the-dungeon" / "legal"


def tokens(text: str) -> list[Token]:
    out, col = [], 1
    for raw in text.split():
        out.append(Token(canonical_token(raw), 1, col, raw))
        col += len(raw) + 1
    return out


def seeded_decisions(seed: int, variant=None):
    """Every decision state of a seeded game whose moves are picked at random."""
    rng = random.Random(seed)
    state = deal_known(GAME.start(variant, order=deal_piles(seed, GAME.deck(variant))))
    while not state.is_over:
        yield state
        state = deal_known(state.apply(rng.choice(state.legal_actions())))


@pytest.mark.parametrize("seed,variant", [(1, None), (2, None), (5, "reserve"), (8, "reserve")])
def test_every_legal_action_written_reads_back_as_itself(seed, variant):
    checked = 0
    for state in seeded_decisions(seed, variant):
        for action in state.legal_actions():
            text = NOTATION.action_text(state, action)
            for token in tokens(text):
                assert NOTATION.check_token("actions", token) is None, text
            steps = list(NOTATION.read_actions(At(state), tokens(text)))
            assert [a for _, a in steps] == [action], text
            checked += 1
    assert checked > 20


def test_the_attack_points_each_part_at_its_own_token():
    state = next(seeded_decisions(3))
    ((source, action),) = list(NOTATION.read_actions(At(state), tokens("Jc Td+4s 2c")))
    assert isinstance(action, Attack)
    assert (source[None].col, source["target"].col, source["power"].col, source["trigger"].col) == (1, 1, 4, 10)


def test_a_joker_worth_ten_is_written_jk_and_other_values_jk_n():
    state = next(seeded_decisions(3))
    ten = Attack(CARDS["Kd"], (Use.of(JOKER), Use.of(CARDS["4d"])), Use.of(JOKER))
    seven = Attack(CARDS["Kd"], (Use.of(JOKER, 7), Use.of(CARDS["4d"], reserve=True)), Use.of(JOKER))
    assert NOTATION.action_text(state, ten) == "Kd JK+4d JK"
    assert NOTATION.action_text(state, seven) == "Kd JK=7+r4d JK"
    written_ten = list(NOTATION.read_actions(At(state), tokens("Kd JK=10+4d JK")))
    assert written_ten[0][1] == ten


def test_write_turn_puts_the_reveal_after_the_attack():
    session = Session(Setup(MODULE.game.name, seed=3))
    session.deal()
    hand = session.state.hand
    attack = next(a for a in session.state.legal_actions() if isinstance(a, Attack))
    text = NOTATION.action_text(session.state, attack)
    session.apply(attack)
    session.deal()  # the seed turns up the next card of the column, then the next hand
    reveal = session.turns[1].events[-1][1].outcome
    dealt, actions = NOTATION.write_turn(session.turns[1])
    assert dealt == [str(card) for card in hand]
    assert actions == text.split() + [f"^{reveal}"]


@pytest.mark.parametrize(
    "raw,problem",
    [
        ("-", None),
        ("Kd", None),
        ("7c+6d", None),
        ("JK=7+6d", None),
        ("rJK=4+6d", None),
        ("r7c", None),
        ("^Qh", None),
        ("10c+5h", None),
        ("7c=5+4s", "only a joker takes a value"),
        ("7c+6d+2d", "two power cards"),
        ("^7", "a reveal is ^ and a card"),
        ("run", "not a Clear the Dungeon action"),
    ],
)
def test_the_vocabulary_pass(raw, problem):
    (token,) = tokens(raw)
    found = NOTATION.check_token("actions", token)
    if problem is None:
        assert found is None
    else:
        assert found is not None and problem in found


def test_a_reveal_written_after_a_kill_that_empties_its_column_is_refused():
    record = parse(
        '[Game "clear-the-dungeon"]\n\ndeal: Ks Kd Jc Jh\n1. 2c Td 4s : Jc Td+4s 2c ^Qh\n2. Th 4c 8h : Qh Th+4c 8h ^Qc\n'
    )[0]
    state = check(record).state
    for card in ("9d", "3c", "8s"):
        state = state.apply(Draw(MODULE.notation.outcome(Token(card))))
    cursor = At(state)
    steps = NOTATION.read_actions(cursor, tokens("Qc 9d+8s 3c ^Js"))
    _, action = next(steps)
    cursor.state = cursor.state.apply(action)
    with pytest.raises(Misread, match="column 3 is empty after the kill"):
        next(steps)


# -- the board -----------------------------------------------------------------------------


def _boards(name: str) -> list:
    """The board after each move of a seeded fixture, with the next hand drawn from the
    seed, so that a snapshot shows the player's view when it is their turn."""
    record = parse((LEGAL / name).read_text())[0]
    verdict = Referee(seed_check=True, keep_states=True).check(record)
    assert verdict.legal
    return [deal_known(state) for state in verdict.states]


@pytest.mark.parametrize(
    "name,move",
    [
        ("loss-damage-pile.dgn", 0),  # after the deal: four tops, two backs under each
        ("loss-damage-pile.dgn", 6),  # column 4 emptied
        ("loss-damage-pile.dgn", 8),  # two passes on the damage pile
        ("loss-damage-pile.dgn", -1),  # lost: the damage pile is full
        ("reserve-win.dgn", 3),  # the reserve variant shows the damage pile's top
        ("win-last-card.dgn", -1),  # won with an empty power deck
    ],
)
def test_board_snapshot(snapshot_text, name: str, move: int):
    assert MODULE.render(_boards(name)[move]) + "\n" == snapshot_text


def test_board_while_a_reveal_is_pending(snapshot_text):
    state = next(seeded_decisions(3))
    attack = next(a for a in state.legal_actions() if a is not PASS)
    assert MODULE.render(state.apply(attack)) + "\n" == snapshot_text


@pytest.mark.parametrize("path", sorted(LEGAL.glob("*.dgn")), ids=lambda p: p.name)
def test_a_turns_words_say_a_columns_turn_up_once(path):
    """A kill's column turning up its next card is said by the draw ("turned up Jh in
    column 1"), not also by the kill ("column 1 turns up its next card", which completion
    says while the card is still to come): replay and play said it twice."""
    from dungeon_cli.shell.replay_frames import Replay

    told = [frame.told for record in parse(path.read_text()) for frame in Replay(record).frames if frame.told]
    assert told
    for line in told:
        assert "turns up its next card" not in line, line
        assert line.count("turned up") <= 1, line
    if " ^" in path.read_text():  # a turn-up is still said, by its draw
        assert any(re.search(r"turned up \S+ in column [1-4]", line) for line in told), told
