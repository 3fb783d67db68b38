"""Ctrl-C is exit status 130 in every command (never click's "Aborted!" with status 1,
which here means an illegal record); an interrupted ``solve`` prints the best line it
had, marked not proven; an interrupted ``sim`` prints the summary of the games played;
``sim --jobs`` never runs more processes than CPUs, its workers die with their parent,
and a worker lost is a one-line error with the games played summed up. Real processes
and real signals, sent to the whole process group as a terminal's Ctrl-C is."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import EXAMPLES
from processes import BOUND, EXE, CpuClock, Watched, ctrl_c, stand_in, start
from test_faults_dataloss import _blocked_reading


def children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            found += [int(c) for c in (task / "children").read_text().split()]
        except OSError:
            pass
    return found


@pytest.mark.parametrize("args", [["verify", "-"], ["fmt", "-"], ["summary", "-"], ["replay", "-"]], ids=lambda a: a[0])
def test_ctrl_c_while_reading_is_status_130(tmp_path, args):
    proc = start(args, tmp_path, stdin=subprocess.PIPE)
    proc.stdin.write((EXAMPLES / "scoundrel-win.dgn").read_bytes())
    proc.stdin.flush()
    _blocked_reading(proc, proc.stdin.fileno())
    out, err = ctrl_c(proc)
    assert proc.returncode == 130, err
    assert b"Aborted" not in err and b"Traceback" not in err


def test_ctrl_c_in_solve_prints_the_best_line_not_proven(tmp_path):
    """The search held for ever once it has a line (a stand-in says so): the Ctrl-C comes
    after the first line is found and before the deal is proven, however fast the
    machine (strict-weapon seed 32: one of the slowest deals of seeds 0-99 to prove)."""
    held = (
        "import time, dungeon_cli.solver as s; real = s.Search._search\n"
        "def held(self, node):\n"
        "    if self.best_line:\n"
        "        sys.stderr.write('line found\\n'); sys.stderr.flush()\n"
        "        while True:  # the rest of the search, for ever\n"
        "            time.sleep(1)\n"
        "    return real(self, node)\n"
        "s.Search._search = held\n"
    )
    run = Watched(["solve", "--seed", "32", "--variant", "strict-weapon", "scoundrel"], tmp_path, stand_in(held))
    run.says(b"line found")
    out, err = run.ctrl_c()
    assert run.proc.returncode == 130, err
    assert b"not proven (interrupted)" in err and b"Traceback" not in err
    assert b'[Solve "best found, not proven (interrupted)"]' in out


def test_ctrl_c_in_sim_sums_up_the_games_played(tmp_path):
    run = Watched(["sim", "clear-the-dungeon", "--bot", "greedy", "--games", "1000000", "--jobs", "2"], tmp_path)
    run.finished()  # before: 2 s, and on a loaded machine no game was finished yet
    out, err = run.ctrl_c()
    assert run.proc.returncode == 130, err
    assert b"Traceback" not in err and b"interrupted: the first " in err
    assert b"95% CI" in out and b"scores (seeds 0.." in out


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_in_a_sim_of_a_slow_bot_says_stopping_and_stops_within_a_second(tmp_path, jobs):
    """The strong player searches (a game takes from a third of a second to seconds on a
    busy machine): it goes in chunks of one game, and the game in hand is dropped after
    a grace of 0.75 s. Before, a chunk was 500 games: a minute and a half."""
    run = Watched(["sim", "scoundrel", "--bot", "strong", "--games", "100000", "--jobs", jobs], tmp_path)
    run.finished()  # a game is done: the next one is in hand
    clock = CpuClock(run.proc.pid)
    out, err = run.ctrl_c()
    assert run.proc.returncode == 130, err
    assert err.startswith(b"stopping... (Ctrl-C again: at once, keeping what is finished)\n"), err
    assert b"Traceback" not in err and b"interrupted" in err
    # CPU, not wall time, which a loaded machine stretches (tests/README.md): a chunk of
    # 500 games is minutes of it
    assert clock.spent() < BOUND * int(jobs), clock.spent()


def test_a_second_ctrl_c_keeps_the_games_finished(tmp_path):
    run = Watched(["sim", "scoundrel", "--bot", "strong", "--games", "100000"], tmp_path)
    run.finished()  # before: 6 s, and on a loaded machine no game was finished yet
    os.killpg(run.proc.pid, signal.SIGINT)
    run.says(b"stopping...")  # the first is taken: the second comes while the game in hand is played
    out, err = run.ctrl_c()
    assert run.proc.returncode == 130, err
    assert b"Traceback" not in err and b"interrupted: the first " in err, err
    assert b"95% CI" in out and b"scoundrel  strong" in out


def test_jobs_are_capped_at_the_cpus(tmp_path):
    done = subprocess.run(
        [EXE, "sim", "scoundrel", "--games", "20", "--jobs", "5000"], capture_output=True, cwd=tmp_path, timeout=60
    )
    cpus = len(os.sched_getaffinity(0))
    assert done.returncode == 0
    assert f"--jobs 5000: this machine has {cpus} CPU".encode() in done.stderr


def _workers(proc, want: int = 1) -> list[int]:
    end = time.monotonic() + 30
    while time.monotonic() < end:
        found = children(proc.pid)
        if len(found) >= want:
            return found
        time.sleep(0.1)
    raise AssertionError("no worker process started")


def test_a_worker_killed_is_one_line_and_the_games_played_are_summed_up(tmp_path):
    out_dir = tmp_path / "out"
    proc = start(
        ["sim", "clear-the-dungeon", "--bot", "greedy", "--games", "1000000", "--jobs", "2", "--records", str(out_dir)], tmp_path
    )
    (worker, *_) = _workers(proc)
    end = time.monotonic() + 60
    while not any(out_dir.iterdir()):  # games come in seed order: the first chunk is in
        assert time.monotonic() < end
        time.sleep(0.1)
    os.kill(worker, signal.SIGKILL)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 1, err
    assert b"Traceback" not in err
    assert b"dungeon sim: error: a worker process died" in err
    assert b"95% CI" in out


def test_workers_die_with_their_parent(tmp_path):
    proc = start(["sim", "scoundrel", "--bot", "counting", "--games", "1000000", "--jobs", "2"], tmp_path)
    workers = _workers(proc)
    proc.kill()
    proc.communicate(timeout=60)
    end = time.monotonic() + 20
    while time.monotonic() < end and any(
        Path(f"/proc/{w}").exists() and "Z" not in Path(f"/proc/{w}/stat").read_text().split()[2] for w in workers
    ):
        time.sleep(0.1)
    alive = [w for w in workers if Path(f"/proc/{w}").exists() and Path(f"/proc/{w}/stat").read_text().split()[2] != "Z"]
    for w in alive:
        os.kill(w, signal.SIGKILL)
    assert alive == [], "workers outlived their parent"


def test_a_hundred_billion_games_start_at_once_in_bounded_memory(tmp_path):
    """--games 1e11 filled the memory listing its chunks before a game was played."""
    import resource

    def small_memory():
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    for jobs in ("1", "2"):
        proc = subprocess.Popen(
            [EXE, "sim", "scoundrel", "--games", "100000000000", "--jobs", jobs, "--records", str(tmp_path / f"out{jobs}")],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=tmp_path,
            start_new_session=True,
            preexec_fn=small_memory,
        )
        end = time.monotonic() + 60
        while not (tmp_path / f"out{jobs}").exists() or not any((tmp_path / f"out{jobs}").iterdir()):
            assert proc.poll() is None, proc.communicate()[1]
            assert time.monotonic() < end
            time.sleep(0.1)
        out, err = ctrl_c(proc)
        assert proc.returncode == 130, err
        assert b"MemoryError" not in err and b"95% CI" in out


def _verify_patched(patch: str, cwd: Path, preexec=None) -> subprocess.CompletedProcess[bytes]:
    """``dungeon verify`` of an example record in a fresh interpreter, after ``patch``
    (Python source) has replaced a piece of the CLI to reach a window no outside signal
    can be timed into."""
    record = sorted((Path(__file__).parents[2] / "fixtures" / "examples").glob("*.dgn"))[0]
    code = (
        "import sys\n"
        + patch
        + "from dungeon_cli.cli import main\n"
        + f"sys.argv = ['dungeon', 'verify', {str(record)!r}]\n"
        + "main()\n"
    )
    return subprocess.run([sys.executable, "-c", code], capture_output=True, cwd=cwd, timeout=60, preexec_fn=preexec)


@pytest.mark.parametrize("late", [1, 2])
def test_a_ctrl_c_after_the_command_is_over_keeps_its_status(tmp_path, late):
    """The window a second Ctrl-C can fall in on a loaded machine: the command has
    ended (here ``verify``, status 0) and standard output is being flushed. Before,
    the KeyboardInterrupt escaped ``main`` and Python killed itself with SIGINT (status
    -2, a traceback). One late Ctrl-C is let pass; a second leaves at once with 130,
    in case the flush is stuck."""
    patch = (
        "import os, signal\n"
        "from dungeon_cli.plumbing import streams\n"
        "flush = streams.finish\n"
        "def finish(code):\n"
        f"    for _ in range({late}):\n"
        "        os.kill(os.getpid(), signal.SIGINT)\n"
        "    return flush(code)\n"
        "streams.finish = finish\n"
    )
    done = _verify_patched(patch, tmp_path)
    assert b"Traceback" not in done.stderr, done.stderr
    assert done.returncode == (0 if late == 1 else 130), done.stderr


@pytest.mark.parametrize("ignored", [False, True])
def test_ctrl_c_is_guarded_from_the_start_and_an_ignored_one_stays_ignored(tmp_path, ignored):
    """The late Ctrl-C guard is in place while the command runs (a KeyboardInterrupt
    then, as Python's own handler gives), not put in once it is over: a Ctrl-C that
    came between the two had killed ``sim`` after its summary (status -2, once in a
    CI run). A process started with Ctrl-C ignored (a background job) keeps it so."""
    patch = (
        "import signal\n"
        "from dungeon_cli import cli\n"
        "run = cli._run\n"
        "def seen():\n"
        "    handler = signal.getsignal(signal.SIGINT)\n"
        "    sys.stderr.write('handler: ' + getattr(handler, '__name__', type(handler).__name__) + '\\n')\n"
        "    return run()\n"
        "cli._run = seen\n"
    )
    preexec = (lambda: signal.signal(signal.SIGINT, signal.SIG_IGN)) if ignored else None
    done = _verify_patched(patch, tmp_path, preexec)
    assert done.returncode == 0, done.stderr
    assert (b"handler: Handlers" if ignored else b"handler: _CtrlC") in done.stderr, done.stderr
