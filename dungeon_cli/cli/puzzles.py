"""``dungeon puzzles``: puzzles from the mistakes in a player's analysed records."""

from __future__ import annotations

import sys

import click

from .output import check_output, write_output
from .project import project_defaults
from .reading import RecordFiles


@click.command()
@click.argument("files", nargs=-1, required=True, metavar="FILE|DIR... | -", type=click.Path(allow_dash=True))
@click.option(
    "-o",
    "--output",
    required=True,
    type=click.Path(dir_okay=False, allow_dash=True),
    help="The file of puzzles to write ('-': standard output).",
)
@click.option("--force", is_flag=True, help="Replace the output file if it exists.")
def puzzles(files: tuple[str, ...], output: str, force: bool) -> None:
    """Puzzles from your own mistakes: every decision of the analysed records (written
    by `dungeon analyse -o`) classed a mistake or a blunder whose better choice is
    clearly better (for a game with a solver: proven better, the deal known in full)
    becomes a puzzle, a record of the position and the better choice's line
    (notation/SPEC.md, "Puzzles"). Only seeded records make puzzles. Ask them with
    `dungeon play --puzzles FILE`; `dungeon verify FILE` checks them.

    Exit status: 0 written, 1 a record does not verify (listed on stderr; the others
    are used), 2 a usage error.
    """
    from ..shell.puzzle_run import PuzzleRun

    given = files  # as typed (a directory stays one), for the command a message suggests
    files, _, _ = project_defaults("puzzles", files)
    check_output(output, force, record=True, inputs=files)  # before the solving, not after
    run = PuzzleRun()
    source = RecordFiles("puzzles", files)
    for name, record in source:
        run.add(name, record)
    for line in run.problem_lines():
        click.echo(line, err=True)
    if source.unreadable:
        sys.exit(2)
    if run.texts:
        write_output(output, "\n".join(run.texts), force, record=True, inputs=files)
    click.echo(run.closing(output, given or files), err=True)
    sys.exit(run.status)
