"""Exact solving of a game whose whole deal is known: the best result perfect play
reaches, and a line that reaches it.

The search walks a model of the game: by default the rules core itself
(``CoreModel``: ``legal_actions`` and ``apply``, every known draw dealt as it comes),
or a game's own faster model whose steps are still the core's actions and draws.
Either way the best line is replayed on the core before it is reported, so it is a
game the referee accepts, with the result the search says. A game that can be solved
brings a small hooks module (``games/<game>/solver.py``, named by its ``GameModule``):

- ``key(state)``: a canonical key for the transposition table, equal for two states
  whose futures are the same (what the rules will still look at, nothing more);
- ``bound(state)``: an upper bound on the objective reachable from a state, which
  must never be below the truth (that is what makes the pruning sound);
- ``priority(state)``: how promising a child looks, to try good moves first;
- ``deal(events)``: the deal a record shows, when it shows every card;
- optionally ``moves(state)``: the legal actions less those known to repeat another;
- optionally ``model()``: its own search model (Scoundrel: one node per room), whose
  steps may be compact until ``model.line(path)`` turns a reported line into actions;
- optionally ``settled(state)``: False where the model cannot start (mid-room).

``GameHooks`` and ``SearchModel`` below are these as types (each optional hook its own
small Protocol); ``hooks(game)`` hands out a game's module as ``Hooks``, its optional
hooks filled in with their defaults, so no caller asks which ones a game has.

The objective orders results as a player does: any win above any loss, then the score.
"""

from __future__ import annotations

import importlib
import time
from typing import Any, Callable, Hashable, Mapping, Optional, Protocol, Sequence, runtime_checkable

from .. import registry
from ..kit.core import Cards, Phase, Result, State, known_steps
from ..kit.objective import WIN, objective
from .lookahead import Lookahead
from .lookahead import Stream as Stream  # a caller hands ``solve`` the seed's chance to come

# A game's (state before, action) pairs, as a record's walk gives them.
Events = list[tuple[State, Any]]
# A line: the steps from the start (the core's actions, or a model's compact steps
# until ``line`` turns them into actions); a node's children: (steps to it, child).
Steps = list[Any]
Children = list[tuple[Steps, Any]]


@runtime_checkable
class GameHooks(Protocol):
    """The hooks every solvable game's module defines (the module docstring says each).
    A hook takes the game's own state (hence Any: the module is no generic class)."""

    def key(self, state: Any) -> Hashable: ...

    def bound(self, state: Any) -> int: ...

    def priority(self, state: Any) -> Any: ...

    def deal(self, events: Events) -> Mapping[str, Cards]: ...


# The optional hooks, one Protocol each: ``Hooks`` asks the module whether it is one.
@runtime_checkable
class _Moves(Protocol):
    def moves(self, state: Any) -> Sequence[Any]: ...


@runtime_checkable
class _OwnModel(Protocol):
    def model(self) -> SearchModel: ...


@runtime_checkable
class _Settled(Protocol):
    def settled(self, state: Any) -> bool: ...


# children_above(node, floor): the children whose bound is above ``floor``, and the best
# bound of those left out (None: none were).
ChildrenAbove = Callable[[Any, Optional[int]], tuple[Children, Optional[int]]]


@runtime_checkable
class SearchModel(Protocol):
    """What ``Search`` walks: nodes from a start, their value once over, a table key, an
    upper bound and the children (the steps to each, best-looking first); ``line`` turns
    a path of steps into the core's actions, ``monotone`` says the key is (rest, level)
    (``Search``), and ``children_above`` may leave out the children a floor cuts."""

    monotone: bool
    children_above: Optional[ChildrenAbove]

    def root(self, start: State) -> tuple[Steps, Any]: ...

    def value(self, node: Any) -> Optional[int]: ...

    def key(self, node: Any) -> Any: ...  # hashable; (rest, level) when monotone

    def bound(self, node: Any) -> int: ...

    def children(self, node: Any) -> Children: ...

    def line(self, path: Steps) -> Steps: ...


class Hooks:
    """A game's solver hooks, its optional ones given their defaults: the one place that
    knows which hooks a game may leave out."""

    def __init__(self, module: GameHooks):
        self.module = module
        self.key = module.key
        self.bound = module.bound
        self.priority = module.priority
        self.deal = module.deal
        self.moves: Callable[[State], Sequence[Any]] = module.moves if isinstance(module, _Moves) else _legal_actions
        self._model: Optional[Callable[[], SearchModel]] = module.model if isinstance(module, _OwnModel) else None
        self.settled: Optional[Callable[[State], bool]] = module.settled if isinstance(module, _Settled) else None

    def model(self) -> SearchModel:
        """The game's own search model, or the core itself (``CoreModel``)."""
        return self._model() if self._model is not None else CoreModel(self)


def _legal_actions(state: State) -> list[Any]:
    """The default ``moves``: every legal action."""
    return state.legal_actions()


def hooks(game: str) -> Hooks:
    """The game's solver hooks (the module its ``GameModule`` names); KeyError if the
    game has no solver, TypeError if the module lacks a hook."""
    path = registry.get(game).solver
    if path is None:
        raise KeyError(game)
    module = importlib.import_module(path)
    if not isinstance(module, GameHooks):
        raise TypeError(f"{path} does not define the solver hooks key, bound, priority and deal")
    return Hooks(module)


def solvable() -> list[str]:
    """The games that name solver hooks, in the registry's order (loads every game)."""
    return [name for name in registry.names() if registry.get(name).solver is not None]


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


class CoreModel:
    """Search nodes are the core's own states; a child is one decision and the draws
    the known order deals after it. Any game with hooks can be searched this way."""

    monotone = False
    children_above: Optional[ChildrenAbove] = None  # every child is built

    def __init__(self, game_hooks: Hooks):
        self.h = game_hooks

    def root(self, start: State) -> tuple[Steps, State]:
        return known_steps(start, [])

    def value(self, node: State) -> Optional[int]:
        return objective(node.final()) if node.phase is Phase.OVER else None

    def key(self, node: State) -> Hashable:
        return self.h.key(node)

    def bound(self, node: State) -> int:
        return self.h.bound(node)

    def children(self, node: State) -> Children:
        """(steps, child), best-looking first; children with the same key (the same
        future by another action: a joker's value, another order) only once."""
        out: list[tuple[Any, int, Steps, State]] = []
        seen: set[Hashable] = set()
        moves = self.h.moves(node)
        for action in moves:
            steps, child = known_steps(node.apply(action), [action])
            if child.phase is not Phase.OVER:
                child_key = self.h.key(child)
                if child_key in seen:
                    continue
                seen.add(child_key)
            out.append((self.h.priority(child), len(out), steps, child))
        out.sort(key=lambda c: (c[0], -c[1]), reverse=True)
        return [(steps, child) for _, _, steps, child in out]

    def line(self, path: Steps) -> Steps:
        """A path of steps is already the core's actions."""
        return path


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

    def solve(self, start: State) -> Solution:
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
        final = _replay(start, self.best_line)
        if objective(final.final()) != self.found and not (self.wins_only and self.found == 0):
            raise AssertionError(f"the line found replays to {final.result()}, not the value searched")
        return Solution(final.final(), self.best_line, stopped is None, self.nodes, seconds, stopped)

    def value_from(
        self, start: State, seconds: Optional[float] = None, nodes: Optional[int] = None
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


def _replay(start: State, line: Steps) -> State:
    state = start
    for action in line:
        state = state.apply(action)
    return state


def solve(
    start: State,
    game: str,
    max_nodes: Optional[int] = None,
    max_seconds: Optional[float] = None,
    prune: bool = True,
    model: Optional[SearchModel] = None,
    goal: str = "best",
    stream: Optional[Stream] = None,
) -> Solution:
    """The best line from ``start`` (a state whose every pile has a known order), or
    with ``goal="win"`` the first win found (proven: a win exists) or the proof that
    there is none (then a loss, not the best one), which is all a count of winnable
    deals needs.

    Two passes: first for the best win, every loss counting alike (most deals are won
    by perfect play, and the bound cuts every state that cannot win once any line is
    finished); only if no win exists, a second pass for the best loss. The limits cover
    both passes together; a limit that stops the first pass before any win is found
    reports the first loss it finished, not proven. ``model``: the game's own search
    model by default, else e.g. ``CoreModel``.

    A game without solver hooks is searched by ``searched`` (``stream``: the chance to
    come that no pile holds, its dice, as the seed answers it).
    """
    if registry.get(game).solver is None:
        return searched(start, game, max_nodes, max_seconds, goal, stream)
    h = hooks(game)

    def fresh() -> SearchModel:
        return model if model is not None else h.model()

    if goal not in ("best", "win"):
        raise ValueError(f"goal is 'best' or 'win', not {goal!r}")
    began = time.perf_counter()
    enough = WIN + 1 if goal == "win" else None  # every win scores at least 1
    first = Search(fresh(), max_nodes, max_seconds, prune, wins_only=True, enough=enough).solve(start)
    if first.result.won or not first.proven or goal == "win":
        return first
    left_nodes = None if max_nodes is None else max(1, max_nodes - first.nodes)
    left_seconds = None if max_seconds is None else max(0.001, max_seconds - (time.perf_counter() - began))
    try:
        second = Search(fresh(), left_nodes, left_seconds, prune).solve(start)
    except RuntimeError:  # the limit came before the second pass finished any line
        first.proven = False
        first.stopped = "node limit" if left_nodes is not None and left_nodes <= 1 else "time limit"
        return first
    except KeyboardInterrupt:  # likewise Ctrl-C
        first.proven, first.stopped = False, "interrupted"
        return first
    second.nodes += first.nodes
    second.seconds += first.seconds
    second.settled = True  # the first pass proved there is no win
    return second


DEAL_NODES = 100_000  # a whole deal searched without hooks, when no limit is given: a few seconds


def searched(
    start: State,
    game: str,
    max_nodes: Optional[int] = None,
    max_seconds: Optional[float] = None,
    goal: str = "best",
    stream: Optional[Stream] = None,
) -> Solution:
    """A deal of a game with no solver hooks (RPG solitaire, Cassette Dungeons!, a game
    added later): the hindsight search over the rules API alone (``lookahead.Lookahead``:
    the greedy line, then every line that leaves it once, twice, ...), so that every
    game can be solved. With no key or bound to prune by it proves a result only when
    it has tried every line: a deal it wins is winnable (proven, as a win found is),
    one it does not is undecided unless every line was tried. Without a limit it stops
    after ``DEAL_NODES`` positions. ``stream`` is required where a chance event no pile
    holds may come (a die): the seed's, as ``Stream.of`` its dealer."""
    if goal not in ("best", "win"):
        raise ValueError(f"goal is 'best' or 'win', not {goal!r}")
    module = registry.get(game)
    greedy = module.playout_bot()
    if max_nodes is None and max_seconds is None:
        max_nodes = DEAL_NODES
    search = Lookahead(greedy, max_seconds if max_seconds is not None else float("inf"), max_nodes, first_win=goal == "win")
    began = time.perf_counter()
    stopped: Optional[str] = None
    try:
        _, proven = search.best(start, stream if stream is not None else Stream((), None))
    except KeyboardInterrupt:  # Ctrl-C: the best line so far, said not proven
        if search.result is None:
            raise
        proven, stopped = False, "interrupted"
    seconds = time.perf_counter() - began
    if search.result is None:
        raise RuntimeError("the limit came before any line was finished: allow more")
    if not proven and stopped is None:
        stopped = "node limit" if max_nodes is not None and search.nodes > max_nodes else "time limit"
    final = _replay(start, search.line)
    if final.final() != search.result:
        raise AssertionError(f"the line found replays to {final.result()}, not {search.result}")
    return Solution(search.result, search.line, proven, min(search.nodes, max_nodes or search.nodes), seconds, stopped)
