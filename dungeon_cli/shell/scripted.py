"""``dungeon play`` from a pipe or a file: the scripting mode.

One or more actions per line (``#`` starts a comment), dealt from the seed, or typed
too with ``--table``; the record goes to standard output, or to ``-o FILE`` after every
turn. The first line that cannot be played stops the run with a diagnostic in the
``verify`` format and exit status 1: a seed plus a file of decisions is a whole record.
"""

from __future__ import annotations

from typing import Iterable, Optional, TextIO

from ..session import Session
from .line import LineError, apply_line
from .recordfile import RecordFile


def run_scripted(
    session: Session,
    lines: Iterable[str],
    out: TextIO,
    err: TextIO,
    record: Optional[RecordFile] = None,
    source: str = "<stdin>",
) -> int:
    session.deal()
    if record is not None:
        record.save(session.text())
    status = 0
    for lineno, line in enumerate(lines, start=1):
        line = line.rstrip("\r\n").split("#", 1)[0]
        if not line.strip():
            continue
        try:
            apply_line(session, line, lineno)
        except LineError as exc:
            err.write(f"{source}:{lineno}:{exc.col}: error: {exc.message}\n")
            status = 1
            break
        if record is not None:
            record.save(session.text())
    if record is None:
        out.write(session.text())
        out.flush()
    return status
