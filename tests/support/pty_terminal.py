"""A real process in a pseudo-terminal, typed at key by key: what the tests of play at a
terminal share (the shell's, the toy game's, the hardening of streams)."""

from __future__ import annotations

import fcntl
import os
import pty
import struct
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path
from typing import Optional, Sequence

import pytest

from notation import parse

WAIT = 120.0  # a deadline for an event, never a wait: a loaded machine starts a process slowly
PROMPTING = b"\x1b[?2004h"  # prompt-toolkit turns bracketed paste on when its prompt is up


DUNGEON = (sys.executable, "-m", "dungeon_cli")


class Terminal:
    """A process on the slave side of a pty; everything it writes there is collected in
    ``output``. ``program`` is what runs before ``args`` (``dungeon`` by default; a
    ``python -c`` that patches something first, or ``bash -c``); ``stdout`` may be
    taken away from the terminal (``subprocess.PIPE``) to see what a pipe gets."""

    def __init__(
        self,
        args: list[str],
        cwd: Path,
        env: dict,
        program: Sequence[str] = DUNGEON,
        stdout: Optional[int] = None,
    ):
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
        self.proc = subprocess.Popen(
            [*program, *args],
            stdin=slave,
            stdout=slave if stdout is None else stdout,
            stderr=slave,
            cwd=cwd,
            env=env,
            start_new_session=True,
        )
        os.close(slave)
        self.master = master
        self.output = bytearray()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        while True:
            try:
                data = os.read(self.master, 65536)
            except OSError:  # EIO: the child closed the terminal
                return
            if not data:
                return
            self.output.extend(data)

    def type(self, text: str) -> None:
        os.write(self.master, text.encode())

    def wait_for(self, what, timeout: float = WAIT) -> None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if what():
                return
            time.sleep(0.02)
        tail = bytes(self.output[-2000:]).decode(errors="replace")
        raise AssertionError(f"timed out waiting; the terminal shows:\n{tail}")

    def mark(self) -> int:
        """Where the output is now, for ``shows(..., since=)``."""
        return len(self.output)

    def shows(self, text: bytes, timeout: float = WAIT, since: int = 0) -> None:
        """Wait until the terminal has shown ``text`` (after ``since``, a ``mark``); fail if
        the process ends without."""
        end = time.monotonic() + timeout
        while text not in self.output[since:]:
            if self.proc.poll() is not None:
                self.reader.join(timeout=5)  # what it wrote before it went is read
                if text in self.output[since:]:
                    return
            tail = bytes(self.output[-2000:]).decode(errors="replace")
            assert self.proc.poll() is None, f"ended ({self.proc.returncode}) before showing {text!r}:\n{tail}"
            assert time.monotonic() < end, f"waited for {text!r}; the terminal shows:\n{tail}"
            time.sleep(0.02)

    def completes(self, prefix: str, word: str) -> None:
        """Type ``prefix``, then Tab once the menu of completion while typing offers
        ``word``; back once the line is drawn again after the Tab. The completion runs in
        the background, one at a time: a Tab typed before it has finished is lost (its
        completion is never run), so the menu, the event, is waited for; a fixed half
        second was too short on a loaded machine."""
        mark = self.mark()
        self.type(prefix)
        self.shows(word.encode(), since=mark)  # the menu drawn, offering the word
        mark = self.mark()
        self.type("\t")
        self.shows(word[len(prefix) :].encode(), since=mark)  # drawn again: the rest of the word put in

    def finish(self, timeout: float = WAIT) -> int:
        """The exit status, once everything the process wrote has been read."""
        status = self.proc.wait(timeout=timeout)
        self.reader.join(timeout=5)
        return status

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(timeout=WAIT)
        self.reader.join(timeout=5)
        os.close(self.master)

    def __enter__(self) -> "Terminal":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


@pytest.fixture
def terminal(tmp_path):
    made = []
    env = dict(os.environ)
    env.update(TERM="xterm", PROMPT_TOOLKIT_NO_CPR="1", XDG_DATA_HOME=str(tmp_path / "data"))
    env.pop("NO_COLOR", None)

    def start(*args: str, cwd: Path = tmp_path) -> Terminal:
        term = Terminal(list(args), cwd, env)
        made.append(term)
        return term

    yield start
    for term in made:
        term.close()


def turns_on_disk(path: Path) -> int:
    """Finished turns in the record file, or -1 while there is none."""
    try:
        text = path.read_text()
    except FileNotFoundError:
        return -1
    records = parse(text)
    return len(records[0].turns) if records else -1


def terminal_env(**extra: str) -> dict:
    env = dict(os.environ, TERM="xterm", LANG="C.UTF-8", LC_ALL="C.UTF-8", PYTHONIOENCODING="utf-8")
    env.pop("NO_COLOR", None)
    env.update(extra)
    return env
