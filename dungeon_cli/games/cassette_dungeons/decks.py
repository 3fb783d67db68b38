"""Face-down decks of Cassette Dungeons!, whose cards may have two sides.

A deck is like ``piles.Pile`` (an unknown-order part on top, a known-order part below),
with one difference: a draw turns up a *face*. For a one-sided card the face is the
card; for a dual-sided boss or map the face is the side that came up, so the unknown
part holds cards (either side may come up) while the known part holds faces.

A seeded game knows the order of every deck dealt at setup; a deck rebuilt from its
discards is of unknown order again, and a seeded dealer draws from it as it is used
(docs/seeded-dealing.md).
"""

from __future__ import annotations

from math import gcd as _gcd
from typing import Callable, Final, Optional, Sequence, final

from ...kit.core import Frozen


class NotInDeck(Exception):
    def __init__(self, expected: Optional[str] = None):
        super().__init__(expected)
        self.expected = expected


@final
class Deck(Frozen):
    __match_args__ = ("hidden", "known")

    def __init__(self, hidden: tuple[str, ...] = (), known: tuple[str, ...] = ()) -> None:
        self.hidden: Final = hidden  # card keys in no known order (kept sorted)
        self.known: Final = known  # faces, top first

    def _fields(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        return (self.hidden, self.known)

    def __len__(self) -> int:
        return len(self.hidden) + len(self.known)

    def candidates(self, sides: Callable[[str], tuple[str, ...]]) -> tuple[str, ...]:
        if self.hidden:
            out: list[str] = []
            for key in dict.fromkeys(self.hidden):
                out.extend(sides(key))
            return tuple(out)
        return self.known[:1]

    def weights(self, sides: Callable[[str], tuple[str, ...]]) -> Optional[tuple[int, ...]]:
        """How likely each of ``candidates(sides)`` is, as whole numbers: each copy of a
        card equally likely to come up, then each of its sides (None: all alike)."""
        if not self.hidden:
            return None
        counts: dict[str, int] = {}
        for key in self.hidden:
            counts[key] = counts.get(key, 0) + 1
        faces = {key: len(sides(key)) for key in counts}
        if all(n == 1 for n in counts.values()) and len(set(faces.values())) == 1:
            return None
        common = 1
        for n in set(faces.values()):
            common = common * n // _gcd(common, n)
        out: list[int] = []
        for key, n in counts.items():
            out.extend([n * common // faces[key]] * faces[key])
        return tuple(out)

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

    def cards(self, key_of: Callable[[str], str]) -> list[str]:
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
