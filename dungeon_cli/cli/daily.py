"""``dungeon daily GAME``: today's seed of GAME, and whether this machine has a record
of that game."""

from __future__ import annotations

import datetime as _dt
import re
from typing import Optional

import click

from notation.tokens import shown

from ..plumbing.invoked import command
from .game_argument import ListsGames, game_argument


def _day(ctx: click.Context, param: click.Parameter, value: Optional[str]) -> Optional[_dt.date]:
    if value is None:
        return None
    try:
        if not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", value):
            raise ValueError
        return _dt.date.fromisoformat(value)
    except ValueError:
        raise click.BadParameter(f"'{shown(value)}' is not a date: YYYY-MM-DD") from None


@click.command(cls=ListsGames)
@game_argument()
@click.option("--date", "day", callback=_day, metavar="YYYY-MM-DD", help="Another day's deal (default: today, UTC).")
def daily(game: str, day: Optional[_dt.date]) -> None:
    """Print the seed of GAME's daily deal (the same for every player on a calendar day,
    UTC) and whether this machine has a record of it (kept by `dungeon play GAME --daily`).
    """
    from ..services import daily_seed as rule

    when = day or rule.today()
    seed = rule.seed_for(game, when)
    path = rule.record_path(game, when)
    kept = rule.kept(path)
    click.echo(f"{game} {when:%Y-%m-%d} (UTC): seed {seed}")
    click.echo(f"record: {kept.text}")
    if day is None and kept.status == "none":
        click.echo(f"play it: {command()} play {game} --daily")
    elif day is None and kept.status == "in progress":
        click.echo(f"go on with it: {command()} play {game} --daily")
    elif kept.status == "in progress":
        click.echo(f"go on with it: {command()} play --resume {path}")
