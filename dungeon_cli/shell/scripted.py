"""``dungeon play`` from a pipe or a file: the scripting mode.

One or more actions per line (``#`` starts a comment), dealt from the seed, or typed
too with ``--table``; the record goes to standard output, or to ``-o FILE`` after every
turn. The first line that cannot be played stops the run with a diagnostic in the
``verify`` format and exit status 1: a seed plus a file of decisions is a whole record.
A record file that cannot be written (a full disk, a directory gone read-only) is said
once on standard error and the game goes on in memory; if the file is still behind at
the end, the record goes to standard output instead, with exit status 1.
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
    saver = _Saver(record, err)
    saver.save(session)
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
        saver.save(session)
    if record is None or not saver.saved:
        if record is not None:  # the game is not lost: it goes where it can
            err.write(f"dungeon play: error: the record could not be saved in {record.path}: it follows on standard output\n")
            status = 1
        out.write(session.text())
        out.flush()
    return status


class _Saver:
    """Saves the record after each turn; a full disk or a directory that cannot be
    written is said once, and the game goes on in memory (each later turn tries again)."""

    def __init__(self, record: Optional[RecordFile], err: TextIO):
        self.record = record
        self.err = err
        self.saved = True  # the file holds the record as it stands
        self.warned = False

    def save(self, session: Session) -> None:
        if self.record is None:
            return  # the record is written once, at the end: not rebuilt after every turn
        try:
            self.record.save(session.text())
            self.saved = True
        except OSError as exc:
            self.saved = False
            if not self.warned:
                self.warned = True
                self.err.write(
                    f"dungeon play: error: cannot write {self.record.path}: {exc.strerror or exc}; the game goes on\n"
                )
