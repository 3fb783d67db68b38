"""Hindsight for any game: the best result reachable with the deal known, by a search
over the rules API alone.

A game with solver hooks (Scoundrel, Clear the Dungeon) is judged by its solver. Any
other game is searched here (``analyse``'s hindsight at each decision, and ``dungeon
solve`` of a whole deal: ``solver.searched``), with nothing of its own: depth first over the decisions,
every chance event answered as the record's seed answers it (the piles in the order it
dealt them; a die or a rebuilt deck drawn from the seed's second generator, in the order
the events come, exactly as ``engine.dealer.SeededDealer`` draws them), the game's
greedy bot's line tried first, then every line that leaves it once, then twice, and so
on (limited discrepancy search: a good line is seldom far from the greedy one, and a
change near the start is tried before one near the end). There is no bound to cut with
and no key to share positions by (the game names neither), so the search proves its
answer only when it has tried every line, which it does on positions near a game's end;
on the others it stops at its limit with the best win found so far, said not proven.

Its limit is counted in positions (``NODES``), not seconds: an analysis is then the same
on a loaded laptop as on a cluster's idle worker (``analyse --cluster`` gives the figures
one process gives), and costs what it costs. A time limit is kept as a net only.
"""

from __future__ import annotations

import random
import time
from typing import Any, Hashable, Optional

from ..engine.dealer import pick
from ..kit.bot import Bot
from ..kit.core import AnyState, Draw, Phase, Result
from ..kit.objective import objective

NODES = 2_000  # positions searched per position at most (about a fifth of a second of one core)
SECONDS = 10.0  # per position at most, whatever the positions: a net for a very slow machine


class Stream:
    """The chance outcomes still to come that nobody knows in advance, as a seeded
    dealer would answer them from here: draws it made already and not yet used, then
    its generator's state. Immutable: a branch of the search takes its own."""

    __slots__ = ("queued", "rng_state")

    def __init__(self, queued: tuple[Hashable, ...], rng_state: Any):
        self.queued = queued
        self.rng_state = rng_state

    @classmethod
    def of(cls, dealer: Any) -> "Stream":
        """Where a ``SeededDealer`` stands now."""
        rng = dealer.chance_rng
        if rng is None:
            rng = random.Random(f"{dealer.seed}/chance")
        return cls(tuple(dealer.drawn[dealer.position :]), rng.getstate())

    def answer(self, state: AnyState) -> tuple[Hashable, "Stream"]:
        """The outcome of ``state``'s chance event, and the stream after it."""
        chance = state.chance()
        if chance.known is not None:
            return chance.known, self
        if self.queued:
            return self.queued[0], Stream(self.queued[1:], self.rng_state)
        if self.rng_state is None:  # a stream of a deal known by its cards alone
            raise ValueError(f"{chance.what}: only a seed says what it is")
        rng = random.Random()
        rng.setstate(self.rng_state)
        outcome = pick(rng, chance)
        return outcome, Stream((), rng.getstate())


class _LookaheadLimit(Exception):
    pass


class _FirstWin(Exception):
    pass


class Lookahead:
    """The best win reachable from a position whose deal is known, or that there is
    none; ``proven`` False when the limit came first (then the best win found so far).

    ``line`` is the line of the best result met (a win, or while none is found the best
    loss), every step from the position on, chance outcomes as ``Draw`` s: it replays on
    the rules core, which is how ``dungeon solve`` writes it. With ``first_win`` the
    search stops at the first win (all a count of winnable deals needs)."""

    def __init__(self, greedy: Bot[Any], seconds: float = SECONDS, max_nodes: Optional[int] = NODES, first_win: bool = False):
        self.greedy = greedy
        self.seconds = seconds
        self.max_nodes = max_nodes
        self.first_win = first_win
        self.nodes = 0
        self.line: list[Any] = []
        self.result: Optional[Result] = None  # of ``line``

    def best(self, state: AnyState, stream: Stream) -> tuple[Optional[Result], bool]:
        self.deadline = time.monotonic() + self.seconds
        self.nodes = 0
        self.found: Optional[Result] = None
        self.result = None
        self.line = []
        self.path: list[Any] = []
        allowed = 0
        try:
            while True:
                self.cut = False
                self._search(state, stream, allowed)
                if not self.cut:
                    return self.found, True  # every line was tried
                allowed += 1
        except _FirstWin:
            return self.found, True  # a win exists: that much is proven
        except _LookaheadLimit:
            return self.found, False

    def _search(self, state: AnyState, stream: Stream, allowed: int) -> None:
        """Every line from ``state`` that leaves the greedy choice at most ``allowed``
        times; ``self.cut`` set when a line was left out for that. The steps this call
        adds to ``path`` are taken off again as it returns (one frame a decision: a
        deep game's line must not reach Python's recursion limit)."""
        path = self.path
        mark = len(path)
        try:
            while state.phase is Phase.CHANCE:
                outcome, stream = stream.answer(state)
                path.append(Draw(outcome))
                state = state.apply(path[-1])
            if state.phase is Phase.OVER:
                self._finished(state.final())
                return
            self.nodes += 1
            if (self.max_nodes is not None and self.nodes > self.max_nodes) or (
                not self.nodes & 63 and time.monotonic() > self.deadline
            ):
                raise _LookaheadLimit
            actions = state.legal_actions()
            if len(actions) == 1:
                path.append(actions[0])
                self._search(state.apply(actions[0]), stream, allowed)
                return
            first = self.greedy.choose(state, random.Random(0))
            if not allowed:
                self.cut = True
                path.append(first)
                self._search(state.apply(first), stream, 0)
                return
            here = len(path)
            for action in actions:  # the other choices first: a change near the start first
                if action != first:
                    path.append(action)
                    self._search(state.apply(action), stream, allowed - 1)
                    del path[here:]
            path.append(first)
            self._search(state.apply(first), stream, allowed)
        finally:
            del path[mark:]

    def _finished(self, result: Result) -> None:
        """A line has ended: kept if it is the best met so far."""
        if self.result is None or objective(result) > objective(self.result):
            self.result = result
            self.line = list(self.path)
        if result.won and (self.found is None or objective(result) > objective(self.found)):
            self.found = result
            if self.first_win:
                raise _FirstWin
