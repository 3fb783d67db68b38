"""Hindsight, the second way a decision is judged: the best result still reachable
with the deal known, by the game's solver from any position, or by the search over the
rules for a game without one. One search table serves every position of an analysis:
what it learnt solving move 3 is still true at move 4, which is what makes judging every
decision of a game affordable.
"""

from __future__ import annotations

import math
from typing import Hashable, Optional

from .. import registry
from ..kit.core import AnyState, Phase, Result, known_steps
from ..kit.objective import WIN
from ..solver.lookahead import NODES as LOOKAHEAD_NODES
from ..solver.lookahead import Lookahead, Stream
from .judgements import Decision, Hindsight, Judgement


class Solver:
    """The game's solver from any position, one transposition table for the whole
    analysis: the best win reachable, or that there is none."""

    def __init__(self, game: str, seconds: Optional[float], nodes: Optional[int] = None):
        from .. import solver

        self.hooks = solver.hooks(game)
        self.seconds, self.nodes = seconds, nodes
        self.make = self.hooks.model
        self.wins = solver.Search(self.make(), wins_only=True)
        self.memo: dict[Hashable, Hindsight] = {}

    def judge(self, decision: Decision) -> tuple[Hindsight, Hindsight]:
        """Before and after a decision."""
        return self.best(decision["before"]), self.best(decision["after"])

    def best(self, state: AnyState) -> Hindsight:
        """The best result reachable from ``state`` (its piles in known order)."""
        state = known_steps(state, [])[1]
        if state.phase is Phase.OVER:
            result = state.final()
            return Hindsight(result if result.won else None, True)
        settled = self.hooks.settled
        if settled is not None and not settled(state):
            # mid-room: the model starts where a room starts, so try each action here
            found: Optional[Hindsight] = None
            for action in state.legal_actions():
                h = self.best(state.apply(action))
                if found is None or _value(h) > _value(found):
                    found = Hindsight(h.result, h.proven and (found is None or found.proven))
                elif not h.proven:
                    found.proven = False
            assert found is not None
            return found
        key = self.hooks.key(state)
        if key in self.memo:
            return self.memo[key]
        value, proven = self.wins.value_from(state, self.seconds, self.nodes)
        if value is None:
            return Hindsight(None, False)
        # No win: "no win" is the judgement. The best loss is not searched for: proving
        # it costs more than the rest of an analysis, and says little more.
        answer = Hindsight(Result(True, value - WIN) if value >= WIN else None, proven)
        self.memo[key] = answer
        return answer


class Searcher:
    """Hindsight for a game without a solver: the search over the rules API
    (``lookahead.Lookahead``) from each decision, chance answered as the record's seed
    answers it; it says when its limit cut it short."""

    def __init__(self, game: str, seconds: Optional[float], nodes: Optional[int] = None):
        # counted in positions (``--limit 500k``, or ``lookahead.NODES``), so the figures
        # are the machine's no more than the solver's are; a time limit only as asked
        self.look = Lookahead(
            registry.get(game).playout_bot(), seconds if seconds is not None else math.inf, nodes or LOOKAHEAD_NODES
        )
        self.last: Optional[tuple[AnyState, Stream, Hindsight]] = None

    def judge(self, decision: Decision) -> tuple[Hindsight, Hindsight]:
        """Before and after. Decisions in a row with no chance between (a Cassette turn's
        several plays) share a position: the state after one is the walk's very state
        before the next, with the same chance to come, so its search is not run twice
        (half the search of such a turn)."""
        stream = decision["stream"]
        if stream is None:  # (a Searcher is made for seeded or positioned records only)
            raise ValueError("the deal is not known: no seed to search it from")
        before = decision["before"]
        last = self.last
        if last is not None and last[0] is before and _same_stream(last[1], stream):
            judged = last[2]
        else:
            judged = Hindsight(*self.look.best(before, stream))
        after = Hindsight(*self.look.best(decision["after"], stream))
        self.last = (decision["after"], stream, after)
        return judged, after


def _same_stream(a: Stream, b: Stream) -> bool:
    return a is b or (a.queued == b.queued and a.rng_state == b.rng_state)


def _value(h: Hindsight) -> int:
    return h.result.score + 1000 if h.result is not None else 0


def monotone(judgements: list[Judgement]) -> None:
    """Hindsight along the record's line, where the truth is monotone: with the deal
    known, one decision's AFTER is the next one's BEFORE, and the best win reachable can
    only stay or fall along the line. So a win found later is reachable from every
    earlier position (it lifts a figure a limit cut short there, as a bound), and a
    proven figure caps the later ones: an unproven one that reaches it is proven."""
    line = [h for j in judgements for h in (j.before, j.after) if h is not None]
    found: Optional[Hindsight] = None
    for h in reversed(line):
        if found is not None and not h.proven and _value(found) > _value(h):
            h.result = found.result
        if h.won and (found is None or _value(h) > _value(found)):
            found = h
    cap: Optional[Hindsight] = None
    for h in line:
        if cap is not None and not h.proven and _value(h) >= _value(cap):
            h.result, h.proven = cap.result, True
        if h.proven and (cap is None or _value(h) <= _value(cap)):
            cap = h
