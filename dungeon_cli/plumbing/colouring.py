"""Whether a stream gets colour, for every command: ``--color``/``--no-color`` first,
then never with ``NO_COLOR`` set (https://no-color.org) or ``TERM=dumb``, else on a
terminal only. Kept apart from the shell's painting (``shell/colour.py``) so that
``verify`` colours its messages without loading the shell."""

from __future__ import annotations

import os
from typing import TextIO

RED = "\x1b[31m"
YELLOW = "\x1b[33m"
BOLD = "\x1b[1m"
DIM = "\x1b[2m"
RESET = "\x1b[0m"

FORCED: "bool | None" = None  # --color / --no-color


def wanted(stream: TextIO) -> bool:
    if FORCED is not None:
        return FORCED
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def diagnostic(line: str, severity: str, on: bool) -> str:
    """``file:line:col: error: message`` with the place in bold and the severity in
    colour (red for an error, yellow otherwise), as compilers show theirs."""
    if not on:
        return line
    place, mark, message = line.partition(f": {severity}: ")
    if not mark:
        return line
    hue = RED if severity == "error" else YELLOW
    return f"{BOLD}{place}:{RESET} {hue}{BOLD}{severity}:{RESET} {message}"
