"""Face-down piles whose order may be partly known.

At a real table nobody knows the order of a shuffled deck, but cards put back under it
are known, and a seeded deal knows everything. A ``Pile`` keeps both: a multiset of
cards in unknown order on top, then a sequence of cards in known order underneath.
A draw comes from the unknown part while it lasts, then must be the next known card.
"""

from __future__ import annotations

from typing import Hashable, Iterable, Optional, Sequence


class NotInPile(Exception):
    """``expected`` is the card the pile had to give when its order is known."""

    def __init__(self, outcome: Hashable, expected: Optional[Hashable] = None):
        super().__init__(outcome)
        self.outcome = outcome
        self.expected = expected


_new = object.__new__


class Pile:
    __slots__ = ("hidden", "known", "size")

    def __init__(self, hidden: dict, known: tuple):
        self.hidden = hidden  # card -> count; never changed once built
        self.known = known
        self.size = sum(hidden.values()) + len(known)

    @staticmethod
    def _made(hidden: dict, known: tuple, size: int) -> "Pile":
        """A pile whose size is known already (a draw's: one card fewer), without
        counting it again: every deal of every game goes through here."""
        pile = _new(Pile)
        pile.hidden = hidden
        pile.known = known
        pile.size = size
        return pile

    @classmethod
    def unknown(cls, cards: Iterable[Hashable]) -> "Pile":
        hidden: dict = {}
        for c in cards:
            hidden[c] = hidden.get(c, 0) + 1
        return cls(hidden, ())

    @classmethod
    def ordered(cls, cards: Sequence[Hashable]) -> "Pile":
        return cls({}, tuple(cards))

    def __len__(self) -> int:
        return self.size

    def __contains__(self, card: Hashable) -> bool:
        return card in self.hidden or card in self.known

    @property
    def next_known(self) -> Optional[Hashable]:
        """The card the next draw must be, when the order from here is known."""
        if self.hidden or not self.known:
            return None
        return self.known[0]

    def candidates(self) -> tuple:
        if self.hidden:
            return tuple(self.hidden)
        return self.known[:1]

    def weights(self) -> Optional[tuple]:
        """How many copies of each of ``candidates()`` the pile holds (None: one each)."""
        if self.hidden and any(n > 1 for n in self.hidden.values()):
            return tuple(self.hidden.values())
        return None

    def cards(self) -> list:
        """Every card in the pile (the unknown part in no particular order, then the rest)."""
        hidden = self.hidden
        if len(hidden) + len(self.known) == self.size:  # one of each unknown card
            out = list(hidden)
        else:
            out = [c for c, n in hidden.items() for _ in range(n)]
        out.extend(self.known)
        return out

    def draw(self, card: Hashable) -> "Pile":
        hidden = self.hidden
        if hidden:
            count = hidden.get(card, 0)
            if not count:
                raise NotInPile(card)
            hidden = hidden.copy()  # a copy, not dict(): it clones a dict with holes too
            if count == 1:
                del hidden[card]
            else:
                hidden[card] = count - 1
            return Pile._made(hidden, self.known, self.size - 1)
        known = self.known
        if not known or known[0] != card:
            raise NotInPile(card, known[0] if known else None)
        return Pile._made({}, known[1:], self.size - 1)

    def put_under(self, cards: Sequence[Hashable]) -> "Pile":
        return Pile(self.hidden, self.known + tuple(cards))
