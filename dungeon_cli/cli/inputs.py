"""Opening the files a command is given: paths, ``-`` for standard input, and the
usage errors (exit 2) for what cannot be read at all."""

from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from typing import BinaryIO, Iterator

from notation.model import printable

STDIN = "-"


class Unreadable(Exception):
    """A path that names no readable file: a usage error."""


def display_name(path: str) -> str:
    return "<stdin>" if path == STDIN else path


@contextmanager
def open_binary(path: str) -> Iterator[BinaryIO]:
    if path == STDIN:
        yield sys.stdin.buffer
        return
    shown = printable(path)  # a name may hold a line end or an escape
    if os.path.isdir(path):
        raise Unreadable(f"{shown}: is a directory, not a DGN file")
    try:
        handle = open(path, "rb")
    except FileNotFoundError:
        raise Unreadable(f"{shown}: no such file") from None
    except PermissionError:
        raise Unreadable(f"{shown}: permission denied") from None
    except OSError as exc:
        raise Unreadable(f"{shown}: cannot be read ({exc.strerror})") from None
    with handle:
        yield handle


def expand(paths) -> list[str]:
    """The files a command is given, a directory standing for every ``*.dgn`` under it
    (as black and ruff walk theirs): sorted, hidden directories and files skipped,
    symlinked directories not followed. A directory without one stays as it is, so
    that opening it says so."""
    out: list[str] = []
    for path in paths:
        if path == STDIN or not os.path.isdir(path):
            out.append(path)
            continue
        found = []
        for root, dirs, files in os.walk(path):
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            found += [os.path.join(root, f) for f in sorted(files) if f.endswith(".dgn") and not f.startswith(".")]
        out.extend(found or [path])
    return out
