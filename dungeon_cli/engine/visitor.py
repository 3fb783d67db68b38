"""What a walk of a game tells the code that watches it, after python-chess's
``pgn.Visitor``: one loop walks a game, and each job (a verdict, a record writer,
checkpoints, board frames, a bot's memory) is a visitor of it instead of a loop of its
own. Every hook does nothing by default; a visitor overrides the ones it needs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from ..kit.core import AnyState

if TYPE_CHECKING:
    from notation import Checkpoint, Move

    from ..kit.game_module import TurnLog
    from .walk import Fault, Walk


class Visitor:
    def begin(self, walk: "Walk") -> None:
        """The walk has its starting state; nothing is dealt yet."""

    def event(self, before: AnyState, action: Any, after: AnyState) -> None:
        """One chance outcome or decision was applied."""

    def turn(self, log: "TurnLog[Any]", after: AnyState) -> None:
        """A turn ended (the rules moved the turn on, or the game ended)."""

    def move(self, move: "Move", state: AnyState, checkpoint: Optional["Checkpoint"]) -> None:
        """A move line of a record was replayed to its end (record sources only);
        ``checkpoint`` is what the line asserts of ``state``, if anything."""

    def fault(self, fault: "Fault") -> None:
        """The walk stopped at a step it cannot take; ``fault`` says where and why."""

    def variation(self, move: "Move", index: int) -> Optional["Visitor"]:
        """Variation ``index`` of ``move`` is about to be walked, from the state before
        ``move`` (record sources only): the visitor that watches its walk, or None to
        leave it unwatched. A visitor that returns None for every one (the default) sees
        the main line alone, as in a record without variations."""
        return None

    def end(self, walk: "Walk") -> Optional[Any]:
        """The source has nothing more; what the visitor made of the walk."""
        return None
