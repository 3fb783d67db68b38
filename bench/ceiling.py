"""A fair ceiling for Scoundrel (docs/simulation.md, "A fair ceiling for Scoundrel"):
an upper bound on what any fair player can win, tighter than perfect information.

The relaxation: the player faces the first room as a fair player does (it sees the four
cards, nothing of the dungeon's order) and decides it (run, or a way through it, the
card it leaves); the moment that room is behind it, the whole order of the dungeon is
revealed and it plays on with perfect information. Every fair player's strategy is one
this relaxed player may follow, so the relaxed player's best win rate is an upper bound
on every fair player's; perfect information (the whole order known from the start) is
the same relaxation revealed one room sooner.

The relaxed player's best first room is the one whose ends win most often over the
orders of the unseen cards, each order solved exactly (``dungeon solve``'s search,
``goal="win"``). That chance is estimated on ``samples`` orders, the same orders for
every way through the room (run, and every end no other beats on health and the
weapon's cap, as the strong player lists them); a deal's figure is the best way's
estimate. The best of several estimates is on average at least the best of their true
values, so the figure is biased up, never down: it stays an upper bound (an order the
solver's limit cuts short counts as a win, for the same reason). Its interval is over
the deals.

    nice -n 10 python -m bench.ceiling 0 100 16    # seeds 0-99, 16 orders a way
"""

from __future__ import annotations

import math
import random
import sys
import time
from typing import Any

from dungeon_cli import solver
from dungeon_cli.engine.dealer import SeededDealer
from dungeon_cli.engine.setup import Setup
from dungeon_cli.games.scoundrel.strong import candidates
from dungeon_cli.kit.core import known_steps
from dungeon_cli.kit.player_view import PlayerView

LIMIT = 100_000  # positions a solve; an order it cuts short counts as a win (the bound stays a bound)


def first_room(seed: int, variant: str | None = None) -> tuple[Any, Any]:
    """(the real state at the first decision, the player's view of it)."""
    setup = Setup("scoundrel", variant, seed=seed)
    start = SeededDealer(seed).start(setup)
    steps, real = known_steps(start, [])
    view: PlayerView[Any] = PlayerView(setup.module, variant, {})
    for step in steps:
        view.observe(step)
    return real, view.state


def wins(state: Any) -> bool:
    """Whether perfect play wins from ``state`` (every order known); cut short: a win."""
    if state.result() is not None:
        return bool(state.result().won)
    try:
        found = solver.solve(state, "scoundrel", LIMIT, goal="win")
    except RuntimeError:  # the limit came before any line was finished
        return True
    return bool(found.result.won or not found.settled)


def deal(seed: int, samples: int, variant: str | None = None) -> tuple[float, bool, int]:
    """(the relaxed player's estimated chance on this deal, whether perfect information
    wins it, how many ways through the first room were compared)."""
    real, view = first_room(seed, variant)
    rng = random.Random(f"{seed}/ceiling")
    orders = [view.resample(rng) for _ in range(samples)]
    best = 0.0
    cands = candidates(view)
    for cand in cands:
        if cand.end is not None and cand.end.hp <= 0:
            continue
        won = 0
        for order in orders:
            state = order
            for action in cand.actions:
                state = state.apply(action)
            won += wins(state)
        best = max(best, won / samples)
        if best == 1.0:
            break  # no way can do better
    return best, wins(real), len(cands)


def main(argv: list[str]) -> None:
    first, count, samples = (int(a) for a in argv[:3])
    variant = argv[3] if len(argv) > 3 else None
    figures: list[float] = []
    perfect = 0
    began = time.process_time()
    for seed in range(first, first + count):
        figure, won, ways = deal(seed, samples, variant)
        figures.append(figure)
        perfect += won
        print(
            f"seed {seed}: first room fair {figure:.3f}, perfect information {'win' if won else 'no win'}, {ways} ways",
            flush=True,
        )
    n = len(figures)
    mean = sum(figures) / n
    spread = math.sqrt(sum((f - mean) ** 2 for f in figures) / max(1, n - 1) / n)
    print(
        f"seeds {first}-{first + n - 1} ({variant or 'base game'}), {samples} orders a way: "
        f"first room fair, then the deal known {mean:.1%} (95%: {max(0.0, mean - 1.96 * spread):.1%}-{min(1.0, mean + 1.96 * spread):.1%}); "
        f"the deal known from the start {perfect / n:.1%} ({perfect} of {n}); {time.process_time() - began:.0f} s of CPU"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
