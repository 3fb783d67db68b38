"""How a choice did over sampled deals, for the players that sample the unseen cards
(each game's ``strong`` bot) and the analysis that reads their figures: one tally,
whatever the game's choices are, and the interface such a player offers the analysis
(``StrongPlayer``), so that it is a type, not a comment."""

from __future__ import annotations

import math
import random
import time
from typing import Any, Callable, Optional, Protocol, Sequence, TypeVar, runtime_checkable

from .core import AnyState

S_contra = TypeVar("S_contra", bound=AnyState, contravariant=True)


class Tally:
    """Wins, total score and plays of one choice over the deals it was played on.

    ``by_score``: the choice is ranked by its expected score (a game whose objective is
    its score, ``core.Objective.SCORE``), else by its wins, the score breaking ties.
    ``squares``: the sum of the squared scores, for the interval of the mean score
    (kept by the players of such a game; 0 where nobody keeps it)."""

    __slots__ = ("wins", "score", "plays", "squares", "by_score")

    def __init__(self, by_score: bool = False) -> None:
        self.wins = 0
        self.score = 0
        self.plays = 0
        self.squares = 0
        self.by_score = by_score

    @property
    def win_rate(self) -> float:
        return self.wins / self.plays if self.plays else 0.0

    @property
    def mean_score(self) -> float:
        return self.score / self.plays if self.plays else 0.0

    @property
    def spread(self) -> float:
        """The scores' standard deviation over the plays (0 with fewer than two)."""
        if self.plays < 2:
            return 0.0
        mean = self.mean_score
        return math.sqrt(max(0.0, (self.squares - self.plays * mean * mean) / (self.plays - 1)))

    def key(self) -> tuple[float, ...]:
        """Best first: the most wins, then the highest total score; by score: the
        highest total score, then the most wins."""
        return (self.score, self.wins) if self.by_score else (self.wins, self.score)

    def rate_key(self) -> tuple[float, ...]:
        """``key`` per play, for choices played on different numbers of deals."""
        return (self.mean_score, self.win_rate) if self.by_score else (self.win_rate, self.mean_score)

    def value(self) -> float:
        """What the choice is ranked by, per play: its expected score or its win rate."""
        return self.mean_score if self.by_score else self.win_rate


def halving(
    evaluate_on: Callable[[Any, list[Any], Any], list[Any]],
    state: Any,
    cands: list[Any],
    deals: Sequence[Any],
    deadline: Optional[float] = None,
    decided: bool = False,
) -> Any:
    """The best of ``cands`` by sequential halving: ``deals`` cut into as many rounds as
    halving the choices down to one takes; each round plays every choice still in on
    its deals (the same deals for all: common random numbers) and keeps the better half
    by ``key()``. The one left has been played on every deal, so its figures are over
    all of them; the choices that lie close get the playouts, the clearly worse few.
    ``deadline``: a ``time.monotonic()`` past which the best so far is taken (checked
    after each playout, so a slow game's hint keeps its time: then the choices still in
    may differ by one deal, and are ranked by their rates).
    ``decided``: a choice stops playing a round's deals once it is sure to be cut (so
    many others already have more wins than it could reach were it to win every deal
    left in the round), and the last round stops once one choice is sure to be kept.
    The choice returned is the same as without it, but its figures may be over fewer
    deals: for a player that wants the choice only, not an analysis that quotes them."""
    alive = list(cands)
    rounds = max(1, (len(alive) - 1).bit_length())
    size = max(1, len(deals) // rounds)
    start = 0
    for done in range(rounds):
        batch = deals[start:] if done == rounds - 1 else deals[start : start + size]
        start += len(batch)
        keep = 1 if done == rounds - 1 else max(1, (len(alive) + 1) // 2)
        playing = list(alive)
        for index, deal in enumerate(batch):
            if deadline is None:
                evaluate_on(state, playing, [deal])
                if decided and not alive[0].by_score:  # a score has no bound a deal here: every deal is played
                    playing = _undecided(alive, playing, keep, len(batch) - index - 1)
                    if keep == 1 and len(playing) == 1:
                        break
                continue
            for cand in alive:
                evaluate_on(state, [cand], [deal])
                if time.monotonic() > deadline:
                    return max((c for c in alive if c.plays), key=lambda c: c.rate_key())
        alive.sort(key=lambda c: c.key(), reverse=True)
        if done < rounds - 1:
            alive = alive[:keep]
    return alive[0]


def _undecided(alive: list[Any], playing: list[Any], keep: int, left: int) -> list[Any]:
    """The choices of ``playing`` not yet sure to be cut: fewer than ``keep`` of ``alive``
    have more wins than they could reach by winning all ``left`` deals still to come."""
    return [c for c in playing if sum(o.wins > c.wins + left for o in alive) < keep]


RACE_Z = 2.576  # standard errors of the paired difference that rule a choice out (99%: the test is repeated every deal)
RACE_FIRST = 8  # deals every choice is played on before any is ruled out
SAME_AFTER = 16  # deals on which a choice did exactly as the leader before it is taken for the same


class Race:
    """What ``race`` found: the choices best first (those still in, by their figures
    over the same deals, then those ruled out, the last to go first), whether the first
    was told apart from every other, and on how many deals the choices still in were
    all played."""

    __slots__ = ("order", "separated", "deals", "alike")

    def __init__(self, order: list[Any], separated: bool, deals: int, alike: Optional[list[Any]] = None) -> None:
        self.order, self.separated, self.deals = order, separated, deals
        self.alike = alike or []  # other choices that did as the first on every deal: as good as it


def race(
    evaluate_on: Callable[[Any, list[Any], Any], list[Any]],
    state: Any,
    cands: list[Any],
    deals: Sequence[Any],
    deadline: Optional[float] = None,
    exhaustive: bool = False,
    z: float = RACE_Z,
    first: int = RACE_FIRST,
    name: Optional[Callable[[Any], Any]] = None,
) -> Race:
    """The best of ``cands`` by racing (after Maron and Moore's Hoeffding races, with a
    paired test): every choice still in is played on the next deal, the same deal for
    all (common random numbers), and after ``first`` deals a choice is ruled out once
    the leader beats it on the deals both were played on by more than ``z`` standard
    errors of their paired differences (a deal that is good for one choice is good for
    the other, so the differences vary far less than either figure). The race stops
    when one choice is left (``separated``), the deals run out or ``deadline`` (a
    ``time.monotonic()``) passes. A choice's value on a deal is what its ``key()``
    ranks first: a win, the score of a game played for its score, Clear the Dungeon's
    kills. ``exhaustive``: the deals are every order there is, so nothing is ruled out
    by a test; the first is separated when its figure is above every other's. ``name``:
    A choice that did exactly as the leader on every one of ``SAME_AFTER`` deals or
    more (Scoundrel's two monsters fought in either order, RPG doors that never come
    into play) is the same choice in effect: it leaves the race as good as the leader
    (``Race.alike``), and the leader may be separated from the rest. ``name``:
    what tells choices apart for the answer (a hint names a choice by its first
    action: Scoundrel's ways through a room that begin alike are one answer); the race
    ends when the choices still in all share the leader's name."""
    named = name if name is not None else id
    alive = list(cands)
    values: dict[int, list[float]] = {id(c): [] for c in cands}
    out: list[tuple[Any, ...]] = []  # (deals when ruled out, its mean, rate_key, index, choice)
    same: list[Any] = []  # choices that did as the leader on every deal
    full = 0
    late = False
    for deal in deals:
        for cand in alive:
            before = cand.key()[0]
            evaluate_on(state, [cand], [deal])
            values[id(cand)].append(cand.key()[0] - before)
            if deadline is not None and time.monotonic() > deadline:
                late = True
                break
        if late:
            break
        full += 1
        if len(alive) > 1 and not exhaustive and full >= first:
            leader = max(alive, key=lambda c: (_mean(values[id(c)]), c.rate_key()))
            lead = values[id(leader)][:full]
            beaten = [c for c in alive if c is not leader and _beaten(lead, values[id(c)][:full], z)]
            out.extend((full, _mean(values[id(c)][:full]), c.rate_key(), index, c) for index, c in enumerate(beaten))
            if full >= SAME_AFTER:  # alike on every deal so far: the same choice in effect, as good as the leader
                alike = [c for c in alive if c is not leader and c not in beaten and values[id(c)][:full] == lead]
                same.extend(alike)
                beaten += alike
            alive = [c for c in alive if c not in beaten]
        if len({named(c) for c in alive}) == 1:
            break
    alive.sort(key=lambda c: (_mean(values[id(c)][:full]) if full else 0.0, c.rate_key()), reverse=True)
    order = alive + same + [c for *_, c in sorted(out, key=lambda o: o[:3], reverse=True)]  # the last out first
    if len(cands) == 1:
        return Race(order, True, full)
    if exhaustive:
        rest = [_mean(values[id(c)][:full]) for c in alive[1:] if named(c) != named(alive[0])]
        top = _mean(values[id(alive[0])][:full])
        return Race(order, not late and full == len(deals) and all(top > other for other in rest), full)
    return Race(order, len({named(c) for c in alive}) == 1, full, [c for c in same if named(c) != named(alive[0])])


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _beaten(lead: Sequence[float], other: Sequence[float], z: float) -> bool:
    """The leader's values beat the other's on the same deals beyond ``z`` standard
    errors of the paired differences (differences all alike: beaten when above 0)."""
    n = len(lead)
    if n < 2:
        return False
    diffs = [a - b for a, b in zip(lead, other)]
    mean = sum(diffs) / n
    sd = math.sqrt(max(0.0, sum((d - mean) ** 2 for d in diffs) / (n - 1)))
    return mean - z * sd / math.sqrt(n) > 0 if sd > 0 else mean > 0


class Choice(Protocol):
    """One choice a strong player compares (a ``Tally`` that knows its actions)."""

    @property
    def actions(self) -> tuple[Any, ...]: ...

    @property
    def wins(self) -> int: ...

    @property
    def plays(self) -> int: ...

    @property
    def mean_score(self) -> float: ...

    def key(self) -> tuple[float, ...]: ...


@runtime_checkable
class StrongPlayer(Protocol[S_contra]):
    """What ``dungeon analyse`` and ``hint`` ask of a game's strong player (its bot named
    ``strong``), besides playing: deals consistent with a player's view, the choices
    worth comparing there, and how each does on those deals. ``bots.strong`` checks a
    game's strong bot against it when it loads it."""

    def deals(self, state: S_contra, rng: random.Random, samples: int, exhaustive: bool = False) -> Sequence[Any]:
        """``samples`` deals of the unseen cards; every deal instead when there are no
        more than ``samples`` and ``exhaustive``."""

    def candidates(self, state: S_contra, first: Any = None) -> list[Any]:
        """The choices worth comparing (``Choice`` values); ``first``: those that begin
        with that action."""

    def evaluate_on(self, state: S_contra, cands: list[Any], deals: Any) -> list[Any]:
        """``cands`` played out on each of ``deals``, their tallies filled in."""

    def unseen(self, state: S_contra) -> int:
        """How many cards lie in an order the player does not know."""
