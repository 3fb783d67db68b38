"""The dungeon command as a real process in a session of its own, and Ctrl-C sent to it
as a terminal sends it (to the whole process group)."""

from __future__ import annotations

import os
import pty
import re
import resource
import signal
import subprocess
import sys
import threading
import time
import tty
from pathlib import Path
from typing import Sequence

EXE = str(Path(sys.executable).with_name("dungeon"))


def stand_in(patch: str) -> tuple[str, ...]:
    """The dungeon command after ``patch`` (Python source) has replaced a piece of it
    with a stand-in, as a program to start: the stand-in writes a line when the moment a
    test waits for has come ("race begun"), or holds that moment for ever, so the test
    waits for an event, never for a number of seconds."""
    main = "from dungeon_cli.cli import main; sys.argv[0] = 'dungeon'; main()\n"
    return (sys.executable, "-c", "import sys\n" + patch + "\n" + main)


def start(args, cwd, stdin=subprocess.DEVNULL):
    return subprocess.Popen(
        [EXE, *args],
        stdin=stdin,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=cwd,
        start_new_session=True,
    )


def ctrl_c(proc) -> tuple[bytes, bytes]:
    """Ctrl-C at the terminal (to the whole process group), and what the command then
    printed: (stdout, stderr). The caller has waited for the moment it means first (a
    line, a file, a process state), never for a number of seconds."""
    os.killpg(proc.pid, signal.SIGINT)
    return proc.communicate(timeout=120)


def descendants(pid: int) -> list[int]:
    """The processes under ``pid`` now (its workers, theirs)."""
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            found += [int(c) for c in (task / "children").read_text().split()]
        except OSError:  # the task ended meanwhile
            pass
    return found + [d for c in found for d in descendants(c)]


def _cpu(pid: int) -> float:
    """CPU seconds (user and system) ``pid`` has used, and the children it has waited for."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:  # gone
        return 0.0
    return sum(int(f) for f in fields[11:15]) / os.sysconf("SC_CLK_TCK")  # utime, stime, cutime, cstime


def children_cpu() -> float:
    """CPU seconds used by the processes this one has waited for, and theirs: a command's
    own CPU time, read before and after it is run and waited for."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


# CPU seconds a process may spend from a Ctrl-C to its end: the grace of 0.75 s on the
# work in hand (cli/runs.py's GRACE), and its way out. The work it should drop costs
# more: a deal, a chunk of games, a record's samples, the whole of each.
BOUND = 1.5


class CpuClock:
    """The CPU time a process and everything under it use from now until this process
    has waited for it: what a test bounds where "within a second" is promised (tests/
    README.md, "No test races a clock"). Wall time is not the command's to keep on a
    loaded machine (load 20 on two cores gives a process a tenth of a core); CPU time
    is: a process never uses more of it than of the clock, and work that should have
    been dropped (a deal, a chunk of games) costs the same seconds of CPU however
    loaded the machine is. Started just before the signal; read once the process has
    been waited for (``communicate``, ``wait``)."""

    def __init__(self, pid: int):
        self.reaped = children_cpu()
        self.before = sum(_cpu(p) for p in [pid, *descendants(pid)])

    def spent(self) -> float:
        return children_cpu() - self.reaped - self.before


# The progress line (dungeon_cli/cli/progress.py): a label, then done/total.
PROGRESS = re.compile(rb"[a-z ]+ ([\d,]+)/([\d,]+)( [a-z]+)? \d+%  .*")
WIPE = b"\r\x1b[K"


class Watched:
    """The command as ``start`` starts it, its standard error a pseudo-terminal, where it
    draws its progress line: a test waits for the run to have begun or to have finished
    its first game or deal, never for a clock (on a loaded machine a fixed wait was
    too short every time, issue 38)."""

    def __init__(self, args, cwd, program: Sequence[str] = (EXE,)):
        master, slave = pty.openpty()
        tty.setraw(slave)  # what is written is what is read: no "\n" made "\r\n"
        self.proc = subprocess.Popen(
            [*program, *args], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=slave, cwd=cwd, start_new_session=True
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

    def outcome(self, timeout: float = 120.0) -> tuple[bytes, bytes]:
        out, _ = self.proc.communicate(timeout=timeout)
        self.reader.join(timeout=60)
        os.close(self.master)
        return out, self.messages()

    def messages(self) -> bytes:
        """Standard error without its progress lines (each is drawn after a wipe and wiped
        before anything else is written)."""
        return b"".join(p for p in self._pieces() if not PROGRESS.fullmatch(p))
