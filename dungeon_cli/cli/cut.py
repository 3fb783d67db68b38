"""``dungeon cut FILE --at MOVE[.ACTION]``: the position a record reaches there, as a
new record that starts from it and goes on as the game did (services/cutting.py)."""

from __future__ import annotations

import sys
from typing import Optional

import click

from ..kit.terminal_text import safe, safe_lines
from .output import check_output, write_output
from .reading import STDIN, display_name, first_record


@click.command()
@click.argument("file", metavar="FILE | -", type=click.Path(allow_dash=True))
@click.option(
    "--at",
    "at",
    required=True,
    metavar="MOVE[.ACTION]",
    help="Where: 7 (before move 7's deal) or 7.2 (in move 7, after its deal and two actions; 7.0: after its deal).",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, allow_dash=True),
    help="Write the record to this new file ('-': standard output, the default).",
)
@click.option("--force", is_flag=True, help="Let -o replace an existing file (atomically, keeping its mode and owner).")
def cut(file: str, at: str, output: Optional[str], force: bool) -> None:
    """Write the position the first record of FILE reaches at MOVE or MOVE.ACTION as
    a record of its own: a [Position "..."] tag with the whole state, then the moves
    that followed (from inside a turn: MOVE... and the rest of that turn). It replays
    to the same end as the record it was cut from. A seeded record's piles are written
    in the order its seed deals them; a record played at a table gives them as sets.

    \b
    dungeon cut game.dgn --at 7          before move 7
    dungeon cut game.dgn --at 7.1 -o from-here.dgn

    Exit status: 0 written, 1 the record is illegal, 2 a usage error (no such file, no
    such point of the record).
    """
    from notation import write

    from ..services.cutting import CutError, parse_point
    from ..services.cutting import cut as cut_at
    from .project import project_settings

    try:
        point = parse_point(at)
    except ValueError as exc:
        raise click.BadParameter(safe(str(exc)), param_hint="--at") from None
    if output == "-":
        output = None
    if output is not None:
        check_output(output, force, record=True, inputs=(file,))
    project_settings("cut")  # a card set kept in the project's card-sets
    name = display_name(file)
    record = first_record(file, name, source=None if file == STDIN else file)
    try:
        piece, _ = cut_at(record, point)
    except CutError as exc:
        click.echo(f"{safe(name)}: error: {safe(exc.message)}", err=True)
        sys.exit(1 if "not legal" in exc.message else 2)
    text = write([piece])
    if output is None:  # a terminal is shown the record made safe; a pipe gets it as it is
        sys.stdout.write(safe_lines(text) if sys.stdout.isatty() else text)
        sys.stdout.flush()
        return
    write_output(output, text, force, record=True, inputs=(file,))
