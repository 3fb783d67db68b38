"""A finished turn in words, as a visitor of a walk: the prompt of ``play`` says each
turn it sees end, a replay (text or web page) shows each beside its move. The words are
the game's own (``Notation.tell``), so every front end says the same thing."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from ..kit.core import AnyState
from .visitor import Visitor

if TYPE_CHECKING:
    from ..kit.game_module import Notation, TurnLog
    from .walk import Walk


class Told(Visitor):
    def __init__(self, notation: Optional["Notation[Any, Any]"] = None):
        self.notation = notation  # else the game's, when the walk begins
        self.turns: dict[int, str] = {}  # turn number -> its line, every turn told so far
        self.fresh: list[str] = []  # lines not yet taken by ``take``

    def begin(self, walk: "Walk") -> None:
        if self.notation is None:
            self.notation = walk.module.notation

    def turn(self, log: "TurnLog[Any]", after: AnyState) -> None:
        assert self.notation is not None  # given, or taken when the walk began
        number = log.start.turn
        if not number:  # turn 0 is the setup: the deal shows it
            return
        text = self.notation.tell(log, after)
        if text:
            line = f"turn {number}: {text}"
            self.turns[number] = line
            self.fresh.append(line)

    def take(self) -> list[str]:
        """The lines told since the last call."""
        lines, self.fresh = self.fresh, []
        return lines


def wrapped(line: str, width: int = 78) -> str:
    """A told line for a terminal: cut between words, the rest indented under it.
    ``textwrap`` is imported here: its import compiles regular expressions that a
    ``verify`` never needs (a millisecond of every start)."""
    import textwrap

    return textwrap.fill(line, width=width, subsequent_indent="  ", break_long_words=False, break_on_hyphens=False)
