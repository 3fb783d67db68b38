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

import click

from notation import read, write

from .. import safe_write
from ..referee import Referee
from .. import report
from .inputs import STDIN, Unreadable, display_name, open_binary
from ..terminal_text import safe, safe_lines
from .project import project_defaults


@click.command()
@click.argument("files", nargs=-1, required=True, metavar="FILE... | -")
@click.option("--check", is_flag=True, help="Change nothing; exit 1 if a file would change.")
@click.option("--diff", is_flag=True, help="Change nothing; print what would change as a diff.")
@click.option("--annotate", is_flag=True, help="Write the full checkpoint after every move.")
def fmt(files: tuple[str, ...], check: bool, diff: bool, annotate: bool) -> None:
    """Write DGN files in canonical form (in place; '-' reads stdin, writes stdout).

    Exit status: 0 done (or nothing to change), 1 a file would change under --check or
    has errors and was left alone, 2 a file could not be read or written (a symlink is
    followed; a FIFO, a device, a file with several hard links or a read-only one is
    never replaced, and neither is a file that changed while it was formatted).
    """
    files, _, _ = project_defaults("fmt", files)  # [tool.dungeon]: a directory is its records
    status = 0
    changed = unchanged = 0
    for path in files:
        name = display_name(path)
        in_place = path != STDIN and not (check or diff)
        try:
            if in_place and not os.path.isdir(path):
                safe_write.check_replaceable(path)  # before a FIFO is drained
            with open_binary(path) as stream:
                read_stamp = safe_write.stamp_of(os.fstat(stream.fileno())) if in_place else None
                original = stream.read()
        except Unreadable as exc:
            sys.stderr.write(f"dungeon fmt: error: {exc}\n")
            status = 2
            continue
        except FileNotFoundError:
            sys.stderr.write(f"dungeon fmt: error: {safe(path)}: no such file\n")
            status = 2
            continue
        except OSError as exc:
            sys.stderr.write(f"dungeon fmt: error: {safe(path)}: {exc.strerror}\n")
            status = 2
            continue
        formatted, problems = format_bytes(original, annotate, source=None if path == STDIN else path)
        if problems:
            for diag in problems:
                sys.stderr.write(report.text_line(name, diag) + "\n")
            sys.stderr.write(f"error: cannot format {safe(name)}: it has errors; it was left as it was\n")
            status = max(status, 1)
            continue
        assert formatted is not None
        new = formatted.encode("utf-8")
        if path == STDIN and not (check or diff):
            sys.stdout.write(formatted)
            continue
        if new == original:
            unchanged += 1
            continue
        changed += 1
        if diff:
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
            sys.stderr.write(f"would reformat {safe(name)}\n")
            status = max(status, 1)
        elif not diff:
            try:
                safe_write.replace(path, new, expect=read_stamp)
            except OSError as exc:
                sys.stderr.write(f"dungeon fmt: error: cannot write {safe(name)}: {exc.strerror}; it was left as it was\n")
                status = 2
                changed -= 1
                continue
            sys.stderr.write(f"reformatted {safe(name)}\n")
    if not (len(files) == 1 and files[0] == STDIN):
        verb = "would be reformatted" if check or diff else "reformatted"
        sys.stderr.write(f"{changed} file{'s' if changed != 1 else ''} {verb}, {unchanged} left unchanged\n")
    sys.exit(status)


def format_bytes(data: bytes, annotate: bool = False, source: str | None = None):
    """(canonical text, []) or (None, diagnostics) for the contents of a file."""
    import io

    from notation import Diagnostic

    records = list(read(io.BytesIO(data), source=source))
    if not records:
        return None, [Diagnostic(1, 1, 'no record in this file: a record starts with [Game "..."]')]
    referee = Referee(keep_states=annotate)
    problems: list = []
    checkpoints: list = []
    for record in records:
        verdict = referee.check(record)
        problems.extend(verdict.diagnostics)
        if annotate and verdict.legal:
            notation = verdict.module.notation  # type: ignore[union-attr]
            checkpoints.append(
                {
                    i: notation.checkpoint(state)
                    for i, state in enumerate(verdict.states)
                    if state is not None and not record.moves[i].is_deal  # checkpoints follow moves
                }
            )
    if problems:
        return None, problems
    return write(records, checkpoints if annotate else None), []


def _lines(text: str) -> list[str]:
    lines = text.splitlines(keepends=True)
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    return lines
