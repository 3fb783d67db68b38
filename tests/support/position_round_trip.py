"""A game's positions read back what they write (NOTATION.md section 9), at every
decision of a record: what a game's own positions test asks of each legal fixture.

``decisions(path)`` replays every record of a file as ``verify`` does and keeps each
state where the player decides (with the state its setup starts from); ``round_trip``
writes one as a Position, reads the words back, and says what differs.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Collection, Iterator

from dungeon_cli import registry
from dungeon_cli.engine import Visitor, Walk
from dungeon_cli.kit.core import Phase, State
from dungeon_cli.kit.game_module import GameModule
from dungeon_cli.kit.position import Values
from dungeon_cli.services.referee import Referee
from notation import Pair, parse
from notation.reader import read


class _Decisions(Visitor):
    def __init__(self, phases: Collection[Phase]) -> None:
        self.phases = phases
        self.start: State | None = None
        self.states: list[State] = []

    def begin(self, walk: Walk) -> None:
        self.start = walk.start
        self._keep(walk.state)

    def event(self, before: State, action: Any, after: State) -> None:
        self._keep(after)

    def _keep(self, state: State) -> None:
        if state.phase in self.phases and state.turn >= 1:  # turn 0: the setup, before any turn
            self.states.append(state)


def decisions(
    path: Path, seeded: bool = False, phases: Collection[Phase] = (Phase.DECISION,)
) -> list[tuple[GameModule[Any, Any], State, State]]:
    """(module, start, state) for every decision of every record of ``path``'s main lines
    (``phases``: every state in one of these, from turn 1 on: a game whose chance comes
    between two actions, and the end); ``seeded``: dealt as its Seed deals (the piles'
    order known), as ``--seed-check`` does."""
    out = []
    with open(path, "rb") as stream:
        for record in read(stream, source=str(path)):
            seen = _Decisions(phases)
            verdict = Referee(seed_check=seeded).check(record, [seen])
            assert verdict.legal, (path, verdict.diagnostics)
            assert seen.start is not None
            module = registry.get(record.tag("Game").value)  # type: ignore[union-attr]
            out.extend((module, seen.start, state) for state in seen.states)
    return out


def _texts(module: GameModule[Any, Any], state: State) -> list[str]:
    return sorted(module.notation.action_text(state, action) for action in state.legal_actions())


def _chance(module: GameModule[Any, Any], state: State) -> Any:
    """What chance may give next, after each legal action (a decision's own phase has none)."""
    if state.phase is Phase.CHANCE:
        chance = state.chance()
        weights = chance.weights or (1,) * len(chance.outcomes)
        return (chance.pile, sorted(zip(map(str, chance.outcomes), weights)), chance.known)
    if state.phase is not Phase.DECISION:
        return None
    out = {}
    for action in state.legal_actions():
        after = state.apply(action)
        if after.phase is Phase.CHANCE:
            out[module.notation.action_text(state, action)] = _chance(module, after)
    return out


def round_trip(module: GameModule[Any, Any], start: State, state: State) -> dict[str, tuple[Any, Any]]:
    """What differs between ``state`` and the state its Position reads back as (empty:
    nothing), by what is compared: the words, the checkpoint, phase, turn, legal
    actions, observation and chance."""
    notation = module.notation
    words = notation.write_position(state)
    assert [key for key, _ in words] == list(notation.position_keys)
    back = notation.read_position(Values([Pair(key, value) for key, value in words], notation.position_keys), start)
    compared = {
        "position": (words, notation.write_position(back)),
        "checkpoint": (notation.checkpoint(state), notation.checkpoint(back)),
        "phase": (state.phase, back.phase),
        "turn": (state.turn, back.turn),
        "legal actions": (_texts(module, state), _texts(module, back)),
        "observation": (state.observation(), back.observation()),
        "chance": (_chance(module, state), _chance(module, back)),
    }
    return {what: pair for what, pair in compared.items() if pair[0] != pair[1]}


class _Events(Visitor):
    def begin(self, walk: Walk) -> None:
        self.states: list[State] = [walk.state]

    def event(self, before: State, action: Any, after: State) -> None:
        self.states.append(after)


def _line(number: int, rest: bool, dealt: list[str], actions: list[str]) -> str:
    if rest:
        return f"{number}... {' '.join(actions)}"
    return " ".join([f"{number}.", *dealt, ":", *actions])


def cuts(path: Path) -> Iterator[tuple[str, str, State]]:
    """Every record of ``path`` cut at every point of its main line between two actions
    (a move's start, after its DEALT, after each action), dealt at a table: (where, the
    text of the record cut there, the state the whole record ends in). The cut record is
    the record's rules tags, a Position of the state there, and the moves that follow
    (``N...`` for the rest of a turn), checkpoints and comments left out. A record is
    left out where a step was not written (a dealer that knows a pile's order deals it
    unasked), since its tokens no longer count its steps."""
    with open(path, "rb") as stream:
        records = list(read(stream, source=str(path)))
    for record in records:
        seen = _Events()
        verdict = Referee().check(record, [seen])
        assert verdict.legal, (path, verdict.diagnostics)
        module = registry.get(record.tag("Game").value)  # type: ignore[union-attr]
        tags = [
            f'[{tag.name} "{tag.value}"]' for tag in record.tags if tag.name in ("Game", "Variant", "Cards", "Decks", "Result")
        ]
        moves = [(move, move.split()) for move in record.moves]
        if len(seen.states) - 1 != sum(len(dealt) + len(actions) for _, (dealt, _, actions, _) in moves):
            continue
        texts = [
            (move.number, move.rest, [t.text for t in dealt], [t.text for t in actions])
            for move, (dealt, _, actions, _) in moves
            if not move.is_deal
        ]
        index = sum(len(dealt) for move, (dealt, _, _, _) in moves if move.is_deal)
        for k, (number, rest, dealt, actions) in enumerate(texts):
            assert number is not None
            steps = len(dealt) + len(actions)
            for j in range(steps + 1):
                if 0 < j < len(dealt) or (j == steps and k < len(texts) - 1):
                    continue  # inside a DEALT; the start of the next move, cut there
                state = seen.states[index + j]
                if j == 0:
                    head = [_line(number, rest, dealt, actions)]
                elif j < steps:
                    head = [_line(number, True, [], actions[j - len(dealt) :])]
                else:
                    head = []
                later = [_line(n, r, d, a) for n, r, d, a in texts[k + 1 :] if n is not None]
                position = " ".join(f"{key}={value}" for key, value in module.notation.write_position(state))
                text = "\n".join([*tags, f'[Position "{position}"]', "", *head, *later]) + "\n"
                yield f"{path.name}: move {number}, step {j}", text, seen.states[-1]
            index += steps


def check_cuts(path: Path) -> int:
    """Every cut of ``path`` (``cuts``) verifies, and ends where the whole record ends:
    the same checkpoint, observation and result. How many cuts there were."""
    count = 0
    for where, text, end in cuts(path):
        verdict = Referee().check(parse(text)[0])
        assert verdict.diagnostics == [], (where, text)
        state = verdict.state
        assert state is not None, where
        notation = registry.get(state_game(text)).notation
        assert notation.checkpoint(state) == notation.checkpoint(end), (where, text)
        assert state.observation() == end.observation(), (where, text)
        assert state.result() == end.result(), (where, text)
        count += 1
    return count


def state_game(text: str) -> str:
    tag = parse(text)[0].tag("Game")
    assert tag is not None
    return tag.value
