"""Start-up time: ``dungeon --version`` and ``dungeon verify`` on one small record, beside
``python -c pass``, median wall time of many interleaved runs, all in one run of this script."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SMALL = """[Game "scoundrel"]

1. 9s 5d 4h Kc : 5d x9s 4h
2. (Kc) 7c 2s 8h : run
"""


def _wall(argv: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def run(runs: int = 60) -> dict:
    exe = str(Path(sys.executable).with_name("dungeon"))
    with tempfile.TemporaryDirectory() as tmp:
        small = os.path.join(tmp, "small.dgn")
        Path(small).write_text(SMALL, encoding="utf-8")
        cases = {
            "python -c pass": [sys.executable, "-c", "pass"],
            "dungeon --version": [exe, "--version"],
            "dungeon verify small.dgn": [exe, "verify", small],
        }
        for argv in cases.values():  # warm the file cache
            subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        # Interleaved, one run of each case per round, so that whatever else the machine
        # is doing weighs on every case alike.
        times: dict[str, list[float]] = {name: [] for name in cases}
        for _ in range(runs):
            for name, argv in cases.items():
                times[name].append(_wall(argv))
        medians = {name: statistics.median(values) for name, values in times.items()}
    base = medians["python -c pass"]
    return {
        "runs": runs,
        "median_s": medians,
        "ratio_to_python": {name: value / base for name, value in medians.items()},
    }


if __name__ == "__main__":
    import json

    print(json.dumps(run(), indent=2))
