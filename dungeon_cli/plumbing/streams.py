"""Standard streams that are closed or cannot be written.

A process started with standard output closed (``>&-``) gets ``sys.stdout = None``, and
click then prints nothing and exits 0: the output is lost without a word. And the next
file the process opens would take descriptor 1, so that a stray print lands in it. So:
closed descriptors 0-2 are held on /dev/null, standard input reads as empty, standard
output refuses every write ("standard output is closed"), and at the end whatever is
still buffered is flushed while an error can still be said and change the exit status.

A reader that goes away early (``dungeon verify -v out/ | head -1``) is not an error and
not a verdict: the output stops there, silently, with status 141 (128 + SIGPIPE), the
status a shell gives ``git log | head``'s git, so ``set -o pipefail`` can tell it from 0
and from 1 ("an illegal record"). An exit status rather than dying of the signal itself:
the interpreter still unwinds, so a temporary file is removed and a worker stopped.
"""

from __future__ import annotations

import errno
import io
import os
import signal
import sys
from typing import IO

# Whether this process is the ``dungeon`` command (``cli.main`` says so) or a host that
# runs it in-process (a test run, a program embedding click's command). A command turns
# SIGTERM, SIGHUP or Ctrl-C into an exception while it has something to clean up (a
# temporary file, a game's record); in a host, the signal was the host's, and once the
# cleanup is done it is handed back to the host's own handler (``hand_back``), which
# ends a test run as a SIGTERM to it should. The command itself exits 128+N.
STANDALONE = False


def hand_back(signum: int) -> None:
    """In a host, the signal ``signum`` again, now that the command's cleanup is done and
    the host's handler is back in place; nothing in the ``dungeon`` command itself."""
    if not STANDALONE:
        signal.raise_signal(signum)


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


def shown(text: str, stream: IO[str]) -> str:
    """``text`` as it may be written to ``stream``: unchanged into a file or a pipe (a
    record written there must be the record, byte for byte), and at a terminal with every
    control and format character of each line escaped (``\\x1b``, ``\\u202e``): a record
    is someone else's text, and its tags and comments may hold terminal escapes."""
    try:
        terminal = stream.isatty()
    except (ValueError, OSError):  # closed
        terminal = False
    if not terminal:
        return text
    from notation.model import printable

    return "\n".join(printable(line) for line in text.split("\n"))


CLOSED_PIPE = 141


def closed_pipe() -> int:
    """The status for a reader that went away; what is still buffered, and anything
    written after, goes to /dev/null (as the Python documentation advises), so that the
    interpreter's last flush does not fail again."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, sys.stdout.fileno())
        finally:
            os.close(null)
    except (OSError, ValueError, AttributeError):
        pass
    return CLOSED_PIPE


def finish(code: int) -> int:
    """Flush standard output; a failure is said, and turns success into status 2."""
    try:
        if sys.stdout is not None:
            sys.stdout.flush()
    except BrokenPipeError:
        return closed_pipe()
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
