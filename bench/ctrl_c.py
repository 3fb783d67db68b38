"""Ctrl-C's answer in the long runs, in wall seconds from the SIGINT to the exit: what
docs/simulation.md promises ("within a second") and the tests no longer time, since a
loaded machine stretches wall time at will (tests/README.md, "No test races a clock":
they bound the CPU time instead). Each run is started with standard error on a
pseudo-terminal, where it draws its progress line; the Ctrl-C comes once the line says
the run is under way (``solve --seeds``: drawn; ``sim --bot strong``: a game finished),
to the whole process group as a terminal sends it. Min and median of ``runs`` each.

``python -m bench ctrl_c`` runs it alone."""

from __future__ import annotations

import os
import pty
import re
import select
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import tty
from pathlib import Path

PROGRESS = re.compile(rb"\x1b\[K[a-z ]+ ([\d,]+)/[\d,]+")

RUNS = {
    "solve scoundrel strict-weapon --seeds 32-999 --jobs 1": (
        ["solve", "scoundrel", "--variant", "strict-weapon", "--seeds", "32-999", "--jobs", "1"],
        0,
    ),
    "solve scoundrel strict-weapon --seeds 32-999 --jobs 2": (
        ["solve", "scoundrel", "--variant", "strict-weapon", "--seeds", "32-999", "--jobs", "2"],
        0,
    ),
    "sim scoundrel --bot strong --jobs 2": (["sim", "scoundrel", "--bot", "strong", "--games", "100000", "--jobs", "2"], 1),
}


def _once(args: list[str], done: int, cwd: str) -> tuple[float, int]:
    """The wall seconds from Ctrl-C to the exit of one run, and its exit status."""
    exe = str(Path(sys.executable).with_name("dungeon"))
    master, slave = pty.openpty()
    tty.setraw(slave)
    proc = subprocess.Popen(
        [exe, *args], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=slave, cwd=cwd, start_new_session=True
    )
    os.close(slave)
    seen = b""
    try:
        while max((int(m.group(1).replace(b",", b"")) for m in PROGRESS.finditer(seen)), default=-1) < done:
            if not select.select([master], [], [], 120)[0]:
                raise RuntimeError(f"{args}: no progress line in 120 s")
            seen += os.read(master, 65536)
        began = time.perf_counter()
        os.killpg(proc.pid, signal.SIGINT)
        status = proc.wait(timeout=120)
        return time.perf_counter() - began, status
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        os.close(master)


def run(runs: int = 3) -> dict:
    out: dict = {"runs": runs}
    with tempfile.TemporaryDirectory() as cwd:
        for name, (args, done) in RUNS.items():
            took = []
            for _ in range(runs):
                seconds, status = _once(args, done, cwd)
                if status != 130:
                    raise RuntimeError(f"{name}: exit status {status} after Ctrl-C, not 130")
                took.append(seconds)
            out[name] = {"ctrl_c_to_exit_s_min": min(took), "ctrl_c_to_exit_s_median": statistics.median(took)}
    try:
        out["load_average_1min"] = os.getloadavg()[0]  # what the figures were measured under
    except OSError:
        pass
    return out


if __name__ == "__main__":
    import json

    print(json.dumps(run(), indent=2))
