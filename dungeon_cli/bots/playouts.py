"""Playouts: a bot's whole game in one function, for simulation runs that keep no record.

Through the rules core a game is a chain of immutable states, each checked and copied;
that is what makes records, undo and search sound, and it costs microseconds an event.
A designer's ``dungeon sim`` of a million random games needs none of it, so a game may
add a playout for a bot: the same game, from the same seeded generator, to the same
result and number of moves, played in one loop over plain integers.

The rules core stays the reference. A playout writes no record (a run with ``--records``
goes through the core), and tests/bots/test_playouts.py holds every playout to the core over
thousands of seeds in every variant: same result, same moves, and the generator left in
the same state, so not one random draw may differ.

A playout is ``fn(rng, choices, variant) -> (won, score, moves)``, ``rng`` freshly seeded
with the game's seed and not yet drawn from, ``choices`` the bot's own generator
(``shuffle.rng_for_bot(seed)``): the playout deals from ``rng`` (the documented shuffle,
``dungeon_cli.kit.shuffle``) and the bot draws from ``choices``, as ``simulate.play``
does. A playout is the one place a bot's code and the deal share a loop: it is held to
the seated bot's games (tests/bots/test_playouts.py), so it decides as the bot that sees
only the player's view does.

A batch playout is ``fn(seeds, variant) -> [(won, score, moves), ...]``: many games at
once, each dealt from its own seed as above, for a bot whose games are cheapest played
side by side (Scoundrel's greedy and counting, in NumPy). ``simulate`` takes a batch
playout before a one-game playout.
"""

from __future__ import annotations

import random
from typing import Callable, Optional, Sequence

from .. import registry
from ..kit.game_module import load

Playout = Callable[[random.Random, random.Random, Optional[str]], tuple[bool, int, int]]
BatchPlayout = Callable[[Sequence[int], Optional[str]], list[tuple[bool, int, int]]]


def find(game: str, bot: str) -> Optional[Playout]:
    """The playout of ``bot`` playing ``game`` (named by the game's ``GameModule``), or
    None when the game has none."""
    path = registry.get(game).playouts.get(bot)
    return None if path is None else load(path)


def find_batch(game: str, bot: str) -> Optional[BatchPlayout]:
    """The batch playout of ``bot`` playing ``game``, or None when the game has none."""
    path = registry.get(game).batch_playouts.get(bot)
    return None if path is None else load(path)


def has_any(game: str, bot: str) -> bool:
    """Whether ``bot`` playing ``game`` has a playout of either kind (nothing imported)."""
    module = registry.get(game)
    return bot in module.playouts or bot in module.batch_playouts
