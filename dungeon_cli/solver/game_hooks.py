"""What a game brings to be solved, and the defaults of what it may leave out: the one
place that knows which hooks are optional, so that no caller asks a game what it has.

A game that can be solved brings a small hooks module (``games/<game>/solver.py``,
named by its ``GameModule``):

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

``GameHooks`` and ``SearchModel`` are these as types (each optional hook its own small
Protocol); ``hooks(game)`` hands out a game's module as ``Hooks``, its optional hooks
filled in with their defaults. Without a model of its own a game is searched over its
rules core itself (``CoreModel``): the hooks alone make any game searchable.
"""

from __future__ import annotations

import importlib
from typing import Any, Callable, Hashable, Mapping, Optional, Protocol, Sequence, runtime_checkable

from .. import registry
from ..kit.core import AnyState, Cards, Phase, known_steps
from ..kit.objective import objective

# A game's (state before, action) pairs, as a record's walk gives them.
Events = list[tuple[AnyState, Any]]
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

    def root(self, start: AnyState) -> tuple[Steps, Any]: ...

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
        self.moves: Callable[[AnyState], Sequence[Any]] = module.moves if isinstance(module, _Moves) else _legal_actions
        self._model: Optional[Callable[[], SearchModel]] = module.model if isinstance(module, _OwnModel) else None
        self.settled: Optional[Callable[[AnyState], bool]] = module.settled if isinstance(module, _Settled) else None

    def model(self) -> SearchModel:
        """The game's own search model, or the core itself (``CoreModel``)."""
        return self._model() if self._model is not None else CoreModel(self)


def _legal_actions(state: AnyState) -> Sequence[Any]:
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


class CoreModel:
    """Search nodes are the core's own states; a child is one decision and the draws
    the known order deals after it. Any game with hooks can be searched this way."""

    monotone = False
    children_above: Optional[ChildrenAbove] = None  # every child is built

    def __init__(self, game_hooks: Hooks):
        self.h = game_hooks

    def root(self, start: AnyState) -> tuple[Steps, AnyState]:
        return known_steps(start, [])

    def value(self, node: AnyState) -> Optional[int]:
        return objective(node.final()) if node.phase is Phase.OVER else None

    def key(self, node: AnyState) -> Hashable:
        return self.h.key(node)

    def bound(self, node: AnyState) -> int:
        return self.h.bound(node)

    def children(self, node: AnyState) -> Children:
        """(steps, child), best-looking first; children with the same key (the same
        future by another action: a joker's value, another order) only once."""
        out: list[tuple[Any, int, Steps, AnyState]] = []
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
