"""Bots: players that choose among a state's legal actions.

A bot is asked only in the DECISION phase and answers with one of
``state.legal_actions()``. It is played through a seat (``kit.bot.Seat``), which hands
it the player's view and nothing else, and its randomness comes from its own generator,
``random.Random(f"{seed}/bot")``, so a game is a pure function of (game, variant, bot,
seed): the same on one process or many, and never a function of the deal's generator.

A bot that needs memory sets ``watches`` and is told every event, draws included,
through ``observe``. Bots are found by name per game: ``random`` plays
every game, and each game names its own in its ``GameModule`` (``greedy``, ...).
"""

from __future__ import annotations

from typing import Any, Optional

from .. import registry
from ..kit.bot import Bot
from ..kit.game_module import load
from ..kit.sampling import StrongPlayer

STRONG = "strong"

# The bots that play every game; a game's own bots are named by its GameModule.
EVERY_GAME: dict[str, str] = {"random": "dungeon_cli.bots.uniform:RandomBot"}
# The bots every game has unless it names its own of that name: the search over the
# unseen cards (``bots/search.py``), which a game may replace with a faster player.
UNLESS_OWN: dict[str, str] = {STRONG: "dungeon_cli.bots.search:SearchBot"}


def names(game: str) -> list[str]:
    """The bots that play ``game``: those of every game, then the game's own in the
    order it lists them, then those it has not replaced."""
    own = registry.get(game).bots
    listed = list(EVERY_GAME) + [name for name in own if name not in EVERY_GAME]
    return listed + [name for name in UNLESS_OWN if name not in listed]


def make(game: str, name: str) -> Bot[Any]:
    """A fresh bot (bots may keep per-game memory: one per game); KeyError if unknown."""
    path = registry.get(game).bots.get(name) or EVERY_GAME.get(name) or UNLESS_OWN[name]
    bot: Bot[Any] = load(path)()
    return bot


def has_strong(game: str) -> bool:
    """Whether ``game`` has a strong player (what ``hint`` and ``analyse`` judge with):
    the one place that says so. Every game has one: its own, or the search."""
    return STRONG in names(game)


def strong(game: str) -> Optional[StrongPlayer[Any]]:
    """A fresh strong player of ``game`` (the game's own where it gives a faster one,
    else the search), None when it has none (``has_strong``); TypeError when that bot
    is not a ``StrongPlayer``."""
    if not has_strong(game):
        return None
    bot = make(game, STRONG)
    if not isinstance(bot, StrongPlayer):
        raise TypeError(f"{game}'s strong bot offers no deals, candidates, evaluate_on and unseen (kit.sampling.StrongPlayer)")
    return bot


def describe(game: str) -> list[tuple[str, str]]:
    """(name, one-line summary) of each bot for ``game``."""
    out = []
    for name in names(game):
        out.append((name, make(game, name).summary))
    return out
