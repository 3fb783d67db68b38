"""``dungeon verify``: replay records and report every problem with its position."""

from __future__ import annotations

import functools
import os
import sys
from typing import Callable, Iterator, Sequence

import click

from notation import Diagnostic, Record

from ..plumbing import report
from ..services.verifying import Checking, FileCheck, Verified, check_files
from .project import project_defaults
from .reading import Directory


@click.command()
@click.argument("files", nargs=-1, metavar="[FILE|DIR... | -]", type=click.Path(allow_dash=True))
@click.option("--seed-check/--no-seed-check", default=None, help="Deals must be exactly what the record's Seed deals.")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json", "github"]),
    default=None,
    help="text (the default): file:line:col: error: message; json; github: workflow annotations.",
)
@click.option("-q", "--quiet", is_flag=True, help="Print nothing; the exit status tells.")
@click.option("-v", "--verbose", is_flag=True, help="Also print each record's result.")
@click.option(
    "--cards-path",
    "cards_path",
    multiple=True,
    type=Directory(),
    help="Look up card sets that records name under this directory (repeatable; default: each record's own directory).",
)
@click.option(
    "--jobs",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Processes to spread the files over (at most the CPUs there are).",
)
def verify(
    files: tuple[str, ...],
    seed_check: bool,
    fmt: str,
    quiet: bool,
    verbose: bool,
    cards_path: tuple[str, ...] = (),
    jobs: int = 1,
) -> None:
    """Check DGN records: notation, every deal and action, checkpoints and Result. With
    no FILE, the records under the current directory (as ruff and black: the project's
    include and exclude say which).

    Exit status: 0 every record is legal, 1 any is not, 2 a file could not be read.
    """
    here = not files  # no path: the current directory's records, named from it
    files, fmt, seed_check = project_defaults("verify", files or (os.curdir,), fmt=fmt, seed_check=seed_check)  # [tool.dungeon]
    if here:
        if files == (os.curdir,):  # none: as ruff says of a tree without Python files
            click.echo("dungeon verify: warning: no records under the current directory: nothing to check", err=True)
            sys.exit(0)
        files = tuple(os.path.relpath(path) if path.startswith(os.curdir + os.sep) else path for path in files)
    if cards_path:
        from ..kit.game_module import record_files_under

        with record_files_under(cards_path):
            _verify(files, seed_check, fmt, quiet, verbose, jobs)
        return
    _verify(files, seed_check, fmt, quiet, verbose, jobs)


def _verify(files: tuple[str, ...], seed_check: bool, fmt: str, quiet: bool, verbose: bool, jobs: int = 1) -> None:
    from ..plumbing.colouring import wanted

    out = sys.stdout
    # --color / --no-color, NO_COLOR, a terminal: decided here, for every process alike
    how = Checking(seed_check, fmt, quiet, verbose, wanted(out), wanted(sys.stderr), _puzzle_check)
    verified = Verified()
    for done in _checked(functools.partial(check_files, files, how), len(files), 1 if "-" in files else jobs):
        for checked in done:  # standard input is read here
            out.write(checked.out)
            sys.stderr.write(checked.err)
            verified.add(checked)
    if fmt == "json" and not quiet:  # -q prints nothing, whatever the format
        report.dump_json(verified.as_json(), out)
    elif verbose and not quiet:
        sys.stderr.write(verified.summary() + "\n")
    out.flush()
    sys.exit(verified.status)


def _puzzle_check(record: Record) -> list[Diagnostic]:
    """A legal record that is a puzzle is held to its puzzle too (only a puzzle pays for
    the import)."""
    if record.tag_value("Puzzle") is None:
        return []
    from ..shell.puzzle import check

    return check(record)


def _checked(check: Callable[[Sequence[int]], list[FileCheck]], count: int, jobs: int) -> Iterator[list[FileCheck]]:
    """Each chunk of files checked, in the files' order: here, or spread over ``jobs``
    processes as ``sim --jobs`` spreads its seeds (workers.spread)."""
    if jobs <= 1 or count <= 1:  # one process (the commonest case pays no import of workers)
        yield check(range(count))
        return
    from ..plumbing.workers import chunks, spread, usable_cpus

    jobs = min(jobs, count, usable_cpus())  # --jobs 2**63 was an OverflowError traceback; the output is the same
    if jobs <= 1:
        yield check(range(count))
        return

    yield from spread(check, check, lambda row: row, chunks(range(count), jobs, most=50), jobs)
