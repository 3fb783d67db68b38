"""Puzzles made from the mistakes in a player's analysed records (``dungeon puzzles``).

A decision ``analyse -o`` classed as a mistake or a blunder, with a better choice named
(``services.move_classes`` reads the comment), becomes a puzzle when the better choice is
clearly better: for a game the solver plays (the deal known in full), proven so, the
best result after the better choice above the best after the one played, both proven
within the limit; for the others, the fair judgement's own clear fall (the class says
it). The puzzle is a record from a Position at the choice (NOTATION.md section 9),
written as ``dungeon cut`` writes one of a seeded game (its piles in the seed's order):
its first move plays the better choice and goes on with the solver's best line to the end
(a game with a solver) or the greedy bot's play to the end of that turn (the others: a
record stops only after a whole turn); the choice played in the game, with the rest of
that turn as it was played, is a variation of it. Only a seeded record makes puzzles: the
position is dealt from its ``Seed``.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Iterator, Optional

from notation import Record, write

from .. import solver
from ..engine import SeededDealer, Setup
from ..kit.bot import Seat
from ..kit.core import Phase, Result
from ..services.move_classes import MoveClass, Note, read_comment
from ..services.session import Session
from ..solver import Solution
from .line import LineError, apply_line
from .puzzle import ANSWER, PLAYED, PUZZLE, Puzzle, choice, position

COSTLY = (MoveClass.MISTAKE, MoveClass.BLUNDER)
SOLVER_LIMIT = 200_000  # positions per solve: past it a choice is not proven better
# tags of the game that a puzzle does not carry (its setup's are written by the session)
KEPT_OUT = {"Game", "Variant", "Seed", "Position", "Result", "Accuracy", PUZZLE, ANSWER, PLAYED}
PLAYED_NOTE = "# played in the game"


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
            text, why = _puzzle(Puzzle(record, index, at, note.better, note.action), limit, note)
            if text is None:
                skipped[why] += 1
            else:
                yield text
    if not noted and record.tag_value("Accuracy") is None:
        skipped[NOT_ANALYSED] += 1


def _find(tokens: list[str], words: list[str]) -> Optional[int]:
    """Where ``words`` first stand in ``tokens`` (an action may be several tokens)."""
    return next((i for i in range(len(tokens)) if tokens[i : i + len(words)] == words), None)


def _puzzle(puzzle: Puzzle, limit: int, note: Optional[Note] = None) -> tuple[Optional[str], str]:
    """The puzzle's record text, or None and why it was not made."""
    try:
        there = position(puzzle)
        choice(there, puzzle.answer)
        choice(there, puzzle.played)
    except (ValueError, LineError):
        return None, "a choice not playable there"
    game = there.module.game.name
    figures = f"fair win {note.before}% -> {note.after}%" if note is not None and note.before is not None else "fair"
    tags = [("Seed", puzzle.record.tag_value("Seed") or ""), (PUZZLE, figures)]  # (a cut of a seeded record keeps its Seed)
    tags += [(t.name, t.value) for t in puzzle.record.tags if t.name not in KEPT_OUT]
    session = _from_here(there, tags)
    played = _from_here(there, [])
    rest = puzzle.record.moves[puzzle.at].actions[puzzle.before :]  # the choice played and the rest of its turn
    try:
        apply_line(played, " ".join(t.text for t in rest))
    except LineError:
        return None, "a choice not playable there"
    if session.module.solver is not None:
        mine = _solved(played, game, limit)
        apply_line(session, puzzle.answer)
        best = _solved(session, game, limit)
        if mine is None or best is None or _rank(best.result) <= _rank(mine.result):
            return None, "not proven better"
        for action in best.line:
            session.apply(action)
        session.tags[1] = (PUZZLE, f"{figures}; hindsight {best.result} -> {mine.result}")
    else:
        apply_line(session, puzzle.answer)
        _finish_turn(session)
    record, line = session.record(), played.record()
    if not record.moves or not line.moves:
        return None, "the turn could not be finished"
    first = line.moves[0]
    first.segments[-1] = (first.segments[-1][0], PLAYED_NOTE)
    record.moves[0].variations.append([first])
    return write([record]), ""


def _from_here(session: Session, tags: list[tuple[str, str]]) -> Session:
    """A game from a Position at the session's state, dealt on as its seed deals (the
    position's piles in the seed's order, a die as the seed rolls it)."""
    setup = session.setup
    dealer = session.dealer.fork() if isinstance(session.dealer, SeededDealer) else session.dealer
    return Session(Setup(setup.game, setup.variant, setup.options, None), tags, dealer, start=session.state, rest=True)


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
    start = session.start if session.positioned else None
    seat = Seat(session.module.playout_bot(), session.module, session.variant, session.options, random.Random(0), start)
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
