"""What ``dungeon fmt`` writes, apart from the command: a file's records in canonical
DGN (``fmt --annotate``: with the full checkpoint after every move), or why not. Only a
file the referee finds wholly legal is rewritten, so fmt never rewrites what it did not
understand. ``textconv``, the fuzz run and the tests use it as fmt does; ``format_file``
is fmt's loop over its files, one file at a time, told to a ``Report``."""

from __future__ import annotations

import os
from typing import IO, TYPE_CHECKING, BinaryIO, Mapping, Optional, Sequence, TextIO, cast

from notation import NO_RECORD, read

from .referee import Referee, Verdict

if TYPE_CHECKING:
    from notation import Diagnostic

    from ..plumbing.report import Report, WriteBack
    from ..plumbing.safe_write import Beside, LineGuard, Sink, Stamp

STDIN = "-"


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
        return [Diagnostic(1, 1, NO_RECORD)], False
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

    def read(self, size: int = -1) -> bytes:  # the reader's plain text, a block at a time
        data = self.stream.read(size)
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


def format_file(path: str, write_back: WriteBack, annotate: bool, trees: Sequence[str], report: Report, out: TextIO) -> None:
    """One file of ``fmt``: formatted and written back, diffed or checked as ``write_back``
    says, and told to ``report``; standard input's text goes to ``out``. A file with
    errors, or one that cannot be read or replaced, is left as it was. A file found in
    one of ``trees`` (the directories fmt was given) is not rewritten through a symlink
    that leads out of it."""
    from notation import MAX_LINE_BYTES

    from ..kit.terminal_text import safe
    from ..plumbing import report as diagnostics
    from ..plumbing import safe_write
    from ..plumbing.inputs import Unreadable, display_name, open_binary

    name = display_name(path)
    in_place = path != STDIN and write_back.writes
    tree = next((t for t in trees if path.startswith(os.path.join(t, ""))), None)
    if in_place and tree is not None and safe_write.leaves(path, tree):  # fmt DIR stays in DIR
        report.trouble(f"dungeon fmt: error: {safe(path)}: a symlink out of {safe(tree)}: not rewritten")
        return
    source = None if path == STDIN else path
    original: bytes = b""
    formatted: Optional[str] = None
    sink: Optional[_Sink] = None
    try:
        if in_place and not os.path.isdir(path):
            safe_write.check_replaceable(path)  # before a FIFO is drained
        with open_binary(path) as stream:
            read_stamp = safe_write.stamp_of(os.fstat(stream.fileno())) if in_place else None
            if write_back.diffs:  # a diff needs both texts whole
                original = stream.read()
                formatted, problems = format_bytes(original, annotate, source=source)
                same = formatted is not None and formatted.encode("utf-8") == original
            else:  # one record at a time: memory does not grow with the file
                sink = _sink(path, in_place, write_back.writes)
                try:
                    problems, same = format_stream(stream, sink.handle, annotate, source=source)
                except BaseException:
                    sink.discard()
                    raise
    except safe_write.TooLong as exc:
        report.trouble(
            f"dungeon fmt: error: cannot format {safe(name)}: its line {exc.line} would be longer than the "
            f"{MAX_LINE_BYTES:,} bytes a DGN line holds, and no command could read it again; it was left as it was"
        )
        return
    except Unreadable as exc:
        report.failure(f"dungeon fmt: error: {exc}")
        return
    except FileNotFoundError:
        report.failure(f"dungeon fmt: error: {safe(path)}: no such file")
        return
    except OSError as exc:
        report.failure(f"dungeon fmt: error: {safe(path)}: {exc.strerror}")
        return
    if problems:
        if sink is not None:
            sink.discard()
        for diag in problems:
            report.say(diagnostics.text_line(name, diag))
        report.failure(f"error: cannot format {safe(name)}: it has errors; it was left as it was", status=1)
        return
    if path == STDIN and write_back.writes:
        assert sink is not None  # (only --diff has none)
        sink.copy_to(out)
        return
    if same:
        if sink is not None:
            sink.discard()
        report.done(changed=False)
        return
    if formatted is not None:  # --diff: no problems, so the text came out
        out.writelines(_diff_lines(name, original, formatted))
    if not write_back.writes:
        if sink is not None:
            sink.discard()
        report.would_change(safe(name))
        return
    assert sink is not None
    try:
        sink.commit(read_stamp)
    except OSError as exc:
        report.failure(f"dungeon fmt: error: cannot write {safe(name)}: {exc.strerror}; it was left as it was")
        return
    report.done(changed=True)
    report.say(f"reformatted {safe(name)}")


def _diff_lines(name: str, original: bytes, formatted: str) -> list[str]:
    """The unified diff fmt --diff prints, every line made safe for a terminal."""
    import difflib

    from ..kit.terminal_text import safe, safe_lines

    return list(
        difflib.unified_diff(
            _lines(safe_lines(original.decode("utf-8", "replace"))),
            _lines(safe_lines(formatted)),
            fromfile=f"{safe(name)}\t(original)",
            tofile=f"{safe(name)}\t(formatted)",
        )
    )


def _lines(text: str) -> list[str]:
    lines = text.splitlines(keepends=True)
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    return lines


class _Discard:
    def write(self, data: bytes) -> int:
        return len(data)


class _Sink:
    """Where the formatted text goes: a temporary file beside the file (in place), a
    spooled buffer (standard input to standard output: nothing is printed unless the
    whole text is sound), or nowhere (--check)."""

    def __init__(
        self,
        handle: LineGuard,
        beside: Optional[Beside] = None,
        error: OSError | None = None,
        spool: Optional[IO[bytes]] = None,
    ):
        self.handle, self.beside, self.error = handle, beside, error
        self.spool = spool  # standard input's text, for standard output once it is all sound

    def commit(self, expect: Optional[Stamp]) -> None:
        if self.error is not None:  # no temporary file could be made: said only if needed
            raise self.error
        assert self.beside is not None  # in place: the file beside was made
        self.beside.commit(expect)

    def discard(self) -> None:
        if self.beside is not None:
            self.beside.discard()

    def copy_to(self, out: TextIO) -> None:
        import shutil

        from ..plumbing.streams import shown

        spool = self.spool
        assert spool is not None  # standard input to standard output
        spool.seek(0)
        out.flush()
        buffer = getattr(out, "buffer", None)
        if buffer is None or out.isatty():  # a text-only stream (a closed one says so on write), or a terminal
            out.write(shown(spool.read().decode("utf-8"), out))
        else:
            shutil.copyfileobj(spool, buffer)
        spool.close()


def _sink(path: str, in_place: bool, writes: bool) -> _Sink:
    from ..plumbing import safe_write
    from ..plumbing.inputs import display_name

    if in_place:
        try:
            beside = safe_write.Beside(path)
        except safe_write.Refused:
            raise
        except OSError as exc:  # a read-only directory: a file already canonical is fine
            return _Sink(safe_write.LineGuard(_Discard(), path), error=exc)
        return _Sink(safe_write.LineGuard(beside.handle, path), beside)
    if not writes:  # --check
        return _Sink(safe_write.LineGuard(_Discard(), path))
    import tempfile

    spool = tempfile.SpooledTemporaryFile(max_size=1 << 23)
    return _Sink(safe_write.LineGuard(spool, display_name(path)), spool=spool)
