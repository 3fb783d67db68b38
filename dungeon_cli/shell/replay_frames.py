"""A record move by move: the board after each move, with the move that led there.

The referee replays (``keep_states``) and the frames are cut from what it kept, so a
replay shows exactly what ``verify`` judged: an illegal record shows its moves up to the
faulty one, then the faulty move and the diagnostics. A record's variations are walked
by the same referee, each line's moves kept with what they did (``Replay.lines``); a
record with a Position starts with the board it gives.
"""

from __future__ import annotations

from typing import Any, Optional

from notation import Checkpoint, Diagnostic, Move, Record
from notation.writer import move_lines

from ..engine import Told, Visitor, wrapped
from ..kit.core import AnyState
from ..kit.game_module import GameModule
from ..services.referee import Referee


class TextFrame:
    """The board after one move. ``number`` is the move number, 0 for the ``deal:`` line
    (or, with ``move`` None, the table before move 1 of a record without one)."""

    __slots__ = ("number", "move", "state", "told")

    def __init__(self, number: int, move: Optional[Move], state: AnyState, told: str = ""):
        self.number = number
        self.move = move
        self.state = state
        self.told = told  # what the move's turn did, in words

    @property
    def label(self) -> str:
        if self.move is None:
            return "position" if self.number else "start"
        return "deal" if self.move.is_deal else f"move {self.number}"


class Replay:
    """One record replayed: its frames, and where (if anywhere) replay had to stop."""

    def __init__(self, record: Record):
        self.record = record
        told, start = Told(), _Start()
        # the variations of each move (by its id), each line's moves as walked
        self.lines: dict[int, list[list[TextFrame]]] = {}
        watchers: tuple[Visitor, ...] = (
            (told, start, _VariationLines(self.lines)) if any(m.variations for m in record.moves) else (told, start)
        )
        verdict = Referee(keep_states=True).check(record, watchers=watchers)
        self.start = start.state  # the table before move 1, when no deal: line sets it
        self.verdict = verdict
        self.module: Optional[GameModule[Any, Any]] = verdict.module
        self.frames: list[TextFrame] = []
        if record.position is not None and self.start is not None and verdict.states:
            # the board the Position gives, before the first move (numbered as the position's turn)
            self.frames.append(TextFrame(self.start.turn, None, self.start))
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
            if frame.number == number and (frame.move is not None or number == 0):
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
        if frame.move is not None:
            head = move_text(frame.move)
        elif frame.number:
            head = f"position: turn {frame.number} (the record starts here, from its Position tag)"
        else:
            head = "start (the record has no deal: line)"
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

    def variations_text(self, frame: TextFrame, margin: str = "  ") -> list[str]:
        """The variations tried instead of ``frame``'s move, indented under it: each
        line's moves with what their turns did, and how the line ends."""
        out: list[str] = []
        if frame.move is None:
            return out
        for index, line in enumerate(self.lines.get(id(frame.move), []), start=1):
            out.append(f"{margin}( variation {index} of {frame.label}, instead of the move above:")
            out.extend(self._line_text(frame.move.variations[index - 1], line, margin + "  "))
        return out

    def _line_text(self, moves: list[Move], line: list[TextFrame], margin: str) -> list[str]:
        out: list[str] = []
        for frame in line:
            out.append(margin + move_text(frame.move) if frame.move is not None else margin)
            if frame.told:
                out.extend(margin + "  " + row for row in wrapped(frame.told, 76 - len(margin)).splitlines())
            out.extend(self.variations_text(frame, margin + "  "))
        if len(line) < len(moves):  # stopped at a fault (the diagnostics say which)
            out.append(f"{margin}{move_text(moves[len(line)])}")
            out.append(f"{margin}  replay of this line stopped here )")
            return out
        state = line[-1].state if line else None
        if state is None:
            end = "no moves"
        elif state.is_over:
            end = f"result: {state.result()}"
        else:
            end = f"unfinished: {state.unfinished()}"
        out.append(f"{margin}{end} )")
        return out


class _VariationLines(Visitor):
    """The variations of a walk, each line's moves with the state after each and what
    its turn did, into ``lines`` (by the ``id`` of the move they are tried instead of);
    ``frames``: this line's own (None: the main line, whose states the referee keeps)."""

    def __init__(self, lines: dict[int, list[list[TextFrame]]], frames: Optional[list[TextFrame]] = None):
        self.lines = lines
        self.frames = frames
        self.told = Told()

    def begin(self, walk: Any) -> None:
        self.told.begin(walk)

    def turn(self, log: Any, after: AnyState) -> None:
        if self.frames is not None:
            self.told.turn(log, after)

    def move(self, move: Move, state: AnyState, checkpoint: Optional[Checkpoint]) -> None:
        if self.frames is not None:
            self.frames.append(TextFrame(move.number or 0, move, state, " ".join(self.told.take())))

    def variation(self, move: Move, index: int) -> Optional[Visitor]:
        line: list[TextFrame] = []
        self.lines.setdefault(id(move), []).append(line)
        return _VariationLines(self.lines, line)


class _Start(Visitor):
    """The state the walk starts in."""

    def __init__(self) -> None:
        self.state: Optional[AnyState] = None

    def begin(self, walk: Any) -> None:
        self.state = walk.state


def move_text(move: Move) -> str:
    return " ".join(line.strip() for line in move_lines(move))


def _last_line(move: Move) -> int:
    return max((item.line for item in move.items), default=move.line)
