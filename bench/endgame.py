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
to the end, and from the first decision the endgame player takes over it plays on from
the same position, with the strong player's own generator in the same state (the
seat is copied), so a game differs only in its end.

    nice -n 10 python -m bench.endgame 50000 100 8    # seeds 50000-50099, expectimax from 8 cards left
"""

from __future__ import annotations

import copy
import sys
import time
from typing import Any, Hashable, Optional

from dungeon_cli.engine.dealer import SeededDealer
from dungeon_cli.engine.setup import Setup
from dungeon_cli.games.scoundrel.rules import FRESH, ROOM, RUN, ScoundrelState, value
from dungeon_cli.games.scoundrel.solver import NO_WEAPON, Ids, RoomModel
from dungeon_cli.games.scoundrel.strong import StrongBot, candidates
from dungeon_cli.games.scoundrel.tables import ID as _ID
from dungeon_cli.games.scoundrel.tables import MONSTER as _MONSTER
from dungeon_cli.kit.bot import Seat
from dungeon_cli.kit.core import Draw, Phase
from dungeon_cli.kit.objective import WIN
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


class FastExpectimax:
    """``Expectimax`` on card ids, a room at a time: the ways through a room are the
    solver's (``RoomModel._walk``: every way, those beaten on health and cap by another
    leaving the same card and weapon left out, which never lowers a chance or a mean
    score), the draws every distinct order of the unseen cards (on top of the dungeon)
    and then the known cards under them, in their order. The same values as
    ``Expectimax`` (tests/project/test_bench_ceiling.py), many times faster."""

    def __init__(self, strict: bool = False) -> None:
        self.model = RoomModel()
        self.strict = strict
        self.memo: dict[Hashable, Value] = {}

    def best(self, room: Ids, hidden: Ids, known: Ids, hp: int, weapon: int, cap: int, ran_last: bool) -> tuple[Value, Any]:
        """The value of a room's start and its best choice: ("run",) or (way,)."""
        final = not hidden and not known
        wins, loss, ends = self.model._walk(room, hp, weapon, cap, self.strict, final, None)
        options: list[tuple[Value, Any]] = []
        if wins is not None:
            options.append(((1.0, float(wins[0] - WIN)), wins[1]))
        if loss is not None:
            below = sum(_MONSTER[c] for c in hidden) + sum(_MONSTER[c] for c in known)
            options.append(((0.0, float(loss[0] - below)), loss[1]))
        for left, new_weapon, new_hp, new_cap, way in ends:
            options.append((self.draw(3, (left,), hidden, known, new_hp, new_weapon, new_cap, False), way))
        if not ran_last and (hidden or known) and len(room) == ROOM:
            options.append((self.draw(ROOM, (), hidden, known + room, hp, weapon, cap, True), RUN))
        return max(options, key=_first)

    def value(self, room: Ids, hidden: Ids, known: Ids, hp: int, weapon: int, cap: int, ran_last: bool) -> Value:
        k = (room if not ran_last else tuple(sorted(room)), hidden, known, hp, weapon, cap, ran_last)
        found = self.memo.get(k)
        if found is None:
            found = self.memo[k] = self.best(room, hidden, known, hp, weapon, cap, ran_last)[0]
        return found

    def draw(self, need: int, room: Ids, hidden: Ids, known: Ids, hp: int, weapon: int, cap: int, ran_last: bool) -> Value:
        if need == 0 or (not hidden and not known):
            return self.value(room, hidden, known, hp, weapon, cap, ran_last)
        if not hidden:
            return self.draw(need - 1, room + known[:1], hidden, known[1:], hp, weapon, cap, ran_last)
        p = e = 0.0
        for i, card in enumerate(hidden):
            vp, ve = self.draw(need - 1, room + (card,), hidden[:i] + hidden[i + 1 :], known, hp, weapon, cap, ran_last)
            p += vp
            e += ve
        return (p / len(hidden), e / len(hidden))

    def choose(self, s: ScoundrelState) -> tuple[Any, ...]:
        """The best way through the room from ``s`` (a room's start), as core actions."""
        room = tuple(_ID[c] for c in s.room)
        hidden = tuple(sorted(_ID[c] for c, n in s.dungeon.hidden.items() for _ in range(n)))
        known = tuple(_ID[c] for c in s.dungeon.known)
        weapon = _ID[s.weapon] if s.weapon is not None else NO_WEAPON
        cap = value(s.slain[-1]) if s.slain else FRESH
        _, choice = self.best(room, hidden, known, s.hp, weapon, cap, s.ran_last)
        return (RUN,) if choice is RUN else tuple(self.model.line([(choice, (), False)]))


def _first(option: tuple[Value, Any]) -> Value:
    return option[0]


class EndgameBot(StrongBot):
    name = "endgame"
    cards_at_most = 5

    def choose(self, state: ScoundrelState, rng: Any) -> Any:
        if self.plan:
            return self.plan[0]
        if len(state.dungeon) > self.cards_at_most:
            return super().choose(state, rng)
        if state.resolved:  # not a room's start: the exact search over the view state
            self.plan = list(Expectimax().choose(state))
        else:
            self.plan = list(FastExpectimax(state.strict).choose(state))
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
