"""How a choice did over sampled deals, for the players that sample the unseen cards
(each game's ``strong`` bot) and the analysis that reads their figures: one tally,
whatever the game's choices are, and the interface such a player offers the analysis
(``StrongPlayer``), so that it is a type, not a comment."""

from __future__ import annotations

import random
import time
from typing import Any, Callable, Optional, Protocol, Sequence, TypeVar, runtime_checkable

from .core import State

S_contra = TypeVar("S_contra", bound=State, contravariant=True)


class Tally:
    """Wins, total score and plays of one choice over the deals it was played on."""

    __slots__ = ("wins", "score", "plays")

    def __init__(self) -> None:
        self.wins = 0
        self.score = 0
        self.plays = 0

    @property
    def win_rate(self) -> float:
        return self.wins / self.plays if self.plays else 0.0

    @property
    def mean_score(self) -> float:
        return self.score / self.plays if self.plays else 0.0

    def key(self) -> tuple[float, ...]:
        """Best first: the most wins, then the highest total score."""
        return (self.wins, self.score)


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
                if decided:
                    playing = _undecided(alive, playing, keep, len(batch) - index - 1)
                    if keep == 1 and len(playing) == 1:
                        break
                continue
            for cand in alive:
                evaluate_on(state, [cand], [deal])
                if time.monotonic() > deadline:
                    return max((c for c in alive if c.plays), key=lambda c: (c.win_rate, c.mean_score))
        alive.sort(key=lambda c: c.key(), reverse=True)
        if done < rounds - 1:
            alive = alive[:keep]
    return alive[0]


def _undecided(alive: list[Any], playing: list[Any], keep: int, left: int) -> list[Any]:
    """The choices of ``playing`` not yet sure to be cut: fewer than ``keep`` of ``alive``
    have more wins than they could reach by winning all ``left`` deals still to come."""
    return [c for c in playing if sum(o.wins > c.wins + left for o in alive) < keep]


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
