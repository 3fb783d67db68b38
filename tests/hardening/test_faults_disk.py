"""A record that cannot be written never costs the game: a full disk or a directory that
cannot be written is a clear message, the game goes on in memory, and the record ends up
somewhere (the file once it can be written again, else standard output or the terminal).
And two games started in the same second (or on the same ``-o`` file) never write the
same file.

A full disk is simulated two ways, both without root: ``RLIMIT_FSIZE`` on a real
``dungeon play`` process (its writes past the limit fail with EFBIG, "File too large"),
and ``OSError(ENOSPC)`` raised in-process where the record file is flushed to disk. A
read-only directory is tested for real with ``chmod``, on a real process: as root (CI),
through ``setpriv`` with the capabilities that let root write anywhere dropped (skipped,
saying so, where there is no setpriv); and, needing nothing, a path under a regular
file, which no one can create.
"""

from __future__ import annotations

import datetime as dt
import errno
import io
import os
import resource
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from dungeon_cli import registry
from dungeon_cli.engine import Setup
from dungeon_cli.plumbing import safe_write
from dungeon_cli.services.referee import Referee
from dungeon_cli.services.session import Session
from dungeon_cli.shell import recordfile
from dungeon_cli.shell.line import apply_line
from dungeon_cli.shell.recordfile import RecordFile
from dungeon_cli.shell.sample import sample_game
from notation import parse

SCOUNDREL = registry.get("scoundrel")
SEED = 4  # a dozen turns under the sampling policy


def game(seed: int = SEED):
    session, lines = sample_game(SCOUNDREL, seed)
    return session.text(), lines


def script(lines) -> str:
    return "".join(line + "\n" for line in lines)


def text_after(lines, seed: int = SEED) -> str:
    session = Session(Setup(SCOUNDREL.game.name, seed=seed))
    session.deal()
    for line in lines:
        apply_line(session, line)
    return session.text()


class FailingOs:
    """The ``os`` module as the one door out (``safe_write``, which writes the record) sees it, failing with ``error`` on the calls
    of ``name`` numbered in ``failing`` (1-based), as a disk that fills up (or a
    directory made read-only) in mid-game does."""

    def __init__(self, name: str, error: int, failing: range):
        self._name, self._error, self._failing, self.calls = name, error, failing, 0

    def __getattr__(self, attr):
        original = getattr(os, attr)
        if attr != self._name:
            return original

        def call(*args, **kwargs):
            self.calls += 1
            if self.calls in self._failing:
                raise OSError(self._error, os.strerror(self._error))
            return original(*args, **kwargs)

        return call


def stray(directory: Path) -> list[str]:
    return [p.name for p in directory.iterdir() if p.name.startswith(".")]


def verifies_as_a_beginning(path: Path, lines) -> int:
    """The file is a legal record of the game's first K turns; K."""
    text = path.read_text(encoding="utf-8")
    record = parse(text)[0]
    assert Referee(seed_check=True).check(record).legal, text
    turns = len(record.turns)
    if record.moves:
        assert text == text_after(lines[:turns])
    return turns


# -- a full disk, in-process --------------------------------------------------------------------


@pytest.mark.parametrize(
    "name, error",
    [("fsync", errno.ENOSPC), ("open", errno.EROFS), ("open", errno.EACCES), ("replace", errno.EIO)],
    ids=["disk-full", "read-only", "no-permission", "io-error"],
)
def test_a_record_that_stops_being_writable_costs_nothing_of_the_game(run, tmp_path, monkeypatch, name, error):
    full, lines = game()
    path = tmp_path / "g.dgn"
    # the file is claimed and the first turns are saved; from then on every write fails
    failing = FailingOs(name, error, range(4, 10**6))
    monkeypatch.setattr(safe_write, "os", failing)
    result = run(["play", "scoundrel", "--seed", str(SEED), "-o", str(path)], input=script(lines))
    assert failing.calls >= 4
    assert result.exit_code == 1
    said = result.stderr.splitlines()
    assert said == [
        f"dungeon play: error: cannot write {path}: {os.strerror(error)}; the game goes on",
        f"dungeon play: error: the record could not be saved in {path}: it follows on standard output",
    ]
    assert result.stdout == full  # the whole game, not lost
    turns = verifies_as_a_beginning(path, lines)  # the file: the last record that was saved
    assert 0 <= turns < len(lines)
    assert stray(tmp_path) == []  # a failed save takes its temporary file away
    monkeypatch.setattr(safe_write, "os", os)
    resumed = run(["play", "--resume", str(path), "-o", str(path)], input=script(lines[turns:]))
    assert resumed.exit_code == 0 and path.read_text() == full


def test_a_disk_that_has_room_again_gets_the_whole_record(run, tmp_path, monkeypatch):
    full, lines = game()
    path = tmp_path / "g.dgn"
    monkeypatch.setattr(safe_write, "os", FailingOs("fsync", errno.ENOSPC, range(3, 6)))
    result = run(["play", "scoundrel", "--seed", str(SEED), "-o", str(path)], input=script(lines))
    assert result.exit_code == 0
    assert result.stderr == f"dungeon play: error: cannot write {path}: No space left on device; the game goes on\n"
    assert result.stdout == "" and path.read_text() == full


def test_at_the_terminal_a_full_disk_is_a_warning_and_the_record_is_shown_at_the_end(tmp_path, monkeypatch):
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from dungeon_cli.shell.interactive import PlayShell

    full, lines = game()
    path = tmp_path / "g.dgn"
    record = RecordFile.create(str(path), Session(Setup(SCOUNDREL.game.name, seed=SEED)).text())
    monkeypatch.setattr(safe_write, "os", FailingOs("fsync", errno.ENOSPC, range(3, 10**6)))
    out = io.StringIO()
    with create_pipe_input() as pipe:
        pipe.send_text(script(lines))
        pipe.close()
        shell = PlayShell(Session(Setup(SCOUNDREL.game.name, seed=SEED)), record, out, input=pipe, output=DummyOutput())
        assert shell.run() == 0
    shown = out.getvalue()
    assert f"warning: could not save {path}: No space left on device; the game goes on" in shown
    assert shown.endswith(f"the record could not be saved in {path}; here it is:\n{full}")
    assert "record saved in" not in shown
    verifies_as_a_beginning(path, lines)


# -- a full disk, a real process --------------------------------------------------------------


def test_a_process_whose_files_may_not_grow_keeps_its_game(run, tmp_path):
    """RLIMIT_FSIZE: the record file may hold 300 bytes; the game's record is longer."""
    full, lines = game()
    assert len(full.encode()) > 300
    path = tmp_path / "g.dgn"

    def small_files():
        resource.setrlimit(resource.RLIMIT_FSIZE, (300, 300))

    exe = Path(sys.executable).with_name("dungeon")
    done = subprocess.run(
        [str(exe), "play", "scoundrel", "--seed", str(SEED), "-o", str(path)],
        input=script(lines).encode(),
        capture_output=True,
        cwd=tmp_path,
        preexec_fn=small_files,
        timeout=60,
    )
    err = done.stderr.decode()
    assert done.returncode == 1, err
    assert "Traceback" not in err
    assert f"cannot write {path}: File too large; the game goes on" in err
    assert done.stdout.decode() == full
    turns = verifies_as_a_beginning(path, lines)
    assert 0 < turns < len(lines) and stray(tmp_path) == []
    resumed = run(["play", "--resume", str(path), "-o", str(path)], input=script(lines[turns:]))
    assert resumed.exit_code == 0 and path.read_text() == full


# -- a directory that cannot be written -------------------------------------------------------


def test_a_record_under_a_regular_file_cannot_be_created_and_says_so(run, tmp_path):
    """Works as root too: no mode bit is involved, a file is simply not a directory."""
    blocker = tmp_path / "notes.txt"
    blocker.write_text("not a directory\n")
    path = blocker / "g.dgn"
    result = run(["play", "scoundrel", "--seed", "1", "-o", str(path)], input="run\n")
    assert result.exit_code == 1
    assert result.stderr == f"cannot create {path}: Not a directory\n"
    assert result.stdout == ""


def as_a_user(args: list[str]) -> list[str]:
    """``args`` to run so that mode bits bind: as they are for a user; for root, through
    ``setpriv`` with the capabilities that override them dropped (root otherwise writes
    into any directory, which is how CI runs)."""
    if os.geteuid() != 0:
        return args
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root without setpriv: chmod cannot stop root's writes")
    return [setpriv, "--bounding-set=-dac_override,-dac_read_search", "--", *args]


def test_a_read_only_directory_cannot_take_a_new_record_and_says_so(tmp_path):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    try:
        path = locked / "g.dgn"
        exe = str(Path(sys.executable).with_name("dungeon"))
        done = subprocess.run(
            as_a_user([exe, "play", "scoundrel", "--seed", "1", "-o", str(path)]),
            input=b"run\n",
            capture_output=True,
            timeout=60,
        )
        assert done.returncode == 1
        assert done.stderr.decode() == f"cannot create {path}: Permission denied\n"
        assert list(locked.iterdir()) == []
    finally:
        locked.chmod(0o755)


def test_a_directory_made_read_only_in_mid_game_keeps_the_game(run, tmp_path):
    full, lines = game()
    folder = tmp_path / "games"
    folder.mkdir()
    path = folder / "g.dgn"
    exe = str(Path(sys.executable).with_name("dungeon"))
    proc = subprocess.Popen(
        as_a_user([exe, "play", "scoundrel", "--seed", str(SEED), "-o", str(path)]),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        half = len(lines) // 2
        proc.stdin.write(script(lines[:half]).encode())
        proc.stdin.flush()
        deadline = time.monotonic() + 120
        while not (path.exists() and len(parse(path.read_text())[0].turns) == half):  # the first half on disk
            assert time.monotonic() < deadline and proc.poll() is None, "the first half was never saved"
            time.sleep(0.01)
        folder.chmod(0o555)
        out, err = proc.communicate(script(lines[half:]).encode(), timeout=60)
    finally:
        folder.chmod(0o755)
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 1, err
    assert err.decode().splitlines() == [
        f"dungeon play: error: cannot write {path}: Permission denied; the game goes on",
        f"dungeon play: error: the record could not be saved in {path}: it follows on standard output",
    ]
    assert out.decode() == full
    assert verifies_as_a_beginning(path, lines) == half
    assert stray(folder) == []


# -- two games in the same second ----------------------------------------------------------


SECOND = dt.datetime(2026, 11, 29, 21, 0, 0)


def test_games_started_in_the_same_second_by_threads_get_files_of_their_own(tmp_path):
    count = 16
    barrier = threading.Barrier(count)
    made: list[RecordFile] = []

    def start(i: int) -> None:
        barrier.wait()
        record = RecordFile.fresh("scoundrel", SECOND, str(tmp_path), text=f"# game {i}\n")
        record.save(f"# game {i}, turn 1\n")
        made.append(record)

    threads = [threading.Thread(target=start, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    paths = sorted(r.path for r in made)
    assert len(set(paths)) == count
    assert sorted(os.listdir(tmp_path)) == sorted(os.path.basename(p) for p in paths)
    assert sorted(Path(p).read_text() for p in paths) == sorted(f"# game {i}, turn 1\n" for i in range(count))


def test_play_sessions_started_in_the_same_second_by_processes_never_share_a_file(tmp_path):
    """Processes forked from here, released at once through a pipe, each get a game ready
    the way ``dungeon play`` does at a terminal (``setup.prepare``, a dated file name in
    the current directory) in the same frozen second, and play their seed to its end."""
    count = 8
    go_read, go_write = os.pipe()
    pids = []
    for seed in range(count):
        pid = os.fork()
        if pid == 0:
            status = 1
            try:
                os.close(go_write)
                os.chdir(tmp_path)

                class Frozen(dt.datetime):
                    @classmethod
                    def now(cls, tz=None):
                        return SECOND

                recordfile._dt.datetime = Frozen
                from dungeon_cli.shell.game_start import prepare

                os.read(go_read, 1)  # wait for the others
                ready = prepare("scoundrel", seed=seed, interactive=True)
                _, lines = sample_game(SCOUNDREL, seed)
                ready.session.deal()
                ready.record.save(ready.session.text())
                for line in lines:
                    apply_line(ready.session, line)
                    ready.record.save(ready.session.text())
                status = 0
            finally:
                os._exit(status)
        pids.append(pid)
    os.close(go_read)
    os.close(go_write)  # every child's read returns at once
    statuses = [os.waitpid(pid, 0)[1] for pid in pids]
    assert all(os.WIFEXITED(s) and os.WEXITSTATUS(s) == 0 for s in statuses), statuses
    names = sorted(p.name for p in tmp_path.iterdir())
    stamp = "scoundrel-20261129-210000"
    assert names == sorted([f"{stamp}.dgn"] + [f"{stamp}-{n}.dgn" for n in range(2, count + 1)])
    seeds = []
    for name in names:
        record = parse((tmp_path / name).read_text())[0]
        verdict = Referee(seed_check=True).check(record)
        assert verdict.legal and verdict.state.is_over
        seeds.append(int(record.tag_value("Seed")))
    assert sorted(seeds) == list(range(count))  # each game in a file of its own


def test_two_games_started_at_once_on_the_same_output_file_never_share_it(tmp_path):
    """``-o`` naming one file in two processes released at once: one game gets it, the
    other is refused ("exists already"), and the file holds the winner's game whole."""
    path = tmp_path / "g.dgn"
    go_read, go_write = os.pipe()
    pids = {}
    for seed in (1, 2, 3, 4):
        pid = os.fork()
        if pid == 0:
            status = 3
            try:
                os.close(go_write)
                os.read(go_read, 1)
                from dungeon_cli.shell.game_start import StartError, prepare

                try:
                    ready = prepare("scoundrel", seed=seed, output=str(path))
                except StartError as exc:
                    status = 1 if "exists already" in exc.lines[0] else 2
                else:
                    _, lines = sample_game(SCOUNDREL, seed)
                    ready.session.deal()
                    for line in lines:
                        apply_line(ready.session, line)
                        ready.record.save(ready.session.text())
                    status = 0
            finally:
                os._exit(status)
        pids[pid] = seed
    os.close(go_read)
    os.close(go_write)
    results = {pids[pid]: os.WEXITSTATUS(status) for pid, status in (os.waitpid(p, 0) for p in list(pids))}
    assert sorted(results.values()) == [0, 1, 1, 1], results
    winner = next(seed for seed, status in results.items() if status == 0)
    assert path.read_text() == game(winner)[0]
    assert stray(tmp_path) == []
