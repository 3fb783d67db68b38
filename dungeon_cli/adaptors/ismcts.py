"""OpenSpiel's own ISMCTS bot plays our games, each game written as a DGN record.

    python -m dungeon_cli.adaptors.ismcts GAME --games 200 --records DIR

Someone else's search, through our rules API only: the bot is
``open_spiel.python.algorithms.ismcts.ISMCTSBot`` with OpenSpiel's random-rollout
evaluator; it sees the information state string and deals the unseen cards with
``resample_from_infostate`` (here from the bot's own generator for the game's seed,
``shuffle.rng_for_bot``, so a run is repeatable: not ``random.Random(seed)``, the deal's,
whose first resample of the start would be the deal itself). Game N is the OpenSpiel game loaded with ``seed=N``: the seed's deal,
so ``dungeon verify --seed-check DIR`` checks every record against its seed.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Optional

import click

from ..engine import Setup, SetupError
from ..kit.shuffle import rng_for_bot
from ..plumbing.safe_write import write_new
from . import openspiel


def play(game: str, seed: int, variant: Optional[str] = None, simulations: int = 20, uct_c: float = 10.0) -> Any:
    """One game of ``game`` dealt from ``seed``, ISMCTS choosing; its last state."""
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    spiel_game = openspiel.load(game, variant, seed)
    np_rng = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(
        game=spiel_game,
        evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np_rng),
        uct_c=uct_c,
        max_simulations=simulations,
        random_state=np_rng,
    )
    worlds = rng_for_bot(seed)
    bot.set_resampler(lambda state, player: state.resample(worlds))
    state = spiel_game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes())
            state.apply_action(int(np_rng.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(bot.step(state))
    return state


@click.command()
@click.argument("game")
@click.option("--variant", default=None, help="The game's variant.")
@click.option("--games", default=200, show_default=True, type=click.IntRange(min=1), help="How many games.")
@click.option("--first-seed", default=1, show_default=True, type=click.IntRange(min=0), help="The first game's seed.")
@click.option("--simulations", default=20, show_default=True, type=click.IntRange(min=1), help="ISMCTS simulations a move.")
@click.option("--uct-c", default=10.0, show_default=True, type=click.FloatRange(min=0), help="ISMCTS's exploration constant.")
@click.option("--records", required=True, type=click.Path(file_okay=False, path_type=Path), help="A directory for the records.")
def main(game: str, variant: Optional[str], games: int, first_seed: int, simulations: int, uct_c: float, records: Path) -> None:
    """GAME played GAMES times by OpenSpiel's ISMCTS bot, a new DGN record for each
    (seeds FIRST-SEED on); a record already there is never written over."""
    try:
        Setup(game, variant)
    except SetupError as exc:
        raise click.BadParameter(exc.message, param_hint="GAME" if exc.field == "game" else "--variant") from None
    seeds = range(first_seed, first_seed + games)
    paths = [records / f"{game}-{seed}.dgn" for seed in seeds]
    try:
        records.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise click.BadParameter(f"{records}: {exc.strerror}", param_hint="--records") from None
    present = next((path for path in paths if path.exists()), None)
    if present is not None:
        raise click.BadParameter(f"{present} exists already: choose another directory or other seeds", param_hint="--records")
    wins = total = played = 0
    started = time.perf_counter()
    try:
        for seed, path in zip(seeds, paths):
            state = play(game, seed, variant, simulations, uct_c)
            try:
                write_new(str(path), openspiel.record(state).encode("utf-8"))
            except OSError as exc:
                raise click.ClickException(f"{path}: {exc.strerror}; the records before it are written") from None
            result = state.core.final()
            wins += result.won
            total += result.score
            played += 1
    except KeyboardInterrupt:
        click.echo(f"stopped by Ctrl-C after {played} games: their records are written", err=True)
        raise SystemExit(130) from None
    finally:
        if played:
            seconds = time.perf_counter() - started
            click.echo(f"{game}: {played} games, {wins} won, mean score {total / played:.2f}, {seconds:.1f} s")


if __name__ == "__main__":
    main()
