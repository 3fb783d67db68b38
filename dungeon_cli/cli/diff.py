"""``dungeon diff``: where two records' games part, and what it cost.

Exit status as ``diff``'s: 0 the same games, 1 different, 2 trouble. Run by git as an
external diff driver (seven arguments) it exits 0 on a difference too, since git stops
at a driver that exits otherwise ("external diff died").
"""

from __future__ import annotations

import sys
from typing import Optional

import click


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
def diff(files: tuple[str, ...], every: bool, context: int, by: str, fmt: Optional[str]) -> None:
    """Compare the games two DGN files hold, not their spelling: for two games of one
    deal, the turn where they part, the board there, each side's move and its
    consequence, and each side's outcome.

    Also git's external diff driver (the seven arguments git passes; see dungeon
    git-setup), which exits 0 on a difference, as git requires.

    Exit status: 0 the same games, 1 different, 2 trouble (a file could not be read).
    """
    from ..review.run import comparisons, write
    from .diffargs import Trouble, operands
    from .project import project_settings

    try:
        ops = operands(files)
        # Run by git, a settings file that cannot be used is said and the diff goes on, as
        # textconv does: git stops the whole diff at a driver that fails.
        settings = project_settings("diff", warn=ops.git)
        # Run by git, the diff is read at a terminal whatever format CI wants by default.
        fmt = fmt or ("text" if ops.git else settings.get("format", "text"))
        by = by or settings.get("diff-by", "order")
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
