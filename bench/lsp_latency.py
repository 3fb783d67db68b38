"""Diagnostics latency of ``dungeon lsp``: the target is diagnostics published within
100 ms of a change to a 100-turn document.

No game of the four runs to 100 turns (the longest games the bots play end near 20), so
the document is seeded games of every game, with a checkpoint after every move (more
for the referee to judge), until 100 turns: what a file of a session's games holds.
Each change (a Player tag rewritten, so the whole document is read again as the server
does on any change) is timed from the didChange notification written to the
publishDiagnostics read, over the protocol on stdio (tests/support/lsp_client.py).
``python -m bench lsp`` prints the figures.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

TARGET_MS = 100.0
TURNS = 100
ROOT = Path(__file__).resolve().parent.parent


def hundred_turns() -> str:
    from dungeon_cli.services.formatting import format_bytes

    from .corpus import random_game

    games = ("scoundrel", "clear-the-dungeon", "rpg-solitaire", "cassette-dungeons")
    records, turns, seed = [], 0, 0
    while turns < TURNS:
        text, _ = format_bytes(random_game(games[seed % len(games)], seed).encode("utf-8"), annotate=True)
        seed += 1
        lines = text.rstrip("\n").split("\n")
        moves = [i for i, line in enumerate(lines) if line[:1].isdigit()]
        if turns + len(moves) > TURNS:
            lines = lines[: moves[TURNS - turns - 1] + 1]
            lines = [line for line in lines if not line.startswith("[Result")]
            moves = moves[: TURNS - turns]
        turns += len(moves)
        records.append("\n".join(lines))
    return "\n\n".join(records) + "\n"


def measure(client, text: str, changes: int) -> list[float]:
    """Seconds from each change sent to its diagnostics read."""
    uri = "untitled:bench-100-turns.dgn"
    assert client.open(uri, text) == [], "the bench's document is legal"
    times = []
    for version in range(2, changes + 2):
        changed = text.replace('[Player "random"]', f'[Player "random {version}"]', 1)
        start = time.perf_counter()
        found = client.change(uri, changed, version)
        times.append(time.perf_counter() - start)
        assert found == []
    return times


def run(changes: int = 30) -> dict:
    sys.path.insert(0, str(ROOT / "tests" / "support"))
    from lsp_client import Client

    text = hundred_turns()
    client = Client()
    try:
        times = [t * 1000 for t in measure(client, text, changes)]
    finally:
        client.close()
    return {
        "document": {"turns": TURNS, "lines": text.count("\n"), "bytes": len(text.encode("utf-8"))},
        "changes": changes,
        "median_ms": round(statistics.median(times), 1),
        "p90_ms": round(sorted(times)[int(0.9 * len(times))], 1),
        "max_ms": round(max(times), 1),
        "target_ms": TARGET_MS,
        "ok": statistics.median(times) <= TARGET_MS,
    }


if __name__ == "__main__":
    import json

    print(json.dumps(run(), indent=2))
