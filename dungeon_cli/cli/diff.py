"""``dungeon diff``: where two records' games part, and what it cost.

Exit status as ``diff``'s: 0 the same games, 1 different, 2 trouble. Run by git as an
external diff driver (seven arguments) it exits 0 on a difference too, since git stops
at a driver that exits otherwise ("external diff died").
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Optional

import click

if TYPE_CHECKING:
    from .diffargs import Operands


@click.command()
@click.argument("files", nargs=-1, required=True, metavar="A B")
@click.option("--all", "every", is_flag=True, help="Every differing move line after the first too.")
@click.option(
    "--context", "-U", type=click.IntRange(min=0), default=0, show_default=True, help="Move lines shown around each difference."
)
@click.option(
    "--by",
    type=click.Choice(["order", "seed"]),
    default=None,
    help="Pair the records of two files by their order (default) or by Seed.",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json", "github"]),
    default=None,
    help="text (default, or [tool.dungeon] format); json; github: workflow annotations.",
)
@click.option(
    "--merge",
    is_flag=True,
    help="Write A's record with B's line as a variation from the move where they part (games of one deal only).",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, allow_dash=True),
    help="With --merge: write the record to this new file ('-': standard output, the default).",
)
@click.option("--force", is_flag=True, help="With --merge: let -o replace an existing file (atomically).")
def diff(
    files: tuple[str, ...],
    every: bool,
    context: int,
    by: str,
    fmt: Optional[str],
    merge: bool,
    output: Optional[str],
    force: bool,
) -> None:
    """Compare the games two DGN files hold, not their spelling: for two games of one
    deal, the turn where they part, the board there, each side's move and its
    consequence, and each side's outcome.

    Records with variations are compared by their main lines. With --merge, one
    record is written instead: A's, with B's line as a variation of A's move where
    the two part (for each pair of records, by --by).

    Also git's external diff driver (the seven arguments git passes; see dungeon
    git-setup), which exits 0 on a difference, as git requires.

    \b
    dungeon diff mine.dgn yours.dgn
    dungeon diff --merge mine.dgn yours.dgn -o both.dgn

    Exit status: 0 the same games (--merge: written), 1 different (--merge: a record
    is not legal), 2 trouble (a file could not be read; --merge: not games of one deal).
    """
    from ..review.run import comparisons, write
    from .diffargs import Trouble, operands
    from .project import project_settings

    _check_merge(merge, len(files), every or bool(context) or fmt is not None, output is not None or force)
    try:
        ops = operands(files)
        if merge:
            project_settings("diff")
            sys.exit(_merge(ops, by or "order", output, force))
        fmt, by = _settings(ops.git, fmt, by)
        if ops.unmerged is not None:  # git names a path in conflict: nothing to compare
            from notation.model import printable

            sys.stdout.write(f"* Unmerged path {printable(ops.unmerged)}\n")
            sys.exit(0)
        found = comparisons(ops.a.name, ops.a.records(), ops.b.name, ops.b.records(), by)  # one pair at a time
        status = write(
            found, sys.stdout, fmt, every, context, names=(ops.a.name, ops.b.name), annotated=ops.annotated, git=ops.git
        )
    except Trouble as exc:
        sys.stdout.flush()
        sys.stderr.write(f"{exc}\n")
        sys.exit(2)
    sys.stdout.flush()
    sys.exit(0 if ops.git else status)


def _check_merge(merge: bool, files: int, shows: bool, writes: bool) -> None:
    """--merge takes two files and writes a record (no options of the shown diff,
    ``shows``); -o and --force (``writes``) go with it alone."""
    if merge:
        if files != 2:
            raise click.UsageError(f"--merge takes two files, A and B, not {files}")
        if shows:
            raise click.UsageError("--merge writes a record: it takes no --all, --context or --format")
    elif writes:
        raise click.UsageError("-o and --force go with --merge")


def _settings(git: bool, fmt: Optional[str], by: Optional[str]) -> tuple[str, str]:
    """The format and the pairing of records, the options' or else the project's settings'."""
    from .project import project_settings

    # Run by git, a settings file that cannot be used is said and the diff goes on, as
    # textconv does: git stops the whole diff at a driver that fails.
    settings = project_settings("diff", warn=git)
    # Run by git, the diff is read at a terminal whatever format CI wants by default.
    return fmt or ("text" if git else settings.get("format", "text")), by or settings.get("diff-by", "order")


def _merge(ops: "Operands", by: str, output: Optional[str], force: bool) -> int:
    """``--merge``: each pair of records as one, written once every pair is merged."""
    from notation import write

    from ..kit.terminal_text import safe, safe_lines
    from ..review.merge import MergeRefused, merged
    from .output import check_output, write_output

    if output == "-":
        output = None
    inputs = (ops.a.path, ops.b.path)
    if output is not None:
        check_output(output, force, record=True, inputs=inputs)
    try:
        records = list(merged(ops.a.name, ops.a.records(), ops.b.name, ops.b.records(), by))
    except MergeRefused as exc:
        click.echo(f"dungeon diff: error: {safe(exc.message)}", err=True)
        return exc.status
    text = write(records)
    if output is None:  # a terminal is shown the record made safe; a pipe gets it as it is
        sys.stdout.write(safe_lines(text) if sys.stdout.isatty() else text)
        sys.stdout.flush()
        return 0
    write_output(output, text, force, record=True, inputs=inputs)
    return 0
