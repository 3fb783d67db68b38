"""``dungeon play`` as a person meets it: a real process in a pseudo-terminal, typed at
key by key. A seeded game is played to its end (with a Tab completion on the way), and
a game killed with SIGKILL in mid-turn leaves a record that verifies and can be resumed."""

from __future__ import annotations

import fcntl
import os
import pty
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path

import pytest

from dungeon_cli import registry
from dungeon_cli.engine import Setup
from dungeon_cli.services.session import Session
from dungeon_cli.shell.candidates import candidates
from dungeon_cli.shell.interactive import COMMANDS
from dungeon_cli.shell.line import apply_line
from dungeon_cli.shell.sample import sample_game
from notation import parse

SCOUNDREL = registry.get("scoundrel")
SEED = 4  # a game of a dozen turns under the sampling policy
WAIT = 30.0
PROMPTING = b"\x1b[?2004h"  # prompt-toolkit turns bracketed paste on when its prompt is up


class Terminal:
    """A process on the slave side of a pty; everything it writes is collected."""

    def __init__(self, args: list[str], cwd: Path, env: dict):
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "dungeon_cli", *args],
            stdin=slave,
            stdout=slave,
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

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(timeout=WAIT)
        self.reader.join(timeout=5)
        os.close(self.master)


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


def verify(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "dungeon_cli", "verify", "--seed-check", "-v", str(path)],
        capture_output=True,
        text=True,
        timeout=WAIT,
    )


def unique_prefix(state, text: str) -> str:
    """The shortest start of ``text`` that completes to it alone."""
    for cut in range(1, len(text) + 1):
        if [c.text for c in candidates(SCOUNDREL.notation, state, text[:cut], COMMANDS)] == [text]:
            return text[:cut]
    return text


def test_a_seeded_game_typed_to_its_end(terminal, tmp_path):
    sampled, lines = sample_game(SCOUNDREL, SEED)
    work = tmp_path / "work"
    work.mkdir()
    term = terminal("play", "scoundrel", "--seed", str(SEED), cwd=work)
    term.wait_for(lambda: PROMPTING in term.output)
    files = list(work.glob("scoundrel-*.dgn"))
    assert len(files) == 1  # the default name, in the current directory
    record = files[0]

    # turn 1 by Tab: a prefix, Tab completes the token, the rest typed after it
    start = Session(Setup(SCOUNDREL.game.name, seed=SEED))
    start.deal()
    first, *rest = lines[0].split()
    prefix = unique_prefix(start.state, first)
    assert len(prefix) < len(first)  # so that only Tab can finish the word
    term.type(prefix)
    time.sleep(0.5)  # completion while typing runs in the background, as at a keyboard
    term.type("\t")
    time.sleep(0.3)
    term.type(" ".join([""] + rest) + "\r")
    term.wait_for(lambda: turns_on_disk(record) == 1)

    for done, line in enumerate(lines[1:], start=2):
        term.type(line + "\r")
        term.wait_for(lambda: turns_on_disk(record) == done)  # saved after every turn
    term.wait_for(lambda: term.proc.poll() is not None)
    assert term.proc.returncode == 0
    shown = bytes(term.output).decode(errors="replace")
    assert f"record saved in {record.name}" in shown

    checked = verify(record)
    assert checked.returncode == 0, checked.stdout
    assert f"legal, {sampled.state.result()}," in checked.stdout
    played = parse(record.read_text())[0]
    assert played.moves == sampled.record().moves
    assert played.tag_value("Date") is not None
    # the input history lives in the data directory, not in the working tree
    assert sorted(p.name for p in work.iterdir()) == [record.name]
    history = tmp_path / "data" / "dungeon" / "history" / "scoundrel"
    assert lines[-1] in history.read_text()


def test_a_kill_in_mid_game_leaves_a_valid_record_that_resumes(terminal, tmp_path):
    sampled, lines = sample_game(SCOUNDREL, SEED)
    keep = len(lines) // 2
    record = tmp_path / "killed.dgn"
    term = terminal("play", "scoundrel", "--seed", str(SEED), "-o", str(record))
    term.wait_for(lambda: PROMPTING in term.output)
    for done, line in enumerate(lines[:keep], start=1):
        term.type(line + "\r")
        term.wait_for(lambda: turns_on_disk(record) == done)
    term.type(lines[keep].split()[0] + " ")  # a move being typed, never finished
    time.sleep(0.3)
    os.kill(term.proc.pid, signal.SIGKILL)
    term.wait_for(lambda: term.proc.poll() is not None)
    assert term.proc.returncode == -signal.SIGKILL

    checked = verify(record)
    assert checked.returncode == 0, checked.stdout
    assert "unfinished" in checked.stdout
    expected = Session(Setup(SCOUNDREL.game.name, seed=SEED))
    for line in lines[:keep]:
        apply_line(expected, line)
    assert parse(record.read_text())[0].moves == expected.record().moves

    # at the terminal again, --resume goes on in the same file
    term = terminal("play", "--resume", str(record))
    term.wait_for(lambda: PROMPTING in term.output)
    for done, line in enumerate(lines[keep:], start=keep + 1):
        term.type(line + "\r")
        term.wait_for(lambda: turns_on_disk(record) == done)
    term.wait_for(lambda: term.proc.poll() is not None)
    assert term.proc.returncode == 0
    assert parse(record.read_text())[0].moves == sampled.record().moves
    assert verify(record).returncode == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data", "killed.dgn"]  # no temporary file left
