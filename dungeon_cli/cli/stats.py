"""``dungeon stats``: a player's games over time, per game, variant, player or month."""

from __future__ import annotations

import sys
from typing import Optional

import click

from ..kit.terminal_text import safe
from .output import check_output, write_output
from .project import project_defaults
from .reading import RecordFiles
from .summary import complete_format, tally

BY = ("game", "variant", "player", "month")  # dungeon_cli.services.stats_table.BY, kept light for --help


@click.command()
@click.argument("files", nargs=-1, required=True, metavar="FILE|DIR... | -", type=click.Path(allow_dash=True))
@click.option(
    "--by",
    type=click.Choice(BY),
    multiple=True,
    help="Group by this (again for more: --by player --by month).  [default: game]",
)
@click.option(
    "--format",
    "fmt",
    default="simple",
    show_default=True,
    shell_complete=complete_format,
    help="Any tabulate format (simple, github, grid, pipe, ...), or json, or csv.",
)
@click.option(
    "--plot",
    type=click.Path(dir_okay=False),
    help="Also draw the win rate and accuracy by month, a line a player, as an SVG picture ('-': standard output).",
)
@click.option("--wide", is_flag=True, help="Every column, however wide the terminal (a pipe or a file always gets every one).")
@click.option("--force", is_flag=True, help="With --plot: replace the file if it exists.")
def stats(files: tuple[str, ...], by: tuple[str, ...], fmt: str, plot: Optional[str], wide: bool, force: bool) -> None:
    """Your games over time: per group of records (of each file, every *.dgn under a
    directory, or - for standard input), the games, wins, win rate with its 95%
    interval (Wilson), the mean treasure of RPG solitaire's games (a game played for
    its score: 0 when the hero did not escape), the longest runs of wins and of losses and the run at the end,
    and of the analysed records (written by `dungeon analyse -o`) the mean accuracy
    and the inaccuracies, mistakes and blunders, with the costliest of them (the class
    that lost the most points of winning chance). A month is the Date tag's; a player
    the Player tag's. Stats never analyses: a record with no Accuracy tag counts as
    not analysed.

    Finished legal games only are counted, a record at a time (any number of them);
    the records that do not verify are listed on stderr, as summary lists them.

    A drawn table (any tabulate format) holds at most 2,000 groups, as summary's holds
    2,000 records (more: exit 2, naming csv and json, which write any number).

    Exit status: 0 every record verifies, 1 any does not, 2 a usage error.
    """
    from ..services.stats_table import StatsRun
    from ..services.table_text import formats, left_out_note, terminal_width

    known = formats()
    if fmt not in known:
        raise click.BadParameter(f"'{fmt}' is not one of: {', '.join(known)}", param_hint="--format")
    files, _, _ = project_defaults("stats", files)
    if plot is not None:  # before the records are read, not after
        check_output(plot, force, inputs=files)
    run = StatsRun(by or ("game",), fmt, over_time=plot is not None)
    source = tally(run, RecordFiles("stats", files))
    aside = plot == "-"  # standard output holds the picture: the table goes to standard error
    text, left = run.table(None if wide else terminal_width(err=aside))
    if text:
        click.echo(text, err=aside)
    if left:
        click.echo(left_out_note(left), err=True)
    for line in run.closing():
        click.echo(line, err=True)
    if plot is not None and run.over_time is not None:
        from ..share.plot import trend_svg

        write_output(plot, trend_svg("games over time", run.over_time.table()), force, inputs=files)
        if not aside:
            click.echo(f"picture: {safe(plot)}")
    sys.exit(2 if source.unreadable else run.status)
