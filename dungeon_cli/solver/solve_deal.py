"""Solving one deal, for ``solve``, ``solve --seeds``, puzzles and the strong players'
tests: a game with hooks by two passes of the exact search (a win is cheap to find or
refute, the best loss is not), a game without them by the hindsight search over its
rules alone, so that every game can be solved.
"""

from __future__ import annotations

import time
from typing import Optional

from .. import registry
from ..kit.core import AnyState
from ..kit.objective import WIN
from .branch_and_bound import Search, Solution, replay_line
from .game_hooks import SearchModel, hooks
from .lookahead import Lookahead, Stream


def solve(
    start: AnyState,
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
    start: AnyState,
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
    final = replay_line(start, search.line)
    if final.final() != search.result:
        raise AssertionError(f"the line found replays to {final.result()}, not {search.result}")
    return Solution(search.result, search.line, proven, min(search.nodes, max_nodes or search.nodes), seconds, stopped)
