"""``dungeon puzzles``: puzzles from the mistakes in a player's analysed records."""

from __future__ import annotations

import shlex
import sys
from collections import Counter

import click

from ..kit.terminal_text import safe
from ..plumbing.invoked import command
from .output import check_output, write_output
from .project import project_defaults
from .reading import NO_RECORD, RecordFiles


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
    from ..services.referee import Referee
    from ..services.summary_table import Spool, unreadable
    from ..shell.mistakes import NOT_ANALYSED
    from ..shell.mistakes import puzzles as made_from

    given = files  # as typed (a directory stays one), for the command a message suggests
    files, _, _ = project_defaults("puzzles", files)
    check_output(output, force, record=True, inputs=files)  # before the solving, not after
    referee = Referee()
    problems = Spool()
    skipped: Counter[str] = Counter()
    texts: list[str] = []
    records = 0
    source = RecordFiles("puzzles", files)
    for name, record in source:
        if record is None:
            problems.add(unreadable(name, 1, NO_RECORD).problem())
            continue
        verdict = referee.check(record)
        if not verdict.legal:
            d = verdict.diagnostics[0]
            problems.add(f"{safe(name)}:{d.line}:{d.col}: {d.severity}: {d.message}")
            continue
        records += 1
        texts.extend(made_from(record, skipped))
    for problem in problems:
        click.echo(f"does not verify: {problem}", err=True)
    if source.unreadable:
        sys.exit(2)
    why = "; ".join(f"{n} {reason}" for reason, n in sorted(skipped.items()))
    left_out = f" (left out: {why})" if why else ""
    if texts:
        write_output(output, "\n".join(texts), force, record=True, inputs=files)
        shown = "standard output" if output == "-" else safe(output)
        click.echo(f"{shown}: {len(texts)} puzzle(s) from {records} record(s){left_out}", err=True)
    else:
        if records and skipped[NOT_ANALYSED] == records:  # the usual first try: games just played
            first = f"{command()} analyse {' '.join(shlex.quote(f) for f in given or files)} -o analysed.dgn"
            then = f"{command()} puzzles analysed.dgn -o {shlex.quote(output)}"
            click.echo(
                f"no puzzle from {records} record(s): none is analysed{left_out}; "
                f"puzzles come from analysed records: {safe(first)}, then {safe(then)}",
                err=True,
            )
        else:
            click.echo(f"no puzzle from {records} record(s){left_out}: nothing written", err=True)
    sys.exit(1 if problems.count else 0)
