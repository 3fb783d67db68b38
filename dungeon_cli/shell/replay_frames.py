"""A record move by move: the board after each move, with the move that led there.

The referee replays (``keep_states``) and the frames are cut from what it kept, so a
replay shows exactly what ``verify`` judged: an illegal record shows its moves up to the
faulty one, then the faulty move and the diagnostics.
"""

from __future__ import annotations

from typing import Any, Optional

from notation import Diagnostic, Move, Record
from notation.writer import move_lines

from ..engine import Told, Visitor, wrapped
from ..kit.core import State
from ..kit.game_module import GameModule
from ..services.referee import Referee


class TextFrame:
    """The board after one move. ``number`` is the move number, 0 for the ``deal:`` line
    (or, with ``move`` None, the table before move 1 of a record without one)."""

    __slots__ = ("number", "move", "state", "told")

    def __init__(self, number: int, move: Optional[Move], state: State, told: str = ""):
        self.number = number
        self.move = move
        self.state = state
        self.told = told  # what the move's turn did, in words

    @property
    def label(self) -> str:
        if self.move is None:
            return "start"
        return "deal" if self.move.is_deal else f"move {self.number}"


class Replay:
    """One record replayed: its frames, and where (if anywhere) replay had to stop."""

    def __init__(self, record: Record):
        self.record = record
        told, start = Told(), _Start()
        verdict = Referee(keep_states=True).check(record, watchers=(told, start))
        self.start = start.state  # the table before move 1, when no deal: line sets it
        self.verdict = verdict
        self.module: Optional[GameModule[Any, Any]] = verdict.module
        self.frames: list[TextFrame] = []
        for move, state in zip(record.moves, verdict.states):
            if state is not None:
                number = move.number or 0
                self.frames.append(TextFrame(number, move, state, told.turns.get(number, "") if number else ""))
        self.diagnostics: list[Diagnostic] = verdict.diagnostics
        replayed = len(verdict.states)
        self.faulty: Optional[Move] = None  # the move replay stopped at, when a rule stopped it
        if not verdict.legal and replayed < len(record.moves):
            line = self.diagnostics[0].line
            for move in record.moves[replayed:]:
                if move.line <= line <= _last_line(move):
                    self.faulty = move
                    break

    @property
    def legal(self) -> bool:
        return self.verdict.legal

    def frame(self, number: int) -> Optional[TextFrame]:
        for frame in self.frames:
            if frame.number == number:
                return frame
        if number == 0 and self.start is not None:  # no deal: line: the game as it starts
            return TextFrame(0, None, self.start)
        return None

    # -- as text --------------------------------------------------------------------

    def title(self, name: str) -> str:
        record = self.record
        game = self.module.game.title if self.module is not None else (record.game or "a record with no game")
        bits = [f"{name}:{record.line}: {game}"]
        variant = record.tag_value("Variant")
        if variant:
            bits.append(f"variant {variant}")
        seed = record.tag_value("Seed")
        if seed:
            bits.append(f"seed {seed}")
        player = record.tag_value("Player")
        if player:
            bits.append(f"player {player}")
        return ", ".join(bits)

    def frame_text(self, frame: TextFrame) -> str:
        assert self.module is not None
        told = f"{wrapped(frame.told)}\n" if frame.told else ""
        head = move_text(frame.move) if frame.move is not None else "start (the record has no deal: line)"
        return f"{head}\n{told}{self.module.render(frame.state)}"

    def ending_text(self, name: str) -> str:
        """How the replay ends: the result, what is unfinished, or the fault; nothing
        when the last board already says the result (every game's board says "game
        over: win 12" at the end), so that the end is said once."""
        if not self.legal:
            lines = []
            if self.faulty is not None:
                lines.append(move_text(self.faulty))
            lines.extend(f"{name}:{d.line}:{d.col}: {d.severity}: {d.message}" for d in self.diagnostics)
            return "\n".join(lines)
        state = self.verdict.state
        if state is None:
            return "no moves"
        if state.is_over:
            shown = self.frames[-1].state if self.frames else None
            if shown is state and self.module is not None and f"{state.result()}" in self.module.render(state):
                return ""
            return f"result: {state.result()}"
        return f"unfinished: {state.unfinished()}"


class _Start(Visitor):
    """The state the walk starts in."""

    def __init__(self) -> None:
        self.state: Optional[State] = None

    def begin(self, walk: Any) -> None:
        self.state = walk.state


def move_text(move: Move) -> str:
    return " ".join(line.strip() for line in move_lines(move))


def _last_line(move: Move) -> int:
    return max((item.line for item in move.items), default=move.line)
