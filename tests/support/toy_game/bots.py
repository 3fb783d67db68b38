"""Toy Dungeon's greedy bot: a bot a game brings, found through its ``GameModule``."""

from __future__ import annotations

import random
from typing import Any

from dungeon_cli.kit.bot import Bot
from dungeon_cli.kit.core import State

from .rules import PASS, TAKE, ToyState


class GreedyBot(Bot):
    name = "greedy"
    summary = "takes every card it survives, passes the others while it may"

    def choose(self, state: State, rng: random.Random) -> Any:
        s: ToyState = state  # type: ignore[assignment]
        return PASS if s.damage() >= s.hp and PASS in s.legal_actions() else TAKE
