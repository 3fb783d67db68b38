"""The daily deal: one seed per game and calendar day (UTC), the same for every player,
so that players can compare the same game. The rule is documented in
docs/seeded-dealing.md and pinned by tests/cli/test_daily.py, since changing it would deal
every past day differently:

    seed = the first 4 bytes, big-endian, of SHA-256("dungeon daily GAME YYYY-MM-DD")

A hash, not the date as a number: neighbouring days and different games get unrelated
deals, and a player cannot guess tomorrow's from today's. UTC, so that a day's deal is
one deal worldwide, whatever the player's time zone.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import os
from pathlib import Path
from typing import NamedTuple, Optional


def seed_for(game: str, day: _dt.date) -> int:
    digest = hashlib.sha256(f"dungeon daily {game} {day:%Y-%m-%d}".encode()).digest()
    return int.from_bytes(digest[:4], "big")


def today() -> _dt.date:
    """Today in UTC (the day that names the deal)."""
    return _dt.datetime.now(_dt.UTC).date()


def record_path(game: str, day: _dt.date, deal: Optional[str] = None) -> Path:
    """Where ``play --daily`` keeps a day's game at a terminal, and where ``dungeon
    daily`` looks for it: one file per game and day in the user's data directory, so
    the day's game is found from any working directory; a day's deal of a difficulty
    (``--deal``) has its own."""
    from ..plumbing.user_data import data_dir

    kind = f"{deal}-" if deal else ""
    return data_dir() / "daily" / f"{game}-{kind}{day:%Y-%m-%d}.dgn"


class Kept(NamedTuple):
    """What this machine holds of a day's game: ``status`` is "none", "in progress",
    "over" or "unusable" (unreadable, not one record, not legal); ``text`` says it."""

    status: str
    text: str


def kept(path: Path) -> Kept:
    """The day's record at ``path``, judged as ``verify --seed-check`` would: what
    ``dungeon daily`` reports and what ``play --daily`` goes on with."""
    from notation import read

    from ..plumbing.inputs import Unreadable, open_binary
    from .referee import Referee

    if not os.path.lexists(path):
        return Kept("none", "none on this machine")
    try:
        with open_binary(str(path)) as stream:
            records = list(read(stream, source=str(path)))
    except Unreadable as exc:
        return Kept("unusable", str(exc))
    if len(records) != 1:
        return Kept("unusable", f"{path} (not one record)")
    verdict = Referee(seed_check=True).check(records[0])
    if not verdict.legal:
        return Kept("unusable", f"{path} (not legal: dungeon verify --seed-check {path})")
    if verdict.state is not None and verdict.state.is_over:
        return Kept("over", f"{path}: {verdict.result}")
    return Kept("in progress", f"{path}: in progress")
