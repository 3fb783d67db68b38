"""The better choice of a decision written as a variation of its move (NOTATION.md
section 9), for ``analyse -o``: the move as played up to the decision, the better
choice, and the game going on from there to the end of that turn.

The continuation is the solver's best line when the deal is known (the record's Seed,
every card shown, or a Position whose piles and dice say what comes): chance is dealt
as the seed deals it down that line, so the variation verifies under ``--seed-check``.
Otherwise it is the strong player's fair line (the way through the turn it weighed, then
its choices from what the player would have seen), and what chance deals in it, which
nobody knows, is drawn from the analysis's own generator among the cards unseen there:
a sample, said in the variation's comment.
"""

from __future__ import annotations

import random
from collections import deque
from typing import TYPE_CHECKING, Any, Optional, cast

from notation import Move

from ..engine.dealer import pick
from ..kit.bot import Bot
from ..kit.core import AnyState, Draw, Phase
from ..kit.game_module import GameModule, TurnLog
from ..services.session import turn_move
from ..solver.lookahead import Stream

if TYPE_CHECKING:
    from .judgements import Analysis, Judgement

# The comment a variation written by the analysis starts with: an analysis run again
# replaces its own lines, and keeps every other.
LINE_NOTE = "analyse: better"


def written_by_analysis(variation: list[Move]) -> bool:
    """Whether a variation is one an analysis wrote (its first move's comment says so)."""
    if not variation:
        return False
    return any(comment is not None and comment.startswith("# " + LINE_NOTE) for _, comment in variation[0].segments)


def better_line(analysis: Analysis, j: Judgement, strong: Any, rng: random.Random) -> Optional[Move]:
    """The variation of ``j``'s move with its better choice and the rest of the turn
    (None when the analysis kept no events, or the decision has no better choice)."""
    decision = j.position
    best = j.best
    if decision is None or best is None or not best.line or "event" not in decision:
        return None
    module = analysis.verdict.module
    assert module is not None
    events = analysis.events
    at = decision["event"]
    before: AnyState = decision["before"]
    turn = before.turn
    first = at
    while first > 0 and events[first - 1][0].turn == turn and events[first - 1][0].phase is not Phase.OVER:
        first -= 1
    if turn == 0:
        return None
    played = list(events[first:at])
    start = events[first][0]
    new, known = _go_on(module, decision, best.line, strong, rng, analysis)
    if new is None:
        return None
    how = "the solver's line, the deal known" if known else "the strong player's line (what chance deals in it: a sample)"
    comment = f"# {LINE_NOTE} {best.choice}: {how}"
    rest = bool(analysis.record.moves) and analysis.record.moves[0].rest and j.move == analysis.record.moves[0].number
    return turn_move(module.notation, TurnLog(start, played + new), rest=rest, comment=comment)


def _go_on(
    module: GameModule[Any, Any],
    decision: Any,
    way: tuple[Any, ...],
    strong: Any,
    rng: random.Random,
    analysis: Analysis,
) -> tuple[Optional[list[tuple[AnyState, Any]]], bool]:
    """The events from the decision on: the better choice, then the turn to its end;
    and whether they are the solver's line (the deal known)."""
    state: AnyState = decision["before"]
    view: AnyState = decision["seen"]
    stream: Optional[Stream] = decision.get("stream")
    turn = state.turn
    events: list[tuple[AnyState, Any]] = []

    def step(action: Any) -> None:
        nonlocal state, view
        events.append((state, action))
        state = state.apply(action)
        view = view.apply(action)

    step(way[0])
    planned = deque(way[1:])
    line = _solved(module, state, stream, analysis) if analysis.hindsight_note is None else None
    known = line is not None
    solved = deque(line or ())
    while state.phase is not Phase.OVER and state.turn == turn:
        if solved:
            step(solved.popleft())
            continue
        if state.phase is Phase.CHANCE:
            chance = state.chance()
            outcome = chance.known
            if outcome is None and stream is not None:
                try:
                    outcome, stream = stream.answer(state)
                except ValueError:
                    outcome = None
            if outcome is None:
                known = False
                outcome = pick(rng, chance)
            step(Draw(outcome))
            continue
        legal = state.legal_actions()
        if planned and planned[0] in legal:
            step(planned.popleft())
            continue
        planned.clear()
        if strong is None:
            return None, False
        step(cast(Bot[Any], strong).choose(view, rng))
    return events, known


def _solved(module: GameModule[Any, Any], state: AnyState, stream: Optional[Stream], analysis: Analysis) -> Optional[list[Any]]:
    """The solver's best line from ``state`` (every step, draws included), None when the
    deal is not known there or the search found no line within the analysis's limit."""
    from .. import solver
    from ..solver.lookahead import NODES

    if state.phase is Phase.OVER:
        return []
    # a game without a solver is searched as its hindsight is: within as many positions
    nodes = analysis.nodes if analysis.nodes is not None or module.solver is not None else NODES
    try:
        found = solver.solve(state, module.game.name, max_nodes=nodes, max_seconds=analysis.seconds, stream=stream)
    except (ValueError, RuntimeError):
        return None
    return list(found.line)
