"""``dungeon fmt``: rewrite records in canonical DGN, black-style.

A file is rewritten only when ``dungeon verify`` finds nothing wrong in it (notation,
game, words and rules), so fmt never rewrites a file it did not fully understand, and
the rewrite goes through a temporary file renamed over the original, so an interrupted
run never leaves half a file. Diagnostics go to stderr: stdout carries only formatted
text or diffs, so ``dungeon fmt - < a > b`` never puts an error message into ``b``.
"""

from __future__ import annotations

import os
import sys

import click

from ..plumbing.report import Report, WriteBack
from ..services.formatting import format_file
from .project import project_defaults
from .reading import STDIN


@click.command()
@click.argument("files", nargs=-1, required=True, metavar="FILE|DIR... | -", type=click.Path(allow_dash=True))
@click.option("--check", is_flag=True, help="Change nothing; exit 1 if a file would change.")
@click.option("--diff", is_flag=True, help="Change nothing; print what would change as a diff.")
@click.option("--annotate", is_flag=True, help="Write the full checkpoint after every move.")
def fmt(files: tuple[str, ...], check: bool, diff: bool, annotate: bool) -> None:
    """Write DGN files in canonical form (in place; '-' reads stdin, writes stdout).

    Exit status: 0 done (or nothing to change), 1 a file would change under --check or
    has errors and was left alone, 2 a file could not be read or written (a symlink is
    followed, under a DIR only if it stays in DIR; a FIFO, a device, a file with several hard links or a read-only one is
    never replaced, and neither is a file that changed while it was formatted).
    """
    trees = [f for f in files if f != STDIN and os.path.isdir(f)]
    files, _, _ = project_defaults("fmt", files)  # [tool.dungeon]: a directory is its records
    write_back = WriteBack.from_options(check, diff)
    report = Report(sys.stderr, would=not write_back.writes, check=check)
    for path in files:
        format_file(path, write_back, annotate, trees, report, sys.stdout)
    if not (len(files) == 1 and files[0] == STDIN):
        report.say(report.summary())
    sys.exit(report.status)
