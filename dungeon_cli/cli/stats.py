"""``dungeon stats``: a player's games over time, per game, variant, player or month."""

from __future__ import annotations

import sys
from typing import Optional

import click

from ..kit.terminal_text import safe
from .project import project_defaults
from .reading import NO_RECORD, RecordFiles
from .summary import complete_format

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
    from ..services.referee import Referee
    from ..services.stats_table import Groups, PlayedGame
    from ..services.summary_table import (
        TABLE_ROWS,
        Spool,
        formats,
        left_out_note,
        render_fitted,
        streams,
        terminal_width,
        unreadable,
    )

    known = formats()
    if fmt not in known:
        raise click.BadParameter(f"'{fmt}' is not one of: {', '.join(known)}", param_hint="--format")
    files, _, _ = project_defaults("stats", files)
    if plot is not None:  # before the records are read, not after
        from .output import check_output

        check_output(plot, force, inputs=files)
    referee = Referee()
    groups = Groups(by or ("game",))
    over_time = Groups(("player", "month")) if plot is not None else None
    problems = Spool()
    unfinished = 0
    source = RecordFiles("stats", files)
    for name, record in source:
        if record is None:
            problems.add(unreadable(name, 1, NO_RECORD).problem())
            continue
        game = PlayedGame(name, record, referee)
        if not game.row.legal:
            problems.add(game.row.problem())
        elif not game.row.over:
            unfinished += 1
        else:
            groups.add(game)
            if over_time is not None:
                over_time.add(game)
            if not streams(fmt) and len(groups.groups) > TABLE_ROWS:  # as summary's drawn table (it drew any number)
                click.echo(
                    f"dungeon stats: error: more than {TABLE_ROWS:,} groups: a {fmt} table is drawn whole, so it holds "
                    f"at most {TABLE_ROWS:,} rows; --format csv or --format json write any number",
                    err=True,
                )
                sys.exit(2)
    aside = plot == "-"  # standard output holds the picture: the table goes to standard error
    width = None if wide else terminal_width(err=aside)
    text, left = render_fitted(groups.table(), fmt, width, STATS_SHORT, STATS_DROP)
    if text:
        click.echo(text, err=aside)
    if left:
        click.echo(left_out_note(left), err=True)
    for problem in problems:
        click.echo(f"does not verify: {problem}", err=True)
    left_out = [f"{n} {what}" for n, what in ((unfinished, "unfinished"), (problems.count, "illegal")) if n]
    if left_out:
        click.echo(f"not counted: {', '.join(left_out)}", err=True)
    if plot is not None and over_time is not None:
        from ..share.plot import trend_svg
        from .output import write_output

        write_output(plot, trend_svg("games over time", over_time.table()), force, inputs=files)
        if not aside:
            click.echo(f"picture: {safe(plot)}")
    sys.exit(2 if source.unreadable else 1 if problems.count else 0)


# At a terminal narrower than the table: shorter headings first, then these columns left
# out, the least telling first (issue 40: 200 columns in a 120-column terminal)
STATS_SHORT = {
    "best streak": "best run",
    "worst streak": "worst run",
    "streak": "run",
    "inaccuracies": "?!",
    "mistakes": "?",
    "blunders": "??",
    "points lost": "lost",
    "mean treasure": "treasure",
}
STATS_DROP = (
    "points lost",
    "costliest",
    "ci low",
    "ci high",
    "inaccuracies",
    "blunders",
    "streak",
    "worst streak",
    "best streak",
    "mean treasure",
)
