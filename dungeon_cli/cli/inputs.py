"""Opening the files a command is given: paths, ``-`` for standard input, and the
usage errors (exit 2) for what cannot be read at all."""

from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from typing import BinaryIO, Iterator

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
    if os.path.isdir(path):
        raise Unreadable(f"{path}: is a directory, not a DGN file")
    try:
        handle = open(path, "rb")
    except FileNotFoundError:
        raise Unreadable(f"{path}: no such file") from None
    except PermissionError:
        raise Unreadable(f"{path}: permission denied") from None
    except OSError as exc:
        raise Unreadable(f"{path}: cannot be read ({exc.strerror})") from None
    with handle:
        yield handle
