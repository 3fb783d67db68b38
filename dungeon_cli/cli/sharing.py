"""The command line's side of sharing: ``replay --html`` and ``sim --plot`` read their
input, print what they did and choose the exit status here; the pages and pictures
themselves are made by ``dungeon_cli.share``, which knows nothing of the command line.

``replay --html`` writes the page whatever the records hold: an illegal record is shown
up to its fault, with the diagnostics, which are also printed as ``verify`` prints them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from notation import NO_RECORD

if TYPE_CHECKING:
    from ..services.sim_summary import OutcomeTally

import click

from notation.model import printable

from ..kit.terminal_text import safe
from .output import check_output, write_output
from .reading import Unreadable, display_name, open_binary


def write_html(file: str, out: str, force: bool) -> int:
    """Write the page; the exit status (0 every record legal, 1 not, 2 nothing written)."""
    from notation import read

    from ..plumbing import report
    from ..share.page import MAX_MOVES, build, page_moves

    name = display_name(file)
    check_output(out, force, inputs=(file,))  # before the records are read
    try:
        with open_binary(file) as stream:
            records = []
            moves = 0
            for record in read(stream, source=None if file == "-" else file):
                moves += page_moves(record)
                if moves > MAX_MOVES:  # refused before it is all held, let alone drawn
                    raise Unreadable(
                        f"{printable(name)}: holds more than {MAX_MOVES:,} moves: a page shows at most that many "
                        "(split the file, or replay it at the terminal)"
                    )
                records.append(record)
    except Unreadable as exc:
        click.echo(f"dungeon replay: error: {exc}", err=True)
        return 2
    if not records:
        click.echo(f"{safe(name)}:1:1: error: {NO_RECORD}", err=True)
        return 1
    text, replays = build(records, name)
    for rp in replays:
        for d in rp.verdict.diagnostics:
            click.echo(report.text_line(name, d), err=True)
    write_output(out, text, force, inputs=(file,))
    games = f"{len(records)} game" + ("s" if len(records) != 1 else "")
    shown = "standard output" if out == "-" else out
    click.echo(f"{safe(shown)}: {games}, {len(text.encode('utf-8')):,} bytes", err=out == "-")
    return 0 if all(rp.verdict.legal for rp in replays) else 1


def sim_picture(
    path: str,
    force: bool,
    game: str,
    bot: str,
    variant: Optional[str],
    seed: int,
    count: int,
    tally: OutcomeTally,
    deal: Optional[str] = None,
) -> None:
    """``sim --plot``: the picture of a finished run, written as a new file."""
    from ..share.plot import sim_svg

    name = game + (f" ({variant})" if variant else "")
    title = f"{name}, bot {bot}: {count:,} games"
    subtitle = f"seeds {seed} to {seed + count - 1}: dungeon sim {game} --bot {bot}" + (
        f" --variant {variant}" if variant else ""
    )
    subtitle += f" --games {count}" + (f" --seed {seed}" if seed else "")
    if deal:  # the table's deals of a difficulty, not a range of seeds
        subtitle = f"{deal} deals from seed {seed} on: dungeon sim {game} --bot {bot} --deal {deal} --games {count}" + (
            f" --seed {seed}" if seed else ""
        )
    write_output(path, sim_svg(title, tally.summary(), dict(tally.scores), subtitle), force)
    if path != "-":
        click.echo(f"picture: {safe(path)}")
