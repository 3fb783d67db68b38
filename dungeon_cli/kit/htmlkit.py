"""The few drawing pieces every game's web board is made of: a card, a card back, a
die, a bar. All text goes through ``esc``, since much of what a page shows came from a
record, and a record is untrusted input (a Player tag can hold ``<script>``).

Suits and pips are SVG symbols defined once per page (``SYMBOLS``) and used by
reference, so a card costs about eighty bytes however often it is drawn, and no font
has to carry the suit glyphs.
"""

from __future__ import annotations

from html import escape
from typing import Any, Optional

from .cards import SUIT_NAMES, Card
from .terminal_text import safe_lines

RANK_WORDS = {0: "joker", 1: "ace", 11: "jack", 12: "queen", 13: "king"}


def esc(text: object) -> str:
    """Text for the page, made safe as for the terminal first (``terminal_text``: a
    U+202E in a tag would show ``gnp.exe`` as "exe.png"), then as HTML."""
    return escape(safe_lines(str(text)), quote=True)


def card_name(card: Card) -> str:
    if card.is_joker:
        return "joker"
    return f"{RANK_WORDS.get(card.rank, str(card.rank))} of {SUIT_NAMES[card.suit]}"


def card(c: Optional[Card], note: str = "") -> str:
    """A face-up card (``note``: a word under it, such as ``struck``); an empty place for None."""
    if c is None:
        return '<b class="k e" role="img" aria-label="none"></b>'
    label = card_name(c) + (f", {note}" if note else "")
    if c.is_joker:
        return f'<b class="k j" role="img" aria-label="{esc(label)}">JK<svg><use href="#x"/></svg></b>'
    rank = "10" if c.letter == "T" else c.letter
    red = " r" if c.suit in "hd" else ""
    return f'<b class="k{red}" role="img" aria-label="{esc(label)}">{rank}<svg><use href="#{c.suit}"/></svg></b>'


def back(count: int = 1, what: str = "face down") -> str:
    """A face-down pile; its count written on it when more than one."""
    label = f"{count} card{'s' if count != 1 else ''} {what}"
    shown = str(count) if count != 1 else ""
    return f'<b class="k b" role="img" aria-label="{esc(label)}">{shown}</b>'


def die(value: Optional[int], name: str = "", note: str = "") -> str:
    label = f"die {name} " if name else "die "
    label += (str(value) if value is not None else "not rolled") + (f", {note}" if note else "")
    inner = f'<use href="#d{value}"/>' if value is not None else ""
    mark = f"<i>{esc(name)}</i>" if name else ""
    return f'<span class="dw"><svg class="d" viewBox="0 0 10 10" role="img" aria-label="{esc(label)}">{inner}</svg>{mark}</span>'


def bar(value: int, most: int, label: str, tone: str = "health") -> str:
    """A bar: the value as a share of ``most``, and the numbers beside it. ``tone``:
    "health" turns red when a third or less is left, "bad" is red (a damage pile
    filling up), "count" is neutral (monsters defeated)."""
    share = max(0, min(value, most)) * 100 // max(1, most)
    low = {"health": " lo" if value * 3 <= most else "", "bad": " bad", "count": " n"}[tone]
    return (
        f'<span class="bar{low}"><svg viewBox="0 0 100 6" role="img" aria-label="{esc(label)} {value} of {most}">'
        f'<rect width="100" height="6"/><rect class="v" width="{share}" height="6"/></svg>'
        f"{esc(label)} {value}/{most}</span>"
    )


class Defs:
    """SVG drawings a page defines once and every board uses by reference
    (``<use href="#ID"/>``): a long game's boards repeat most of their drawing from
    move to move (an RPG room looks the same for dozens of moves), and a page of a
    60-move game must stay small. Same markup, same id."""

    def __init__(self, prefix: str = "u") -> None:
        self.prefix = prefix
        self.ids: dict[str, str] = {}

    def use(self, markup: str) -> str:
        """A reference to ``markup`` (an SVG element without an id of its own)."""
        ident = self.ids.get(markup)
        if ident is None:
            ident = self.ids[markup] = f"{self.prefix}{len(self.ids)}"
        return f'<use href="#{ident}"/>'

    def svg(self) -> str:
        """Every definition, for the page to hold once."""
        if not self.ids:
            return ""
        body = "".join(f'<g id="{ident}"{markup[2:]}' for markup, ident in self.ids.items())
        return f'<svg class="defs" aria-hidden="true">{body}</svg>'


def status(text: str) -> str:
    return f'<p class="st">{esc(text)}</p>'


def over(state: Any) -> str:
    """The result line of a finished game, else nothing."""
    from .core import Phase

    return status(f"game over: {state.result()}") if state.phase is Phase.OVER else ""


def row(title: str, body: str) -> str:
    return f'<div class="row"><h4>{esc(title)}</h4><div class="cards">{body}</div></div>'


# One definition per page: the four suits, a star for the joker, and the six die faces.
_PIPS: dict[int, list[tuple[float, float]]] = {
    1: [(5, 5)],
    2: [(3, 3), (7, 7)],
    3: [(3, 3), (5, 5), (7, 7)],
    4: [(3, 3), (7, 3), (3, 7), (7, 7)],
    5: [(3, 3), (7, 3), (5, 5), (3, 7), (7, 7)],
    6: [(3, 2.6), (7, 2.6), (3, 5), (7, 5), (3, 7.4), (7, 7.4)],
}


def _die_symbol(n: int) -> str:
    pips = "".join(f'<circle cx="{x}" cy="{y}" r="1"/>' for x, y in _PIPS[n])
    return f'<symbol id="d{n}" viewBox="0 0 10 10">{pips}</symbol>'


SYMBOLS = (
    '<svg class="defs" aria-hidden="true">'
    '<symbol id="s" viewBox="0 0 20 20"><path d="M10 1C7 6 2 8 2 12a4 4 0 0 0 7 2.5L8 19h4l-1-4.5A4 4 0 0 0 18 12c0-4-5-6-8-11z"/></symbol>'
    '<symbol id="h" viewBox="0 0 20 20"><path d="M10 18C4 13 1 10 1 6.5A4.5 4.5 0 0 1 10 4a4.5 4.5 0 0 1 9 2.5C19 10 16 13 10 18z"/></symbol>'
    '<symbol id="d" viewBox="0 0 20 20"><path d="M10 1l7 9-7 9-7-9z"/></symbol>'
    '<symbol id="c" viewBox="0 0 20 20"><circle cx="10" cy="5.5" r="4"/><circle cx="5" cy="11.5" r="4"/>'
    '<circle cx="15" cy="11.5" r="4"/><path d="M9 11h2l1.5 8h-5z"/></symbol>'
    '<symbol id="x" viewBox="0 0 20 20"><path d="M10 1l2.6 6 6.4.6-4.8 4.3 1.4 6.4L10 15l-5.6 3.3 1.4-6.4L1 7.6 7.4 7z"/></symbol>'
    + "".join(_die_symbol(n) for n in range(1, 7))
    + "</svg>"
)
