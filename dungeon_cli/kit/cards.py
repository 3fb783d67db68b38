"""Playing cards as values the rules can compute with.

Cards are interned: there is exactly one object per card, so rules compare them with
``is``/``==`` cheaply and use them as dictionary keys. A card's ``str`` is its canonical
DGN spelling, which is the one place where a rule message meets text.
"""

from __future__ import annotations

from typing import Callable, Final, final

RANKS: Final = "A23456789TJQK"
SUITS: Final = "shdc"
SUIT_NAMES: Final = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}


@final
class Card:
    """A playing card; ``rank`` is 1 (ace) to 13 (king), 0 for the joker."""

    __slots__ = ("rank", "suit", "text")

    def __init__(self, rank: int, suit: str, text: str):
        self.rank = rank
        self.suit = suit
        self.text = text

    def __repr__(self) -> str:
        return self.text

    def __str__(self) -> str:  # (not `__str__ = __repr__`: a compiled class body cannot read its own methods)
        return self.text

    def __reduce__(self) -> tuple[Callable[[str], Card], tuple[str]]:  # keep interning across pickling (process pools)
        return (card, (self.text,))

    @property
    def is_joker(self) -> bool:
        return self.rank == 0

    @property
    def letter(self) -> str:
        return self.text[0] if self.rank else "JK"


def _make() -> dict[str, Card]:
    table = {}
    for suit in SUITS:
        for index, letter in enumerate(RANKS, start=1):
            table[letter + suit] = Card(index, suit, letter + suit)
    table["JK"] = Card(0, "", "JK")
    return table


CARDS: Final[dict[str, Card]] = _make()
JOKER: Final = CARDS["JK"]
# Every card's place in the documented order (suits s h d c, ranks A..K, the joker last):
# the order a state's resample lines unseen cards up in (core.State.card_order).
ORDER: Final[dict[Card, int]] = {c: i for i, c in enumerate(CARDS.values())}


def card(text: str) -> Card:
    """The card spelled canonically by ``text`` (KeyError if it is not one)."""
    return CARDS[text]


def cards(text: str) -> list[Card]:
    """Cards from canonical spellings separated by spaces, for tests and tables."""
    return [CARDS[t] for t in text.split()]


def deck(suits: str = SUITS, ranks: str = RANKS) -> list[Card]:
    """Cards of the given suits and ranks in the documented order: suits s h d c, ranks A..K."""
    return [CARDS[r + s] for s in SUITS if s in suits for r in RANKS if r in ranks]
