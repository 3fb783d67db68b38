"""RPG solitaire's positions (NOTATION.md section 9; rules page, Positions): every place a
player decides in every legal fixture written as a position and read back is the same
state, a record cut at any turn's start replays to the same end, and what the rules
refuse that no fixture can show (fixtures/rpg-solitaire/illegal/position-*.dgn show the rest)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, Optional

import pytest
from conftest import FIXTURES

from dungeon_cli import registry
from dungeon_cli.engine import Visitor
from dungeon_cli.engine.dealer import Dealer
from dungeon_cli.engine.start_position import position_start
from dungeon_cli.engine.tags import read_setup
from dungeon_cli.games.rpg_solitaire.grid import Room
from dungeon_cli.games.rpg_solitaire.rules import RpgState, positioned
from dungeon_cli.kit.cards import CARDS
from dungeon_cli.kit.core import Draw, Illegal, Phase, State
from dungeon_cli.kit.position import Values
from dungeon_cli.services.referee import Referee
from notation import Pair, Record, parse
from notation.position_words import text as position_text

MODULE = registry.get("rpg-solitaire")
NOTATION = MODULE.notation
LEGAL = sorted((FIXTURES / "rpg-solitaire" / "legal").glob("*.dgn"))


class States(Visitor):
    """Every state a walk reaches, its variations' too."""

    def __init__(self) -> None:
        self.states: list[State] = []

    def event(self, before: State, action: Any, after: State) -> None:
        self.states.append(after)

    def variation(self, move: Any, index: int) -> Optional[Visitor]:
        return self


def _records(path: Path) -> list[Record]:
    return list(parse(path.read_text(encoding="utf-8")))


def _walked(record: Record, seed_check: bool) -> list[State]:
    watcher = States()
    verdict = Referee(seed_check=seed_check).check(record, [watcher])
    assert not verdict.diagnostics
    return watcher.states


def _positions(states: list[State]) -> list[RpgState]:
    """The states a position is written at: a turn's start, wherever the player decides, the end."""
    out = []
    for state in states:
        assert isinstance(state, RpgState)
        if state.phase is not Phase.CHANCE or state.steps == (("room",),):
            out.append(state)
    return out


def _read(words: list[tuple[str, str]], start: State) -> RpgState:
    pairs = [Pair(key, value, 1, 1, 1) for key, value in words]
    state = NOTATION.read_position(Values(pairs, NOTATION.position_keys), start)
    assert isinstance(state, RpgState)
    return state


def _chance(state: State) -> Any:
    if state.phase is not Phase.CHANCE:
        return None
    chance = state.chance()
    return (chance.pile, chance.what, chance.outcomes, chance.known, chance.weights)


@pytest.mark.parametrize("path", LEGAL, ids=lambda p: p.name)
def test_every_decision_of_every_legal_fixture_reads_back_as_the_same_state(path: Path):
    seen = 0
    for record in _records(path):
        setup, _ = read_setup(record)
        start = Dealer().start(setup)
        # A start whose piles are in a known order (a seeded setup's) reads the same.
        deck = MODULE.game.deck(setup.variant, setup.options)
        ordered = MODULE.game.start(setup.variant, setup.options, {name: list(cards) for name, cards in deck})
        for seed_check in (False, True) if record.tag("Seed") else (False,):
            for state in _positions(_walked(record, seed_check)):
                words = NOTATION.write_position(state)
                # burnt= under the variant discard alone; over= last, for a finished game only
                keys = [k for k in NOTATION.position_keys if (k != "burnt" or state.burns) and (k != "over" or state.is_over)]
                assert [key for key, _ in words] == keys
                back = _read(words, start)
                assert NOTATION.write_position(back) == words
                assert back.checkpoint() == state.checkpoint()
                assert (back.phase, back.turn) == (state.phase, state.turn)
                assert [NOTATION.action_text(back, a) for a in back.legal_actions()] == [
                    NOTATION.action_text(state, a) for a in state.legal_actions()
                ]
                assert _chance(back) == _chance(state)
                assert back.result() == state.result()
                if not state.is_over:  # a finished game's last round is not part of where it stands
                    assert back.observation() == state.observation()
                    assert _read(words, ordered).observation() == state.observation()
                seen += 1
    assert seen


def test_the_checkpoint_keys_are_position_keys_spelt_alike():
    record = _records(FIXTURES / "rpg-solitaire" / "legal" / "out-of-time.dgn")[0]
    states = _positions(_walked(record, False))
    assert len(states) > 40
    for state in states:
        words = dict(NOTATION.write_position(state))
        checkpoint = NOTATION.checkpoint(state)
        assert {key: words[key] for key in checkpoint} == checkpoint


def _cut_cases() -> list[Any]:
    cases = []
    for path in LEGAL:
        record = _records(path)[0]
        if record.position is not None or any(move.variations for move in record.moves):
            continue
        cases.extend(pytest.param(path, index, id=f"{path.name}-{index}") for index in range(1, len(record.moves)))
    return cases


@pytest.mark.parametrize(("path", "index"), _cut_cases())
def test_a_record_cut_at_a_turns_start_replays_to_the_same_end(run, path: Path, index: int):
    """The position of the state before move ``index`` (a move line after ``deal:``),
    and the moves from there on, verify to what the whole record does."""
    text = path.read_text(encoding="utf-8")
    record = _records(path)[0]
    move = record.moves[index]
    state = next(s for s in _positions(_walked(record, False)) if s.turn == move.number)  # the turn's first
    tags = [line for line in text.splitlines() if line.startswith("[")]
    lines = text.splitlines()[move.line - 1 :]
    cut = "\n".join([*tags, f'[Position "{position_text(NOTATION.write_position(state))}"]', "", *lines]) + "\n"
    whole = run(["verify", "-v", str(path)]).stdout.split(": ")[2].rsplit(",", 1)[0]
    result = run(["verify", "-v", "-"], input=cut)
    assert result.exit_code == 0, result.stdout
    assert result.stdout.split(": ")[2].rsplit(",", 1)[0] == whole  # legal, and the same result


def _table(**changes: Any) -> dict[str, Any]:
    start = MODULE.game.start()
    cards = CARDS
    values: dict[str, Any] = {
        "turn": 5,
        "pos": (0, 0),
        "back": "n",
        "stats": (cards["5s"], cards["8h"], cards["4c"]),
        "treasure": 0,
        "lockpicks": 0,
        "hand": None,
        "gear": None,
        "again": False,
        "rooms": [],
        "stock": start.stock,
        "out": [],
    }
    values.update(changes)
    return values


def _room(card: str, doors: str, cleared: bool = False) -> Room:
    return Room(CARDS[card], frozenset(doors), None, cleared)


def test_a_position_with_no_free_door_and_no_exit_is_refused_as_trapped():
    rooms = [((0, 1), _room("Jc", "s", True)), ((1, 0), _room("Jd", "w", True)), ((-1, 0), _room("Jh", "e", True))]
    start = MODULE.game.start()
    with pytest.raises(Illegal) as caught:
        positioned(start, **_table(rooms=rooms))
    assert (caught.value.where, str(caught.value)) == ("map", "the game was over before this turn: " + _trapped())
    # The same map inside a turn, the last jack just placed and a gear card waiting: the
    # endings are checked as a turn ends, so it stands until this turn is over.
    rooms[-1] = ((-1, 0), _room("Jh", "e"))
    state = positioned(start, **_table(rooms=rooms, pos=(-1, 0), back="e", gear=CARDS["9s"]))
    assert state.phase is Phase.DECISION and state.steps[0] == ("choose",)


def _trapped() -> str:
    return "trapped: no free door is left and the exit was never found"


def test_gear_in_the_exit_room_waits_only_the_turn_it_is_placed():
    rooms = [((0, 1), _room("JK", "s")), ((1, 0), _room("Jd", "w", True))]
    start = MODULE.game.start()
    with pytest.raises(Illegal) as caught:
        positioned(start, **_table(rooms=rooms, pos=(0, 1), back="s", gear=CARDS["9s"]))
    assert caught.value.where == "gear" and "the turn it is placed" in str(caught.value)
    state = positioned(start, **_table(rooms=rooms[:1], pos=(0, 1), back="s", gear=CARDS["9s"]))
    assert state.steps == (("choose",), ("gear", "c"))  # no monster and no round in the exit room


def test_a_position_is_written_only_at_a_turns_start_a_decision_or_the_end():
    record = _records(FIXTURES / "rpg-solitaire" / "legal" / "escape-with-treasure.dgn")[0]
    drawing = [s for s in _walked(record, False) if s.phase is Phase.CHANCE and s.steps != (("room",),)]
    assert drawing
    with pytest.raises(ValueError, match="at a turn's start, where the player decides, or at the end"):
        NOTATION.write_position(drawing[0])


def test_a_finished_games_position_says_how_it_ended_and_verifies_to_its_result(run):
    record = _records(FIXTURES / "rpg-solitaire" / "legal" / "escape-with-treasure.dgn")[0]
    end = _walked(record, False)[-1]
    words = NOTATION.write_position(end)
    assert words[-1] == ("over", "escaped")
    text = f'[Game "rpg-solitaire"]\n[Result "win 8"]\n[Position "{position_text(words)}"]\n'
    result = run(["verify", "-v", "-"], input=text)
    assert result.exit_code == 0 and "legal, win 8, 0 moves" in result.stdout, result.stdout
    resigned = text.replace("over=escaped", "over=resigned").replace("win 8", "loss 0")
    assert "legal, loss 0, 0 moves" in run(["verify", "-v", "-"], input=resigned).stdout


# Plausible values of the keys whose combinations the rules must judge: a position made of
# any of them is refused with words, or is a state that plays on to an end.
PLAUSIBLE = {
    "turn": ["1", "3", "96", "97"],
    "at": ["0,0", "1,0", "0,1", "0,2", "-1,0"],
    "back": list("nesw-"),
    "hand": ["-", "Js", "JK", "Kh", "As"],
    "gear": ["-", "Ts", "Tc", "2s", "7d"],
    "again": ["yes", "no"],
    "lockpicks": ["0", "1", "2", "3"],
    "stats": ["9s/5h/8c", "-/5h/8c", "3s/Th/Tc", "9s/-/8c"],
    "monster": ["-", "Ts/6h/9c", "-/-/-"],
    "map": [
        "-",
        "Qd@0,1:ns:x",
        "Qd@0,1:ns:x;JK@0,2:s",
        "Jc@0,1:s:Ts/6h/9c;JK@1,0:w",
        "Qd@0,1:ns",
        "Qd@0,1:ns:-/-/-",
        "Jc@0,1:s:x;Jd@1,0:w:x;Jh@-1,0:e:x",
    ],
    "over": ["", "escaped", "resigned", "trapped"],
}


def test_a_position_of_any_plausible_words_is_refused_with_words_or_plays_to_an_end():
    rng = random.Random(36)
    bases = [path.read_text(encoding="utf-8") for path in LEGAL if path.name.startswith("position-")]
    played = 0
    for _ in range(1000):
        (record,) = parse(rng.choice(bases))
        assert record.position is not None
        words = dict(word.split("=", 1) for word in record.position.value.split())
        for key in rng.sample(sorted(PLAUSIBLE), rng.randint(1, 4)):
            words[key] = rng.choice(PLAUSIBLE[key])
        value = " ".join(f"{key}={word}" for key, word in words.items() if word)
        (positioned_record,) = parse(f'[Game "rpg-solitaire"]\n[Position "{value}"]\n')
        setup, _ = read_setup(positioned_record)
        state, problems = position_start(positioned_record, MODULE, Dealer().start(setup))
        if state is None:
            assert len(problems) == 1 and problems[0].message
            continue
        played += 1
        for _ in range(3000):
            if state.is_over:
                break
            if state.phase is Phase.CHANCE:
                chance = state.chance()
                state = state.apply(Draw(chance.known if chance.known is not None else rng.choice(chance.outcomes)))
            else:
                state = state.apply(rng.choice(state.legal_actions()))
        assert state.is_over
    assert played > 80, played
