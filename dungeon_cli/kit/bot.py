"""What every bot is, apart from how bots are found (``dungeon_cli.bots``): here, in the
kit, so that a game's own bots need nothing above the games layer (pyproject.toml's
layers contract)."""

from __future__ import annotations

import random
from typing import Any, Generic, Mapping, Optional

from .game_module import GameModule, S


class Bot(Generic[S]):
    """Base class; subclasses override ``choose`` (and ``observe`` if ``watches``).
    Generic over the game's state type: a game's bot is a ``Bot[ItsState]``."""

    name = ""
    summary = ""
    watches = False  # True: observe() sees every event of the game

    def begin(self, module: GameModule[S, Any], variant: Optional[str], options: Mapping[str, Any], start: S) -> None:
        """A new game starts from ``start`` (nothing dealt yet)."""

    def observe(self, before: S, action: Any) -> None:
        """``action`` (a draw or a decision) was applied to ``before``."""

    def choose(self, state: S, rng: random.Random) -> Any:
        raise NotImplementedError
