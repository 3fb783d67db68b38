"""``dungeon summary``: records as a table, one row each or one per group."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Optional

import click

from .project import project_defaults
from .reading import RecordFiles

if TYPE_CHECKING:
    from ..services.summary_table import TableRun


def complete_format(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    from ..services.table_text import formats

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

    Any number of records: csv and json are written a row at a time and --by keeps only
    the groups' tallies; a drawn table (the other formats) sizes its columns from every
    row, so it is drawn for at most 2,000 records (more: exit 2, naming csv and json).

    Exit status: 0 every record verifies, 1 any does not (they are listed on stderr),
    2 a usage error.
    """
    from ..services.summary_table import SummaryRun
    from ..services.table_text import formats

    known = formats()
    if fmt not in known:
        raise click.BadParameter(f"'{fmt}' is not one of: {', '.join(known)}", param_hint="--format")
    files, _, _ = project_defaults("summary", files)  # a directory, card-sets: as verify takes them
    run = SummaryRun(by, fmt)
    source = tally(run, RecordFiles("summary", files))
    for piece in run.pieces():
        click.echo(piece, nl=False)
    for line in run.closing(counted=bool(by)):
        click.echo(line, err=True)
    sys.exit(2 if source.unreadable else run.status)


def tally(run: TableRun, source: RecordFiles) -> RecordFiles:
    """Every record of ``source`` added to ``run`` (no row per record is held); a drawn
    table asked for more rows than it holds stops the command (exit 2)."""
    from ..services.summary_table import TooManyRows

    try:
        for name, record in source:
            run.add(name, record)
    except TooManyRows as exc:
        click.echo(str(exc), err=True)
        sys.exit(2)
    return source
