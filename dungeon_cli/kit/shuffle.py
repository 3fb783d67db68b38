"""The documented shuffle: the same deal from a seed on every platform and Python version.

``random.shuffle`` is not used because its algorithm is not part of Python's promises.
This shuffle is pinned here and in docs/seeded-dealing.md:

1. ``rng = random.Random(seed)`` (an integer seed; Mersenne Twister seeding of integers
   is stable across CPython versions).
2. ``below(n)``: draw ``k = n.bit_length()`` bits with ``rng.getrandbits(k)`` until the
   value is less than ``n`` (rejection sampling, no modulo bias).
3. Fisher-Yates from the end: for ``i`` from ``len-1`` down to 1, swap items ``i`` and
   ``below(i + 1)``.
4. A game with several piles shuffles them in the order its rules list them, all from
   the one ``rng``. Index 0 of a shuffled pile is its top card.
"""

from __future__ import annotations

import random
from functools import lru_cache
from hashlib import sha512
from typing import Sequence, TypeVar

T = TypeVar("T")


def below(rng: random.Random, n: int) -> int:
    k = n.bit_length()
    while True:
        value = rng.getrandbits(k)
        if value < n:
            return value


def shuffled(rng: random.Random, items: Sequence[T]) -> list[T]:
    out = list(items)
    getrandbits = rng.getrandbits
    for i, k in fisher_yates_steps(len(out)):
        j = getrandbits(k)  # below(rng, i + 1), inlined: the shuffle is a quarter of a simulated game
        while j > i:
            j = getrandbits(k)
        out[i], out[j] = out[j], out[i]
    return out


@lru_cache(maxsize=64)
def fisher_yates_steps(length: int) -> tuple[tuple[int, int], ...]:
    """Fisher-Yates's steps for a pile of ``length``: (i, bits of i + 1), i from the
    last index down to 1 (a playout inlines the shuffle over these)."""
    return tuple((i, (i + 1).bit_length()) for i in range(length - 1, 0, -1))


def rng_for(seed: int) -> random.Random:
    if seed < 0:
        raise ValueError("a seed is a whole number, 0 or more")
    return random.Random(seed)


def rng_for_bot(seed: int) -> random.Random:
    """The generator of the bot that plays the game dealt from ``seed``:
    ``random.Random(f"{seed}/bot")``, its own, independent of the deal's (which a bot
    never sees: kit/bot.py's ``Seat``), as the dice's is (``engine/dealer.py``)."""
    if seed < 0:
        raise ValueError("a seed is a whole number, 0 or more")
    return random.Random(f"{seed}/bot")


def bot_seed(seed: int) -> int:
    """The integer ``rng_for_bot(seed)`` is seeded with (what ``random.Random.seed``
    makes of a string: its bytes and their SHA-512), for a playout that reseeds one
    generator game after game through Random's base class."""
    text = f"{seed}/bot".encode()
    return int.from_bytes(text + sha512(text).digest(), "big")


def deal(rng: random.Random, piles: Sequence[tuple[str, Sequence[T]]]) -> dict[str, list[T]]:
    """Shuffle each pile, in the order given, from ``rng``."""
    return {name: shuffled(rng, cards) for name, cards in piles}


def deal_piles(seed: int, piles: Sequence[tuple[str, Sequence[T]]]) -> dict[str, list[T]]:
    """Shuffle each pile, in the order given, from one generator seeded with ``seed``."""
    return deal(rng_for(seed), piles)
