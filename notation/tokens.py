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

# A card and a marked card (x9s) as regular expressions: what _SPELLINGS and
# _MARKERS below spell out; and a run of a token. Each is compiled at its first use
# (tests and tools ask for the first two), since a regular expression costs every
# command its compiling at start-up.
_PATTERNS = {
    "_CARD": r"(10|[2-9AaTtJjQqKk])([SsHhDdCc♠♥♦♣])|([Jj][Kk])",
    "_MARKED": r"([a-z])((?:10|[2-9AaTtJjQqKk])[SsHhDdCc♠♥♦♣]|[Jj][Kk])",
    "_RUN": r"[A-Za-z0-9_♠♥♦♣]+|[^A-Za-z0-9_♠♥♦♣]",
}
# Every accepted spelling of a card (the language of _CARD) and its canonical form,
# looked up in one step.
_SPELLINGS = {
    rank + suit: ("T" if rank == "10" else rank.upper()) + SUIT_SYMBOLS.get(suit, suit.lower())
    for rank in ["10", *"23456789AaTtJjQqKk"]
    for suit in "SsHhDdCc♠♥♦♣"
}
_SPELLINGS.update({joker: "JK" for joker in ("JK", "Jk", "jK", "jk")})
_MARKERS = frozenset("abcdefghijklmnopqrstuvwxyz")  # a marker stuck to a card (x9s): [a-z]
# Characters that have a meaning of their own in a line and so cannot be inside a token.
RESERVED = set('{}#[]":')
MARKS = set("+=^()/@><,.!?*~-'%&|;$")


def canonical_card(text: str) -> Optional[str]:
    """The canonical spelling of a card written any accepted way, or None."""
    return _SPELLINGS.get(text)


class TokenError(ValueError):
    """A token that is not well formed; ``offset`` is where in the token it goes wrong."""

    def __init__(self, message: str, offset: int = 0):
        super().__init__(message)
        self.message = message
        self.offset = offset


@lru_cache(maxsize=65536)
def canonical_token(raw: str) -> str:
    """Canonical spelling of one token, or TokenError."""
    # The tokens of most records, each one run (or a card in brackets), spelt as the
    # runs below would spell them, without cutting them into runs.
    card = _SPELLINGS.get(raw)
    if card is not None:
        return card
    if raw[:1] in _MARKERS and raw[1:] in _SPELLINGS:
        return raw[0] + _SPELLINGS[raw[1:]]
    if raw.isascii():
        if raw.isalpha():
            return raw  # a word
        if raw.isdigit():
            return raw.lstrip("0") or "0"
    if raw[:1] == "(" and raw[-1:] == ")" and raw[1:-1] in _SPELLINGS:
        return "(" + _SPELLINGS[raw[1:-1]] + ")"
    return _canonical_runs(raw)


def _canonical_runs(raw: str) -> str:
    """canonical_token, run by run: what the one-run shortcuts above agree with."""
    out: list[str] = []
    depth = 0
    offset = 0
    for m in _run().finditer(raw):
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
            marked = _SPELLINGS.get(run[1:]) if run[0] in _MARKERS else None
            if marked is not None:
                out.append(run[0] + marked)
            elif run[0].isdigit() or any(ch in SUIT_SYMBOLS for ch in run):
                raise TokenError(_not_a_card(run), offset)
            else:
                out.append(run)
    if depth > 0:
        raise TokenError(f"'{shown(raw)}' opens a bracket it never closes", len(raw) - 1)
    return "".join(out)


def __getattr__(name: str) -> re.Pattern[str]:
    if name in _PATTERNS:
        pattern = globals()[name] = re.compile(_PATTERNS[name])
        return pattern
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _run() -> re.Pattern[str]:
    pattern: re.Pattern[str] = globals().get("_RUN") or __getattr__("_RUN")
    return pattern


def shown(raw: str, limit: int = 24) -> str:
    """A token as a message quotes it: cut short, so that a 10 MB token does not come
    back as a 10 MB message."""
    return raw if len(raw) <= limit else raw[: limit - 3] + "..."


def _not_a_card(run: str) -> str:
    return f"'{shown(run)}' is not a card: a card is a rank (A 2-9 T J Q K, or 10) and a suit (s h d c)"
