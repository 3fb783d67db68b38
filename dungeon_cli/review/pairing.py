"""Which record of one file is compared with which of the other.

By order (the first with the first) suits a file rewritten in place; by Seed suits a
file of seeded games that were added, dropped or reordered, where order would compare
unrelated deals. Records without a Seed are paired by order among themselves.
"""

from __future__ import annotations

from itertools import zip_longest
from typing import Iterable, Iterator, Optional, TypeVar

from notation import Record

R = TypeVar("R", bound=Record)


def pair(a: Iterable[R], b: Iterable[R], by: str = "order") -> Iterator[tuple[Optional[R], Optional[R]]]:
    """The pairs, as they come: by order, one record of each file at a time, so that a
    diff of two large files holds one pair (by Seed, every record is held to be found)."""
    if by == "order":
        return zip_longest(a, b)
    return iter(_by_seed(a, b))


def _by_seed(a: Iterable[R], b: Iterable[R]) -> list[tuple[Optional[R], Optional[R]]]:
    keyed_b: dict[Optional[str], list[R]] = {}
    for record in b:
        keyed_b.setdefault(record.tag_value("Seed"), []).append(record)
    out: list[tuple[Optional[R], Optional[R]]] = []
    unseeded_a = []
    for record in a:
        seed = record.tag_value("Seed")
        if seed is None:
            unseeded_a.append(record)
            continue
        partners = keyed_b.get(seed)
        out.append((record, partners.pop(0) if partners else None))
    out.extend(zip_longest(unseeded_a, keyed_b.pop(None, [])))
    for records in keyed_b.values():
        out.extend((None, record) for record in records)
    return out
