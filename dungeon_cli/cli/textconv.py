"""``dungeon textconv FILE``: the record as ``git diff`` should show it, for
``git config diff.dgn.textconv "dungeon textconv"``. The file is never changed."""

from __future__ import annotations

import sys

import click


@click.command()
@click.argument("file", metavar="FILE | -")
def textconv(file: str) -> None:
    """Print FILE in canonical DGN with the checkpoint on every move line (what
    fmt --annotate writes), without touching it. A broken record is shown as far as
    it goes, with its diagnostics as comments.

    Exit status: 0 printed, 2 the file could not be read.
    """
    from ..review.textconv import textconv as convert
    from .inputs import STDIN, Unreadable, open_binary
    from .project import project_settings

    project_settings("textconv", warn=True)  # git stops the whole diff at a textconv that fails: say it, go on

    try:
        with open_binary(file) as stream:
            convert(stream, sys.stdout, source=None if file == STDIN else file)
    except Unreadable as exc:
        sys.stderr.write(f"dungeon textconv: error: {exc}\n")
        sys.exit(2)
    sys.stdout.flush()
