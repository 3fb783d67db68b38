"""The strong player's time per decision beside greedy's, for every game (the toy game
too when it is registered): what ``hint`` and ``sim --bot strong`` cost a decision,
min and median in milliseconds, over the first decisions of seeded games that have
more than one legal action (a forced move costs nothing and says nothing). A decision's
time is the bot's ``choose`` and the ``observe`` calls since its last one: a player that
plans when a room is dealt (Scoundrel's) is charged for it.

Each bot plays whole games from seeds 0, 1, ... as ``sim`` plays them (the seeded
dealer, the bot told every event), timed around each ``choose``, until ``DECISIONS``
decisions are timed or ``SEEDS`` games are played. One process, wall clock: on a
machine whose cores are busy with other work the figures grow, the ratio less so.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

DECISIONS = 30  # timed per bot and game
SEEDS = 20  # games at most
BOTS = ("greedy", "strong")


class _Enough(Exception):
    pass


def _times(game: str, bot_name: str) -> list[float]:
    times: list[float] = []
    for seed in range(SEEDS):
        try:
            _game(game, bot_name, seed, times)
        except _Enough:
            break
    return times


def _game(game: str, bot_name: str, seed: int, times: list[float]) -> None:
    """One seeded game, each decision's time added to ``times`` (``_Enough`` at the last)."""
    from dungeon_cli import bots
    from dungeon_cli.engine import MAX_EVENTS, SeededDealer, Setup, Visitor, Walk
    from dungeon_cli.kit.bot import Seat
    from dungeon_cli.kit.shuffle import rng_for_bot

    setup = Setup(game, None, seed=seed)
    dealer = SeededDealer(seed)
    seat = Seat(bots.make(game, bot_name), setup.module, None, setup.options, rng_for_bot(seed))
    pending = [0.0]  # seconds spent observing since the last decision timed

    class Watch(Visitor):
        def event(self, before: Any, action: Any, after: Any) -> None:
            began = time.perf_counter()
            seat.event(action)
            pending[0] += time.perf_counter() - began

    walk = Walk(setup, dealer, [Watch()], history=False, turns=False)

    def choose(state: Any) -> Any:
        began = time.perf_counter()
        action = seat.choose()
        spent = time.perf_counter() - began + pending[0]
        if len(state.legal_actions()) < 2:
            return action  # its observing goes to the next decision that is one
        pending[0] = 0.0
        times.append(spent)
        if len(times) >= DECISIONS:
            raise _Enough
        return action

    walk.run(choose, MAX_EVENTS)


def _figures(times: list[float]) -> dict:
    ms = [1000 * t for t in times]
    return {
        "decisions": len(ms),
        "min_ms": round(min(ms), 3) if ms else None,
        "median_ms": round(statistics.median(ms), 3) if ms else None,
        "mean_ms": round(statistics.fmean(ms), 3) if ms else None,  # a player that plans a room at once: its cost spread
    }


def _toy() -> None:
    """The tests' toy game, registered as the tests register it, where this is a clone."""
    import sys
    from pathlib import Path

    from dungeon_cli import registry

    tests = Path(__file__).resolve().parent.parent / "tests"
    if "toy" in registry.names() or not (tests / "toy_game").is_dir():
        return
    sys.path.insert(0, str(tests))
    registry.register("toy", "toy_game")


def run() -> dict:
    from dungeon_cli import bots, registry

    _toy()
    out: dict = {}
    for game in registry.names():
        names = bots.names(game)
        if not all(bot in names for bot in BOTS):
            continue
        row = {bot: _figures(_times(game, bot)) for bot in BOTS}
        greedy, strong = row["greedy"]["median_ms"], row["strong"]["median_ms"]
        row["strong_over_greedy"] = round(strong / greedy, 1) if greedy and strong else None
        out[game] = row
    return out
