"""An experiment for a fair ceiling for Scoundrel (docs/simulation.md, "A fair ceiling for
Scoundrel"): does an exact expectimax over the last rooms beat the strong player's
determinised sampling there?

Once the dungeon holds at most ``cards`` cards (seen or not: the tree grows with
every room still to come, not only with the cards unseen), the endgame player stops
sampling: it weighs every way through the room (and running) by the exact
chance of winning with best play from there, over every order of the unseen cards,
one room's draws at a time (an expectimax over the player's view: only the cards seen
and the count of those not seen), then the best mean score. Before that it is the
strong player, decision for decision.

Both players are played on the same seeds, each game once: the strong player plays it
to the end, and where the endgame player would first decide otherwise it plays on from
the same position, with the strong player's own generator in the same state (the
seat is copied), so a game differs only in its end.

    nice -n 10 python -m bench.endgame 50000 100 5    # seeds 50000-50099, expectimax from 5 cards left
"""

from __future__ import annotations

import copy
import sys
import time
from typing import Any, Hashable, Optional

from dungeon_cli.engine.dealer import SeededDealer
from dungeon_cli.engine.setup import Setup
from dungeon_cli.games.scoundrel.rules import ScoundrelState, value
from dungeon_cli.games.scoundrel.strong import StrongBot, candidates
from dungeon_cli.kit.bot import Seat
from dungeon_cli.kit.core import Draw, Phase
from dungeon_cli.kit.shuffle import rng_for_bot

Value = tuple[float, float]  # (chance of a win, mean score)


class Expectimax:
    """The exact value of a view state with best play, every order of the unseen cards
    weighed alike; memoised on what the rules still look at."""

    def __init__(self) -> None:
        self.memo: dict[Hashable, Value] = {}

    def key(self, s: ScoundrelState) -> Hashable:
        room: Any = s.room if s.can_run else frozenset(s.room)
        weapon = value(s.weapon) if s.weapon is not None else 0
        cap = value(s.slain[-1]) if s.slain else 0
        hidden = frozenset(s.dungeon.hidden.items())
        return (hidden, s.dungeon.known, room, s.hp, weapon, cap, s.drank, s.to_resolve - s.resolved, s.ran_last, s.phase)

    def value(self, s: ScoundrelState) -> Value:
        result = s.result()
        if result is not None:
            return (1.0 if result.won else 0.0, float(result.score))
        k = self.key(s)
        found = self.memo.get(k)
        if found is not None:
            return found
        if s.phase is Phase.CHANCE:
            chance = s.chance()
            if chance.known is not None:
                found = self.value(s.apply(Draw(chance.known)))
            else:
                weights = chance.weights or (1,) * len(chance.outcomes)
                total = sum(weights)
                p = e = 0.0
                for outcome, w in zip(chance.outcomes, weights):
                    vp, ve = self.value(s.apply(Draw(outcome)))
                    p += w * vp
                    e += w * ve
                found = (p / total, e / total)
        else:
            found = max(self.plan(s, cand.actions) for cand in candidates(s))
        self.memo[k] = found
        return found

    def plan(self, s: ScoundrelState, actions: tuple[Any, ...]) -> Value:
        for action in actions:
            s = s.apply(action)
        return self.value(s)

    def choose(self, s: ScoundrelState) -> tuple[Any, ...]:
        """The best way through the room from ``s`` (its actions)."""
        best: Optional[tuple[Value, tuple[Any, ...]]] = None
        for cand in candidates(s):
            v = self.plan(s, cand.actions)
            if best is None or v > best[0]:
                best = (v, cand.actions)
        assert best is not None
        return best[1]


class EndgameBot(StrongBot):
    name = "endgame"
    cards_at_most = 5

    def choose(self, state: ScoundrelState, rng: Any) -> Any:
        if self.plan:
            return self.plan[0]
        if len(state.dungeon) > self.cards_at_most:
            return super().choose(state, rng)
        self.plan = list(Expectimax().choose(state))
        return self.plan[0]


def paired(seed: int, cards: int) -> tuple[tuple[bool, int], Optional[tuple[bool, int]], float]:
    """(the strong player's result, the endgame player's when it ever took over (None:
    the game ended first), the CPU seconds of the endgame's decisions)."""
    setup = Setup("scoundrel", None, seed=seed)
    real: Any = SeededDealer(seed).start(setup)
    seat: Seat[Any] = Seat(StrongBot(), setup.module, None, setup.options, rng_for_bot(seed))
    fork: Optional[tuple[Any, Seat[Any]]] = None

    def finish(real: Any, seat: Seat[Any]) -> tuple[bool, int]:
        while real.phase is not Phase.OVER:
            if real.phase is Phase.CHANCE:
                action: Any = Draw(real.chance().known)
            else:
                action = seat.choose()
            real = real.apply(action)
            seat.event(action)
        result = real.result()
        return bool(result.won), int(result.score)

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
    strong = (bool(result.won), int(result.score))
    if fork is None:
        return strong, None, 0.0
    real, other = fork
    bot = EndgameBot()
    bot.cards_at_most = cards
    bot.plan = []
    other.bot = bot
    other._observe = bot.observe
    began = time.process_time()
    ended = finish(real, other)
    return strong, ended, time.process_time() - began


def main(argv: list[str]) -> None:
    first, count, cards = (int(a) for a in argv[:3])
    strong_wins = endgame_wins = better = worse = forks = 0
    cpu = 0.0
    for seed in range(first, first + count):
        strong, ended, seconds = paired(seed, cards)
        cpu += seconds
        mine = strong if ended is None else ended
        forks += ended is not None
        strong_wins += strong[0]
        endgame_wins += mine[0]
        better += mine[0] and not strong[0]
        worse += strong[0] and not mine[0]
        print(f"seed {seed}: strong {strong}, endgame {mine}{'' if ended is not None else ' (never took over)'}", flush=True)
    print(
        f"seeds {first}-{first + count - 1}, expectimax from {cards} cards left: strong won {strong_wins}, "
        f"endgame won {endgame_wins} ({better} won only by the endgame player, {worse} only by the strong player); "
        f"{forks} games reached the endgame; the endgame's decisions {cpu:.0f} s of CPU"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
