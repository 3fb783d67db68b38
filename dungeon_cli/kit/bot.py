"""What every bot is, apart from how bots are found (``dungeon_cli.bots``): here, in the
kit, so that a game's own bots need nothing above the games layer (pyproject.toml's
layers contract).

**Fair by construction.** A bot is played only through a ``Seat``: the seat keeps the
player's view (``PlayerView``: the game replayed on a start with no known order) and a
generator of the bot's own (``shuffle.rng_for_bot``: ``random.Random(f"{seed}/bot")``,
independent of the deal's). Every state a bot is handed, in ``begin``, ``observe`` and
``choose``, is a state of that view, so it holds the cards the player has not seen as an
unordered multiset, and the generator it draws from has never dealt a card. The real
state of a seeded game (which knows the whole deal) and the deal's generator never pass
through a seat: a bot cannot reach them through its interface. The one player that sees
everything is the solver (``dungeon_cli.solver``), named as such; a strong player's
search plays its own sampled deals out with a bot, which are states it made itself.
``sim`` (on this machine or a cluster), the shell's finishing of a turn, ``hint`` and
``analyse`` (which hand the strong player the view of the record's events and a
generator of their own) go through it; tests/bots/test_fair.py audits every bot of every
game through it.
"""

from __future__ import annotations

import random
from typing import Any, Generic, Mapping, Optional

from .game_module import GameModule, S
from .player_view import PlayerView


class Bot(Generic[S]):
    """Base class; subclasses override ``choose`` (and ``observe`` if ``watches``).
    Generic over the game's state type: a game's bot is a ``Bot[ItsState]``. Every state
    a bot is handed is the player's view (see the module's docstring)."""

    name = ""
    summary = ""
    watches = False  # True: observe() sees every event of the game

    def begin(self, module: GameModule[S, Any], variant: Optional[str], options: Mapping[str, Any], start: S) -> None:
        """A new game starts from ``start`` (the player's view: nothing dealt yet)."""

    def observe(self, before: S, action: Any) -> None:
        """``action`` (a draw or a decision) was applied to ``before`` (the view's state)."""

    def choose(self, state: S, rng: random.Random) -> Any:
        """One of ``state.legal_actions()``: ``state`` is the player's view, ``rng`` the
        bot's own generator."""
        raise NotImplementedError


class Seat(Generic[S]):
    """A bot at the table: told every event of the game (``event``), asked for a
    decision (``choose``), and handing it only the player's view and its own
    generator. It is given the actions and nothing else: it never holds a real state."""

    __slots__ = ("bot", "_view", "_rng", "_observe")

    def __init__(
        self,
        bot: Bot[S],
        module: GameModule[S, Any],
        variant: Optional[str],
        options: Optional[Mapping[str, Any]],
        rng: random.Random,
        start: Optional[S] = None,
    ):
        self.bot = bot
        self._view: PlayerView[S] = PlayerView(module, variant, options, start)  # start: a game from a Position
        self._rng = rng
        self._observe = bot.observe if bot.watches else None
        bot.begin(module, variant, options or {}, self._view.state)

    def event(self, action: Any) -> None:
        """``action`` (a draw or a decision) happened at the table."""
        before = self._view.state
        self._view.observe(action)
        if self._observe is not None:
            self._observe(before, action)

    def choose(self) -> Any:
        """The bot's decision, from the view."""
        return self.bot.choose(self._view.state, self._rng)
