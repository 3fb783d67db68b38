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
@click.option(
    "--deal", type=click.Choice(["winnable", "easy", "hard"]), help="The day's deal of this difficulty, from the game's table."
)
def daily(game: str, day: Optional[_dt.date], deal: Optional[str] = None) -> None:
    """Print the seed of GAME's daily deal (the same for every player on a calendar day,
    UTC) and whether this machine has a record of it (kept by `dungeon play GAME --daily`).
    """
    from ..services import daily_seed as rule

    when = day or rule.today()
    if deal is None:
        seed = rule.seed_for(game, when)
    else:
        from ..services import deals

        try:
            seed = deals.daily(deals.seeds_for(game, deal), game, deal, when)
        except deals.NoDeal as exc:
            raise click.UsageError(str(exc)) from None
    path = rule.record_path(game, when, deal)
    kept = rule.kept(path)
    kind = f" {deal}" if deal else ""
    flag = f" --deal {deal}" if deal else ""
    click.echo(f"{game}{kind} {when:%Y-%m-%d} (UTC): seed {seed}")
    click.echo(f"record: {kept.text}")
    if day is None and kept.status == "none":
        click.echo(f"play it: {command()} play {game} --daily{flag}")
    elif day is None and kept.status == "in progress":
        click.echo(f"go on with it: {command()} play {game} --daily{flag}")
    elif kept.status == "in progress":
        click.echo(f"go on with it: {command()} play --resume {path}")
