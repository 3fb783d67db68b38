"""A record as git should diff it: canonical, with the full checkpoint on every move
line (what ``fmt --annotate`` writes), so that both sides of ``git diff`` show the state
each move left, and a diff of spelling alone shows nothing.

Git stops a whole diff when a textconv fails, and a pull request may well hold a broken
record, so this never fails on what a file says: a record that breaks a rule is
annotated up to where it does, with the diagnostic as a comment at its end; a file the
reader cannot make records of is shown as it is, after its diagnostics. Every line is
made printable: this text goes to a terminal.

It reads the file twice, one record at a time (a file of 20 MB took 1.48 GB when every
record and its states were held): once for the notation errors, then to write each
record as it is checked. Standard input is spooled to a temporary file first.
"""

from __future__ import annotations

import tempfile
from typing import BinaryIO, Optional, TextIO

from notation import read, write
from notation.model import printable

from ..services.formatting import checkpoints_of, inner_checkpoints_of
from ..services.referee import Referee


def textconv(stream: BinaryIO, out: TextIO, source: Optional[str] = None) -> None:
    if not stream.seekable():
        spool = tempfile.TemporaryFile()
        while chunk := stream.read(1 << 20):
            spool.write(chunk)
        stream = spool
    stream.seek(0)
    errors = []
    count = 0
    for record in read(stream, source=source):
        count += 1
        errors.extend(record.errors)
    stream.seek(0)
    if not count or errors:
        said = [f"# dungeon textconv: {d.line}:{d.col}: {d.severity}: {d.message}" for d in errors]
        if not count:
            said.append("# dungeon textconv: no record in this file")
        out.write(_printable("\n".join(said) + "\n"))
        while raw := stream.readline(1 << 16):  # the file as it is, a line (or 64 KB of one) at a time
            out.write(_printable(raw.decode("utf-8", "replace")))
        return
    referee = Referee(keep_states=True)
    for index, record in enumerate(read(stream, source=source)):
        verdict = referee.check(record)
        for d in verdict.diagnostics:
            record.end_comments.append(f"# dungeon textconv: {d.line}:{d.col}: {d.severity}: {d.message}")
        out.write(("\n" if index else "") + _printable(write([record], [checkpoints_of(verdict)], inner_checkpoints_of(verdict))))


def _printable(text: str) -> str:
    if text.isprintable():
        return text
    return "".join(printable(line) + "\n" for line in text.splitlines())
