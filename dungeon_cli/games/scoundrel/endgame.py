"""Scoundrel's last rooms, played exactly: the strong player's endgame.

Sampling orders of the unseen cards and playing each out with a rule of thumb (strong.py)
is the best a search can afford while the dungeon is deep; in the last rooms the orders
are few enough to weigh them all, and the rule of thumb is not the best play there. So
once the dungeon holds at most ``strong.ENDGAME_CARDS`` cards (seen or not: the search
grows with the rooms still to come), the strong player takes the way through each room
with the highest exact chance of winning, best play after it, over every order of the
unseen cards (then the best mean score): an expectimax over the player's view (the
cards seen and the multiset of those not seen), so it is as fair as the sampling.

Kept because it won more on seeds it was never tuned on (docs/simulation.md, "Beyond
determinised sampling"): of seeds 50,100-50,699 it won 13 games the sampling player lost
and lost none it won.
"""

from __future__ import annotations

from typing import Any, Callable, Hashable, Optional

from ...kit.core import Draw, Phase
from ...kit.objective import WIN
from .rules import FRESH, ROOM, RUN, ScoundrelState, value
from .solver import NO_WEAPON, Ids, RoomModel
from .tables import ID as _ID
from .tables import MONSTER as _MONSTER

Value = tuple[float, float]  # (chance of a win, mean score)
# Every way through the room from a state, each as its core actions (strong.py's candidates).
Ways = Callable[[ScoundrelState], list[tuple[Any, ...]]]


def best_way(state: ScoundrelState, ways: Ways) -> tuple[Any, ...]:
    """The core actions of the best way through the room from ``state`` (a view state)."""
    if state.resolved:  # not a room's start: the search over the rules core's states
        return Expectimax(ways).choose(state)
    return FastExpectimax(state.strict).choose(state)


class Expectimax:
    """The exact value of a view state with best play, every order of the unseen cards
    weighed alike; memoised on what the rules still look at. The reference the faster
    search is held to, and the search from the middle of a room."""

    def __init__(self, ways: Ways) -> None:
        self.ways = ways
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
            found = max(self.plan(s, actions) for actions in self.ways(s))
        self.memo[k] = found
        return found

    def plan(self, s: ScoundrelState, actions: tuple[Any, ...]) -> Value:
        for action in actions:
            s = s.apply(action)
        return self.value(s)

    def choose(self, s: ScoundrelState) -> tuple[Any, ...]:
        """The best way through the room from ``s`` (its actions)."""
        best: Optional[tuple[Value, tuple[Any, ...]]] = None
        for actions in self.ways(s):
            v = self.plan(s, actions)
            if best is None or v > best[0]:
                best = (v, actions)
        assert best is not None
        return best[1]


class FastExpectimax:
    """``Expectimax`` on card ids, a room at a time: the ways through a room are the
    solver's (``RoomModel.ways``: every way, those beaten on health and cap by another
    leaving the same card and weapon left out, which never lowers a chance or a mean
    score), the draws every order of the unseen cards (on top of the dungeon) and then
    the known cards under them, in their order. The same chance of winning as
    ``Expectimax``, and the same mean score where a win is possible; where every order
    loses, the losing line it picks may score a few points less (4 positions of seeds
    0-99, both variants); many times faster (tests/games/scoundrel/test_endgame.py)."""

    def __init__(self, strict: bool = False) -> None:
        self.model = RoomModel()
        self.strict = strict
        self.memo: dict[Hashable, Value] = {}

    def best(self, room: Ids, hidden: Ids, known: Ids, hp: int, weapon: int, cap: int, ran_last: bool) -> tuple[Value, Any]:
        """The value of a room's start and its best choice: ("run",) or (way,)."""
        final = not hidden and not known
        wins, loss, ends = self.model.ways(room, hp, weapon, cap, self.strict, final)
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
