"""The random bot: every legal action equally likely, any game."""

from __future__ import annotations

import random
from typing import Any

from ..core import State
from . import Bot


class RandomBot(Bot):
    name = "random"
    summary = "uniform over the legal actions"

    def choose(self, state: State, rng: random.Random) -> Any:
        return rng.choice(state.legal_actions())
