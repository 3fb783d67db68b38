"""Make a game's table of deals by difficulty (``dungeon_cli/services/deals.py`` reads it):

    python -m dungeon_cli.services.deal_tables GAME --seeds 0-149 --runs 3 > dungeon_cli/games/PACKAGE/deals.txt

For each seed of the range: the solver's verdict on the deal known in full (where the
game has a solver; each deal with its own limit in positions, so the verdict is the
same on any machine) and how many of ``--runs`` games the strong player won on it,
run ``r`` drawing its choices from ``random.Random("deal SEED run R")``. Slow on
purpose (the strong player thinks for every decision): made once, then shipped.
"""

from __future__ import annotations

import argparse
import random
import sys
from typing import Optional, Sequence

from .. import bots, registry
from .deals import Entry, Table, entry_line, format_table

SOLVER_LIMIT = 200_000  # positions a deal, at most: past it the deal is "undecided"


def strong_wins(game: str, seed: int, runs: int) -> int:
    """Games the strong player won of ``runs`` on the deal of ``seed``."""
    from .simulate import Spec, play

    spec = Spec(game, bots.STRONG)
    return sum(play(spec, seed, random.Random(f"deal {seed} run {run}")).won for run in range(runs))


def verdict(game: str, seed: int, limit: int) -> str:
    """The solver's verdict as a table writes it (``deals.VERDICTS``)."""
    if registry.get(game).solver is None:
        return "-"
    from .solve_seeds import Task, solve_one

    solved = solve_one(Task(game, max_nodes=limit), seed)
    return "w" if solved.won else "n" if solved.settled else "u"


def entry(game: str, seed: int, runs: int, limit: int = SOLVER_LIMIT) -> Entry:
    return Entry(seed, verdict(game, seed, limit), strong_wins(game, seed, runs))


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dungeon_cli.services.deal_tables", description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=registry.names())
    parser.add_argument("--seeds", default="0-149", help="A-B: the seeds to judge (default 0-149)")
    parser.add_argument("--runs", type=int, default=3, help="the strong player's games on each deal (default 3)")
    parser.add_argument("--limit", type=int, default=SOLVER_LIMIT, help="the solver's positions a deal")
    args = parser.parse_args(argv)
    first, _, last = args.seeds.partition("-")
    if not (first.isdigit() and (last or first).isdigit()) or int(last or first) < int(first) or args.runs < 1:
        parser.error("--seeds is A-B with A <= B, --runs at least 1")
    seeds = range(int(first), int(last or first) + 1)
    header = (
        f"Deals of {args.game} by difficulty: dungeon_cli/services/deals.py reads this (docs/your-games.md).\n"
        f"Made by: python -m dungeon_cli.services.deal_tables {args.game} --seeds {args.seeds} --runs {args.runs} --limit {args.limit}\n"
        f"SEED VERDICT WINS: the solver's verdict (w winnable, n no win, u undecided, - no solver),\n"
        f"and the strong player's wins of {args.runs} games on the deal."
    )
    sys.stdout.write(format_table(Table(args.runs, ()), header))
    for seed in seeds:  # a line as each deal is judged: a long run shows its progress
        sys.stdout.write(entry_line(entry(args.game, seed, args.runs, args.limit)) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
