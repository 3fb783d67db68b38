"""The protocol's messages read off a stream, each in bounded memory: the header lines
(``Content-Length: N``), a blank line, then N bytes of JSON. The editor is a program
like any other that hands the server input, so this is the language server's door in:
a header line is at most ``MAX_HEADER_BYTES``, a message at most ``MAX_MESSAGE_BYTES``
(a document the server reads is at most ``document.MAX_DOCUMENT_BYTES``, well under it,
so an over-long document still arrives and is told so). A message over the limit is
read through in chunks and dropped, a header that cannot be read is dropped, and the
next message is read as usual: nothing a stream holds ends the server but its end.

No pygls here: ``server.serve`` hands each message this yields to pygls' protocol.
"""

from __future__ import annotations

import re
from typing import BinaryIO, Iterator, NamedTuple, Optional

MB = 1 << 20
MAX_HEADER_BYTES = 4096  # a header line: "Content-Length: N" or "Content-Type: ..."
MAX_MESSAGE_BYTES = 8 * MB
_CHUNK = 1 << 16
_LENGTH = re.compile(rb"content-length[ \t]*:[ \t]*([0-9]{1,20})[ \t]*\r?\n?", re.IGNORECASE)
_ID = re.compile(rb'"id"\s*:\s*(-?[0-9]{1,15}|"(?:[^"\\]|\\.){0,200}")')


class Incoming(NamedTuple):
    """One message: its ``body``, or why there is none (``problem``) and, for a message
    dropped for its size, the ``id`` its first bytes give (JSON), so a request is answered."""

    body: Optional[bytes]
    problem: str = ""
    id: Optional[bytes] = None


def frames(stream: BinaryIO, max_bytes: int = MAX_MESSAGE_BYTES) -> Iterator[Incoming]:
    """Every message of ``stream`` until it ends."""
    while True:
        length: Optional[int] = None
        problem = ""
        while True:  # the header lines, up to a blank one
            line = stream.readline(MAX_HEADER_BYTES + 1)
            if not line:
                return
            if len(line) > MAX_HEADER_BYTES and not line.endswith(b"\n"):
                if not _skip_line(stream):
                    return
                problem = problem or f"a header line over {MAX_HEADER_BYTES:,} bytes"
                continue
            if not line.strip():
                if length is None and not problem:
                    continue  # blank lines between messages
                break
            m = _LENGTH.fullmatch(line)
            if m is not None:
                length = int(m.group(1))
            elif line.lower().startswith(b"content-length"):
                problem = problem or "a Content-Length that is not a number of bytes"
        if problem or length is None:
            yield Incoming(None, problem or "a message without a Content-Length header")
            continue
        if length > max_bytes:  # said at once (a request is answered), then read through
            head = stream.read(min(length, 1024))
            found = _ID.search(head)
            yield Incoming(
                None, f"a message of {_size(length)}: the server reads at most {_size(max_bytes)}", found and found.group(1)
            )
            if not head or not _skip(stream, length - len(head)):
                return
            continue
        body = _read(stream, length)
        if body is None:
            return
        yield Incoming(body)


def _read(stream: BinaryIO, length: int) -> Optional[bytes]:
    """Exactly ``length`` bytes, or None where the stream ends first."""
    parts, left = [], length
    while left:
        part = stream.read(min(left, MB))
        if not part:
            return None
        parts.append(part)
        left -= len(part)
    return b"".join(parts)


def _skip(stream: BinaryIO, length: int) -> bool:
    """Read ``length`` bytes and drop them, a chunk at a time; False where the stream ends first."""
    while length:
        part = stream.read(min(length, _CHUNK))
        if not part:
            return False
        length -= len(part)
    return True


def _skip_line(stream: BinaryIO) -> bool:
    """Read to the end of an over-long line; False where the stream ends first."""
    while True:
        part = stream.readline(_CHUNK)
        if not part:
            return False
        if part.endswith(b"\n"):
            return True


def _size(n: int) -> str:
    return f"{n / MB:,.1f} MB" if n >= MB else f"{n:,} bytes"
