"""The board on a terminal as a picture: suit symbols (♠ ♥ ♦ ♣) in place of suit
letters, red hearts and diamonds, and a health bar, laid over each game's text render
(``render.py`` draws the layout: Clear the Dungeon's columns, the RPG map with you on
it), so play and replay show the same picture without any game knowing of it.

Only on a terminal: in a pipe the board stays the plain text scripts and tests read.
The symbols need an encoding that has them and are left out under ``NO_COLOR`` (a user
who asks for no colour usually asks for plain text), with the ASCII letters as the
fallback; a card keeps its width either way, so columns stay aligned. Move lines keep
their DGN spelling: what is shown as a move can be typed or pasted as one.
"""

from __future__ import annotations

import re
from typing import TextIO

SYMBOLS = {"s": "\u2660", "h": "\u2665", "d": "\u2666", "c": "\u2663"}
FULL, EMPTY = "\u2588", "\u2591"

_CARD = re.compile(r"(?<![0-9A-Za-z])([2-9TJQKA])([shdc])(?![0-9A-Za-z])")
_HEALTH = re.compile(r"\bhealth (\d+)/(\d+)")
_MOVE_LINE = re.compile(r"\s*(?:\d+\.|deal:)")
_DAMAGE = re.compile(r"\b(\d+ damage)\b")

RED = "\x1b[31m"
GREEN = "\x1b[32m"
YELLOW = "\x1b[33m"
DIM = "\x1b[2m"
RESET = "\x1b[0m"
BAR_CELLS = 20


def symbols_fit(stream: TextIO) -> bool:
    """Whether the stream's encoding can write the suit symbols and the bar."""
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        "".join(SYMBOLS.values()).encode(encoding)
        (FULL + EMPTY).encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def health_bar(value: int, most: int, symbols: bool, colour: bool) -> str:
    cells = min(most, BAR_CELLS)
    full = round(cells * max(0, min(value, most)) / most) if most > 0 else 0
    if symbols:
        filled, rest = FULL * full, EMPTY * (cells - full)
    else:
        filled, rest = "#" * full, "." * (cells - full)
    if colour:
        tone = RED if value * 3 <= most else GREEN
        filled = f"{tone}{filled}{RESET}" if filled else ""
        rest = f"{DIM}{rest}{RESET}" if rest else ""
    return f"{filled}{rest}" if symbols else f"[{filled}{rest}]"


def picture(text: str, symbols: bool, colour: bool) -> str:
    out = []
    for line in text.split("\n"):
        if _MOVE_LINE.match(line):
            out.append(_cards(line, False, colour))
            continue
        line = _HEALTH.sub(lambda m: f"{m.group(0)} {health_bar(int(m.group(1)), int(m.group(2)), symbols, colour)}", line)
        line = _cards(line, symbols, colour)
        if colour:
            line = _DAMAGE.sub(lambda m: f"{YELLOW}{m.group(1)}{RESET}", line)
        out.append(line)
    return "\n".join(out)


def spelled(text: str, symbols: bool) -> str:
    """``text``'s cards as the board spells them: with suit symbols when ``symbols``
    (9♣), else as typed (9c). The completion menu's descriptions use it, so that they
    and ``help`` spell a card alike."""
    return _cards(text, symbols, False) if symbols else text


def _cards(line: str, symbols: bool, colour: bool) -> str:
    def card(m: re.Match[str]) -> str:
        rank, suit = m.group(1), m.group(2)
        text = rank + (SYMBOLS[suit] if symbols else suit)
        return f"{RED}{text}{RESET}" if colour and suit in "hd" else text

    return _CARD.sub(card, line)
