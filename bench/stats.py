"""``dungeon stats`` beside ``dungeon verify`` of the same 10,000 records (issue 28:
at most twice as long). The records are the four games' as ``dungeon sim --records``
writes them (bench/corpus.py), each with a Player and a Date tag, and every third
carries what ``analyse -o`` writes (an Accuracy tag and a judged move), so that stats
reads its comments as it would a player's; ten files of 1,000 records in a directory.
Wall time of interleaved runs, min and median, and the ratio to verify.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .corpus import joined, mixed, sim_records

RECORDS = 10_000
CORPUS = (
    ("scoundrel", "random", 2500),
    ("scoundrel", "greedy", 1500),
    ("clear-the-dungeon", "random", 2000),
    ("rpg-solitaire", "random", 2000),
    ("cassette-dungeons", "random", 2000),
)
NOTE = "# ? mistake x: fair win 40% -> 25% (better y 40%)"


def dressed(text: str, index: int) -> str:
    """The record with a player's tags; every third analysed, as analyse -o writes it."""
    lines = text.rstrip("\n").split("\n")
    tags = [f'[Player "p{index % 3}"]', f'[Date "2026-{1 + index % 12:02}-01"]']
    if index % 3 == 0:
        tags.append('[Accuracy "71.5"]')
        first = next(i for i, line in enumerate(lines) if line[:2] == "1.")
        lines[first] += "  " + NOTE
    lines[1:1] = tags
    return "\n".join(lines) + "\n"


def corpus() -> list[str]:
    games: dict[str, list[str]] = {}
    for game, bot, count in CORPUS:
        games.setdefault(game, []).extend(sim_records(game, bot, count))
    return [dressed(text, i) for i, text in enumerate(mixed(games))]


def _wall(argv: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def run(runs: int = 5, records: int = RECORDS) -> dict:
    exe = str(Path(sys.executable).with_name("dungeon"))
    texts = corpus()[:records]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "games"
        folder.mkdir()
        per_file = max(1, len(texts) // 10)
        for i in range(0, len(texts), per_file):
            (folder / f"games-{i // per_file:02}.dgn").write_bytes(joined(texts[i : i + per_file]))
        cases = {"dungeon verify DIR": [exe, "verify", str(folder)], "dungeon stats DIR": [exe, "stats", str(folder)]}
        for argv in cases.values():  # warm the file cache; both must read every record cleanly
            done = subprocess.run(argv, capture_output=True, text=True, check=False)
            assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr[:2000]
        times: dict[str, list[float]] = {name: [] for name in cases}
        for _ in range(runs):  # interleaved: the machine's load weighs on both alike
            for name, argv in cases.items():
                times[name].append(_wall(argv))
    base = times["dungeon verify DIR"]
    mine = times["dungeon stats DIR"]
    return {
        "records": len(texts),
        "runs": runs,
        "min_s": {name: min(values) for name, values in times.items()},
        "median_s": {name: statistics.median(values) for name, values in times.items()},
        "ratio_min": min(mine) / min(base),
        "ratio_median": statistics.median(mine) / statistics.median(base),
        "target": 2.0,
    }


if __name__ == "__main__":
    import json

    print(json.dumps(run(), indent=2))
