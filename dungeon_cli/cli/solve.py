"""``dungeon solve``: the best result of a fully known deal, and the line reaching it."""

from __future__ import annotations

import json
import re
import sys
import time
from typing import TYPE_CHECKING, Optional

if TYPE_CHECKING:
    from click.shell_completion import CompletionItem

    from ..engine import Setup
    from ..services.best_line import KnownDeal
    from ..services.solve_seeds import Solved

import click

from ..kit.terminal_text import safe
from ..plumbing.streams import shown
from .limits import parse_limit
from .output import CommandTrouble, check_output, write_output


class ListsSolvable(click.Command):
    """Help that ends with the games that can be solved, as the registry's games say."""

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from .. import registry, solver

        exact = solver.solvable()
        searched = [name for name in registry.names() if name not in exact]
        with formatter.section("Games"):
            formatter.write_text("solved exactly: " + ", ".join(exact))
            if searched:
                formatter.write_text(
                    "searched over the rules alone (a win found is proven, a deal without one is undecided): "
                    + ", ".join(searched)
                )
        super().format_epilog(ctx, formatter)


@click.command(cls=ListsSolvable)
@click.argument("target", metavar="FILE | GAME", shell_complete=lambda ctx, param, incomplete: _complete_target(incomplete))
@click.option("--seed", type=click.IntRange(min=0), help="Solve the deal of this seed (the argument is then a game).")
@click.option(
    "--seeds",
    "seed_range",
    metavar="A-B",
    help="Solve every deal of seeds A to B, both included (a single N: seed N alone), and count them; no record.",
)
@click.option("--variant", help="A rule variant (with --seed or --seeds).")
@click.option(
    "--limit",
    help="Stop after this long (30s, 2m) or this many positions (500k): best found, not proven. With --seeds: each deal's.",
)
@click.option(
    "--goal",
    type=click.Choice(["win", "best"]),
    help="With --seeds: 'win' (the default) stops at a deal's first win or proves there is none; 'best' finds its optimum.",
)
@click.option("--jobs", type=click.IntRange(min=1), help="With --seeds: processes to spread the deals over (default 1).")
@click.option(
    "--cluster", metavar="ADDRESS", help="With --seeds: solve on this Dask scheduler instead (needs the [cluster] extra)."
)
@click.option(
    "--format", "fmt", type=click.Choice(["text", "json", "csv"]), help="With --seeds: a table (the default), JSON, or CSV."
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, allow_dash=True),
    help="Write the line's record to this new file ('-': standard output, the default).",
)
@click.option("--force", is_flag=True, help="Let -o replace an existing file (atomically, keeping its mode and owner).")
def solve(
    target: str,
    seed: Optional[int],
    seed_range: Optional[str],
    variant: Optional[str],
    limit: Optional[str],
    goal: Optional[str],
    jobs: Optional[int],
    cluster: Optional[str],
    fmt: Optional[str],
    output: Optional[str],
    force: bool,
) -> None:
    """The best result perfect play reaches on a deal known in full, and a line that
    reaches it, written as a DGN record (it verifies), for the games listed below; or,
    with --seeds, how many deals of a range of seeds perfect play wins.

    \b
    dungeon solve --seed 7 scoundrel       the deal of seed 7
    dungeon solve game.dgn                 the deal a record holds: its Seed, or every card it shows
    dungeon solve scoundrel --seeds 0-999  how many of the deals of seeds 0 to 999 can be won

    The verdict goes to standard error. Exit status: 0 solved (proven or not), 1 the
    record is illegal or does not show its deal, 2 a usage error.

    With --seeds, every deal is solved on its own, with --limit each, and one table
    counts them: winnable (a winning line was found), no win (proven: none exists),
    undecided (the limit came first; their seeds are listed). --goal win (the default)
    stops at a deal's first win, which is all the count needs; --goal best finds each
    deal's optimum and adds how many deals end on each result. --format json adds every
    deal's result; csv is one row per deal (seed, won, score, proven, positions,
    seconds: CPU seconds). The counts are the same whatever --jobs or --cluster (with a
    --limit in positions, on any machine). Ctrl-C stops after the deals in hand and counts those
    solved (exit status 130).
    """
    from ..services.best_line import BestLine

    max_nodes, max_seconds = parse_limit(limit) if limit else (None, None)
    if seed_range is not None:
        _solve_seeds(target, seed, seed_range, variant, max_nodes, max_seconds, goal, jobs, cluster, fmt, output)
        return
    for given, name in ((goal, "--goal"), (jobs, "--jobs"), (cluster, "--cluster"), (fmt, "--format")):
        if given is not None:
            raise click.UsageError(f"{name} goes with --seeds")
    output, inputs = None if output == "-" else output, (target,) if seed is None else ()
    if output is not None:  # before a search of minutes
        check_output(output, force, record=True, inputs=inputs)
    game, deal = _deal(target, seed, variant)
    try:
        line = BestLine(game, deal, max_nodes, max_seconds)
    except RuntimeError as exc:
        raise click.ClickException(str(exc)) from None
    if output:
        write_output(output, line.text, force, record=True, inputs=inputs)
    else:
        sys.stdout.write(shown(line.text, sys.stdout))
    sys.stdout.flush()
    click.echo(line.said, err=True)
    if line.interrupted:
        sys.exit(130)


def _deal(target: str, seed: Optional[int], variant: Optional[str]) -> tuple[str, KnownDeal]:
    """The game and the deal to solve: the seed's (TARGET a game), or a record's (TARGET its file)."""
    from ..services.best_line import from_seed
    from ..services.session import Session

    if seed is not None:
        return target, from_seed(Session(_solvable_setup(target, variant, seed)), seed)
    if variant is not None:
        raise click.UsageError("--variant goes with --seed or --seeds: a record names its own variant")
    deal = _from_record(target)
    return deal.session.module.game.name, deal


_RANGE = re.compile(r"([0-9]{1,15})(?:-([0-9]{1,15}))?")


def parse_seeds(text: str) -> range:
    """``0-9999``: seeds 0 to 9999, both included; ``7``: seed 7 alone."""
    m = _RANGE.fullmatch(text.strip())
    if m is None:
        raise click.BadParameter(
            f"'{text[:20]}' is not a range of seeds: write A-B (0-9999: both included) or one seed", param_hint="--seeds"
        )
    first = int(m.group(1))
    last = int(m.group(2)) if m.group(2) is not None else first
    if last < first:
        raise click.BadParameter(f"'{text}' is not a range of seeds: {last} comes before {first}", param_hint="--seeds")
    return range(first, last + 1)


def _solve_seeds(
    game: str,
    seed: Optional[int],
    seed_range: str,
    variant: Optional[str],
    max_nodes: Optional[int],
    max_seconds: Optional[float],
    goal: Optional[str],
    jobs: Optional[int],
    cluster: Optional[str],
    fmt: Optional[str],
    output: Optional[str],
) -> None:
    """``solve GAME --seeds A-B``: every deal solved, and counted."""
    import os

    from .. import registry
    from ..plumbing.workers import ClusterUnavailable
    from ..services import seeds_report, solve_seeds
    from .runs import cap_jobs, say_stopped, take_in

    if seed is not None:
        raise click.UsageError("--seeds or --seed, not both")
    if output is not None:
        raise click.UsageError("--seeds writes no record: -o goes with --seed or a FILE")
    seeds = parse_seeds(seed_range)
    if game not in registry.names() and os.path.exists(game):
        raise click.UsageError(f"--seeds solves a game's deals: give a GAME, not the record {safe(game)}")
    _solvable_setup(game, variant)
    task = solve_seeds.Task(game, variant, goal or "win", max_nodes, max_seconds)
    jobs = cap_jobs(jobs or 1) if cluster is None else jobs or 1
    fmt = fmt or "text"
    count = solve_seeds.Count(best=task.goal == "best")
    results: list[Solved] = []
    if fmt == "csv":
        click.echo(seeds_report.CSV_HEADER)

    def take(part: list[Solved]) -> None:
        count.add(part)
        if fmt == "json":
            results.extend(part)
        elif fmt == "csv":
            click.echo("".join(seeds_report.csv_row(r) for r in part), nl=False)

    began = time.perf_counter()
    try:
        stopped, status = take_in(
            lambda: solve_seeds.stream(task, seeds, jobs, cluster), len(seeds), "solving", take, unit="deals", prints=fmt == "csv"
        )
    except ClusterUnavailable as exc:
        raise CommandTrouble(str(exc)) from None
    wall = time.perf_counter() - began
    say_stopped("solve", stopped, status, count.deals, "before a deal was solved", f"the first {count.deals:,} deals are counted")
    done = seeds[: count.deals]
    if fmt == "json":
        click.echo(json.dumps(seeds_report.as_json(task, done, count, results), indent=2))
    elif fmt == "text":
        click.echo(seeds_report.table(task, done, count))
    click.echo(seeds_report.closing_line(game, count, wall, jobs, cluster), err=True)
    sys.exit(status)


def _solvable_setup(game: str, variant: Optional[str], seed: Optional[int] = None) -> Setup:
    """The ``Setup`` of a game named on the command line (with --seed or --seeds), which
    must be known and take the variant. Every game can be solved: exactly with its
    solver hooks, else by the search over its rules (``solver.searched``)."""
    from .. import registry
    from ..engine import Setup, SetupError

    if game not in registry.names():
        raise click.BadParameter(f"unknown game '{safe(game[:24])}' (games: {', '.join(registry.names())})", param_hint="GAME")
    try:
        setup = Setup(game, variant, seed=seed)
    except SetupError as exc:
        raise click.BadParameter(exc.message, param_hint="--variant") from None
    return setup


def _complete_target(incomplete: str) -> list[CompletionItem]:
    """A record file, or a game name (with --seed): both are offered."""
    from click.shell_completion import CompletionItem

    from .. import registry

    return [CompletionItem(g) for g in registry.names() if g.startswith(incomplete)] + [CompletionItem("", type="file")]


def _from_record(path: str) -> KnownDeal:
    """The deal of the first record of ``path`` (``best_line.from_record``); a record
    whose deal cannot be solved is said, exit 1 or 2."""
    from ..services.best_line import Unsolvable, from_record
    from .project import project_settings
    from .reading import first_record

    project_settings("solve")  # a card set kept in the project's card-sets
    try:
        return from_record(first_record(path, path), safe(path))
    except Unsolvable as exc:
        click.echo(str(exc), err=True)
        sys.exit(exc.status)
