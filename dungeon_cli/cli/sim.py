"""``dungeon sim``: play many seeded games with a bot and summarise them."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Optional, Sequence

if TYPE_CHECKING:
    from ..services.sim_summary import OutcomeTally
    from ..services.simulate import Outcome, Spec

import click

from .. import registry
from ..kit.terminal_text import safe
from ..plumbing import safe_write
from .game_argument import game_argument

MAX_GAMES = 10**12  # a million million: years of play at the fastest bot's pace, and a range len() can count


class ListsBots(click.Command):
    """Help that ends with every game's bots, as the games name them (read when the help
    is shown, so that a game added to the registry is listed with its bots)."""

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from .. import bots

        with formatter.section("Bots"):
            formatter.write_dl([(game, ", ".join(bots.names(game))) for game in registry.names()])
        super().format_epilog(ctx, formatter)


@click.command(cls=ListsBots)
@game_argument()
@click.option(
    "--games",
    "count",
    type=click.IntRange(min=1, max=MAX_GAMES),  # 2**63 was an OverflowError traceback
    default=1000,
    show_default=True,
    help="How many games (at most a million million).",
)
@click.option(
    "--bot",
    default="random",
    show_default=True,
    shell_complete=lambda ctx, param, incomplete: _complete_bot(ctx, incomplete),
    help="Who plays (see the list below).",
)
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True, help="First seed: games use SEED..SEED+N-1.")
@click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True, help="Processes to spread the seeds over.")
@click.option("--records", type=click.Path(file_okay=False), help="Write every game as a DGN record in this directory.")
@click.option("--variant", help="A rule variant (see `dungeon games`).")
@click.option("--cluster", metavar="ADDRESS", help="Run on this Dask scheduler instead (needs the [cluster] extra).")
@click.option("--cards", "cards_file", metavar="FILE", help="Cassette Dungeons: play with the card set in FILE.")
@click.option(
    "--plot",
    type=click.Path(dir_okay=False),
    help="Also draw the win rate and the scores as an SVG picture ('-': standard output).",
)
@click.option("--force", is_flag=True, help="With --plot: replace the file if it exists.")
@click.option("--wide", is_flag=True, help="Every column of the table, however wide the terminal (a pipe always gets every one).")
@click.option(
    "--deal",
    type=click.Choice(["winnable", "easy", "hard"]),
    help="Play the deals of this difficulty from the game's table, from --seed on, at most --games.",
)
def sim(
    game: str,
    count: int,
    bot: str,
    seed: int,
    jobs: int,
    records: Optional[str],
    variant: Optional[str],
    cluster: Optional[str],
    cards_file: Optional[str] = None,
    plot: Optional[str] = None,
    force: bool = False,
    deal: Optional[str] = None,
    wide: bool = False,
) -> None:
    """Play GAME from seeds SEED..SEED+N-1 with a bot: win rate with its 95% interval,
    mean moves, speed, and the scores as a histogram. The same seeds give the same
    games whatever --jobs or --cluster.
    """
    from ..services import simulate
    from .runs import cap_jobs, say_stopped

    _check_bot_and_variant(game, bot, variant)
    if cluster is None:
        jobs = cap_jobs(jobs)
    if plot is not None:  # before the games, not after them
        from .output import check_output

        check_output(plot, force, inputs=(cards_file,) if cards_file else ())
    seeds: Sequence[int] = range(seed, seed + count) if deal is None else _deal_seeds(game, deal, variant, seed, count)
    count = len(seeds)
    out_dir = Path(records) if records is not None else None
    if out_dir is not None:
        _check_records_dir(out_dir, game, seeds)
    spec = simulate.Spec(game, bot, variant, records=out_dir is not None, rule_tags=_rule_tags(game, cards_file, records))
    tally, seconds, stopped, status = _play(spec, seeds, jobs, cluster, out_dir)
    say_stopped(
        "sim", stopped, status, tally.games, "before a game was finished", f"the first {tally.games:,} games are summed up"
    )
    count = tally.games if stopped is not None else count
    which = f"{deal} deals of seeds {seeds[0]}..{seeds[-1]}" if deal else f"seeds {seed}..{seed + count - 1}"
    _print_summary(tally, game, bot, variant, count, seconds, which, out_dir, aside=plot == "-", wide=wide)
    if plot is not None:
        from .sharing import sim_picture

        sim_picture(plot, force, game, bot, variant, seed, count, tally, deal)
    sys.exit(status)


def _play(
    spec: Spec, seeds: Sequence[int], jobs: int, cluster: Optional[str], out_dir: Optional[Path]
) -> tuple[OutcomeTally, float, Optional[str], int]:
    """The games played (here, over ``jobs`` processes or on the cluster), summed up as
    they come and their records written to ``out_dir`` (None: none): the tally, the
    seconds it took, what stopped the run (Ctrl-C) and its exit status."""
    from ..plumbing.workers import ClusterUnavailable
    from ..services import simulate
    from ..services.sim_summary import OutcomeTally
    from .runs import take_in

    tally = OutcomeTally()

    def take(part: list[Outcome]) -> None:
        if out_dir is not None:
            _write_records(out_dir, spec.game, part)
        tally.add(part)

    start = time.perf_counter()
    try:
        stopped, status = take_in(
            lambda: simulate.stream(spec, seeds, jobs=jobs, cluster=cluster), len(seeds), "playing", take, unit="games"
        )
    except ClusterUnavailable as exc:
        from .output import CommandTrouble

        raise CommandTrouble(str(exc)) from None
    except simulate.EndlessGame as exc:
        raise click.ClickException(str(exc)) from None
    return tally, time.perf_counter() - start, stopped, status


def _check_bot_and_variant(game: str, bot: str, variant: Optional[str]) -> None:
    from .. import bots
    from ..engine import Setup, SetupError

    if bot not in bots.names(game):
        raise click.BadParameter(f"'{bot}' does not play {game} (bots: {', '.join(bots.names(game))})", param_hint="--bot")
    try:
        Setup(game, variant)
    except SetupError as exc:
        raise click.BadParameter(exc.message, param_hint="--variant") from None


def _deal_seeds(game: str, deal: str, variant: Optional[str], seed: int, count: int) -> list[int]:
    """``--deal``: the table's deals of that difficulty from ``seed`` on, at most ``count``."""
    from ..services import deals

    try:
        seeds = [s for s in deals.seeds_for(game, deal, variant) if s >= seed][:count]
    except deals.NoDeal as exc:
        raise click.UsageError(str(exc)) from None
    if not seeds:
        raise click.UsageError(f"the table holds no {deal} deal of {game} from seed {seed} on")
    if len(seeds) < count:
        click.echo(f"the table holds {len(seeds):,} {deal} deals of {game} from seed {seed} on: playing those", err=True)
    return seeds


def _rule_tags(game: str, cards_file: Optional[str], records: Optional[str]) -> tuple[tuple[str, str, Optional[str], str], ...]:
    """``--cards FILE`` as the rule tag every game is played (and recorded) with."""
    from .reading import rule_tag_option

    if cards_file is None:
        return ()
    _, _, given = rule_tag_option(game, "Cards", cards_file, records, "--cards")  # a usage error here
    assert given is not None  # a value was given
    return ((given.name, given.value, given.base, given.written),)


def _print_summary(
    tally: OutcomeTally,
    game: str,
    bot: str,
    variant: Optional[str],
    count: int,
    seconds: float,
    which: str,
    out_dir: Optional[Path],
    aside: bool,
    wide: bool,
) -> None:
    """The run's table, its scores as a histogram and where its records went; on standard
    error when standard output holds the picture (``aside``)."""
    from tabulate import tabulate

    from ..services.sim_summary import SIM_HEADERS, sim_row
    from ..services.table_text import fit_table, left_out_note, terminal_width

    row = sim_row(tally, game, bot, variant, count, seconds)
    headers = list(SIM_HEADERS)
    word = _played_for_score(game)
    if word is not None:  # RPG solitaire: its objective, the treasure carried out, with its interval
        mean, half = tally.mean_score()
        headers.insert(7, f"mean {word} (95%)")
        row.insert(7, "-" if mean is None else f"{mean:.1f} ({mean - half:.1f}-{mean + half:.1f})")
    headers, rows, left = fit_table(headers, [row], None if wide else terminal_width(err=aside), SIM_SHORT, SIM_DROP)
    click.echo(tabulate(rows, headers=headers, disable_numparse=True), err=aside)
    if left:
        click.echo(left_out_note(left), err=True)
    click.echo("", err=aside)
    click.echo(f"scores ({which}):", err=aside)
    for line in tally.histogram():
        click.echo("  " + line, err=aside)
    if out_dir is not None:
        click.echo(f"\n{count} records written to {safe(str(out_dir))}/", err=aside)


def _complete_bot(ctx: click.Context, incomplete: str) -> list[str]:
    """The bots that play the game named on the line (every bot when none is)."""
    from .. import bots

    game = ctx.params.get("game")
    if game is None:  # click drops the parsed params when the line ends in a bare --bot
        game = next((w for w in os.environ.get("COMP_WORDS", "").split() if w in registry.names()), None)
    names = bots.names(game) if game in registry.names() else sorted({b for g in registry.names() for b in bots.names(g)})
    return [b for b in names if b.startswith(incomplete)]


def _record_name(game: str, seed: int) -> str:
    return f"{game}-{seed}.dgn"


def _check_records_dir(out_dir: Path, game: str, seeds: Sequence[int]) -> None:
    """Records are only ever new files: a directory that already holds one of the names
    this run would write is refused before a game is played."""
    try:
        if out_dir.exists() and not out_dir.is_dir():
            raise click.BadParameter(f"{safe(str(out_dir))} is not a directory", param_hint="--records")
        out_dir.mkdir(parents=True, exist_ok=True)
        if not os.access(out_dir, os.W_OK | os.X_OK):  # found now, not at the first game's record
            raise click.BadParameter(f"{safe(str(out_dir))}: cannot be written", param_hint="--records")
        present = set(os.listdir(out_dir))
    except OSError as exc:
        raise click.BadParameter(f"{safe(str(out_dir))}: {exc.strerror}", param_hint="--records") from None
    # from the names present, not the seeds: a run of 1e11 games must not list them all
    prefix = f"{game}-"
    clash = sorted(
        (
            name
            for name in present
            if name.startswith(prefix)
            and name.endswith(".dgn")
            and name[len(prefix) : -4].isascii()
            and name[len(prefix) : -4].isdigit()
            and name[len(prefix) : -4] == str(int(name[len(prefix) : -4]))
            and int(name[len(prefix) : -4]) in seeds
        ),
        key=lambda name: int(name[len(prefix) : -4]),
    )
    if clash:
        more = f" (and {len(clash) - 1} more)" if len(clash) > 1 else ""
        raise click.BadParameter(
            f"{safe(str(out_dir))} already holds {safe(clash[0])}{more}: sim writes new files only; choose another directory or other seeds",
            param_hint="--records",
        )


def _write_records(out_dir: Path, game: str, outcomes: list[Outcome]) -> None:
    for o in outcomes:
        path = out_dir / _record_name(game, o.seed)
        assert o.record is not None  # a run that writes records keeps each game's text
        try:  # never over a file already there, and never a torn or empty one left behind
            safe_write.write_new(str(path), o.record.encode("utf-8"))
        except OSError as exc:
            raise click.ClickException(f"{safe(str(path))}: {exc.strerror}; the records before it are written") from None


# At a terminal narrower than the table (issue 40: 131 columns): shorter headings, then
# these columns left out, the least telling first
def _played_for_score(game: str) -> Optional[str]:
    """The word of the score ``game`` is played for (``core.Objective.SCORE``), or None."""
    from .. import registry
    from ..kit.core import Objective

    rules = registry.get(game).game
    return rules.score_word if rules.objective is Objective.SCORE else None


SIM_SHORT = {
    "mean treasure (95%)": "treasure",
    "mean moves": "moves",
    "mean win score": "win score",
    "mean loss score": "loss score",
}
SIM_DROP = ("games/s", "variant", "mean loss score", "mean win score", "mean moves")
