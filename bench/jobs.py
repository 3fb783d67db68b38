"""``--jobs 2`` against ``--jobs 1``: ``verify`` of many files, ``sim`` and ``solve --seeds``,
each timed as a whole process (wall clock), the two run in turn, pair by pair, so that
whatever else the machine does weighs on both; the speed-up of each pair, min and median.
On a machine whose two cores are busy with other work there is no second core to gain,
and the figure says so."""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .corpus import SIM_CORPUS, sim_records


def _wall(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def _pairs(make, runs: int) -> dict:
    """``make(jobs)`` run with --jobs 1 and --jobs 2 in turn, ``runs`` times after one warm-up each."""
    _wall(make(1)), _wall(make(2))
    ones, twos = [], []
    for _ in range(runs):
        ones.append(_wall(make(1)))
        twos.append(_wall(make(2)))
    speedups = [one / two for one, two in zip(ones, twos)]
    return {
        "speedup_min": min(speedups),
        "speedup_median": statistics.median(speedups),
        "jobs1_s_median": statistics.median(ones),
        "jobs2_s_median": statistics.median(twos),
    }


def run(runs: int = 5) -> dict:
    exe = str(Path(sys.executable).with_name("dungeon"))
    out: dict = {"runs": runs}
    with tempfile.TemporaryDirectory() as tmp:
        files: list[str] = []
        for game, bot, games in SIM_CORPUS:  # the throughput corpus, 50 records a file
            records = sim_records(game, bot, games)
            for first in range(0, games, 50):
                path = Path(tmp) / f"{game}-{bot}-{first}.dgn"
                path.write_text("\n".join(records[first : first + 50]), encoding="utf-8")
                files.append(str(path))
        out[f"verify, {len(files)} files"] = _pairs(lambda j: [exe, "verify", "-q", "--jobs", str(j), *files], runs)
    out["sim scoundrel --games 200000"] = _pairs(lambda j: [exe, "sim", "scoundrel", "--games", "200000", "--jobs", str(j)], runs)
    out["solve scoundrel --seeds 0-39"] = _pairs(lambda j: [exe, "solve", "scoundrel", "--seeds", "0-39", "--jobs", str(j)], runs)
    return out
