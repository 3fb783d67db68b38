"""The progress line of a long run (``sim``, ``solve --seeds``, ``analyse``): on standard
error, and only when standard error is a terminal, redrawn in place: done/total, the
share, the time so far and an estimate of the time left.

A pipe, a file or a program reading JSON never sees it: standard output is never
written, and standard error only at a terminal, where a person waits. It is drawn at
most ``EVERY`` seconds (a run of a million playouts takes in a chunk every
millisecond), and wiped before anything else is written to the terminal, so a table or
a message never lands in the middle of it.
"""

from __future__ import annotations

import sys
import time
from typing import Optional, TextIO

EVERY = 0.2  # seconds between two drawings, at least
WIPE = "\r\x1b[K"  # to the line's start, and the line cleared


def wanted(stream: Optional[TextIO] = None) -> bool:
    """Whether a progress line belongs on ``stream`` (standard error): a terminal only."""
    stream = stream or sys.stderr
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # closed, or no stream at all
        return False


class Progress:
    """``done`` of ``total`` (things named by ``unit``), drawn when ``shown``."""

    def __init__(self, total: int, label: str, unit: str = "", stream: Optional[TextIO] = None):
        self.stream = stream or sys.stderr
        self.shown = wanted(self.stream) and total > 0  # nothing to count: no line
        self.total, self.label, self.unit = max(0, total), label, unit
        self.done = 0
        self.began = time.monotonic()
        self.drawn_at = 0.0
        self.on_screen = False

    def __enter__(self) -> "Progress":
        self.draw()
        return self

    def __exit__(self, *exc: object) -> None:
        self.wipe()

    def advance(self, n: int = 1) -> None:
        self.done += n
        if self.shown and (time.monotonic() - self.drawn_at >= EVERY or self.done >= self.total):
            self.draw()

    def line(self) -> str:
        """What is drawn: ``playing 1,200/10,000 games 12%  0:03 so far, about 0:22 left``."""
        elapsed = time.monotonic() - self.began
        total = max(self.total, self.done)
        share = self.done / total if total else 1.0
        unit = f" {self.unit}" if self.unit else ""
        if self.done and total > self.done:
            left = f"about {_clock(elapsed * (total - self.done) / self.done)} left"
        elif self.done >= total:
            left = "done"
        else:
            left = "estimating the time left"
        return f"{self.label} {self.done:,}/{total:,}{unit} {100 * share:.0f}%  {_clock(elapsed)} so far, {left}"

    def draw(self) -> None:
        if not self.shown:
            return
        self.drawn_at = time.monotonic()
        # on the screen before it is written: a Ctrl-C whose handler runs between the two
        # wipes the line (a wipe of an empty line is nothing) rather than writing its
        # message on the end of it
        self.on_screen = True
        self._write(WIPE + self.line())

    def wipe(self) -> None:
        """The line taken off the terminal, before other output (it comes back at the
        next drawing)."""
        if self.on_screen:
            self._write(WIPE)
            self.on_screen = False

    def _write(self, text: str) -> None:
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):  # the terminal went away: the run goes on without it
            self.shown = False


def _clock(seconds: float) -> str:
    """1:05, or 2:03:07 past an hour."""
    seconds = int(seconds)
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
