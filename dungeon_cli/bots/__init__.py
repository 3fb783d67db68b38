"""Bots: players that choose among a state's legal actions.

A bot is asked only in the DECISION phase and answers with one of
``state.legal_actions()``. Its randomness comes from the ``random.Random`` it is handed,
seeded per game by whoever runs it, so a game is a pure function of (game, variant,
bot, seed): the same on one process or many.

A bot that needs memory (the card counter) sets ``watches`` and is told every event,
draws included, through ``observe``. Bots are found by name per game: ``random`` plays
every game, and each game names its own in its ``GameModule`` (``greedy``, ...).
"""

from __future__ import annotations

from typing import Any, Optional

from .. import registry
from ..games.base import load
from .base import Bot
from .sampling import StrongPlayer

# The bots that play every game; a game's own bots are named by its GameModule.
EVERY_GAME: dict[str, str] = {"random": "dungeon_cli.bots.uniform:RandomBot"}


def names(game: str) -> list[str]:
    """The bots that play ``game``: those of every game, then the game's own in the
    order it lists them."""
    return list(EVERY_GAME) + [name for name in registry.get(game).bots if name not in EVERY_GAME]


def make(game: str, name: str) -> Bot:
    """A fresh bot (bots may keep per-game memory: one per game); KeyError if unknown."""
    path = registry.get(game).bots.get(name) or EVERY_GAME[name]
    return load(path)()


def strong(game: str) -> Optional[StrongPlayer[Any]]:
    """A fresh strong player of ``game`` (its bot named ``strong``), None when the game
    has none; TypeError when that bot is not a ``StrongPlayer``."""
    if "strong" not in registry.get(game).bots:
        return None
    bot = make(game, "strong")
    if not isinstance(bot, StrongPlayer):
        raise TypeError(f"{game}'s strong bot offers no deals, candidates, evaluate_on and unseen (bots.sampling.StrongPlayer)")
    return bot


def describe(game: str) -> list[tuple[str, str]]:
    """(name, one-line summary) of each bot for ``game``."""
    out = []
    for name in names(game):
        out.append((name, make(game, name).summary))
    return out
