"""Standard streams that are closed or cannot be written.

A process started with standard output closed (``>&-``) gets ``sys.stdout = None``, and
click then prints nothing and exits 0: the output is lost without a word. And the next
file the process opens would take descriptor 1, so that a stray print lands in it. So:
closed descriptors 0-2 are held on /dev/null, standard input reads as empty, standard
output refuses every write ("standard output is closed"), and at the end whatever is
still buffered is flushed while an error can still be said and change the exit status.
"""

from __future__ import annotations

import errno
import io
import os
import sys


class _Closed(io.TextIOBase):
    def __init__(self, name: str):
        self._name = name

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, "closed")

    def isatty(self) -> bool:
        return False

    def fileno(self) -> int:
        raise OSError(errno.EBADF, "closed")


def guard() -> None:
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            null = os.open(os.devnull, os.O_RDWR)
            if null != fd:
                os.dup2(null, fd)
                os.close(null)
    if sys.stdin is None:
        sys.stdin = open(os.devnull, encoding="utf-8")
    if sys.stdout is None:
        sys.stdout = _Closed("standard output")
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")


def finish(code: int) -> int:
    """Flush standard output; a failure is said, and turns success into status 2."""
    try:
        if sys.stdout is not None:
            sys.stdout.flush()
    except (OSError, ValueError) as exc:
        try:
            sys.stderr.write(f"dungeon: error: standard output: {getattr(exc, 'strerror', None) or exc}\n")
        except (OSError, ValueError):
            pass
        try:  # nothing more for the interpreter to flush (and fail on) at exit
            sys.stdout = open(os.devnull, "w")
        except OSError:
            pass
        return code or 2
    return code
