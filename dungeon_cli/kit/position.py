"""What every game's reader and writer of positions share (NOTATION.md section 9).

A position is the whole state a record starts from, in a game's own ``key=value``
words. The spelling of what several games hold is fixed here, once: a number, yes or
no, a list of cards, and a face-down pile (``pile_text``). A problem is a
``PositionProblem`` at the key and the character of its value where it starts, so that
the referee can point at it; a card that is nowhere, or in two places, is found by
``account``.

A pile's value, top first: ``-`` for an empty pile; ``(2c,3s,Kh)`` for cards in an order
nobody knows (a set, written in the deck's order); ``7c,Ks,3d`` for cards in an order
the dealer knows and the player has not seen (a seeded deal, cut); after ``|``, cards
the player saw go under the pile, in order (Scoundrel's avoided rooms). So a table's
dungeon after a run is ``(2c,3s,...)|Kc,7h,2s,8h`` and a seeded one ``7c,Ks,...|Kc,7h``.
"""

from __future__ import annotations

from collections import Counter
from typing import Callable, Hashable, Iterable, Mapping, Optional, Sequence, TypeVar

from notation import Pair
from notation.tokens import shown

from .piles import Pile

C = TypeVar("C", bound=Hashable)


class PositionProblem(Exception):
    """What is wrong with a position: at ``pair``'s value, ``offset`` characters in
    (``pair`` None: the position as a whole, at the start of the tag's value)."""

    def __init__(self, pair: Optional[Pair], message: str, offset: int = 0):
        super().__init__(message)
        self.pair = pair
        self.message = message
        self.offset = offset


class Values:
    """A position's words by key, for a game's reader: each key is asked for once, and
    ``done`` refuses the keys nobody asked for."""

    def __init__(self, pairs: Sequence[Pair], keys: Sequence[str]):
        self.pairs = {pair.key: pair for pair in pairs}
        self.keys = tuple(keys)
        self.asked: set[str] = set()

    def __getitem__(self, key: str) -> Pair:
        self.asked.add(key)
        pair = self.pairs.get(key)
        if pair is None:
            raise PositionProblem(None, f"the position has no {key}=: a position gives {' '.join(self.keys)}")
        return pair

    def get(self, key: str) -> Optional[Pair]:
        self.asked.add(key)
        return self.pairs.get(key)

    def done(self) -> None:
        for key, pair in self.pairs.items():
            if key not in self.asked:
                raise PositionProblem(pair, f"unknown Position key '{shown(key)}' (keys: {' '.join(self.keys)})", -len(key) - 1)


def number(pair: Pair, least: int, most: Optional[int] = None) -> int:
    """A whole number from ``least`` to ``most``."""
    text = pair.value
    digits = text[1:] if text.startswith("-") else text
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 9:
        raise PositionProblem(pair, f"{pair.key} is a whole number, not '{shown(text)}'")
    value = int(text)
    if value < least or (most is not None and value > most):
        span = f"from {least} to {most}" if most is not None else f"at least {least}"
        raise PositionProblem(pair, f"{pair.key}={value} cannot be reached: {pair.key} is {span}")
    return value


def yes_no(pair: Pair) -> bool:
    if pair.value not in ("yes", "no"):
        raise PositionProblem(pair, f"{pair.key} is yes or no, not '{shown(pair.value)}'")
    return pair.value == "yes"


def card_list(pair: Pair, read: Callable[[str], Optional[C]], text: Optional[str] = None, offset: int = 0) -> list[C]:
    """Cards separated by commas (``-``: none), each read by ``read`` (None: not a card
    of the game); ``text`` and ``offset``: a part of the value only."""
    text = pair.value if text is None else text
    if text == "-":
        return []
    out: list[C] = []
    at = offset
    for word in text.split(","):
        card = read(word) if word else None
        if card is None:
            raise PositionProblem(pair, f"{pair.key}: '{shown(word) or 'nothing'}' is not a card of this game", at)
        out.append(card)
        at += len(word) + 1
    return out


def pile(pair: Pair, read: Callable[[str], Optional[C]], order: Optional[Mapping[C, int]] = None) -> Pile[C]:
    """A face-down pile, spelt as this module's docstring says; ``order``: the deck's,
    in which the cards of unknown order are written (a set, sorted: NOTATION.md section
    9), a card out of it a problem at that card."""
    text = pair.value
    if text == "-":
        return Pile.unknown(())
    head, bar, seen_text = text.partition("|")
    hidden: list[C] = []
    at = 0
    if head.startswith("("):
        close = head.find(")")
        if close < 0:
            raise PositionProblem(pair, f"{pair.key}: '(' opens the cards of unknown order, and no ')' closes them")
        hidden = card_list(pair, read, head[1:close] or "-", 1)
        if order is not None:
            _in_order(pair, hidden, head[1:close].split(","), order)
        at = close + 1
        head = head[close + 1 :]
        if head.startswith(","):
            head, at = head[1:], at + 1
    secret = card_list(pair, read, head, at) if head else []
    seen = card_list(pair, read, seen_text, len(text) - len(seen_text)) if bar and seen_text else []
    if bar and not seen_text:
        raise PositionProblem(
            pair, f"{pair.key}: '|' is followed by the cards seen going under the pile, and there are none", len(text)
        )
    counts: dict[C, int] = {}
    for card in hidden:
        counts[card] = counts.get(card, 0) + 1
    return Pile(counts, tuple(secret) + tuple(seen), len(secret))


def _in_order(pair: Pair, cards: Sequence[C], words: Sequence[str], order: Mapping[C, int]) -> None:
    """The cards of unknown order, as a set is written: in the deck's order."""
    at = 1
    for i in range(1, len(cards)):
        at += len(words[i - 1]) + 1
        this, last = order.get(cards[i]), order.get(cards[i - 1])  # (a card not of the deck: the accounting says so)
        if this is not None and last is not None and this < last:
            raise PositionProblem(
                pair,
                f"{pair.key}: cards of unknown order are a set, written in the deck's order: {words[i]} comes before {words[i - 1]}",
                at,
            )


def cards_text(cards: Iterable[object]) -> str:
    """Cards in the order given, separated by commas (``-``: none)."""
    out = ",".join(str(card) for card in cards)
    return out or "-"


def pile_text(pile: Pile[C], order: Mapping[C, int]) -> str:
    """A face-down pile's value: its unknown cards sorted by ``order`` (the deck's)."""
    parts: list[str] = []
    unknown = sorted((card for card, n in pile.hidden.items() for _ in range(n)), key=order.__getitem__)
    if unknown:
        parts.append("(" + ",".join(str(card) for card in unknown) + ")")
    secret = pile.known[: pile.secret]
    if secret:
        parts.append(",".join(str(card) for card in secret))
    text = ",".join(parts)
    seen = pile.known[pile.secret :]
    if seen:
        text += "|" + ",".join(str(card) for card in seen)
    return text or "-"


def account(deck: Iterable[C], places: Sequence[tuple[Optional[Pair], Iterable[C]]]) -> None:
    """Every card of ``deck`` is in exactly one of ``places``, as often as the deck
    holds it: a card too many is blamed on the place it is found in once too often, a
    card missing on the position as a whole."""
    left = Counter(deck)
    for pair, cards in places:
        for card in cards:
            if left[card] <= 0:
                where = f"{pair.key}: " if pair is not None else ""
                raise PositionProblem(pair, f"{where}{card} is in the position more often than the game's cards hold it")
            left[card] -= 1
    missing = [str(card) for card, n in left.items() for _ in range(n)]
    if missing:
        listed = " ".join(missing[:8]) + (" ..." if len(missing) > 8 else "")
        raise PositionProblem(
            None, f"the position does not account for {len(missing)} card{'s' if len(missing) != 1 else ''}: {listed}"
        )
