"""The strong player and the analysis: time per decision, win rates beside the bots
they are measured against, a typical losing record analysed, and the solver from the
start of a deal beside the same deals solved from every decision of a game.

- Strong player (``--bot strong``) beside counting (Scoundrel) and greedy (Clear the
  Dungeon, ``reserve``) on the same seeds, one process: wins, games/s, milliseconds per
  decision. The full win-rate rows (2,000 and 1,000 seeds) are docs/simulation.md's,
  made with ``dungeon sim``.
- ``dungeon analyse`` on a losing Scoundrel record (the counting bot's game of seed 33,
  17 moves) with the default samples: seconds on one core.
- The solver over Scoundrel seeds 0..N-1 from the start: median, worst, proven.
"""

from __future__ import annotations

import statistics
import time

SEEDS = 40
SOLVER_SEEDS = 30


def _rate(game: str, bot: str, variant, seeds: int) -> dict:
    from dungeon_cli.simulate import Spec, play

    began = time.perf_counter()
    wins = moves = 0
    for seed in range(seeds):
        outcome = play(Spec(game, bot, variant), seed)
        wins += outcome.won
        moves += outcome.moves
    seconds = time.perf_counter() - began
    return {
        "wins": wins,
        "games": seeds,
        "games_per_s": round(seeds / seconds, 2),
        "ms_per_move": round(1000 * seconds / max(1, moves), 2),
    }


def _analyse() -> dict:
    from dungeon_cli import analysis
    from dungeon_cli.simulate import Spec, play
    from notation import parse

    text = play(Spec("scoundrel", "counting", None, records=True), 33).record
    record = parse(text)[0]
    began = time.process_time()
    found = analysis.analyse(record)
    return {
        "decisions": len(found.judgements),
        "moves": len(record.moves),
        "cpu_seconds": round(time.process_time() - began, 2),
        "marked": sum(1 for j in found.judgements if j.mark),
    }


def _solver() -> dict:
    from dungeon_cli import solver
    from dungeon_cli.engine import Setup
    from dungeon_cli.session import Session

    times = []
    proven = 0
    for seed in range(SOLVER_SEEDS):
        start = Session(Setup("scoundrel", None, seed=seed)).start
        began = time.perf_counter()
        found = solver.solve(start, "scoundrel", max_seconds=60)
        times.append(time.perf_counter() - began)
        proven += found.proven
    return {
        "seeds": SOLVER_SEEDS,
        "median_s": round(statistics.median(times), 2),
        "worst_s": round(max(times), 2),
        "proven": proven,
    }


def run() -> dict:
    return {
        "scoundrel": {bot: _rate("scoundrel", bot, None, SEEDS) for bot in ("counting", "strong")},
        "clear-the-dungeon reserve": {bot: _rate("clear-the-dungeon", bot, "reserve", SEEDS) for bot in ("greedy", "strong")},
        "analyse a losing record": _analyse(),
        "solver from the start": _solver(),
    }
