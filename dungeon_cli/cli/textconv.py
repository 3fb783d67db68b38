"""``dungeon textconv FILE``: the record as ``git diff`` should show it, for
``git config diff.dgn.textconv "dungeon textconv"``. The file is never changed."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from typing import Optional

import click

# git's copy of a blob: TMPDIR/git-blob-XXXXXX/name, or in older gits TMPDIR/XXXXXX_name
_GIT_COPY = re.compile(r"^[A-Za-z0-9]{6}_(.+)$")


@click.command()
@click.argument("file", metavar="FILE | -")
def textconv(file: str) -> None:
    """Print FILE in canonical DGN with the checkpoint on every move line (what
    fmt --annotate writes), without touching it. A broken record is shown as far as
    it goes, with its diagnostics as comments.

    Exit status: 0 printed, 2 the file could not be read.
    """
    from ..review.diff_text import textconv as convert
    from .project import project_settings
    from .reading import STDIN, Unreadable, open_binary

    project_settings("textconv", warn=True)  # git stops the whole diff at a textconv that fails: say it, go on

    try:
        with open_binary(file) as stream:
            convert(stream, sys.stdout, source=None if file == STDIN else where_in_repository(file))
    except Unreadable as exc:
        sys.stderr.write(f"dungeon textconv: error: {exc}\n")
        sys.exit(2)
    sys.stdout.flush()


def where_in_repository(path: str) -> Optional[str]:
    """The path a record's card set is looked up from. Git runs textconv at the top of
    the work tree, on the work tree's file or on a copy of the blob in a temporary
    directory, which holds nothing of the project's (and maybe someone else's
    ``mine.toml``): a copy (named as git names it) stands for the one file of the
    repository with its name
    (``git ls-files``), else for the top of the work tree (None: the working directory)."""
    here = os.path.realpath(os.curdir)
    if os.path.commonpath([here, os.path.realpath(path)]) == here:
        return path  # the work tree's own file, or a file the user named
    import tempfile

    real = os.path.realpath(path)
    parent, name = os.path.split(real)
    temp = os.path.realpath(tempfile.gettempdir())
    copy = _GIT_COPY.match(name)
    if parent == temp and copy is not None:  # older git: TMPDIR/XXXXXX_name
        name = copy.group(1)
    elif not (os.path.dirname(parent) == temp and os.path.basename(parent).startswith("git-blob-")):
        return path  # a file the user named, wherever it is (git 2.3x: TMPDIR/git-blob-XXXXXX/name)
    pattern = ":(glob)**/" + re.sub(r"([\\*?\[\]])", r"\\\1", name)
    try:
        done = subprocess.run(["git", "ls-files", "-z", "--", pattern], capture_output=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return None
    found = [p for p in done.stdout.decode("utf-8", "replace").split("\0") if p]
    return found[0] if done.returncode == 0 and len(found) == 1 else None
