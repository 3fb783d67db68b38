"""``dungeon fmt``: rewrite records in canonical DGN, black-style.

A file is rewritten only when ``dungeon verify`` finds nothing wrong in it (notation,
game, words and rules), so fmt never rewrites a file it did not fully understand, and
the rewrite goes through a temporary file renamed over the original, so an interrupted
run never leaves half a file. Diagnostics go to stderr: stdout carries only formatted
text or diffs, so ``dungeon fmt - < a > b`` never puts an error message into ``b``.
"""

from __future__ import annotations

import difflib
import os
import sys
from typing import IO, Optional, TextIO

import click

from notation import MAX_LINE_BYTES

from ..kit.terminal_text import safe, safe_lines
from ..plumbing import report, safe_write
from ..plumbing.streams import shown
from ..services.formatting import format_bytes, format_stream
from .project import project_defaults
from .reading import STDIN, Unreadable, display_name, open_binary


@click.command()
@click.argument("files", nargs=-1, required=True, metavar="FILE|DIR... | -", type=click.Path(allow_dash=True))
@click.option("--check", is_flag=True, help="Change nothing; exit 1 if a file would change.")
@click.option("--diff", is_flag=True, help="Change nothing; print what would change as a diff.")
@click.option("--annotate", is_flag=True, help="Write the full checkpoint after every move.")
def fmt(files: tuple[str, ...], check: bool, diff: bool, annotate: bool) -> None:
    """Write DGN files in canonical form (in place; '-' reads stdin, writes stdout).

    Exit status: 0 done (or nothing to change), 1 a file would change under --check or
    has errors and was left alone, 2 a file could not be read or written (a symlink is
    followed, under a DIR only if it stays in DIR; a FIFO, a device, a file with several hard links or a read-only one is
    never replaced, and neither is a file that changed while it was formatted).
    """
    trees = [f for f in files if f != STDIN and os.path.isdir(f)]
    files, _, _ = project_defaults("fmt", files)  # [tool.dungeon]: a directory is its records
    status = 0
    changed = unchanged = failed = 0  # failed: left alone, for errors in it or unreadable
    for path in files:
        name = display_name(path)
        in_place = path != STDIN and not (check or diff)
        tree = next((t for t in trees if path.startswith(os.path.join(t, ""))), None)
        if in_place and tree is not None and safe_write.leaves(path, tree):  # fmt DIR stays in DIR
            sys.stderr.write(f"dungeon fmt: error: {safe(path)}: a symlink out of {safe(tree)}: not rewritten\n")
            status = 2
            continue
        try:
            if in_place and not os.path.isdir(path):
                safe_write.check_replaceable(path)  # before a FIFO is drained
            with open_binary(path) as stream:
                read_stamp = safe_write.stamp_of(os.fstat(stream.fileno())) if in_place else None
                if diff:  # a diff needs both texts whole
                    original = stream.read()
                    formatted, problems = format_bytes(original, annotate, source=None if path == STDIN else path)
                    same = formatted is not None and formatted.encode("utf-8") == original
                    sink = None
                else:  # one record at a time: memory does not grow with the file
                    sink = _sink(path, in_place, check)
                    try:
                        problems, same = format_stream(stream, sink.handle, annotate, source=None if path == STDIN else path)
                    except BaseException:
                        sink.discard()
                        raise
        except safe_write.TooLong as exc:
            sys.stderr.write(
                f"dungeon fmt: error: cannot format {safe(name)}: its line {exc.line} would be longer than the "
                f"{MAX_LINE_BYTES:,} bytes a DGN line holds, and no command could read it again; it was left as it was\n"
            )
            status = 2
            continue
        except Unreadable as exc:
            sys.stderr.write(f"dungeon fmt: error: {exc}\n")
            status = 2
            failed += 1
            continue
        except FileNotFoundError:
            sys.stderr.write(f"dungeon fmt: error: {safe(path)}: no such file\n")
            status = 2
            failed += 1
            continue
        except OSError as exc:
            sys.stderr.write(f"dungeon fmt: error: {safe(path)}: {exc.strerror}\n")
            status = 2
            failed += 1
            continue
        if problems:
            if sink is not None:
                sink.discard()
            for diag in problems:
                sys.stderr.write(report.text_line(name, diag) + "\n")
            sys.stderr.write(f"error: cannot format {safe(name)}: it has errors; it was left as it was\n")
            status = max(status, 1)
            failed += 1
            continue
        if path == STDIN and not (check or diff):
            assert sink is not None  # (only --diff has none)
            sink.copy_to(sys.stdout)
            continue
        if same:
            if sink is not None:
                sink.discard()
            unchanged += 1
            continue
        changed += 1
        if diff:
            assert formatted is not None  # no problems: the text came out
            old_text = original.decode("utf-8", "replace")
            sys.stdout.writelines(
                difflib.unified_diff(
                    _lines(safe_lines(old_text)),
                    _lines(safe_lines(formatted)),
                    fromfile=f"{safe(name)}\t(original)",
                    tofile=f"{safe(name)}\t(formatted)",
                )
            )
        if check:
            if sink is not None:
                sink.discard()
            sys.stderr.write(f"would reformat {safe(name)}\n")
            status = max(status, 1)
        elif not diff:
            assert sink is not None
            try:
                sink.commit(read_stamp)
            except OSError as exc:
                sys.stderr.write(f"dungeon fmt: error: cannot write {safe(name)}: {exc.strerror}; it was left as it was\n")
                status = 2
                changed -= 1
                failed += 1
                continue
            sys.stderr.write(f"reformatted {safe(name)}\n")
    if not (len(files) == 1 and files[0] == STDIN):
        verb = "would be reformatted" if check or diff else "reformatted"
        tail = f", {failed} could not be formatted" if failed else ""
        sys.stderr.write(f"{changed} file{'s' if changed != 1 else ''} {verb}, {unchanged} left unchanged{tail}\n")
    sys.exit(status)


class _Discard:
    def write(self, data: bytes) -> int:
        return len(data)


class _Sink:
    """Where the formatted text goes: a temporary file beside the file (in place), a
    spooled buffer (standard input to standard output: nothing is printed unless the
    whole text is sound), or nowhere (--check)."""

    def __init__(
        self,
        handle: safe_write.LineGuard,
        beside: Optional[safe_write.Beside] = None,
        error: OSError | None = None,
        spool: Optional[IO[bytes]] = None,
    ):
        self.handle, self.beside, self.error = handle, beside, error
        self.spool = spool  # standard input's text, for standard output once it is all sound

    def commit(self, expect: Optional[safe_write.Stamp]) -> None:
        if self.error is not None:  # no temporary file could be made: said only if needed
            raise self.error
        assert self.beside is not None  # in place: the file beside was made
        self.beside.commit(expect)

    def discard(self) -> None:
        if self.beside is not None:
            self.beside.discard()

    def copy_to(self, out: TextIO) -> None:
        import shutil

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


def _sink(path: str, in_place: bool, check: bool) -> _Sink:
    if in_place:
        try:
            beside = safe_write.Beside(path)
        except safe_write.Refused:
            raise
        except OSError as exc:  # a read-only directory: a file already canonical is fine
            return _Sink(safe_write.LineGuard(_Discard(), path), error=exc)
        return _Sink(safe_write.LineGuard(beside.handle, path), beside)
    if check:
        return _Sink(safe_write.LineGuard(_Discard(), path))
    import tempfile

    spool = tempfile.SpooledTemporaryFile(max_size=1 << 23)
    return _Sink(safe_write.LineGuard(spool, display_name(path)), spool=spool)


def _lines(text: str) -> list[str]:
    lines = text.splitlines(keepends=True)
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    return lines
