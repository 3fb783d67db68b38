"""Face-down decks of Cassette Dungeons!, whose cards may have two sides.

A deck is like ``piles.Pile`` (an unknown-order part on top, a known-order part below),
with one difference: a draw turns up a *face*. For a one-sided card the face is the
card; for a dual-sided boss or map the face is the side that came up, so the unknown
part holds cards (either side may come up) while the known part holds faces.

Seeded games know every order in advance, rebuilt decks included: a deck rebuilt from
its discards takes the order (and, for dual-sided cards, the side up) from one of the
seed's spare shuffles of that deck, so a seeded record replays without a generator.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional, Sequence


class NotInDeck(Exception):
    def __init__(self, expected: Optional[str] = None):
        super().__init__(expected)
        self.expected = expected


@dataclass(frozen=True)
class Deck:
    hidden: tuple = ()  # card keys in no known order (kept sorted)
    known: tuple = ()  # faces, top first

    def __len__(self) -> int:
        return len(self.hidden) + len(self.known)

    def candidates(self, sides: Callable[[str], tuple]) -> tuple:
        if self.hidden:
            out: list = []
            for key in dict.fromkeys(self.hidden):
                out.extend(sides(key))
            return tuple(out)
        return self.known[:1]

    @property
    def next_known(self) -> Optional[str]:
        return self.known[0] if self.known and not self.hidden else None

    def draw(self, face: str, key: str) -> "Deck":
        if self.hidden:
            if key not in self.hidden:
                raise NotInDeck()
            hidden = list(self.hidden)
            hidden.remove(key)
            return Deck(tuple(hidden), self.known)
        if not self.known or self.known[0] != face:
            raise NotInDeck(self.known[0] if self.known else None)
        return Deck((), self.known[1:])

    def cards(self, key_of: Callable[[str], str]) -> list:
        return list(self.hidden) + [key_of(f) for f in self.known]


def unknown(keys: Sequence[str]) -> Deck:
    return Deck(tuple(sorted(keys)), ())


def ordered_by(shuffle: Sequence[str], keys: Sequence[str], key_of: Callable[[str], str]) -> Deck:
    """The cards ``keys`` in the order of a shuffled list of faces: each card takes the
    place, and shows the side, of the first of its faces in ``shuffle``."""
    wanted = set(keys)
    faces = []
    for face in shuffle:
        key = key_of(face)
        if key in wanted:
            wanted.discard(key)
            faces.append(face)
    return Deck((), tuple(faces))
