"""``dungeon sim``: play many seeded games with a bot and summarise them."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Optional

import click

from .. import registry


@click.command()
@click.argument("game", type=click.Choice(registry.names()))
@click.option("--games", "count", type=click.IntRange(min=1), default=1000, show_default=True, help="How many games.")
@click.option("--bot", default="random", show_default=True, help="Who plays (see the list below).")
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True, help="First seed: games use SEED..SEED+N-1.")
@click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True, help="Processes to spread the seeds over.")
@click.option("--records", type=click.Path(file_okay=False), help="Write every game as a DGN record in this directory.")
@click.option("--variant", help="A rule variant (see `dungeon games`).")
@click.option("--cluster", metavar="ADDRESS", help="Run on this Dask scheduler instead (needs the [cluster] extra).")
def sim(
    game: str, count: int, bot: str, seed: int, jobs: int, records: Optional[str], variant: Optional[str], cluster: Optional[str]
) -> None:
    """Play GAME from seeds SEED..SEED+N-1 with a bot: win rate with its 95% interval,
    mean moves, speed, and the scores as a histogram. The same seeds give the same
    games whatever --jobs or --cluster.

    \b
    Bots: random (every game), greedy (every game), counting (Scoundrel).
    """
    from tabulate import tabulate

    from .. import bots, sim_summary, simulate
    from ..core import Illegal

    if bot not in bots.names(game):
        raise click.BadParameter(f"'{bot}' does not play {game} (bots: {', '.join(bots.names(game))})", param_hint="--bot")
    try:
        registry.get(game).game.check_variant(variant)
    except Illegal as exc:
        raise click.BadParameter(exc.message, param_hint="--variant") from None
    out_dir = Path(records) if records is not None else None
    if out_dir is not None:
        out_dir.mkdir(parents=True, exist_ok=True)
    spec = simulate.Spec(game, bot, variant, records=out_dir is not None)
    seeds = range(seed, seed + count)

    bar = click.progressbar(length=count, file=sys.stderr, label="playing") if sys.stderr.isatty() else None
    start = time.perf_counter()
    try:
        if bar is not None:
            with bar:
                outcomes = simulate.run(spec, seeds, jobs=jobs, cluster=cluster, progress=bar.update)
        else:
            outcomes = simulate.run(spec, seeds, jobs=jobs, cluster=cluster)
    except (simulate.ClusterUnavailable, simulate.EndlessGame) as exc:
        raise click.ClickException(str(exc)) from None
    seconds = time.perf_counter() - start
    if out_dir is not None:
        for number, text in simulate.iter_records(outcomes):
            (out_dir / f"{game}-{number}.dgn").write_text(text, encoding="utf-8")

    s = sim_summary.summarise(outcomes)
    row = [
        game, bot, variant or "-", s["games"], s["wins"], _percent(s["win_rate"]),
        f"{_percent(s['ci_low'])}-{_percent(s['ci_high'])}", f"{s['mean_moves']:.1f}", f"{s['mean_score']:.1f}",
        f"{count / seconds:,.0f}" if seconds > 0 else "-",
    ]
    headers = ["game", "bot", "variant", "games", "wins", "win rate", "95% CI", "mean moves", "mean score", "games/s"]
    click.echo(tabulate([row], headers=headers, disable_numparse=True))
    click.echo("")
    click.echo(f"scores (seeds {seed}..{seed + count - 1}):")
    for line in sim_summary.histogram(outcomes):
        click.echo("  " + line)
    if out_dir is not None:
        click.echo(f"\n{count} records written to {out_dir}/")


def _percent(rate: float) -> str:
    """1.2%, or 0.04% below one percent: a small interval's bound is not rounded to 0."""
    return f"{100 * rate:.1f}%" if rate == 0 or rate >= 0.01 else f"{100 * rate:.2f}%"
