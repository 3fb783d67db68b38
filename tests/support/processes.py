"""The dungeon command as a real process in a session of its own, and Ctrl-C sent to it
as a terminal sends it (to the whole process group)."""

from __future__ import annotations

import os
import pty
import re
import signal
import subprocess
import sys
import threading
import time
import tty
from pathlib import Path

EXE = str(Path(sys.executable).with_name("dungeon"))


def start(args, cwd, stdin=subprocess.DEVNULL):
    return subprocess.Popen(
        [EXE, *args],
        stdin=stdin,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=cwd,
        start_new_session=True,
    )


def ctrl_c(proc, after: float = 0.0) -> tuple[bytes, bytes]:
    """Ctrl-C at the terminal (to the whole process group) ``after`` seconds, and what
    the command then printed: (stdout, stderr)."""
    time.sleep(after)
    os.killpg(proc.pid, signal.SIGINT)
    return proc.communicate(timeout=60)


# The progress line (dungeon_cli/cli/progress.py): a label, then done/total.
PROGRESS = re.compile(rb"[a-z ]+ ([\d,]+)/([\d,]+)( [a-z]+)? \d+%  .*")
WIPE = b"\r\x1b[K"


class Watched:
    """The command as ``start`` starts it, its standard error a pseudo-terminal, where it
    draws its progress line: a test waits for the run to have begun or to have finished
    its first game or deal, never for a clock (on a loaded machine a fixed wait was
    too short every time, issue 38)."""

    def __init__(self, args, cwd):
        master, slave = pty.openpty()
        tty.setraw(slave)  # what is written is what is read: no "\n" made "\r\n"
        self.proc = subprocess.Popen(
            [EXE, *args], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=slave, cwd=cwd, start_new_session=True
        )
        os.close(slave)
        self.master = master
        self.raw = bytearray()
        self.changed = threading.Condition()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        while True:
            try:
                chunk = os.read(self.master, 65536)
            except OSError:  # EIO: every writer has closed the terminal
                chunk = b""
            with self.changed:
                self.raw += chunk
                self.changed.notify_all()
            if not chunk:
                return

    def _pieces(self) -> list[bytes]:
        return bytes(self.raw).split(WIPE)

    def counted(self) -> int:
        """The highest count of finished items a progress line has shown (-1: none yet)."""
        counts = [int(m.group(1).replace(b",", b"")) for p in self._pieces() if (m := PROGRESS.fullmatch(p))]
        return max(counts, default=-1)

    def wait(self, what, timeout: float = 180.0) -> None:
        """Until ``what()`` holds; the command ending first, or ``timeout``, fails the test."""
        end = time.monotonic() + timeout
        with self.changed:
            while not what():
                assert self.proc.poll() is None, (self.proc.returncode, bytes(self.raw))
                assert time.monotonic() < end, f"waited {timeout} s: {bytes(self.raw)[-500:]!r}"
                self.changed.wait(0.5)

    def begun(self) -> None:
        self.wait(lambda: self.counted() >= 0)

    def finished(self, items: int = 1) -> None:
        self.wait(lambda: self.counted() >= items)

    def says(self, text: bytes) -> None:
        self.wait(lambda: text in self.raw)

    def ctrl_c(self) -> tuple[bytes, bytes]:
        """Ctrl-C as ``ctrl_c`` sends it: (stdout, the messages on standard error)."""
        os.killpg(self.proc.pid, signal.SIGINT)
        return self.outcome()

    def outcome(self, timeout: float = 60.0) -> tuple[bytes, bytes]:
        out, _ = self.proc.communicate(timeout=timeout)
        self.reader.join(timeout=60)
        os.close(self.master)
        return out, self.messages()

    def messages(self) -> bytes:
        """Standard error without its progress lines (each is drawn after a wipe and wiped
        before anything else is written)."""
        return b"".join(p for p in self._pieces() if not PROGRESS.fullmatch(p))
