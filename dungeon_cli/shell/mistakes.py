"""Puzzles made from the mistakes in a player's analysed records (``dungeon puzzles``).

A decision ``analyse -o`` classed as a mistake or a blunder, with a better choice named
(``services.move_classes`` reads the comment), becomes a puzzle when the better choice is
clearly better: for a game the solver plays (the deal known in full), proven so, the
best result after the better choice above the best after the one played, both proven
within the limit; for the others, the fair judgement's own clear fall (the class says
it). The puzzle's record reaches the position, plays the better choice, and goes on
with the solver's best line to the end (a game with a solver) or the greedy bot's play
to the end of that turn (the others: a record stops only after a whole turn). Only a
seeded record makes puzzles: the position is dealt from its ``Seed``.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Iterator, Optional

from notation import Record

from .. import solver
from ..kit.bot import Seat
from ..kit.core import Phase, Result
from ..services.move_classes import MoveClass, read_comment
from ..services.session import Session
from ..solver import Solution
from .line import LineError, apply_line
from .puzzle import ANSWER, PLAYED, PUZZLE, Puzzle, choice, position

COSTLY = (MoveClass.MISTAKE, MoveClass.BLUNDER)
SOLVER_LIMIT = 200_000  # positions per solve: past it a choice is not proven better
KEPT_OUT = {"Result", "Accuracy", PUZZLE, ANSWER, PLAYED}  # tags of the game that a puzzle does not carry


NOT_ANALYSED = "not analysed"


def puzzles(record: Record, skipped: Counter[str], limit: int = SOLVER_LIMIT) -> Iterator[str]:
    """Each puzzle of a legal record as DGN text; why others were not made, counted in
    ``skipped``."""
    if record.tag_value("Seed") is None:
        skipped["not seeded"] += 1
        return
    noted = False
    for index, move in enumerate(record.moves):
        notes = [n for text in [*move.comments, *(t for _, t in move.segments if t)] for n in read_comment(text)]
        noted = noted or bool(notes)
        tokens = [t.text for t in move.actions]
        for note in notes:
            if note.cls not in COSTLY:
                continue
            at = _find(tokens, note.action.split())
            if note.better is None or at is None:
                skipped["no better choice named"] += 1
                continue
            text, why = _puzzle(Puzzle(record, index, at, note.better, note.action), limit)
            if text is None:
                skipped[why] += 1
            else:
                yield text
    if not noted and record.tag_value("Accuracy") is None:
        skipped[NOT_ANALYSED] += 1


def _find(tokens: list[str], words: list[str]) -> Optional[int]:
    """Where ``words`` first stand in ``tokens`` (an action may be several tokens)."""
    return next((i for i in range(len(tokens)) if tokens[i : i + len(words)] == words), None)


def _puzzle(puzzle: Puzzle, limit: int) -> tuple[Optional[str], str]:
    """The puzzle's record text, or None and why it was not made."""
    try:
        session = position(puzzle)
        choice(session, puzzle.answer)
        choice(session, puzzle.played)
    except (ValueError, LineError):
        return None, "a choice not playable there"
    game = session.module.game.name
    mark = session.count
    if session.module.solver is not None:
        apply_line(session, puzzle.played)
        played = _solved(session, game, limit)
        session.rewind(mark)
        apply_line(session, puzzle.answer)
        best = _solved(session, game, limit)
        if played is None or best is None or _rank(best.result) <= _rank(played.result):
            return None, "not proven better"
        for action in best.line:
            session.apply(action)
    else:
        apply_line(session, puzzle.answer)
        _finish_turn(session)
    session.tags = [(k, v) for k, v in session.tags if k not in KEPT_OUT]
    session.tags += [(PUZZLE, f"{puzzle.move} {puzzle.before}"), (ANSWER, puzzle.answer), (PLAYED, puzzle.played)]
    return session.text(), ""


def _solved(session: Session, game: str, limit: int) -> Optional[Solution]:
    """The solver's best line from the session's state, when proven; else None."""
    try:
        found = solver.solve(session.state, game, max_nodes=limit)
    except RuntimeError:
        return None
    return found if found.proven else None


def _rank(result: Result) -> tuple[bool, int]:
    return (bool(result.won), result.score)


def _finish_turn(session: Session) -> None:
    """The turn in progress played to its end by the game's playout bot (its greedy one,
    else the random one: ``GameModule.playout_bot``), seated with the player's view."""
    seat = Seat(session.module.playout_bot(), session.module, session.variant, session.options, random.Random(0))
    told = 0  # the session's events the seat has been told

    def tell() -> None:
        nonlocal told
        events = session.all_events
        for _, action in events[told:]:
            seat.event(action)
        told = len(events)

    turn = session.state.turn
    session.deal()
    while session.state.phase is Phase.DECISION and session.state.turn == turn:
        tell()
        session.apply(seat.choose())
        session.deal()
