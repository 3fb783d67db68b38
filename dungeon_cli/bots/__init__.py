"""Bots: players that choose among a state's legal actions.

A bot is asked only in the DECISION phase and answers with one of
``state.legal_actions()``. Its randomness comes from the ``random.Random`` it is handed,
seeded per game by whoever runs it, so a game is a pure function of (game, variant,
bot, seed): the same on one process or many.

A bot that needs memory (the card counter) sets ``watches`` and is told every event,
draws included, through ``observe``. Bots are found by name per game: ``random`` plays
every game, ``greedy`` every game that has one, and a game may add its own.
"""

from __future__ import annotations

import importlib
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


# game -> bot name -> "module:class"; "*" holds the bots that play every game.
BOTS: dict[str, dict[str, str]] = {
    "*": {"random": "dungeon_cli.bots.uniform:RandomBot"},
    "scoundrel": {
        "greedy": "dungeon_cli.bots.scoundrel:GreedyBot",
        "counting": "dungeon_cli.bots.scoundrel:CountingBot",
    },
    "clear-the-dungeon": {
        "greedy": "dungeon_cli.bots.clear_the_dungeon:GreedyBot",
    },
    "rpg-solitaire": {
        "greedy": "dungeon_cli.bots.rpg_solitaire:GreedyBot",
    },
    "cassette-dungeons": {
        "greedy": "dungeon_cli.bots.cassette_dungeons:GreedyBot",
    },
}


def names(game: str) -> list[str]:
    """The bots that play ``game``, in the order listed."""
    return list(BOTS["*"]) + list(BOTS.get(game, {}))


def make(game: str, name: str) -> Bot:
    """A fresh bot (bots may keep per-game memory: one per game); KeyError if unknown."""
    path = BOTS.get(game, {}).get(name) or BOTS["*"][name]
    module, attr = path.split(":")
    return getattr(importlib.import_module(module), attr)()


def describe(game: str) -> list[tuple[str, str]]:
    """(name, one-line summary) of each bot for ``game``."""
    out = []
    for name in names(game):
        out.append((name, make(game, name).summary))
    return out
