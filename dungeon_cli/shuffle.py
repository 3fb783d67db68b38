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
    for i in range(len(out) - 1, 0, -1):
        j = below(rng, i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def rng_for(seed: int) -> random.Random:
    if seed < 0:
        raise ValueError("a seed is a whole number, 0 or more")
    return random.Random(seed)


def deal_piles(seed: int, piles: Sequence[tuple[str, Sequence[T]]]) -> dict[str, list[T]]:
    """Shuffle each pile, in the order given, from one generator seeded with ``seed``."""
    rng = rng_for(seed)
    return {name: shuffled(rng, cards) for name, cards in piles}
