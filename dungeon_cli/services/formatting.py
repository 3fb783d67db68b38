"""What ``dungeon fmt`` writes, apart from the command: a file's records in canonical
DGN (``fmt --annotate``: with the full checkpoint after every move), or why not. Only a
file the referee finds wholly legal is rewritten, so fmt never rewrites what it did not
understand. ``textconv``, the fuzz run and the tests use it as fmt does."""

from __future__ import annotations

from typing import IO, TYPE_CHECKING, BinaryIO, Mapping, Optional, cast

from notation import read

from .referee import Referee, Verdict

if TYPE_CHECKING:
    from notation import Diagnostic

    from ..plumbing.safe_write import Sink


def format_bytes(data: bytes, annotate: bool = False, source: str | None = None) -> tuple[Optional[str], list[Diagnostic]]:
    """(canonical text, []) or (None, diagnostics) for the contents of a file."""
    import io

    sink = io.BytesIO()
    problems, _ = format_stream(io.BytesIO(data), sink, annotate, source)
    return (None, problems) if problems else (sink.getvalue().decode("utf-8"), [])


def format_stream(
    stream: IO[bytes], sink: Sink, annotate: bool = False, source: str | None = None
) -> tuple[list[Diagnostic], bool]:
    """Write the canonical text of the records read from ``stream`` into ``sink``, one
    record at a time; (diagnostics, whether the text came out the same). Nothing past
    the first problem is written, but every record is still checked."""
    import hashlib

    from notation import Diagnostic
    from notation.writer import record_lines

    reading = _Hashing(stream)
    written = hashlib.sha256()
    referee = Referee(keep_states=annotate)
    problems: list[Diagnostic] = []
    count = 0
    for record in read(cast(BinaryIO, reading), source=source):
        count += 1
        verdict = referee.check(record)
        problems.extend(verdict.diagnostics)
        if problems:
            continue
        checkpoints = checkpoints_of(verdict) if annotate else None
        inner = inner_checkpoints_of(verdict) if annotate else None
        chunk = (("\n\n" if count > 1 else "") + "\n".join(record_lines(record, checkpoints, inner))).encode("utf-8")
        sink.write(chunk)
        written.update(chunk)
    if not count:
        return [Diagnostic(1, 1, 'no record in this file: a record starts with [Game "..."]')], False
    if problems:  # (and the rest of the input is never read: /dev/zero has no end)
        return problems, False
    sink.write(b"\n")
    written.update(b"\n")
    return problems, reading.digest() == written.digest()


class _Hashing:
    """A stream that hashes what is read from it, so that "unchanged" needs neither
    text held whole."""

    def __init__(self, stream: IO[bytes]):
        import hashlib

        self.stream, self.hash = stream, hashlib.sha256()

    def readline(self, size: int = -1) -> bytes:
        data = self.stream.readline(size)
        self.hash.update(data)
        return data

    def digest(self) -> bytes:
        while True:  # whatever the reader left unread counts too
            data = self.stream.read(1 << 16)
            if not data:
                return self.hash.digest()
            self.hash.update(data)


def checkpoints_of(verdict: Verdict) -> dict[int, Mapping[str, str]]:
    """Move index -> the full checkpoint after it, for every move a verdict kept the
    state of (``Referee(keep_states=True)``); the deal line is setup and gets none."""
    if verdict.module is None:
        return {}
    checkpoint = verdict.module.notation.checkpoint
    moves = verdict.record.moves
    return {i: checkpoint(state) for i, state in enumerate(verdict.states) if state is not None and not moves[i].is_deal}


def inner_checkpoints_of(verdict: Verdict) -> dict[int, Mapping[str, str]]:
    """The full checkpoint after each move of every variation (by the move's ``id``), as
    ``checkpoints_of`` gives the main line's."""
    if verdict.module is None:
        return {}
    checkpoint = verdict.module.notation.checkpoint
    return {key: checkpoint(state) for key, state in verdict.line_states.items()}
