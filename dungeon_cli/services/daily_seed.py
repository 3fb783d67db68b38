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


class DailyStart(NamedTuple):
    """How ``play --daily`` starts at a terminal, or why it does not: the seed and
    ``Date`` to play, the record to write or to go on with, and a line to say first.
    ``status`` is not None when there is nothing to play (the day's game is over: 0, or
    its record is unusable: 1), with ``line`` saying why (on standard error for 1)."""

    seed: Optional[int]
    date: Optional[str]
    output: Optional[str]
    resume: Optional[str] = None
    line: Optional[str] = None
    status: Optional[int] = None


def daily_start(game: str, deal: Optional[str], seed: Optional[int], output: Optional[str], interactive: bool) -> DailyStart:
    """Today's deal of ``game`` (``seed`` is already the day's deal of the difficulty
    ``deal`` when one is asked). At a terminal without ``-o`` the day's game is kept
    where ``dungeon daily`` finds it: a game in progress there goes on, one that is over
    is said, and not played twice."""
    day = today()
    seed, date = seed_for(game, day) if deal is None else seed, f"{day:%Y-%m-%d}"
    if output is not None or not interactive:
        return DailyStart(seed, date, output)
    path = record_path(game, day, deal)
    found = kept(path)
    if found.status == "over":  # one game a day: say how it went
        return DailyStart(seed, date, output, line=f"today's {game} deal ({date}) is played: {found.text}", status=0)
    if found.status == "unusable":
        return DailyStart(seed, date, output, line=f"dungeon play: error: today's record: {found.text}", status=1)
    if found.status == "in progress":  # the day's game, where it was left
        return DailyStart(None, None, output, str(path), f"today's {game} deal ({day:%Y-%m-%d}), where you left it: {path}")
    path.parent.mkdir(parents=True, exist_ok=True)
    return DailyStart(seed, date, str(path))


def deal_seed(game: str, deal: str, variant: Optional[str], daily: bool) -> int:
    """``play --deal``: a seed of the difficulty from the game's table, today's (the same
    for every player) with ``--daily``, else any; ``deals.NoDeal`` when there is none."""
    from . import deals

    seeds = deals.seeds_for(game, deal, variant)
    return deals.daily(seeds, game, deal, today()) if daily else deals.pick(seeds)


def is_daily_record(path: str, game: str, deal: Optional[str] = None) -> bool:
    """The record at ``path`` is the day's file that ``play --daily`` goes on with."""
    return os.path.abspath(path) == os.path.abspath(record_path(game, today(), deal))
