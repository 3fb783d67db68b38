"""What ``dungeon solve GAME --seeds A-B`` prints of a run: the table of its counts (and
with the goal "best", the optima), the run as JSON, a deal as a CSV row, and the closing
line on standard error. The counting is ``solve_seeds.Count``'s; this module only says it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from ..kit.terminal_text import safe

if TYPE_CHECKING:
    from ..plumbing.report import JsonObject
    from .solve_seeds import Count, Solved, Task

CSV_HEADER = "seed,won,score,proven,positions,seconds"


def seeds_text(seeds: range) -> str:
    """``0-99``, or ``7`` for one seed."""
    return f"{seeds.start}-{seeds.stop - 1}" if len(seeds) != 1 else str(seeds.start)


def table(task: Task, seeds: range, count: Count) -> str:
    """The counts of ``seeds`` as a table, the undecided seeds, and with the goal "best"
    how many deals end on each proven optimum and the highest."""
    from tabulate import tabulate

    from .sim_summary import percent, score_rows

    s = count.summary()
    deals = s["deals"]
    row = [
        task.game,
        task.variant or "-",
        seeds_text(seeds),
        f"{s['winnable']:,} ({percent(s['winnable'] / deals)})",
        f"{s['no_win']:,}",
        f"{s['undecided']:,}",
    ]
    headers = ["game", "variant", "seeds", "winnable", "no win (proven)", "undecided"]
    lines = [tabulate([row], headers=headers, disable_numparse=True)]
    if count.undecided:
        lines.append(f"\nundecided (the limit came first): seeds {', '.join(str(seed) for seed in count.undecided)}")
    if count.best:
        highest = count.highest()
        lines.append("\nbest results (the optima proven):")
        lines.extend("  " + line for line in score_rows(count.scores))
        if highest is not None:
            won, score, deals_there = highest
            lines.append(
                f"\nthe highest: {'win' if won else 'loss'} {score}, on {deals_there:,} deal{'s' if deals_there != 1 else ''}"
            )
    return "\n".join(lines)


def as_json(task: Task, seeds: range, count: Count, results: list[Solved]) -> JsonObject:
    """The run: the task, its limit, the counts, the optima (goal "best"), every deal's result."""
    summary = {
        "game": task.game,
        "variant": task.variant,
        "goal": task.goal,
        "seeds": {"first": seeds.start, "last": seeds.stop - 1} if len(seeds) else None,
        "limit": {"positions": task.max_nodes, "seconds": task.max_seconds},
        **count.summary(),
    }
    if count.best:
        summary["best"] = [{"won": won, "score": score, "deals": n} for (won, score), n in sorted(count.scores.items())]
    summary["results"] = [
        {
            "seed": r.seed,
            "won": r.won,
            "score": r.score,
            "proven": r.proven,
            "verdict": r.verdict,
            "positions": r.positions,
            "seconds": round(r.seconds, 4),
        }
        for r in results
    ]
    return summary


def csv_row(r: Solved) -> str:
    """One deal as a row under ``CSV_HEADER``, its newline included."""
    score = "" if r.score is None else r.score
    return f"{r.seed},{str(r.won).lower()},{score},{str(r.proven).lower()},{r.positions},{r.seconds:.4f}\n"


def closing_line(game: str, count: Count, wall: float, jobs: int, cluster: Optional[str]) -> str:
    """What the run cost: deals, positions, the solver's CPU seconds, and the wall time where it ran."""
    where = "on " + safe(cluster) if cluster else f"on {jobs} process" + ("es" if jobs > 1 else "")
    return (
        f"{game}: {count.deals:,} deals, {count.positions:,} positions, {count.seconds:,.1f} s of CPU in the solver"
        f" ({wall:,.1f} s {where})"
    )
