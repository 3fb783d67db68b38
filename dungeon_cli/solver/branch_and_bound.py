"""The exact search, apart from any game: depth-first over a search model, with a
transposition table and bound pruning, because a deal's tree is far too big to walk
whole and a sound bound (``GameHooks.bound``) cuts most of it.

Whatever the model, the best line is replayed on the rules core before it is reported,
so it is a game the referee accepts, with the result the search says. The objective
orders results as a player does: any win above any loss, then the score.
"""

from __future__ import annotations

import time
from typing import Any, Hashable, Optional

from ..kit.core import AnyState, Result
from ..kit.objective import WIN, objective
from .game_hooks import SearchModel, Steps


class Solution:
    """The best line found; ``proven``: no line does better (the search finished)."""

    def __init__(self, result: Result, line: Steps, proven: bool, nodes: int, seconds: float, stopped: Optional[str]):
        self.result = result
        self.line = line  # every action from the start, draws included
        self.proven = proven
        self.nodes = nodes
        self.seconds = seconds
        self.stopped = stopped  # why the search stopped early: "node limit" / "time limit"
        # whether the deal can be won is known: a win was found, or none is possible
        # (also when the search for the best loss was then cut short)
        self.settled = result.won or proven


class _Limit(Exception):
    pass


class _Enough(Exception):
    """A line as good as asked for was found: the search stops there."""


class Search:
    """Depth-first search with a transposition table and bound pruning, over a model
    (``CoreModel``, or a game's faster one whose steps are still core actions).

    The incumbent (the best finished line so far) is the pruning threshold: a node
    whose bound cannot beat it is cut. Each node's value is stored as exact, or as an
    upper bound when some of its children were cut; an exact entry is final, an upper
    bound is searched again only when it could beat a better incumbent. A line is the
    steps from the start; the best one is replayed on the core before it is reported.
    """

    def __init__(
        self,
        model: SearchModel,
        max_nodes: Optional[int] = None,
        max_seconds: Optional[float] = None,
        prune: bool = True,
        wins_only: bool = False,
        enough: Optional[int] = None,
    ):
        self.model = model
        # Stop at the first line worth at least this much (None: search for the best).
        self.enough = enough
        self.max_nodes = max_nodes
        self.deadline = None if max_seconds is None else time.perf_counter() + max_seconds
        self.prune = prune
        # Every loss counts the same (0): a state that cannot win is cut as soon as any
        # line has been finished, so the search for a win does not sort losses.
        self.wins_only = wins_only
        # A model whose key is (rest, level), level a tuple, its value never lower at a
        # level at least as high in every part (Scoundrel: health, weapon, cap), shares
        # what it learns across levels.
        self.monotone = model.monotone
        # A model may leave out the children a floor cuts (``ChildrenAbove``).
        self.above = model.children_above
        self.table: dict[Hashable, Any] = {}
        self.nodes = 0
        self.best = -(10**9)  # the pruning threshold
        self.found = -(10**9)  # the value of best_line
        self.best_line: Steps = []
        self.path: Steps = []

    def solve(self, start: AnyState) -> Solution:
        """When looking for a win, aspiration passes: look only for lines reaching a
        target (at first the root's bound, the best any line could do), everything
        below it cut. A pass that finds one goes on to the best line; a pass that finds
        none has proven the target out of reach, and its search returns a lower target
        to aim at next. Most won deals reach their bound, so one pass with the
        tightest pruning usually settles them; what the table learns stays true from
        pass to pass. Losses have weak bounds, which would make many fruitless passes:
        the best loss is looked for in one plain pass."""
        began = time.perf_counter()
        stopped = None
        steps, node = self.model.root(start)
        self.path.extend(steps)
        aspire = self.prune and self.wins_only and self.model.value(node) is None
        target = self.model.bound(node) if aspire else None
        if target is not None and self.wins_only and target < WIN:
            target = 0
        if target is not None and self.enough is not None and target > self.enough:
            target = self.enough
        try:
            while True:
                # The threshold: a line must reach the target to count. The best line
                # met on the way is kept whatever the target, for a pass whose table
                # already knows a value exactly returns it without walking its line.
                self.best = self.found if target is None else max(self.found, target - 1)
                reached, _ = self._search(node)
                if target is None or self.found >= target:
                    break
                target = min(reached, target - 1)
                if self.found >= target:
                    break
        except _Enough:
            pass
        except _Limit as exc:
            stopped = str(exc)
        except KeyboardInterrupt:  # Ctrl-C: the best line so far, said not proven
            stopped = "interrupted"
        seconds = time.perf_counter() - began
        if not self.best_line and stopped == "interrupted":
            raise KeyboardInterrupt  # nothing to show
        if not self.best_line:
            raise RuntimeError("the limit came before any line was finished: allow more")
        self.best_line = self.model.line(self.best_line)  # a model may keep its steps compact
        final = replay_line(start, self.best_line)
        if objective(final.final()) != self.found and not (self.wins_only and self.found == 0):
            raise AssertionError(f"the line found replays to {final.result()}, not the value searched")
        return Solution(final.final(), self.best_line, stopped is None, self.nodes, seconds, stopped)

    def value_from(
        self, start: AnyState, seconds: Optional[float] = None, nodes: Optional[int] = None
    ) -> tuple[Optional[int], bool]:
        """The best value reachable from ``start``, and whether it is proven (None: the
        time ran out first). No line is kept, so the table this search has filled from
        other positions (an analysis asks from every decision of a game) answers what it
        knows exactly at once. The same aspiration passes as ``solve``."""
        self.deadline = None if seconds is None else time.perf_counter() + seconds
        if nodes is not None:
            self.max_nodes = self.nodes + nodes  # ``nodes`` more, from here
        _, node = self.model.root(start)
        value = self.model.value(node)
        if value is not None:
            return (0 if self.wins_only and value < WIN else value), True
        target = self.model.bound(node) if self.prune else WIN * 10
        if self.wins_only and target < WIN:
            target = 0
        try:
            while True:
                self.best = target - 1
                reached, exact = self._search(node)
                if exact:
                    return reached, True
                target = min(reached, target - 1)
        except _Limit:
            return None, False

    def _search(self, node: Any) -> tuple[int, bool]:
        model = self.model
        value = model.value(node)
        if value is not None:
            if self.wins_only and value < WIN:
                value = 0
            if value > self.found:
                self.found = value
                self.best_line = list(self.path)
                if self.enough is not None and value >= self.enough:
                    raise _Enough
            if value > self.best:
                self.best = value
            return value, True
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise _Limit("node limit")
        if self.deadline is not None and not self.nodes & 255 and time.perf_counter() > self.deadline:
            raise _Limit("time limit")
        key = model.key(node)
        bound = model.bound(node) if self.prune else WIN * 10
        if self.wins_only and bound < WIN:
            bound = 0
        if self.monotone:
            # key = (rest, level): the value never falls as the level rises, so what
            # is known at a level at least as high bounds this one.
            key, level = key
            known = self.table.get(key)
            if known is not None:
                if len(level) == 3:  # spelt out for the common case (Scoundrel's)
                    a, b, c = level
                    for known_level, value, exact in known:
                        if known_level == level and exact:
                            return value, True
                        if value < bound and known_level[0] >= a and known_level[1] >= b and known_level[2] >= c:
                            bound = value
                else:
                    for known_level, value, exact in known:
                        if known_level == level and exact:
                            return value, True
                        if value < bound and all(k >= m for k, m in zip(known_level, level)):
                            bound = value
        else:
            entry = self.table.get(key)
            if entry is not None:
                value, exact = entry
                if exact:
                    return value, True
                bound = min(bound, value)
        if bound <= self.best:
            return bound, False
        best_exact = best_upper = -(10**9)
        path = self.path
        prune, wins_only = self.prune, self.wins_only
        floor = self.best if prune and (self.best >= 0 or not wins_only) else None
        if floor is not None and self.above is not None:
            # The model leaves out the children its bound cuts, and says the best bound
            # it left out.
            children, omitted = self.above(node, floor)
            if omitted is not None:
                best_upper = 0 if wins_only and omitted < WIN else omitted
        else:
            children = model.children(node)
        for steps, child in children:
            if prune and model.value(child) is None:
                # Most children are cut by their bound alone: cut them here, without a
                # call, a key or a look in the table.
                cut = model.bound(child)
                if wins_only and cut < WIN:
                    cut = 0
                if cut <= self.best:
                    self.nodes += 1
                    if cut > best_upper:
                        best_upper = cut
                    continue
            depth = len(path)
            path.extend(steps)
            value, exact = self._search(child)
            del path[depth:]
            if exact:
                best_exact = max(best_exact, value)
                if self.prune and best_exact >= bound:
                    break  # nothing below can do better than the bound
            else:
                best_upper = max(best_upper, value)
        value = max(best_exact, best_upper)
        exact = best_exact >= best_upper
        if self.monotone:
            self.table.setdefault(key, []).append((level, value, exact))
        else:
            self.table[key] = (value, exact)
        return value, exact


def replay_line(start: AnyState, line: Steps) -> AnyState:
    state = start
    for action in line:
        state = state.apply(action)
    return state
