"""What a review needs from one walk of a record, kept as the walk goes.

The referee keeps only what a verdict needs (the last state); a review also needs the
events of every move line, to find the first one where two games part, and the state
after each line, for the checkpoints a reviewer reads. States are immutable, so keeping
them costs a reference each.
"""

from __future__ import annotations

from typing import Any, NamedTuple, Optional

from notation import Checkpoint, Move, Record

from ..engine import Visitor, Walk
from ..engine.walk import Fault
from ..kit.core import AnyState, Draw
from ..kit.game_module import GameModule
from ..services.referee import Referee, Verdict


class Turn(NamedTuple):
    """One move line as walked: its events ``(state before, action)`` and the state
    after it (None when the walk stopped inside it)."""

    move: Move
    events: list[tuple[AnyState, Any]]
    after: Optional[AnyState]


def move_text(move: Move) -> str:
    """The line as ``fmt`` writes it, without its checkpoint and comments: what was
    dealt and done, nothing said about it."""
    dealt, _, actions, _ = move.split()
    if move.is_deal:
        return " ".join(["deal:", *(t.text for t in dealt)])
    if move.rest:  # the rest of a turn dealt before a record's Position
        return " ".join([f"{move.number}...", *(t.text for t in actions)])
    return " ".join([f"{move.number}.", *(t.text for t in dealt), ":", *(t.text for t in actions)])


class Transcript(Visitor):
    """The turns of one walk, each with its events and the state after it."""

    def __init__(self, record: Record) -> None:
        self.record = record
        self.module: Optional[GameModule[Any, Any]] = None
        self.start: Optional[AnyState] = None
        self.turns: list[Turn] = []
        self.stopped: Optional[Fault] = None  # the fault the walk stopped at
        self._events: list[tuple[AnyState, Any]] = []

    def begin(self, walk: Walk) -> None:
        self.module = walk.module
        self.start = walk.state

    def event(self, before: AnyState, action: Any, after: AnyState) -> None:
        self._events.append((before, action))

    def move(self, move: Move, state: AnyState, checkpoint: Optional[Checkpoint]) -> None:
        self.turns.append(Turn(move, self._events, state))
        self._events = []

    def fault(self, fault: Fault) -> None:
        self.stopped = fault
        if self._events:
            move = _move_at(self.record, fault.line)
            if move is not None:
                self.turns.append(Turn(move, self._events, None))
        self._events = []

    def key(self, before: AnyState, action: Any) -> tuple[str, str]:
        """An event as text, so that two records' events compare whatever the game's
        action classes are: a draw by its outcome, a decision as the game writes it."""
        assert self.module is not None
        notation = self.module.notation
        if isinstance(action, Draw):
            return ("draw", notation.format_outcome(action.outcome))
        return ("act", notation.action_text(before, action))

    def keys(self, turn: Turn) -> list[tuple[str, str]]:
        return [self.key(before, action) for before, action in turn.events]


class Side:
    """One record under review: the referee's verdict and the transcript of the same walk."""

    def __init__(self, name: str, record: Record):
        self.name = name
        self.record = record
        self.transcript = Transcript(record)
        self.verdict: Verdict = Referee().check(record, [self.transcript])

    @property
    def module(self) -> Optional[GameModule[Any, Any]]:
        return self.verdict.module

    @property
    def legal(self) -> bool:
        return self.verdict.legal

    @property
    def seed(self) -> Optional[str]:
        return self.record.tag_value("Seed")

    @property
    def state(self) -> Optional[AnyState]:
        return self.verdict.state


def _move_at(record: Record, line: int) -> Optional[Move]:
    """The move line a fault at ``line`` lies in (a move may continue on more lines)."""
    found = None
    for move in record.moves:
        if move.line <= line:
            found = move
    return found
