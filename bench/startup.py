"""Start-up time: ``dungeon --version`` and ``dungeon verify`` on one small record, beside
``python -c pass``, median wall time of many runs, all in one run of this script."""

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


def _median_wall(argv: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def run(runs: int = 30) -> dict:
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
        medians = {name: _median_wall(argv, runs) for name, argv in cases.items()}
    base = medians["python -c pass"]
    return {
        "runs": runs,
        "median_s": medians,
        "ratio_to_python": {name: value / base for name, value in medians.items()},
    }


if __name__ == "__main__":
    import json

    print(json.dumps(run(), indent=2))
