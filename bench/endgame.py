"""Does the strong player's exact endgame (dungeon_cli/games/scoundrel/endgame.py) win
more than determinised sampling alone? docs/simulation.md, "Beyond determinised
sampling", and the issue-39 rule: kept only if it wins more on seeds it was not tuned on.

Both players are played on the same seeds, each game once: the sampling player (the
strong player with its endgame turned off) plays it to the end, and from the first
decision with at most ``cards`` cards in the dungeon the strong player with its endgame
plays on from the same position, with the same generator in the same state (the seat is
copied), so two results differ only by the end.

    nice -n 10 python -m bench.endgame 50100 600 8              # seeds 50100-50699, exact from 8 cards left
    nice -n 10 python -m bench.endgame 0 2000 8 strict-weapon   # a variant
"""

from __future__ import annotations

import copy
import sys
import time
from typing import Any, Optional

from dungeon_cli.engine.dealer import SeededDealer
from dungeon_cli.engine.setup import Setup
from dungeon_cli.games.scoundrel.strong import StrongBot
from dungeon_cli.kit.bot import Seat
from dungeon_cli.kit.core import Draw, Phase
from dungeon_cli.kit.shuffle import rng_for_bot

NEVER = -1  # endgame_cards for sampling alone: the dungeon never holds fewer cards


def _finish(real: Any, seat: Seat[Any]) -> tuple[bool, int]:
    while real.phase is not Phase.OVER:
        action: Any = Draw(real.chance().known) if real.phase is Phase.CHANCE else seat.choose()
        real = real.apply(action)
        seat.event(action)
    result = real.result()
    return bool(result.won), int(result.score)


def paired(seed: int, cards: int, variant: Optional[str] = None) -> tuple[tuple[bool, int], Optional[tuple[bool, int]], float]:
    """(the sampling player's result, the endgame's when it ever took over (None: the game
    ended first), the CPU seconds of the endgame's decisions)."""
    setup = Setup("scoundrel", variant, seed=seed)
    real: Any = SeededDealer(seed).start(setup)
    bot = StrongBot()
    bot.endgame_cards = NEVER
    seat: Seat[Any] = Seat(bot, setup.module, variant, setup.options, rng_for_bot(seed))
    fork: Optional[tuple[Any, Seat[Any]]] = None
    while real.phase is not Phase.OVER:
        if real.phase is Phase.CHANCE:
            action: Any = Draw(real.chance().known)
        else:
            view = seat._view.state
            if fork is None and not seat.bot.plan and len(view.dungeon) <= cards:
                fork = (real, copy.deepcopy(seat))
            action = seat.choose()
        real = real.apply(action)
        seat.event(action)
    result = real.result()
    sampling = (bool(result.won), int(result.score))
    if fork is None:
        return sampling, None, 0.0
    real, other = fork
    other.bot.endgame_cards = cards
    began = time.process_time()
    ended = _finish(real, other)
    return sampling, ended, time.process_time() - began


def main(argv: list[str]) -> None:
    first, count, cards = (int(a) for a in argv[:3])
    variant = argv[3] if len(argv) > 3 else None
    sampling_wins = endgame_wins = better = worse = forks = 0
    cpu = 0.0
    for seed in range(first, first + count):
        sampling, ended, seconds = paired(seed, cards, variant)
        cpu += seconds
        mine = sampling if ended is None else ended
        forks += ended is not None
        sampling_wins += sampling[0]
        endgame_wins += mine[0]
        better += mine[0] and not sampling[0]
        worse += sampling[0] and not mine[0]
        print(f"seed {seed}: sampling {sampling}, endgame {mine}{'' if ended is not None else ' (never took over)'}", flush=True)
    print(
        f"seeds {first}-{first + count - 1}{f' ({variant})' if variant else ''}, exact from {cards} cards left: "
        f"sampling alone won {sampling_wins}, with the endgame {endgame_wins} ({better} won only with the endgame, "
        f"{worse} only without); {forks} games reached the endgame; its decisions {cpu:.0f} s of CPU"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
