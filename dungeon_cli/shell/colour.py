"""Colour on a terminal only: red hearts and diamonds, damage, warnings.

Off when the stream is not a terminal or ``NO_COLOR`` is set to anything but empty
(https://no-color.org). Renders stay plain text; colour is laid over them here, by
spotting DGN card spellings, so every game's render gets it unchanged.
"""

from __future__ import annotations

import re
from typing import TextIO

from ..plumbing.colouring import BOLD, DIM, RED, RESET, YELLOW, wanted

_RED_CARD = re.compile(r"(?<![0-9A-Za-z])(x?\(?)([2-9TJQKA][hd])(?![0-9A-Za-z])")
_DAMAGE = re.compile(r"\b(\d+ damage)\b")

__all__ = ["BOLD", "DIM", "RED", "RESET", "YELLOW", "Paint", "wanted"]


class Paint:
    """Colours text when ``on``; otherwise gives it back unchanged. ``picture``: the
    board is drawn as a picture (``shell/board.py``: suit symbols when ``symbols``, a
    health bar), as it is on a terminal."""

    def __init__(self, on: bool, picture: bool = False, symbols: bool = False):
        self.on = on
        self.picture = picture
        self.symbols = symbols

    @classmethod
    def for_stream(cls, stream: TextIO) -> "Paint":
        """What a stream can show: on a terminal a picture, in colour and with suit
        symbols unless NO_COLOR is set or the encoding lacks them; elsewhere plain text."""
        from .board import symbols_fit

        colour = wanted(stream)
        try:
            terminal = stream.isatty()
        except (AttributeError, ValueError):
            terminal = False
        return cls(colour, picture=terminal, symbols=colour and symbols_fit(stream))

    def board(self, text: str) -> str:
        """A board for the terminal: escaped first (a card set's names, a record's tags
        are someone else's text), whoever printed it."""
        from ..kit.terminal_text import safe_lines

        text = safe_lines(text)
        if self.picture:
            from .board import picture

            return picture(text, self.symbols, self.on)
        if not self.on:
            return text
        text = _RED_CARD.sub(lambda m: f"{m.group(1)}{RED}{m.group(2)}{RESET}", text)
        return _DAMAGE.sub(lambda m: f"{YELLOW}{m.group(1)}{RESET}", text)

    def warning(self, text: str) -> str:
        return f"{RED}{text}{RESET}" if self.on else text

    def strong(self, text: str) -> str:
        return f"{BOLD}{text}{RESET}" if self.on else text

    def faint(self, text: str) -> str:
        return f"{DIM}{text}{RESET}" if self.on else text
