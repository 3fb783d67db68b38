"""What every bot is, apart from how bots are found: a game's own bots import this
module only, so that nothing under games/ reaches the registry (pyproject.toml's import
contracts)."""

from __future__ import annotations

import random
from typing import Any, Mapping, Optional

from ..core import State
from ..games.base import GameModule


class Bot:
    """Base class; subclasses override ``choose`` (and ``observe`` if ``watches``)."""

    name = ""
    summary = ""
    watches = False  # True: observe() sees every event of the game

    def begin(self, module: GameModule, variant: Optional[str], options: Mapping[str, Any], start: State) -> None:
        """A new game starts from ``start`` (nothing dealt yet)."""

    def observe(self, before: State, action: Any) -> None:
        """``action`` (a draw or a decision) was applied to ``before``."""

    def choose(self, state: State, rng: random.Random) -> Any:
        raise NotImplementedError
