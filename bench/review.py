"""The review commands' speed: ``dungeon diff`` of two 60-turn records of one deal, and
``dungeon textconv`` of one, beside ``dungeon verify`` of the same record; wall time of
interleaved runs, min and median, and each ratio to verify (target: 1.5x at most, so a
textconv over a pull request of 500 records stays quick).

The records are RPG solitaire games of the greedy bot (its games run longest), cut to
60 turns; the second plays the first's deal on from turn 30 with other choices.
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TURNS = 60
GAME = "rpg-solitaire"


def _cut(text: str, turns: int) -> str:
    """The record's first ``turns`` move lines, unfinished (no Result)."""
    out = []
    for line in text.splitlines():
        if line.startswith("[Result "):
            continue
        head = line.split(".", 1)[0]
        if head.isdigit() and int(head) > turns:
            break
        out.append(line)
    return "\n".join(out) + "\n"


def records(exe: str, tmp: str) -> tuple[str, str]:
    """Two records of one deal, TURNS move lines each, parting at turn 30."""
    from dungeon_cli import bots
    from dungeon_cli.kit.core import Phase
    from dungeon_cli.services.session import Session
    from notation import parse

    out = os.path.join(tmp, "games")
    subprocess.run([exe, "sim", GAME, "--bot", "greedy", "--games", "100", "--records", out], capture_output=True, check=True)
    for name in sorted(os.listdir(out)):
        text = Path(out, name).read_text(encoding="utf-8")
        if sum(1 for line in text.splitlines() if line[:1].isdigit()) < TURNS:
            continue
        first = _cut(text, TURNS)
        (record,) = parse(_cut(text, TURNS // 2 - 1))
        session = Session.from_record(record)
        rng = random.Random(1)
        bot = bots.make(GAME, "greedy")
        bot.begin(session.module, session.variant, session.options, session.start)
        session.deal()
        first_choice = True
        while session.state.phase is Phase.DECISION and session.state.turn <= TURNS:
            state = session.state
            # the first choice of turn 30 is another than the bot's, then the bot plays on
            action = bot.choose(state, rng)
            others = [a for a in state.legal_actions() if a != action]
            if first_choice and others:
                action = rng.choice(others)
                first_choice = False
            session.apply(action)
            session.deal()
        second = _cut(session.text(), TURNS)
        if sum(1 for line in second.splitlines() if line[:1].isdigit()) == TURNS:
            return first, second
    raise RuntimeError(f"no {GAME} game of {TURNS} turns among the bot's 100")


def _wall(argv: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def run(runs: int = 40) -> dict:
    exe = str(Path(sys.executable).with_name("dungeon"))
    with tempfile.TemporaryDirectory() as tmp:
        first, second = records(exe, tmp)
        a, b = os.path.join(tmp, "a.dgn"), os.path.join(tmp, "b.dgn")
        Path(a).write_text(first, encoding="utf-8")
        Path(b).write_text(second, encoding="utf-8")
        cases = {
            "dungeon verify a.dgn": [exe, "verify", a],
            "dungeon diff a.dgn b.dgn": [exe, "diff", a, b],
            "dungeon textconv a.dgn": [exe, "textconv", a],
        }
        for argv in cases.values():  # warm the file cache; the diff must part where made to
            done = subprocess.run(argv, capture_output=True, text=True, check=False)
            assert "Traceback" not in done.stderr, done.stderr
        said = subprocess.run(cases["dungeon diff a.dgn b.dgn"], capture_output=True, text=True).stdout
        assert "they part at turn 30" in said, said[:2000]
        # Interleaved, one run of each case per round: whatever else the machine does
        # weighs on every case alike.
        times: dict[str, list[float]] = {name: [] for name in cases}
        for _ in range(runs):
            for name, argv in cases.items():
                times[name].append(_wall(argv))
    base_min = min(times["dungeon verify a.dgn"])
    base_median = statistics.median(times["dungeon verify a.dgn"])
    return {
        "runs": runs,
        "turns": TURNS,
        "min_s": {name: min(values) for name, values in times.items()},
        "median_s": {name: statistics.median(values) for name, values in times.items()},
        "ratio_to_verify_min": {name: min(values) / base_min for name, values in times.items()},
        "ratio_to_verify_median": {name: statistics.median(values) / base_median for name, values in times.items()},
        "target": 1.5,
    }


if __name__ == "__main__":
    import json

    print(json.dumps(run(), indent=2))
