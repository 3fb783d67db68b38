"""``--limit`` of ``solve`` and ``analyse``, one syntax for both: a time (``30s``,
``2m``) or a number of positions searched (``500000``, ``500k``, ``2M``)."""

from __future__ import annotations

import re
from typing import Optional

import click

from ..kit.terminal_text import safe

_LIMIT = re.compile(r"([0-9]+(?:\.[0-9]+)?)\s*(s|m|k|M|nodes)?")
HELP = "a time (30s, 2m) or a number of positions (500000, 500k)"


def parse_limit(text: str) -> tuple[Optional[int], Optional[float]]:
    """(positions, None) or (None, seconds); a usage error for anything else (``nan``,
    ``inf``, ``-1`` and ``1e9`` included: only digits are read)."""
    m = _LIMIT.fullmatch(text.strip())
    if m is None:
        raise click.BadParameter(f"'{safe(text)}' is not a limit: write {HELP}", param_hint="--limit")
    if len(m.group(1)) > 15:  # past any search anyone waits for; float() would overflow
        raise click.BadParameter(f"'{safe(text[:20])}...' is not a limit: at most 15 digits", param_hint="--limit")
    number, unit = float(m.group(1)), m.group(2)
    if unit == "s":
        return None, number
    if unit == "m":
        return None, number * 60
    scale = {"k": 1_000, "M": 1_000_000}.get(unit or "", 1)
    return max(1, int(number * scale)), None
