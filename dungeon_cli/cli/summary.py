"""``dungeon summary``: records as a table, one row each or one per group."""

from __future__ import annotations

import sys
from typing import Optional

import click

from .project import project_defaults
from .reading import NO_RECORD, RecordFiles


def complete_format(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    from ..services.summary_table import formats

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
    from ..services.referee import Referee
    from ..services.summary_table import (
        TABLE_ROWS,
        GroupTally,
        RecordRows,
        Spool,
        SummaryRow,
        formats,
        render,
        render_rows,
        streams,
        unreadable,
    )

    known = formats()
    if fmt not in known:
        raise click.BadParameter(f"'{fmt}' is not one of: {', '.join(known)}", param_hint="--format")
    files, _, _ = project_defaults("summary", files)  # a directory, card-sets: as verify takes them
    referee = Referee()
    # No row per record is held: the rows wait in a temporary file, the groups are tallies,
    # the problems wait in a temporary file too (said after the table, as ever).
    rows, groups, problems = RecordRows(), GroupTally(by or "game"), Spool()
    unfinished = 0

    def add(row: SummaryRow) -> None:
        nonlocal unfinished
        if not row.legal:
            problems.add(row.problem())
        if by:
            groups.add(row)
            unfinished += 1 if row.legal and not row.over else 0
            return
        rows.add(row)
        if not streams(fmt) and rows.count > TABLE_ROWS:
            click.echo(
                f"dungeon summary: error: more than {TABLE_ROWS:,} records: a {fmt} table is drawn whole, so it "
                f"holds at most {TABLE_ROWS:,} rows; --format csv or --format json write any number a row at a time "
                "(or --by, one row per group)",
                err=True,
            )
            sys.exit(2)

    source = RecordFiles("summary", files)
    for name, record in source:
        add(unreadable(name, 1, NO_RECORD) if record is None else SummaryRow(name, record, referee))
    if by:
        text = render(groups.table(), fmt)
        if text:
            click.echo(text)
    elif streams(fmt):
        for piece in render_rows(rows.items(), fmt):
            click.echo(piece, nl=False)
    else:
        text = render(list(rows.items()), fmt)
        if text:
            click.echo(text)
    for problem in problems:
        click.echo(f"does not verify: {problem}", err=True)
    if by:
        left_out = [f"{n} {what}" for n, what in ((unfinished, "unfinished"), (problems.count, "illegal")) if n]
        if left_out:
            click.echo(f"not counted: {', '.join(left_out)}", err=True)
    sys.exit(2 if source.unreadable else 1 if problems.count else 0)
