"""Many seeded deals solved (``dungeon solve GAME --seeds A-B``): how many perfect play
wins, how many it proves cannot be won, and how many the limit left undecided.

A deal is a pure function of (game, variant, seed), and each is solved on its own with
its own limit, so splitting the seeds over processes cannot change a result: ``--jobs
2`` counts what ``--jobs 1`` counts (with a limit in positions, on any machine; a limit
in seconds depends on the machine and its load). The seeds go to the processes as
``sim``'s do (``workers.spread``), in small chunks: a deal takes from milliseconds to
minutes, where a game of ``sim`` takes microseconds; and to a Dask cluster's workers
as ``sim --cluster``'s go (``workers.on_cluster``).
"""

from __future__ import annotations

import functools
import time
from collections import Counter
from typing import TYPE_CHECKING, Any, Generator, Iterable, NamedTuple, Optional, Sequence

if TYPE_CHECKING:
    from ..plumbing.report import JsonObject

from .. import solver
from ..engine import SeededDealer, Setup
from ..plumbing.workers import chunks, on_cluster, spread

CHUNK = 10  # deals a chunk: Ctrl-C and the progress bar wait for a chunk in hand


class Task(NamedTuple):
    """What every deal of a run shares."""

    game: str
    variant: Optional[str] = None
    goal: str = "win"  # solver.solve's: "win" stops at the first win found, "best" finds the optimum
    max_nodes: Optional[int] = None  # each deal's limit
    max_seconds: Optional[float] = None


class Solved(NamedTuple):
    """One deal: won (a winning line was found: it replays on the rules core), the score
    of the line found (None: the limit came before any line was finished), proven (as
    ``solver.Solution``: for the goal "win", a win found or no win possible; for
    "best", the optimum), the positions searched, the CPU seconds it took, and settled:
    whether the deal can be won is known (with the goal "best", a deal proven to have no
    win whose best loss the limit cut short is settled, not proven)."""

    seed: int
    won: bool
    score: Optional[int]
    proven: bool
    positions: int
    seconds: float
    settled: bool

    @property
    def verdict(self) -> str:
        """ "winnable", "no win" (proven) or "undecided" (the limit came first)."""
        if self.won:
            return "winnable"
        return "no win" if self.settled else "undecided"


_solved = functools.partial(tuple.__new__, Solved)  # a Solved from a worker's plain tuple


def solve_one(task: Task, seed: int) -> Solved:
    """The deal of ``seed``, from the start ``dungeon solve --seed`` solves."""
    setup = Setup(task.game, task.variant, seed=seed)
    dealer = SeededDealer(seed)
    start = dealer.start(setup)
    began = time.process_time()
    try:
        found = solver.solve(start, task.game, task.max_nodes, task.max_seconds, goal=task.goal, stream=solver.Stream.of(dealer))
    except RuntimeError:  # the limit came before any line was finished
        return Solved(seed, False, None, False, task.max_nodes or 0, time.process_time() - began, False)
    if found.stopped == "interrupted":  # a second Ctrl-C: the run stops, not this deal alone
        raise KeyboardInterrupt
    seconds = time.process_time() - began
    return Solved(seed, found.result.won, found.result.score, found.proven, found.nodes, seconds, found.settled)


def solve_many(task: Task, seeds: Sequence[int]) -> list[Solved]:
    """A chunk of deals, on this process."""
    return [solve_one(task, seed) for seed in seeds]


def solve_rows(task: Task, seeds: Sequence[int]) -> list[tuple[Any, ...]]:
    """A chunk of deals as plain tuples: the unit of work a worker process sends back."""
    return [tuple(solve_one(task, seed)) for seed in seeds]


def stream(task: Task, seeds: Sequence[int], jobs: int = 1, cluster: Optional[str] = None) -> Generator[list[Solved], None, None]:
    """Every deal solved, a chunk at a time and in the order of ``seeds``: here, on
    ``jobs`` processes, or on the Dask scheduler at ``cluster`` (``sim``'s way there)."""
    if cluster is not None:
        return on_cluster(cluster, functools.partial(solve_rows, task), _solved, functools.partial(chunks, seeds, most=CHUNK))
    chunked = chunks(seeds, jobs, CHUNK)
    if jobs > 1:
        here = functools.partial(solve_many, task)
        return spread(functools.partial(solve_rows, task), here, _solved, chunked, jobs)
    return (solve_many(task, part) for part in chunked)


class Count:
    """Deals counted as they come: winnable, no win, undecided (and which seeds those
    are), the positions and CPU seconds spent, and with ``best`` (the goal "best") the
    proven optima, as how many deals end on each result."""

    def __init__(self, results: Iterable[Solved] = (), best: bool = False) -> None:
        self.best = best
        self.deals = 0
        self.verdicts: Counter[str] = Counter()
        self.undecided: list[int] = []
        self.scores: Counter[tuple[bool, int]] = Counter()  # proven optima (goal "best")
        self.positions = 0
        self.seconds = 0.0
        self.add(results)

    def add(self, results: Iterable[Solved]) -> None:
        for r in results:
            self.deals += 1
            verdict = r.verdict
            self.verdicts[verdict] += 1
            if verdict == "undecided":
                self.undecided.append(r.seed)
            if self.best and r.proven and r.score is not None:
                self.scores[r.won, r.score] += 1
            self.positions += r.positions
            self.seconds += r.seconds

    def summary(self) -> JsonObject:
        return {
            "deals": self.deals,
            "winnable": self.verdicts["winnable"],
            "no_win": self.verdicts["no win"],
            "undecided": self.verdicts["undecided"],
            "undecided_seeds": list(self.undecided),
        }

    def highest(self) -> Optional[tuple[bool, int, int]]:
        """(won, score, deals): the best proven optimum of the run, and on how many deals."""
        if not self.scores:
            return None
        won, score = max(self.scores)
        return won, score, self.scores[won, score]
