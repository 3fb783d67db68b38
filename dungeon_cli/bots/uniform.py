"""The random bot: every legal action equally likely, any game."""

from __future__ import annotations

import random
from typing import Any

from ..kit.bot import Bot
from ..kit.core import AnyState
from ..kit.shuffle import below


class RandomBot(Bot[Any]):
    name = "random"
    summary = "uniform over the legal actions"

    def choose(self, state: AnyState, rng: random.Random) -> Any:
        actions = state.legal_actions()
        # below(), not rng.choice: the same draw today, and documented, where choice's
        # use of the generator is not part of Python's promises.
        return actions[below(rng, len(actions))]
