"""The daily deal: one seed per game and calendar day (UTC), the same for every player,
so that players can compare the same game. The rule is documented in
docs/seeded-dealing.md and pinned by tests/test_daily.py, since changing it would deal
every past day differently:

    seed = the first 4 bytes, big-endian, of SHA-256("dungeon daily GAME YYYY-MM-DD")

A hash, not the date as a number: neighbouring days and different games get unrelated
deals, and a player cannot guess tomorrow's from today's. UTC, so that a day's deal is
one deal worldwide, whatever the player's time zone.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
from pathlib import Path


def seed_for(game: str, day: _dt.date) -> int:
    digest = hashlib.sha256(f"dungeon daily {game} {day:%Y-%m-%d}".encode()).digest()
    return int.from_bytes(digest[:4], "big")


def today() -> _dt.date:
    """Today in UTC (the day that names the deal)."""
    return _dt.datetime.now(_dt.UTC).date()


def record_path(game: str, day: _dt.date) -> Path:
    """Where ``play --daily`` keeps a day's game at a terminal, and where ``dungeon
    daily`` looks for it: one file per game and day in the user's data directory, so
    the day's game is found from any working directory."""
    from .shell.paths import data_dir

    return data_dir() / "daily" / f"{game}-{day:%Y-%m-%d}.dgn"
