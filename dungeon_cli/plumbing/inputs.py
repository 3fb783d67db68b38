"""The one door every file from outside comes in by: records, card sets, settings.

A record, a card set or a pyproject.toml may come from a hostile tree (a pull request
that git diff, pre-commit or CI reads), so what any command reads passes the same
checks here rather than each command's own: ``-`` (or ``/dev/stdin``, which a user
types on purpose) is standard input; anything else must be a regular file, so that a
FIFO never hangs a command and ``/dev/zero`` never fills the memory; a size cap where
the reader holds the whole file; TOML nested deeper than any real file (tomllib
recurses, and 500 levels in one kilobyte are a RecursionError). Every refusal is an
``Unreadable`` whose message names the path terminal-safe, for the command to print
as its diagnostic and exit 2. The line limit of a DGN file is the notation reader's
(``notation.MAX_LINE_BYTES``), since the notation knows no files.
"""

from __future__ import annotations

import errno
import os
import stat
import sys
from contextlib import contextmanager
from typing import IO, Any, BinaryIO, Generator, Optional

from notation.model import printable

STDIN = "-"
# Names that mean standard input when the user types them (issue 25: `cards check
# /dev/stdin`). Only these literal names: a planted symlink to /dev/stdin is not a request.
STDIN_NAMES = (STDIN, "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0")
MB = 1 << 20
MAX_TOML_BYTES = MB  # a settings file or a card set is a few kilobytes
MAX_TOML_DEPTH = 64  # arrays and inline tables inside each other; tomllib recurses


class Unreadable(Exception):
    """A path that names no file that can be read: a usage error (exit 2)."""


def is_stdin(path: str) -> bool:
    return path in STDIN_NAMES


def display_name(path: str) -> str:
    return "<stdin>" if is_stdin(path) else path


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _refusal(shown: str, exc: OSError, what: str) -> Unreadable:
    if exc.errno == errno.ENOENT:
        return Unreadable(f"{shown}: no such file")
    if exc.errno == errno.EACCES or exc.errno == errno.EPERM:
        return Unreadable(f"{shown}: permission denied")
    if exc.errno == errno.ELOOP:
        return Unreadable(f"{shown}: a loop of symbolic links, not a {what}")
    return Unreadable(f"{shown}: cannot be read ({exc.strerror or exc})")


@contextmanager
def open_binary(path: str, what: str = "DGN file", max_bytes: Optional[int] = None) -> Generator[BinaryIO, None, None]:
    """``path`` opened for reading, or Unreadable. A FIFO, a device or a directory is
    refused without waiting on it (opened non-blocking, then looked at), and a file over
    ``max_bytes`` is refused before it is read."""
    if is_stdin(path):
        yield sys.stdin.buffer
        return
    shown = printable(path)  # a name may hold a line end or an escape
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0))
    except IsADirectoryError:
        raise Unreadable(f"{shown}: is a directory, not a {what}") from None
    except OSError as exc:
        raise _refusal(shown, exc, what) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            readable = os.access(path, os.R_OK | os.X_OK)
            raise Unreadable(
                f"{shown}: is a directory{'' if readable else ' that cannot be read (permission denied)'}, not a {what}"
            )
        if not stat.S_ISREG(info.st_mode):
            raise Unreadable(f"{shown}: is {_kind(info.st_mode)}, not a {what}")
        if max_bytes is not None and info.st_size > max_bytes:
            raise Unreadable(f"{shown}: is {_size(info.st_size)}: a {what} here is at most {_size(max_bytes)}")
        os.set_blocking(fd, True)
        handle = os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise
    with handle:
        note_input(handle)  # an input of this run is never one of its outputs
        yield handle


def read_bytes(path: str, what: str, max_bytes: int) -> bytes:
    """The whole of a small file (standard input too), or Unreadable when it is over
    ``max_bytes`` (a file that grows while read is caught too)."""
    with open_binary(path, what, max_bytes) as stream:
        try:
            data = stream.read(max_bytes + 1)
        except OSError as exc:
            raise _refusal(printable(display_name(path)), exc, what) from None
    if len(data) > max_bytes:
        raise Unreadable(f"{printable(display_name(path))}: is over {_size(max_bytes)}: a {what} here is at most that")
    return data


def read_text(path: str, what: str, max_bytes: int = MAX_TOML_BYTES) -> str:
    """A small UTF-8 text file (a card set, a settings file), or Unreadable. A byte-order
    mark at its start is no part of the text, as the notation reads a record (an editor
    on Windows may save one)."""
    data = read_bytes(path, what, max_bytes)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise Unreadable(f"{printable(display_name(path))}: is not UTF-8 text") from None


def loads_toml(text: str) -> dict[str, Any]:
    """``tomllib.loads`` with a nesting limit: a TOMLDecodeError "(at line L, column C)",
    as tomllib words its own, where arrays, inline tables or the parts of a dotted key nest
    deeper than MAX_TOML_DEPTH (instead of a RecursionError, or minutes and gigabytes)."""
    import tomllib

    deep = _too_deep(text)
    if deep is not None:
        raise tomllib.TOMLDecodeError(
            f"arrays, tables or a dotted key's parts nested more than {MAX_TOML_DEPTH} deep (at line {deep[0]}, column {deep[1]})"
        )
    try:
        return tomllib.loads(text)
    except RecursionError:  # the count above missed a way to nest: still a message
        raise tomllib.TOMLDecodeError(f"arrays and tables nested more than {MAX_TOML_DEPTH} deep") from None


_KEY_RUN = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_- \t")


def _too_deep(text: str) -> Optional[tuple[int, int]]:
    """Where ``[`` and ``{`` outside strings and comments first nest past the limit, or a
    dotted key (``a.a.a = 1``, ``[a.a.a]``: a table in a table, each part one level) takes
    them past it: tomllib is quadratic in a dotted key's parts (20,000 of them, 40 KB, are
    over a gigabyte). A key's parts are bare words or strings joined by dots; a number
    holds one dot at most, so no value is taken for a deep key."""
    depth = 0
    dots = 0  # the dots of the dotted key (or number) being read
    line, line_start = 1, 0
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch == ".":
            dots += 1
            if depth + dots >= MAX_TOML_DEPTH:
                return line, i - line_start + 1
            i += 1
            continue
        if ch not in _KEY_RUN and ch not in "\"'":
            dots = 0
        if ch == "\n":
            line, line_start = line + 1, i + 1
        elif ch == "#":
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        elif ch in "\"'":
            quote = ch * 3 if text.startswith(ch * 3, i) else ch
            j = i + len(quote)
            while j < n and not text.startswith(quote, j):
                if ch == '"' and text[j] == "\\":
                    j += 1
                elif text[j] == "\n":
                    if len(quote) == 1:
                        break  # an unclosed one-line string: tomllib says so
                    line, line_start = line + 1, j + 1
                j += 1
            i = j + len(quote)
            continue
        elif ch in "[{":
            depth += 1
            if depth > MAX_TOML_DEPTH:
                return line, i - line_start + 1
        elif ch in "]}":
            depth = max(0, depth - 1)
        i += 1
    return None


def _size(n: int) -> str:
    return f"{n / MB:.1f} MB" if n >= MB else f"{n:,} bytes"


def noted_inputs() -> Optional[set[tuple[int, int]]]:
    """The files this run has read, kept with the run (click's context), so that a
    command run in-process after another never mistakes the other's inputs for its own."""
    import click

    ctx = click.get_current_context(silent=True)
    if ctx is None:
        return None
    noted: set[tuple[int, int]] = ctx.find_root().meta.setdefault("dungeon_cli.plumbing.inputs", set())
    return noted


def note_input(source: str | IO[Any]) -> None:
    """``source`` (a path, or an open file) is an input of this run: never an output."""
    noted = noted_inputs()
    if noted is None:
        return
    try:
        st = os.stat(source) if isinstance(source, str) else os.fstat(source.fileno())
    except (OSError, ValueError):
        return
    if stat.S_ISREG(st.st_mode):
        noted.add((st.st_dev, st.st_ino))


def rewritten(path: str) -> None:
    """``path`` was read to be edited (git-setup adds a line to .gitattributes): the one
    input this run may replace."""
    noted = noted_inputs()
    if noted is None:
        return
    try:
        st = os.stat(path)
    except OSError:
        return
    noted.discard((st.st_dev, st.st_ino))
