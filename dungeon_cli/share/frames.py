"""A record's boards, one per move, as a visitor of the referee's walk: what a web page
shows is then exactly what ``verify`` judged, the moves up to a fault and no further.

Frame 0 is the table before move 1: after the ``deal:`` line when the record has one,
else the state the game starts in (a record's Position, when it has one). The boards of
each variation are kept apart, by the move it is tried instead of (``Replayed.lines``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from notation import Checkpoint, Move, Record

from ..engine import Told, Visitor
from ..kit.core import AnyState
from ..services.referee import Referee, Verdict


@dataclass(frozen=True)
class Frame:
    number: int  # 0: the table before move 1
    move: Optional[Move]  # None: the start, when no deal: line sets the table
    state: AnyState
    checkpoint: dict[str, str]
    told: str = ""  # what the move's turn did, in words (``engine.Told``)


class Frames(Visitor):
    """The main line's frames; ``lines``: each variation's, by the ``id`` of the move it
    is tried instead of (a variation's own ``Frames`` has ``line`` set and no frame 0)."""

    def __init__(self, lines: Optional[dict[int, list[list[Frame]]]] = None, line: bool = False) -> None:
        self.frames: list[Frame] = []
        self.lines: dict[int, list[list[Frame]]] = lines if lines is not None else {}
        self.line = line
        self.module: Any = None
        self.told: Optional[Told] = None

    def begin(self, walk: Any) -> None:
        self.module = walk.module
        self.told = Told(self.module.notation)
        if not self.line:
            self.frames = [Frame(0, None, walk.state, self.module.notation.checkpoint(walk.state))]

    def turn(self, log: Any, after: AnyState) -> None:
        assert self.told is not None  # begin() came first
        self.told.turn(log, after)

    def move(self, move: Move, state: AnyState, checkpoint: Optional[Checkpoint]) -> None:
        values = self.module.notation.checkpoint(state)
        if move.number is None and not self.line:  # the deal: line sets the table
            self.frames[0] = Frame(0, move, state, values)
        else:
            assert self.told is not None
            told = " ".join(self.told.take())  # a move is one turn: at most one line
            self.frames.append(Frame(move.number or 0, move, state, values, told))

    def variation(self, move: Move, index: int) -> Optional[Visitor]:
        line = Frames(self.lines, line=True)
        self.lines.setdefault(id(move), []).append(line.frames)
        return line


class Replayed:
    """One record walked for a page: its frames and the referee's verdict."""

    def __init__(self, record: Record):
        self.record = record
        watcher = Frames()
        self.verdict: Verdict = Referee().check(record, watchers=(watcher,))
        self.frames = watcher.frames
        self.lines = watcher.lines  # each variation's frames, by the id of the move it is tried instead of
        self.module = watcher.module
