"""Clear the Dungeon's positions (NOTATION.md section 9, rules.md "Positions"): every
state a legal fixture passes through, written as a position and read back, is the same
state to the player, the rules and the dealer; the record cut there verifies to the same
end; and what the rules refuse is refused at its key."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any, Iterator, Optional

import pytest
from conftest import FIXTURES

from dungeon_cli import registry
from dungeon_cli.engine import Visitor
from dungeon_cli.engine.tags import read_setup
from dungeon_cli.games.clear_the_dungeon.rules import DungeonState
from dungeon_cli.kit.cards import ORDER
from dungeon_cli.kit.core import Draw, Phase
from dungeon_cli.kit.piles import Pile
from dungeon_cli.kit.position import PositionProblem, Values
from dungeon_cli.kit.shuffle import deal_piles
from dungeon_cli.services.referee import Referee
from notation import Move, Record, parse
from notation.position_words import pairs

GAME = "clear-the-dungeon"
MODULE = registry.get(GAME)
NOTATION = MODULE.notation
LEGAL = sorted((FIXTURES / GAME / "legal").glob("*.dgn"))

ids = lambda p: p.name  # noqa: E731


class _Cuts(Visitor):
    """Every state of a walk after turn 0, with where its record goes on from there:
    ``(state, index of the move, True)`` for the rest of that move (its actions after
    its three cards, ``N...``; its reveal after its kill, ``N... ^card``; the cards
    still to come and its actions while its hand is dealt, ``N.``), ``(state, index of
    the next move, False)`` for a whole move (``N.``, at a turn's start)."""

    def __init__(self) -> None:
        self.moves = 0
        self.cuts: list[tuple[DungeonState, int, bool]] = []

    def event(self, before: Any, action: Any, after: Any) -> None:
        if after.turn == 0:
            return
        if after.phase is Phase.CHANCE and not after.hand and after.revealing is None:
            self.cuts.append((after, self.moves + 1, False))
        else:
            self.cuts.append((after, self.moves, True))

    def move(self, move: Move, state: Any, checkpoint: Any) -> None:
        self.moves += 1


def _walk(record: Record) -> list[tuple[DungeonState, int, bool]]:
    """The cuts of ``record``'s walk: a seeded record dealt by its seed (its piles in an
    order the dealer knows), any other from piles of unknown order."""
    cuts = _Cuts()
    verdict = _referee(record).check(record, watchers=[cuts])
    assert verdict.legal, verdict.diagnostics
    return cuts.cuts


def _referee(record: Record) -> Referee:
    return Referee(seed_check=record.tag("Seed") is not None)


def _cuts(path: Path) -> list[tuple[Record, DungeonState, int, bool]]:
    return [(record, *cut) for record in parse(path.read_text()) for cut in _walk(record)]


def _read(words: list[tuple[str, str]], start: Optional[DungeonState] = None, variant: Optional[str] = None) -> DungeonState:
    tag = " ".join(f"{key}={value}" for key, value in words)
    record = parse(f'[Game "{GAME}"]\n[Position "{tag}"]\n')[0]
    assert record.position is not None
    found, problems = pairs(record.position)
    assert not problems
    if start is None:
        start = MODULE.game.start(variant)
    state: DungeonState = NOTATION.read_position(Values(found, NOTATION.position_keys), start)
    return state


def _chance(state: DungeonState) -> Any:
    if state.phase is not Phase.CHANCE:
        return None
    chance = state.chance()
    return (chance.pile, chance.what, chance.outcomes, chance.known, chance.weights)


def _same(a: DungeonState, b: DungeonState) -> None:
    assert NOTATION.write_position(b) == NOTATION.write_position(a)
    assert b.checkpoint() == a.checkpoint()
    assert (b.phase, b.turn, b.result()) == (a.phase, a.turn, a.result())
    assert [NOTATION.action_text(b, x) for x in b.legal_actions()] == [NOTATION.action_text(a, x) for x in a.legal_actions()]
    assert b.observation() == a.observation()
    assert _chance(b) == _chance(a)
    assert b.piles() == a.piles()
    assert _dealer(b) == _dealer(a)


def _dealer(state: DungeonState) -> Any:
    """What the dealer knows of the columns: each one's face-down cards in order (None:
    unknown; with no card face down there is nothing to know)."""
    if state.stacks is None or not len(state.unseen):
        return None
    return [(stack.known, stack.secret) for stack in state.stacks]


def _start(record: Record) -> DungeonState:
    setup, _ = read_setup(record)
    state: DungeonState = MODULE.game.start(setup.variant)
    return state


@pytest.mark.parametrize("path", LEGAL, ids=ids)
def test_every_state_of_a_legal_fixture_reads_back_from_its_position(path: Path):
    cuts = _cuts(path)
    assert any(state.phase is Phase.DECISION for _, state, _, _ in cuts)
    for record, state, _, _ in cuts:
        _same(state, _read(NOTATION.write_position(state), _start(record)))


def _line(move: Move, state: Optional[DungeonState] = None) -> str:
    """A move line again, or the rest of it after ``state`` (a state inside its turn)."""
    dealt, _, actions, checkpoint = move.split()
    words = [t.text for t in actions]
    if checkpoint is not None:
        words.append("{" + " ".join(f"{p.key}={p.value}" for p in checkpoint.pairs) + "}")
    if state is not None and state.revealing is not None:
        return f"{move.number}... {' '.join(words[-1 if checkpoint is None else -2 :])}"
    if state is not None and state.phase is Phase.DECISION:
        return f"{move.number}... {' '.join(words)}"
    skip = len(state.hand) if state is not None else 0
    return f"{move.number}. {' '.join(t.text for t in dealt[skip:])} : {' '.join(words)}"


def _cut_record(record: Record, state: DungeonState, index: int, rest: bool) -> str:
    words = " ".join(f"{key}={value}" for key, value in NOTATION.write_position(state))
    tags = [f'[{tag.name} "{tag.value}"]' for tag in record.tags if tag.name in ("Game", "Variant", "Result")]
    moves = record.moves[index:]
    lines = [_line(moves[0], state)] if rest and moves else []
    lines += [_line(move) for move in moves[1 if rest else 0 :]]
    return "\n".join([*tags, f'[Position "{words}"]', "", *lines]) + "\n"


@pytest.mark.parametrize("path", LEGAL, ids=ids)
def test_a_fixture_cut_at_any_state_verifies_to_the_same_end(path: Path):
    """The rest of the record after a position (``N...`` inside a turn: after its three
    cards, or between a kill and its reveal; ``N.`` at a turn's start) replays from the
    position to the same last state, its checkpoints and Result holding."""
    for record, state, index, rest in _cuts(path):
        if state.is_over:
            continue
        whole = _referee(record).check(record)
        text = _cut_record(record, state, index, rest)
        (cut,) = parse(text)
        verdict = Referee().check(cut)
        assert verdict.legal, (text, verdict.diagnostics)
        assert verdict.state is not None and whole.state is not None
        assert NOTATION.write_position(verdict.state) == NOTATION.write_position(whole.state), text


def test_the_cuts_cover_turn_starts_decisions_reveals_and_ends():
    kinds = set()
    for path in LEGAL:
        for _, state, _, _ in _cuts(path):
            if state.is_over:
                kinds.add("over")
            elif state.revealing is not None:
                kinds.add("reveal")
            elif state.phase is Phase.DECISION:
                kinds.add("decision")
            elif state.hand:
                kinds.add("dealing")
            else:
                kinds.add("start")
    assert kinds == {"over", "reveal", "decision", "dealing", "start"}


# -- what a position may not say -----------------------------------------------------------

# Turn 2 of a table game, its hand drawn: one kill behind it (Jc, spending 4s Td 2c).
BASE = {
    "turn": "2",
    "dmg": "0",
    "deck": "36",
    "left": "11",
    "tops": "Ks,Kd,Qs,Jh",
    "under": "2,2,1,2",
    "unseen": "(Js,Qh,Kh,Jd,Qd,Qc,Kc)",
    "power": "(As,2s,3s,5s,6s,7s,8s,9s,Ts,Ah,2h,3h,4h,5h,6h,7h,9h,Ad,2d,3d,4d,5d,6d,7d,8d,9d,Ac,3c,5c,6c,7c,8c,9c,Tc,JK,JK)",
    "hand": "Th,4c,8h",
    "damage": "-",
    "defeated": "Jc",
    "spent": "4s,Td,2c",
}


def _refused(**changes: str) -> PositionProblem:
    words = {**BASE, **changes}
    with pytest.raises(PositionProblem) as caught:
        _read([(key, value) for key, value in words.items() if value != "(none)"])
    return caught.value


def test_the_base_position_is_turn_two_with_its_hand_drawn():
    state = _read(list(BASE.items()))
    assert (state.turn, state.phase, state.revealing, state.stacks) == (2, Phase.DECISION, None, None)
    assert [str(c) for c in state.hand] == ["Th", "4c", "8h"]
    assert [NOTATION.action_text(state, a) for a in state.legal_actions()] == ["Jh Th+4c 8h", "Jh 4c+8h Th", "-"]
    assert dict(NOTATION.write_position(state)) == BASE


def test_a_won_game_is_over_in_its_position_and_no_turn_follows_it():
    (record,) = parse((FIXTURES / GAME / "legal" / "win-last-card.dgn").read_text())
    end = _walk(record)[-1][0]
    words = NOTATION.write_position(end)
    state = _read(words)
    assert state.is_over and state.result() == end.result()
    with pytest.raises(PositionProblem) as caught:
        _read([(key, str(end.turn + 1) if key == "turn" else value) for key, value in words])
    assert caught.value.pair is not None and caught.value.pair.key == "turn"
    assert caught.value.message == "every monster is defeated: the game was won, and no turn follows"


def _power(without: str = "", adding: str = "") -> str:
    """The base position's power deck without some cards, with others."""
    from dungeon_cli.games.clear_the_dungeon.notation import ORDER

    cards = BASE["power"][1:-1].split(",")
    for card in without.split():
        cards.remove(card)
    order = {str(card): index for card, index in ORDER.items()}
    return "(" + ",".join(sorted(cards + adding.split(), key=order.__getitem__)) + ")"  # a set: in the deck's order


# (changes, key blamed, message): each refusal of the rules and the notation.
REFUSALS = [
    ({"tops": "Ks,Kd,Qs,9h", "power": _power("9h", "Jh")}, "tops", "9h is not a monster: column 4's face-up card"),
    ({"tops": "Ks,Kd,Qs"}, "tops", "tops gives a face-up card or - for each of the 4 columns, not 3"),
    ({"tops": "Ks,Kd,Zz,Jh"}, "tops", "tops: 'Zz' is not a face-up card or -"),
    ({"under": "2,x,1,2"}, "under", "under: 'x' is not a number of face-down cards"),
    ({"under": "2,-,1,2"}, "under", "under: '-' is not a number of face-down cards"),
    ({"under": "2,3,1,2"}, "under", "column 2 has 3 face-down cards: a column of 3 has at most 2 under its top"),
    ({"under": "2,2,2,2"}, "unseen", "under counts 8 face-down monsters, and unseen holds 7"),
    ({"unseen": "(Js,Qh,Kh),Jd,Qd,Qc,Kc"}, "unseen", "all in an unknown order (a table) or all in the dealer's order"),
    ({"unseen": "Js,Qh,Kh,Jd,Qd,Qc|Kc"}, "unseen", "all in an unknown order (a table) or all in the dealer's order"),
    (
        {"defeated": "Jc,5d", "power": _power("5d", "Qs"), "tops": "Ks,Kd,-,Jh", "under": "2,2,0,2"},
        "defeated",
        "5d is not a monster",
    ),
    (
        {"hand": "Th,4c,Qs", "tops": "Ks,Kd,-,Jh", "under": "2,2,0,2", "unseen": "(Js,8h,Qh,Kh,Jd,Qd,Qc,Kc)"},
        "unseen",
        "8h is not a monster",
    ),
    ({"power": _power("JK") + "|JK"}, "power", "no card is put back under the power deck"),
    ({"hand": "Th,4c,8h,JK", "power": _power("JK"), "deck": "35"}, "hand", "a hand is 3 power cards, not 4"),
    ({"spent": "4s,Td", "damage": "2c"}, "spent", "each kill spends 3 power cards: 1 defeated spent 3, not 2"),
    ({"hand": "Th,4c", "damage": "8h", "dmg": "1"}, "damage", "3 cards at a time: it cannot hold 1"),
    (
        {
            "tops": "Ks,-,-,Jh",
            "defeated": "Jc,Kd,Qs",
            "spent": "4s,Td,2c,As,2s,3s,5s,6s,7s",
            "power": _power("As 2s 3s 5s 6s 7s"),
        },
        "tops",
        "column 2 and column 3 have cards face down and none face up",
    ),
    (
        {"turn": "3", "tops": "Ks,Kd,-,Jh", "defeated": "Jc,Qs", "spent": "4s,Td,2c,As,2s,3s", "power": _power("As 2s 3s")},
        "tops",
        "column 3 has no face-up card and cards face down: it turns one up before the next turn draws",
    ),
    (
        {"turn": "5", "damage": "As,2s,3s,5s,6s,7s,8s,9s,Ts", "power": _power("As 2s 3s 5s 6s 7s 8s 9s Ts")},
        "damage",
        "the damage pile holds 9 cards: the game was lost at 7",
    ),
    (
        {"turn": "3"},
        "turn",
        "turn 3 comes after 6 power cards drawn by the turns before it, 3 more in the hand: 9 out of the deck, not 6",
    ),
    (
        {"hand": "-", "damage": "8h,4c,Th", "dmg": "3"},
        "turn",
        "turn 2 has drawn and played its cards, and the game goes on: the position is at turn 3",
    ),
    (
        {"turn": "1", "hand": "-", "damage": "8h,4c,Th"},
        "turn",
        "turn 1 begins after 0 power cards are drawn and ends after 3: 6 are out of the deck",
    ),
    ({"turn": "0"}, "turn", "turn=0 cannot be reached: turn is at least 1"),
    ({"dmg": "3"}, "dmg", "dmg=3, but the position's damage pile holds 0"),
    ({"deck": "35"}, "deck", "deck=35, but the position's power deck holds 36"),
    ({"left": "12"}, "left", "left=12, but the position's monsters not defeated are 11"),
    ({"left": "13"}, "left", "left=13 cannot be reached: left is from 0 to 12"),
]


@pytest.mark.parametrize("changes, key, message", REFUSALS, ids=[r[2][:40] for r in REFUSALS])
def test_a_position_the_rules_cannot_reach_is_refused_at_its_key(changes, key, message):
    problem = _refused(**changes)
    assert problem.pair is not None and problem.pair.key == key, problem.message
    assert message in problem.message


def test_the_rules_page_lists_every_key_and_its_example_verifies(run, tmp_path):
    page = (Path(__file__).resolve().parents[3] / "dungeon_cli" / "games" / "clear_the_dungeon" / "rules.md").read_text()
    section = page.split("## 8. Positions", 1)[1]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    listed = [key for row in rows for key in re.findall(r"`([a-z]+)`", row.split(" | ")[0])]
    assert listed == list(NOTATION.position_keys)
    (example,) = re.findall(r"```dgn\n(.*?)```", section, flags=re.S)
    path = tmp_path / "example.dgn"
    path.write_text(example)
    result = run(["verify", "-v", str(path)])
    assert result.exit_code == 0, result.stdout
    assert "legal, loss 7, 3 moves" in result.stdout
    assert example in (FIXTURES / GAME / "legal" / "position-mid-turn.dgn").read_text()


def _states(seed: int, variant: Optional[str]) -> Iterator[DungeonState]:
    """Every state after turn 0 of a seeded game played by random choices."""
    rng = random.Random(seed)
    state = MODULE.game.start(variant, order=deal_piles(seed, MODULE.game.deck(variant)))
    while not state.is_over:
        if state.phase is Phase.CHANCE:
            state = state.apply(Draw(state.chance().known))
        else:
            state = state.apply(rng.choice(state.legal_actions()))
        if state.turn:
            yield state


def _table_view(state: DungeonState) -> DungeonState:
    """The same state as a table knows it: no order in the columns or the power deck."""
    view = state._copy()
    view.stacks = None
    view.power = Pile.unknown(sorted(state.power.cards(), key=ORDER.__getitem__))
    return view


@pytest.mark.parametrize("variant", [None, "reserve"])
def test_every_state_of_random_games_reads_back_from_its_position(variant):
    seen = 0
    for seed in range(25):
        for state in _states(seed, variant):
            for form in (state, _table_view(state)):
                words = NOTATION.write_position(form)
                assert {k: v for k, v in words if k in ("dmg", "deck", "left")} == NOTATION.checkpoint(form)
                _same(form, _read(words, variant=variant))
                seen += 1
    assert seen > 1000


def test_a_long_word_in_a_position_is_quoted_short():
    problem = _refused(tops="Ks,Kd," + "Q" * 10_000 + ",Jh")
    assert problem.pair is not None and problem.pair.key == "tops" and problem.offset == 6
    assert len(problem.message) < 80 and "QQQ..." in problem.message


@pytest.mark.parametrize("name", ["position-table-set.dgn", "position-after-kill.dgn", "position-mid-turn.dgn"])
def test_a_position_resampled_is_the_same_to_the_player_and_plays_to_its_end(name):
    """What a search or play --from does with a position: its unseen cards dealt afresh."""
    (record,) = parse((FIXTURES / GAME / "legal" / name).read_text())
    start = Referee().check(record).walk.start
    assert start is not None
    rng = random.Random(7)
    for _ in range(5):
        state = start.resample(rng)
        assert state.observation() == start.observation() and state.phase is start.phase
        assert [NOTATION.action_text(state, a) for a in state.legal_actions()] == [
            NOTATION.action_text(start, a) for a in start.legal_actions()
        ]
        while not state.is_over:
            if state.phase is Phase.CHANCE:
                known = state.chance().known
                assert known is not None
                state = state.apply(Draw(known))
            else:
                state = state.apply(rng.choice(state.legal_actions()))
        assert state.result() is not None
