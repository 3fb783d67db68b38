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

import signal
import threading
from contextlib import contextmanager
from types import FrameType
from typing import Generator, Iterable, Optional, TextIO

from ..kit.terminal_text import safe
from ..plumbing.streams import hand_back, shown
from ..services.session import Session
from .line import LineError, apply_line
from .recordfile import RecordFile


def run_scripted(
    session: Session,
    lines: Iterable[str | bytes],  # text, or standard input's bytes (decoded here)
    out: TextIO,
    err: TextIO,
    record: Optional[RecordFile] = None,
    source: str = "<stdin>",
) -> int:
    """Play the lines; the status to exit with. Whatever stops the run (the input's end,
    an illegal line, Ctrl-C, SIGTERM, SIGHUP, a line that breaks something) the finished
    turns are written: to the record file as they finish, or to ``out`` on the way out,
    or, when ``out`` cannot take them (a closed pipe, a full disk), to a new dated file."""
    session.deal()
    saver = _Saver(record, err)
    saver.save(session)
    status = 0
    current = session  # the line played now: the main line, or a branch tried from it
    with _signals_raise() as caught:
        try:
            for lineno, line in enumerate(lines, start=1):
                if isinstance(line, bytes):
                    try:
                        line = line.decode("utf-8")
                    except UnicodeDecodeError as exc:
                        err.write(f"{safe(source)}:{lineno}:{exc.start + 1}: error: not UTF-8 text\n")
                        status = 1
                        break
                line = line.rstrip("\r\n").split("#", 1)[0]
                if not line.strip():
                    continue
                word = line.strip().lower()
                if word in QUIT:
                    break  # as at the terminal: stop, keeping every finished turn
                try:
                    if word in BOARD:  # the analysis board: a branch from here, and back
                        current = _board(current, word, line)
                    else:
                        apply_line(current, line, lineno)
                except LineError as exc:
                    err.write(f"{safe(source)}:{lineno}:{exc.col}: error: {safe(exc.message)}\n")
                    status = 1
                    break
                saver.save(session)
            _say_unrecorded(current, err)
        except Interrupted as exc:
            err.write(f"\ndungeon play: stopped by {exc.name}: the record holds the finished turns\n")
            status = 128 + exc.signum
            _say_unrecorded(current, err)
        finally:  # a crash too: the finished turns are written before the traceback
            caught.pop("on", None)
            delivered = _deliver(session, out, err, record, saver)
    if "late" in caught:  # a signal while the record was being written: obeyed once it is
        status = 128 + caught["late"]
    return status if delivered else status or 1


QUIT = {"quit", "q", "exit"}
BOARD = {"try", "back"}


def _board(current: Session, word: str, line: str) -> Session:
    """``try`` or ``back`` on a line of their own: the line played from now on."""
    col = len(line) - len(line.lstrip()) + 1
    if word == "try":
        why = current.can_try()
        if why is not None:
            raise LineError(col, f"try: {why}")
        return current.try_here()
    if current.parent is None:
        raise LineError(col, "back: not in a branch: 'try' starts one")
    return current.back()


def _say_unrecorded(session: Session, err: TextIO) -> None:
    """The choices of an unfinished last turn, which the record leaves out: said, as
    ``quit`` says it at a terminal, never dropped in silence (issue 40)."""
    if left := session.unrecorded():
        err.write(
            f"dungeon play: warning: the turn in progress ({safe(' '.join(left))}) is not recorded: a record holds finished turns\n"
        )
    pending = 0
    line: Optional[Session] = session
    while line is not None:  # the branch played now, and every line it was tried from
        pending += line.unsaved_tries()
        line = line.parent
    if pending:
        tried = "branch tried" if pending == 1 else f"{pending} branches tried"
        err.write(
            f"dungeon play: warning: the {tried} from a move not finished {'is' if pending == 1 else 'are'} not recorded either\n"
        )


class Interrupted(Exception):
    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum
        self.name = signal.Signals(signum).name


@contextmanager
def _signals_raise() -> Generator[dict[str, int], None, None]:
    """SIGINT, SIGTERM and SIGHUP become an exception in the main loop (whose cleanup
    writes the record), instead of ending the process on the spot. The handlers before
    are put back at the end, and a host running the command in-process (a test run) then
    gets its signal back (``streams.hand_back``)."""
    caught: dict[str, int] = {}

    def handler(signum: int, frame: Optional[FrameType]) -> None:
        caught.setdefault("signum", signum)
        if "on" in caught:  # still playing: stop there
            raise Interrupted(signum)
        caught["late"] = signum  # the record is being written: let it finish

    if threading.current_thread() is not threading.main_thread():
        yield caught
        return
    caught["on"] = True
    previous = {s: signal.signal(s, handler) for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)}
    try:
        yield caught
    finally:
        for s, h in previous.items():
            signal.signal(s, h)
    if "signum" in caught:
        hand_back(caught["signum"])


def _deliver(session: Session, out: TextIO, err: TextIO, record: Optional[RecordFile], saver: "_Saver") -> bool:
    """Put the record where it belongs; False when it had to go elsewhere."""
    if record is not None and saver.saved:
        return True
    if record is not None:  # the game is not lost: it goes where it can
        err.write(f"dungeon play: error: the record could not be saved in {safe(record.path)}: it follows on standard output\n")
    text = session.text()
    try:
        out.write(shown(text, out))  # exact into a file or a pipe, escapes made safe at a terminal
        out.flush()
        return record is None
    except (OSError, ValueError) as exc:  # ValueError: standard output closed
        why = getattr(exc, "strerror", None) or str(exc)
    try:
        rescue = RecordFile.fresh(session.module.game.name, text=text)
        err.write(f"dungeon play: error: standard output cannot take the record ({why}): it is saved in {safe(rescue.path)}\n")
    except OSError as exc:
        err.write(
            f"dungeon play: error: standard output cannot take the record ({why}), nor {exc.filename or 'a new file'} ({exc.strerror})\n"
        )
    return False


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
                    f"dungeon play: error: cannot write {safe(self.record.path)}: {safe(exc.strerror or exc)}; the game goes on\n"
                )
