"""``dungeon daily GAME``: today's seed of GAME, and whether this machine has a record
of that game."""

from __future__ import annotations

import datetime as _dt
import os
import re
from typing import Optional

import click

from notation.tokens import shown

from .. import registry
from ..terminal_text import safe


def _day(ctx: click.Context, param: click.Parameter, value: Optional[str]) -> Optional[_dt.date]:
    if value is None:
        return None
    try:
        if not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", value):
            raise ValueError
        return _dt.date.fromisoformat(value)
    except ValueError:
        raise click.BadParameter(f"'{shown(value)}' is not a date: YYYY-MM-DD") from None


@click.command()
@click.argument("game", type=click.Choice(registry.names()))
@click.option("--date", "day", callback=_day, metavar="YYYY-MM-DD", help="Another day's deal (default: today, UTC).")
def daily(game: str, day: Optional[_dt.date]) -> None:
    """Print the seed of GAME's daily deal (the same for every player on a calendar day,
    UTC) and whether this machine has a record of it (kept by `dungeon play GAME --daily`).
    """
    from .. import daily as rule

    when = day or rule.today()
    seed = rule.seed_for(game, when)
    path = rule.record_path(game, when)
    click.echo(f"{game} {when:%Y-%m-%d} (UTC): seed {seed}")
    click.echo(f"record: {_played(path)}")
    if day is None:
        click.echo(f"play it: dungeon play {game} --daily")


def _played(path) -> str:
    from notation import read

    from ..inputs import Unreadable, open_binary
    from ..referee import Referee

    if not os.path.lexists(path):
        return "none on this machine"
    try:
        with open_binary(str(path)) as stream:
            records = list(read(stream, source=str(path)))
    except Unreadable as exc:
        return safe(str(exc))
    if len(records) != 1:
        return f"{path} (not one record)"
    verdict = Referee(seed_check=True).check(records[0])
    if not verdict.legal:
        return f"{path} (not legal: dungeon verify --seed-check {path})"
    if verdict.state is not None and verdict.state.is_over:
        return f"{path}: {verdict.result}"
    return f"{path}: in progress (dungeon play --resume {path})"
