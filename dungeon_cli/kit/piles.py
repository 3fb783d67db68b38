"""Face-down piles whose order may be partly known.

At a real table nobody knows the order of a shuffled deck, but cards put back under it
are known, and a seeded deal knows everything. A ``Pile`` keeps both: a multiset of
cards in unknown order on top, then a sequence of cards in known order underneath.
A draw comes from the unknown part while it lasts, then must be the next known card.

What the dealer knows and what the player knows differ: a seeded pile's order is known
to the dealer, not to the player, so ``secret`` counts the cards at the top of the known
part whose order the player has not seen (all of a seeded pile; none of a pile the
player's view started, which keeps them in ``hidden``). Cards put under are seen going
there. ``seen`` and ``resampled`` are the pile's share of a state's information set
(``State.observation`` and ``State.resample`` in core.py): what the player knows of the
pile, and the pile with the cards the player does not know put in a random order.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Callable, Generic, Hashable, Iterable, Mapping, Optional, Sequence, TypeVar, final

if TYPE_CHECKING:  # the generator is handed in: verify, which never resamples, never imports random
    import random


class NotInPile(Exception):
    """``expected`` is the card the pile had to give when its order is known."""

    def __init__(self, outcome: Hashable, expected: Optional[Hashable] = None):
        super().__init__(outcome)
        self.outcome = outcome
        self.expected = expected


C = TypeVar("C", bound=Hashable)  # a game's card


class Hidden:
    """What a state's information set asks of a face-down pile (``Pile`` here, a game's
    own deck kind where its cards differ, as Cassette Dungeons!' two-sided cards do)."""

    __slots__ = ()

    def seen(self) -> Hashable:
        """What the player knows of the pile: equal for two piles the player cannot tell apart."""
        raise NotImplementedError

    def resampled(self, rng: random.Random, order: Optional[Mapping[Hashable, int]] = None) -> "Hidden":
        """The pile with the cards the player does not know put in an order drawn
        uniformly from ``rng``, known to the dealer from then on; ``order`` (card ->
        place in the documented deck) lines the cards up before the shuffle, so that a
        seeded pile and the player's view of it give the same pile from the same ``rng``."""
        raise NotImplementedError


@final
class Pile(Hidden, Generic[C]):
    __slots__ = ("hidden", "known", "size", "secret")
    hidden: dict[C, int]
    known: tuple[C, ...]
    size: int
    secret: int

    def __init__(self, hidden: dict[C, int], known: tuple[C, ...], secret: int = 0, size: int = -1):
        self.hidden = hidden  # card -> count; never changed once built
        self.known = known
        # A draw passes its size (one card fewer): every deal of every game comes here.
        self.size = sum(hidden.values()) + len(known) if size < 0 else size
        self.secret = secret  # the first cards of ``known`` whose order the player has not seen

    def __reduce__(self) -> tuple[Callable[..., "Pile[C]"], tuple[dict[C, int], tuple[C, ...], int, int]]:
        # Pickled and deep-copied through __init__ (a bot's copy of a seat, a process pool):
        # a compiled Pile's __new__ runs __init__, which pickle's default reconstruction calls bare.
        return Pile, (self.hidden, self.known, self.secret, self.size)

    @classmethod
    def unknown(cls, cards: Iterable[C]) -> "Pile[C]":
        hidden: dict[C, int] = {}
        for c in cards:
            hidden[c] = hidden.get(c, 0) + 1
        return cls(hidden, ())

    @classmethod
    def ordered(cls, cards: Sequence[C]) -> "Pile[C]":
        """A pile in an order the dealer knows and the player does not (a seeded deal)."""
        known = tuple(cards)
        return cls({}, known, len(known))

    def __len__(self) -> int:
        return self.size

    def __contains__(self, card: object) -> bool:
        return card in self.hidden or card in self.known

    @property
    def next_known(self) -> Optional[C]:
        """The card the next draw must be, when the order from here is known."""
        if self.hidden or not self.known:
            return None
        return self.known[0]

    def candidates(self) -> tuple[C, ...]:
        if self.hidden:
            return tuple(self.hidden)
        return self.known[:1]

    def weights(self) -> Optional[tuple[int, ...]]:
        """How many copies of each of ``candidates()`` the pile holds (None: one each)."""
        if self.hidden and any(n > 1 for n in self.hidden.values()):
            return tuple(self.hidden.values())
        return None

    def cards(self) -> list[C]:
        """Every card in the pile (the unknown part in no particular order, then the rest)."""
        hidden = self.hidden
        if len(hidden) + len(self.known) == self.size:  # one of each unknown card
            out = list(hidden)
        else:
            out = [c for c, n in hidden.items() for _ in range(n)]
        out.extend(self.known)
        return out

    def draw(self, card: C) -> "Pile[C]":
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
            return Pile(hidden, self.known, self.secret, self.size - 1)
        known = self.known
        if not known or known[0] != card:
            raise NotInPile(card, known[0] if known else None)
        secret = self.secret
        return Pile({}, known[1:], secret - 1 if secret else 0, self.size - 1)

    def put_under(self, cards: Sequence[C]) -> "Pile[C]":
        """The pile with ``cards`` under it, in an order the player saw."""
        cards = tuple(cards)
        return Pile(self.hidden, self.known + cards, self.secret, self.size + len(cards))

    # -- the player's information ----------------------------------------------------------

    def unseen(self) -> list[C]:
        """The cards whose order the player does not know (the top of the pile), in the
        pile's own order: the view's multiset in the deck's order, or the seeded order."""
        hidden = self.hidden
        if len(hidden) + len(self.known) == self.size:  # one of each unknown card (or none)
            out = list(hidden)
        else:
            out = [c for c, n in hidden.items() for _ in range(n)]
        out.extend(self.known[: self.secret])
        return out

    def seen(self) -> Hashable:
        secret = self.secret
        if secret:
            unknown: Iterable[tuple[C, int]] = Counter(self.unseen()).items()
        else:
            unknown = self.hidden.items()
        return (frozenset(unknown), self.known[secret:])

    def resampled(self, rng: random.Random, order: Optional[Mapping[Hashable, int]] = None) -> "Pile[C]":
        cards = self.unseen()
        if order is not None:
            cards.sort(key=order.__getitem__)
        rng.shuffle(cards)  # one shuffle for every game's sampler: the strong players' streams rest on it
        return Pile({}, tuple(cards) + self.known[self.secret :], len(cards), self.size)
