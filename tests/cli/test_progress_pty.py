"""The progress line of a long run (``sim``, ``solve --seeds``, ``analyse``) as a person
meets it: standard error a real terminal (a pty), the line redrawn in place with
done/total and an estimate of the time left, and wiped before the summary; standard
output (a pipe here) never holds any of it, nor does standard error when it is a pipe."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from pty_terminal import Terminal

from dungeon_cli.cli.progress import WIPE, Progress

EXE = str(Path(sys.executable).with_name("dungeon"))


def at_a_terminal(args: list[str], cwd: Path) -> tuple[bytes, bytes, int]:
    """``dungeon ARGS`` with standard error on a pty and standard output on a pipe:
    (standard output, what the terminal showed, exit status)."""
    with Terminal(args, cwd, dict(os.environ), program=(EXE,), stdout=subprocess.PIPE) as term:
        out, _ = term.proc.communicate(timeout=300)
        term.finish()
        return out, bytes(term.output), term.proc.returncode


def drawn(shown: bytes) -> list[str]:
    """Each drawing of the line, in order."""
    return [part.decode() for part in shown.split(WIPE.encode()) if part.strip()]


def test_sim_draws_done_of_total_and_the_time_left_in_place(tmp_path):
    out, shown, status = at_a_terminal(["sim", "scoundrel", "--games", "20000", "--bot", "greedy"], tmp_path)
    assert status == 0
    lines = drawn(shown)
    progress = [line for line in lines if line.startswith("playing ")]
    assert progress[0].startswith("playing 0/20,000 games 0%")
    assert progress[-1].startswith("playing 20,000/20,000 games 100%")
    assert any("left" in line for line in progress[:-1]) or len(progress) == 2  # a fast machine: no time to estimate
    assert all("\n" not in line for line in progress)  # redrawn in place, never scrolled
    assert shown.endswith(WIPE.encode()) and b"\r" not in out and b"playing" not in out
    assert b"95% CI" in out


def test_solve_seeds_and_analyse_of_many_records_draw_their_counts(tmp_path):
    out, shown, status = at_a_terminal(["solve", "scoundrel", "--seeds", "0-24", "--limit", "20k"], tmp_path)
    assert status == 0
    solving = [line for line in drawn(shown) if line.startswith("solving ")]
    assert solving[-1].startswith("solving 25/25 deals 100%") and b"\r" not in out
    assert (
        subprocess.run([EXE, "sim", "scoundrel", "--games", "3", "--records", "r"], cwd=tmp_path, capture_output=True).returncode
        == 0
    )
    out, shown, status = at_a_terminal(["analyse", "--samples", "4", "--limit", "5k", "--format", "json", "r"], tmp_path)
    assert status == 0, shown
    counts = [line.split(" records")[0] for line in drawn(shown) if line.startswith("analysing")]
    assert counts[0] == "analysing 0/3" and counts[-1] == "analysing 3/3"
    assert len(json.loads(out)["records"]) == 3  # the JSON is the JSON alone


def test_one_record_counts_its_decisions(tmp_path):
    assert (
        subprocess.run([EXE, "sim", "scoundrel", "--games", "1", "--records", "r"], cwd=tmp_path, capture_output=True).returncode
        == 0
    )
    out, shown, status = at_a_terminal(["analyse", "--samples", "4", "--limit", "5k", "r/scoundrel-0.dgn"], tmp_path)
    assert status == 0
    decisions = [line for line in drawn(shown) if line.startswith("analysing ")]
    done, total = decisions[-1].split(" ")[1].split("/")
    assert done == total and int(total) > 3 and " decisions 100%" in decisions[-1]
    assert b"hindsight" in out and b"analysing" not in out


@pytest.mark.parametrize(
    "args",
    [["sim", "scoundrel", "--games", "3000", "--bot", "greedy"], ["solve", "scoundrel", "--seeds", "0-3", "--limit", "5k"]],
    ids=["sim", "solve"],
)
def test_no_line_in_a_pipe(tmp_path, args):
    done = subprocess.run([EXE, *args], cwd=tmp_path, capture_output=True, timeout=300)
    assert done.returncode == 0
    assert b"\r" not in done.stderr and b"\x1b" not in done.stderr and b"\r" not in done.stdout


def test_the_estimate_is_the_time_so_far_scaled_to_what_is_left(monkeypatch):
    clock = [100.0]
    monkeypatch.setattr("dungeon_cli.cli.progress.time.monotonic", lambda: clock[0])
    bar = Progress(400, "playing", "games")
    assert bar.line() == "playing 0/400 games 0%  0:00 so far, estimating the time left"
    clock[0] += 30
    bar.done = 100
    assert bar.line() == "playing 100/400 games 25%  0:30 so far, about 1:30 left"
    clock[0] += 3600
    bar.done = 400
    assert bar.line() == "playing 400/400 games 100%  1:00:30 so far, done"
