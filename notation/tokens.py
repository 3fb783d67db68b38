"""Spelling of cards and tokens: every accepted way of writing a card, and its canonical form.

A token is cut into runs of letters and digits and single marks between them (``x9s``,
``7c+6d``, ``^Qh``, ``(Kc)``, ``JK=9``). A run is a card if the whole run spells one, a
number if it is all digits, a lower-case marker letter stuck to a card (``x9s``), or
else a word. The canonical token rewrites each card run canonically and keeps the rest,
so that readers of any game see one spelling. Which words and shapes a game accepts is the
game's business, not this module's.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Optional

RANKS = "A23456789TJQK"
SUITS = "shdc"
SUIT_SYMBOLS = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}

_CARD = re.compile(r"(10|[2-9AaTtJjQqKk])([SsHhDdCc♠♥♦♣])|([Jj][Kk])")
_RUN = re.compile(r"[A-Za-z0-9_♠♥♦♣]+|[^A-Za-z0-9_♠♥♦♣]")
_MARKED = re.compile(r"([a-z])((?:10|[2-9AaTtJjQqKk])[SsHhDdCc♠♥♦♣]|[Jj][Kk])")
# Characters that have a meaning of their own in a line and so cannot be inside a token.
RESERVED = set('{}#[]":')
MARKS = set("+=^()/@><,.!?*~-'%&|;$")


def canonical_card(text: str) -> Optional[str]:
    """The canonical spelling of a card written any accepted way, or None."""
    m = _CARD.fullmatch(text)
    if m is None:
        return None
    if m.group(3):
        return "JK"
    rank, suit = m.group(1), m.group(2)
    rank = "T" if rank == "10" else rank.upper()
    suit = SUIT_SYMBOLS.get(suit, suit.lower())
    return rank + suit


class TokenError(ValueError):
    """A token that is not well formed; ``offset`` is where in the token it goes wrong."""

    def __init__(self, message: str, offset: int = 0):
        super().__init__(message)
        self.message = message
        self.offset = offset


@lru_cache(maxsize=65536)
def canonical_token(raw: str) -> str:
    """Canonical spelling of one token, or TokenError."""
    out: list[str] = []
    depth = 0
    offset = 0
    for m in _RUN.finditer(raw):
        run = m.group()
        offset = m.start()
        if len(run) == 1 and not (run.isalnum() or run == "_" or run in SUIT_SYMBOLS):
            if run in RESERVED:
                raise TokenError(f"'{run}' cannot stand inside a token", offset)
            if run not in MARKS:
                raise TokenError(f"'{shown(raw)}' has a character DGN does not use: {run!r}", offset)
            if run == "(":
                depth += 1
            elif run == ")":
                depth -= 1
                if depth < 0:
                    raise TokenError(f"'{shown(raw)}' closes a bracket it never opened", offset)
            out.append(run)
            continue
        if not run.isascii() and run.isdigit():  # '²', '٣': digits, but not DGN's 0-9
            raise TokenError(f"'{shown(raw)}' has a character DGN does not use: {run!r}", offset)
        card = canonical_card(run)
        if card is not None:
            out.append(card)
        elif run.isdigit():
            out.append(run.lstrip("0") or "0")
        else:
            marked = _MARKED.fullmatch(run)
            if marked is not None:
                out.append(marked.group(1) + canonical_card(marked.group(2)))  # type: ignore[operator]
            elif run[0].isdigit() or any(ch in SUIT_SYMBOLS for ch in run):
                raise TokenError(_not_a_card(run), offset)
            else:
                out.append(run)
    if depth > 0:
        raise TokenError(f"'{shown(raw)}' opens a bracket it never closes", len(raw) - 1)
    return "".join(out)


def shown(raw: str, limit: int = 24) -> str:
    """A token as a message quotes it: cut short, so that a 10 MB token does not come
    back as a 10 MB message."""
    return raw if len(raw) <= limit else raw[: limit - 3] + "..."


def _not_a_card(run: str) -> str:
    return f"'{shown(run)}' is not a card: a card is a rank (A 2-9 T J Q K, or 10) and a suit (s h d c)"
