"""Streams and files that fail: a closed standard input or output, standard output on
/dev/full, a history file that is a directory or cannot be written, fmt into a
read-only directory or onto a full disk, solve --limit of 400 digits, --player with a
byte that is not UTF-8 or a line end, sim --records under a directory that cannot be
read. Each is a one-line message and a non-zero exit: never a traceback, never exit 0
with the output lost. Real processes, a real pty, RLIMIT_FSIZE, setpriv for root."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import EXAMPLES
from pty_terminal import PROMPTING, terminal  # noqa: F401  (the fixture)
from test_faults_dataloss import MESSY
from test_faults_disk import as_a_user

EXE = str(Path(sys.executable).with_name("dungeon"))
WIN = str(EXAMPLES / "scoundrel-win.dgn")


def shell(command: str, cwd) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", "-c", command], cwd=cwd, capture_output=True, timeout=120, env={**os.environ, "D": EXE})


def one_line_error(done: subprocess.CompletedProcess) -> str:
    err = done.stderr.decode(errors="replace")
    assert done.returncode not in (0,), err
    assert "Traceback" not in err, err
    assert len(err.strip().splitlines()) == 1, err
    return err.strip()


@pytest.mark.parametrize(
    "args",
    [
        f"verify -v {WIN}",
        "games",
        f"summary {WIN}",
        f"replay {WIN}",
        "rules scoundrel",
        "solve --seed 0 clear-the-dungeon",
        "sim scoundrel --games 5",
        f"fmt - < {WIN}",
    ],
)
@pytest.mark.parametrize("where", ["/dev/full", "closed"])
def test_standard_output_that_cannot_be_written_is_an_error(tmp_path, args, where):
    redirect = ">/dev/full" if where == "/dev/full" else ">&-"
    done = shell(f"$D {args} {redirect}", tmp_path)
    err = one_line_error(done)
    assert err.startswith("dungeon: error: standard output: ")
    assert done.returncode == 2


def into_a_closed_pipe(args: list[str]) -> subprocess.CompletedProcess:
    """``dungeon ARGS | head -0``, without the race: the pipe's reading end is closed
    before dungeon starts, so its first write meets a reader that has gone."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        return subprocess.run([EXE, *args], stdout=write_end, stderr=subprocess.PIPE, timeout=120)
    finally:
        os.close(write_end)


@pytest.mark.parametrize(
    "args",
    [
        ["verify", "-v", str(EXAMPLES)],
        ["verify", "--format", "json", WIN],
        ["summary", WIN],
        ["replay", WIN],
        ["rules", "scoundrel", "--full"],
        ["games"],
        ["--help"],
        ["verify", "--help"],
        ["--version"],
    ],
    ids=lambda args: " ".join(a if "/" not in a else Path(a).name for a in args),
)
def test_a_reader_that_goes_away_is_status_141_and_says_nothing(args):
    """Issue 25: ``dungeon verify -v out/ | head -1`` exited 1, "an illegal record". A
    closed pipe is no verdict: the status a shell reports for ``git log | head`` (141,
    128 + SIGPIPE; README.md, the conventions), silently."""
    done = into_a_closed_pipe(args)
    assert (done.returncode, done.stderr.decode(errors="replace")) == (141, "")


def test_closed_standard_input_reads_as_empty(tmp_path):
    done = shell("$D verify - <&-", tmp_path)
    assert done.returncode == 1 and b"no record in this file" in done.stdout
    assert b"Traceback" not in done.stderr


def test_a_history_file_that_is_a_directory_costs_nothing_of_the_game(terminal, tmp_path):  # noqa: F811
    """Reading and writing the history both fail (EISDIR), as for a file that cannot
    be written: the same code path."""
    history = tmp_path / "data" / "dungeon" / "history" / "scoundrel"
    history.mkdir(parents=True)
    term = terminal("play", "scoundrel", "--seed", "7", "-o", str(tmp_path / "g.dgn"))
    term.wait_for(lambda: PROMPTING in term.output)
    term.type("2c 3c 7h\r")
    term.wait_for(lambda: term.output.count(PROMPTING) >= 2)
    term.type("quit\r")
    assert term.proc.wait(timeout=30) == 0
    assert b"Traceback" not in term.output
    assert "1. 9c 7h 2c 3c : 2c 3c 7h" in (tmp_path / "g.dgn").read_text()


def test_fmt_into_a_read_only_directory_is_one_line(tmp_path):
    locked = tmp_path / "locked"
    locked.mkdir()
    (locked / "g.dgn").write_text(MESSY)
    locked.chmod(0o555)
    try:
        done = subprocess.run(as_a_user([EXE, "fmt", str(locked / "g.dgn")]), capture_output=True, timeout=60)
    finally:
        locked.chmod(0o755)
    err = done.stderr.decode()
    assert done.returncode == 2 and "Traceback" not in err
    assert f"dungeon fmt: error: cannot write {locked / 'g.dgn'}: Permission denied; it was left as it was" in err
    assert (locked / "g.dgn").read_text() == MESSY


def test_fmt_on_a_full_disk_leaves_the_file(tmp_path):
    path = tmp_path / "g.dgn"
    path.write_text(MESSY)

    def small():
        resource.setrlimit(resource.RLIMIT_FSIZE, (100, 100))

    done = subprocess.run([EXE, "fmt", str(path)], capture_output=True, timeout=60, preexec_fn=small)
    err = done.stderr.decode()
    assert done.returncode == 2 and "Traceback" not in err
    assert "File too large; it was left as it was" in err
    assert path.read_text() == MESSY and [p.name for p in tmp_path.iterdir()] == ["g.dgn"]


def test_solve_limit_of_400_digits_is_a_usage_error(tmp_path):
    done = subprocess.run([EXE, "solve", "--seed", "1", "scoundrel", "--limit", "9" * 400], capture_output=True, timeout=60)
    assert done.returncode == 2 and b"Traceback" not in done.stderr and b"is not a limit" in done.stderr


@pytest.mark.parametrize("player", [b"Ann\xff", b"Ann\nBob"])
def test_player_that_is_not_one_line_of_utf8_is_a_usage_error(tmp_path, player):
    done = subprocess.run(
        [EXE.encode(), b"play", b"scoundrel", b"--seed", b"7", b"--player", player],
        input=b"2c 3c 7h\n",
        capture_output=True,
        timeout=60,
    )
    assert done.returncode == 2 and b"Traceback" not in done.stderr and b"--player" in done.stderr
    assert done.stdout == b""


def test_sim_records_under_an_unreadable_directory_is_one_line(tmp_path):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o000)
    try:
        done = subprocess.run(
            as_a_user([EXE, "sim", "scoundrel", "--games", "3", "--records", str(locked / "out")]),
            capture_output=True,
            timeout=60,
        )
    finally:
        locked.chmod(0o755)
    assert done.returncode == 2 and b"Traceback" not in done.stderr and b"Permission denied" in done.stderr
