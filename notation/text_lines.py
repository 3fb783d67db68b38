"""Bytes to lines: where a DGN file stops being bytes.

Every record of every command is read through here, so the plain case (UTF-8 text with
``\\n`` line ends, no line near the limit) is taken a block at a time: one decode and
one split for 64 KB of lines, where a line at a time cost a read, three tests and a
decode each (3% of a verify). Anything else (a byte-order mark, ``\\r\\n``, a NUL, bytes
that are not UTF-8, a line longer than the limit) is handed to the line-at-a-time
reader, which says what is wrong where; both give the same lines, held to each other by
a property test. Memory stays flat: at most a block and one line's length are held.
"""

from __future__ import annotations

import io
from typing import BinaryIO, Callable, Final, Iterator, Optional, Protocol

from .model import Diagnostic

MAX_LINE_BYTES: Final = 65536
BOM: Final = b"\xef\xbb\xbf"
BLOCK: Final = 1 << 16

Line = tuple[int, Optional[str], Optional[Diagnostic]]


class FileError(Exception):
    """The input is not DGN text at all (binary data): reading it further makes no sense."""


class _Readable(Protocol):
    def readline(self, size: int = -1, /) -> bytes: ...


def physical_lines(stream: BinaryIO, block: int = BLOCK) -> Iterator[Line]:
    """Yield ``(line number, text, None)`` or ``(line number, None, problem)`` per line."""
    # A buffered stream's read1: what it has (a pipe's lines as they come), up to a block.
    read: Callable[[int], bytes] = stream.read1 if isinstance(stream, io.BufferedIOBase) else stream.read
    lineno = 0
    carry = b""  # the start of a line whose end is not read yet
    while True:
        chunk = read(block)
        if not chunk:
            if carry:  # the last line, without a line end
                yield from _one_by_one(io.BytesIO(carry), lineno)
            return
        data = carry + chunk if carry else chunk
        end = data.rfind(b"\n")
        if end < 0:
            carry = data
            if len(carry) > MAX_LINE_BYTES:  # a line past the limit: skipped without holding it
                yield from _one_by_one(_Joined(carry, stream), lineno)
                return
            continue
        head, carry = data[:end], data[end + 1 :]
        lines = _plain(head, lineno)
        if lines is None:
            yield from _one_by_one(io.BytesIO(head + b"\n"), lineno)
            lineno += head.count(b"\n") + 1
        else:
            for text in lines:
                lineno += 1
                yield lineno, text, None
        if len(carry) > MAX_LINE_BYTES:
            yield from _one_by_one(_Joined(carry, stream), lineno)
            return


def _plain(head: bytes, lineno: int) -> Optional[list[str]]:
    """The lines of ``head`` (whole lines, their ends cut) when nothing in them needs a
    word said or a byte cut; None otherwise."""
    if b"\0" in head or b"\r" in head or (lineno == 0 and head.startswith(BOM)):
        return None
    try:
        lines = head.decode("utf-8").split("\n")
    except UnicodeDecodeError:
        return None
    # A line of at most a quarter of the limit in characters is within it in bytes.
    if len(head) > MAX_LINE_BYTES and max(map(len, lines)) > MAX_LINE_BYTES // 4:
        return None
    return lines


class _Joined:
    """Bytes already read, then the rest of the stream: one stream to read lines from."""

    def __init__(self, start: bytes, rest: BinaryIO):
        self.start = io.BytesIO(start)
        self.rest = rest

    def readline(self, size: int = -1, /) -> bytes:
        part = self.start.readline(size)
        if part.endswith(b"\n") or (size >= 0 and len(part) >= size):
            return part
        return part + self.rest.readline(size - len(part) if size >= 0 else -1)


def _one_by_one(stream: _Readable, lineno: int) -> Iterator[Line]:
    """The lines of ``stream`` numbered on from ``lineno``, a line at a time, each
    problem said where it is."""
    while True:
        raw = stream.readline(MAX_LINE_BYTES + 1)
        if not raw:
            return
        lineno += 1
        if len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n") and b"\0" not in raw:
            total = len(raw)
            while True:  # skip the rest of the over-long line without holding it
                chunk = stream.readline(1 << 20)
                total += len(chunk)
                if not chunk or chunk.endswith(b"\n"):
                    total -= len(chunk) - len(chunk.rstrip(b"\r\n"))  # the line end is no part of it
                    break
            yield (
                lineno,
                None,
                Diagnostic(lineno, 1, f"line is {total} bytes long: a DGN line holds at most {MAX_LINE_BYTES} bytes"),
            )
            continue
        if lineno == 1 and raw.startswith(BOM):
            raw = raw[len(BOM) :]
        if raw.endswith(b"\n"):
            raw = raw[:-1]
        if raw.endswith(b"\r"):
            raw = raw[:-1]
        nul = raw.find(b"\0")
        if nul >= 0:
            col = len(raw[:nul].decode("utf-8", "replace")) + 1
            yield lineno, None, Diagnostic(lineno, col, "binary data (a NUL byte): this is not a DGN text file")
            raise FileError("binary")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            col = len(raw[: exc.start].decode("utf-8", "replace")) + 1
            yield lineno, None, Diagnostic(lineno, col, f"invalid UTF-8 (byte 0x{raw[exc.start]:02x}): DGN files are UTF-8 text")
            continue
        yield lineno, text, None
