"""``dungeon summary``: records as a table, one row each or one per group."""

from __future__ import annotations

import sys
from typing import Optional

import click

from .inputs import Unreadable, display_name, open_binary
from .project import project_defaults


def complete_format(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    from ..shell.summary import formats

    return [f for f in formats() if f.startswith(incomplete)]


@click.command()
@click.argument("files", nargs=-1, required=True, metavar="FILE|DIR... | -", type=click.Path(allow_dash=True))
@click.option("--by", type=click.Choice(["game", "player", "variant"]), help="One row per group instead of per record.")
@click.option(
    "--format",
    "fmt",
    default="simple",
    show_default=True,
    shell_complete=complete_format,
    help="Any tabulate format (simple, github, grid, pipe, ...), or json, or csv.",
)
def summary(files: tuple[str, ...], by: Optional[str], fmt: str) -> None:
    """One row per record (of each file, every *.dgn under a directory, or - for
    standard input): file, game, variant, player, date, result, score, moves and the
    game's telling figures; with --by, records, wins, win rate, and the mean, median and
    best score of the wins and of the losses apart, per group (finished legal games
    only).

    Exit status: 0 every record verifies, 1 any does not (they are listed on stderr),
    2 a usage error.
    """
    from notation import read

    from ..referee import Referee
    from ..shell.summary import Row, formats, group_table, record_table, render, unreadable

    known = formats()
    if fmt not in known:
        raise click.BadParameter(f"'{fmt}' is not one of: {', '.join(known)}", param_hint="--format")
    files, _, _ = project_defaults("summary", files)  # a directory, card-sets: as verify takes them
    referee = Referee()
    rows: list[Row] = []
    usage_error = False
    for path in files:
        name = display_name(path)
        try:
            with open_binary(path) as stream:
                found = [Row(name, record, referee) for record in read(stream, source=None if path == "-" else path)]
        except Unreadable as exc:
            click.echo(f"dungeon summary: error: {exc}", err=True)
            usage_error = True
            continue
        if not found:
            found = [unreadable(name, 1, 'no record in this file: a record starts with [Game "..."]')]
        rows.extend(found)
    table = group_table(rows, by) if by else record_table(rows)
    text = render(table, fmt)
    if text:
        click.echo(text)
    bad = [row for row in rows if not row.legal]
    for row in bad:
        click.echo(f"does not verify: {row.problem()}", err=True)
    if by:
        unfinished = sum(1 for row in rows if row.legal and not row.over)
        left_out = [f"{n} {what}" for n, what in ((unfinished, "unfinished"), (len(bad), "illegal")) if n]
        if left_out:
            click.echo(f"not counted: {', '.join(left_out)}", err=True)
    sys.exit(2 if usage_error else 1 if bad else 0)
