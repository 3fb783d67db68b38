"""``dungeon replay``: the board after every move of a record, or one move, or step by step."""

from __future__ import annotations

import os
import sys
from typing import Optional

import click

from ..kit.terminal_text import safe
from .reading import display_name


@click.command()
@click.argument("file", metavar="FILE | -", type=click.Path(allow_dash=True))
@click.option(
    "--move",
    "number",
    type=click.IntRange(min=0),
    help="Only the board after move N (0: the table before move 1, after the deal: line if there is one).",
)
@click.option("--step", is_flag=True, help="Step through the moves with keys (n next, p back, g first, G last, q quit).")
@click.option(
    "--html",
    "html",
    type=click.Path(dir_okay=False),
    help="Write the replay as one self-contained web page ('-': standard output).",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False),
    help="With --step: save the record with the lines tried ('t') in this new file (default: GAME-DATE.dgn here).",
)
@click.option("--force", is_flag=True, help="With --html or -o: replace the file if it exists.")
def replay(file: str, number: Optional[int], step: bool, html: Optional[str], output: Optional[str], force: bool) -> None:
    """Show the board after every move of the records in FILE, with the move that led
    there. An illegal record is shown up to its faulty move, then the diagnostic.

    Records are shown one at a time (with --move too), so a file of any number of them
    takes the memory of its largest; --step keeps every page to go back and forth, and
    takes at most 100 records (more: exit 2).

    Exit status: 0 every record is legal, 1 any is not, 2 a usage error (no such file,
    no such move).
    """
    from ..shell.colour import Paint
    from ..shell.replaying import Replaying, ReplayStop
    from .project import project_settings

    project_settings("replay")  # a card set kept in the project's card-sets
    _check_usage(number, step, html, output, force)
    if html is not None:
        from .sharing import write_html

        sys.exit(write_html(file, html, force))
    if output is not None:
        _check_output(file, output, force)
    if step and number is not None:
        raise click.UsageError("--step starts at the first move; it cannot take --move")
    if step and not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise click.UsageError("--step needs a terminal")
    run = Replaying(file, display_name(file), Paint.for_stream(sys.stdout))
    try:
        for text in run.stepped(output, force) if step else run.boards(number):
            click.echo(text, color=run.paint.on or None)  # click strips escapes in a pipe
    except ReplayStop as exc:
        click.echo(str(exc), err=True)
        sys.exit(2)
    sys.exit(run.status)


def _check_usage(number: Optional[int], step: bool, html: Optional[str], output: Optional[str], force: bool) -> None:
    """The options that do not go together, said in the order they are met."""
    if output is not None and not step:
        raise click.UsageError("-o keeps the lines tried with --step: it goes with --step")
    if html is not None and (step or number is not None):
        raise click.UsageError("--html writes every move of every record: it cannot take --step or --move")
    if html is None and force and output is None:
        raise click.UsageError("--force goes with --html or -o")


def _check_output(file: str, output: str, force: bool) -> None:
    """``-o`` is a new file (or, with --force, one to replace), never FILE itself: said
    before the stepper starts, exit 2."""
    if output == "-":
        raise click.UsageError("-o names a file for the lines tried: the terminal shows the stepper")
    why = None
    if file != "-" and os.path.realpath(output) == os.path.realpath(file):
        why = "is the record stepped through: the lines tried go to a new file (-o), never into it"
    elif not force and os.path.lexists(output):
        why = "exists already: --force replaces it"
    elif not os.path.isdir(os.path.dirname(os.path.abspath(output))):
        why = "cannot be written: its directory is not a directory"
    if why is not None:
        click.echo(f"dungeon replay: error: {safe(output)} {why}", err=True)
        sys.exit(2)
