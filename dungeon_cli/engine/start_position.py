"""A record's ``Position`` tag read into the state its moves start from (NOTATION.md
section 9), each problem placed inside the tag's value: the notation finds the
``key=value`` words, the game's notation reads them (``Notation.read_position``), and
its rules say whether the state can be reached."""

from __future__ import annotations

from typing import Any, Optional

from notation import Diagnostic, Record
from notation.position_words import pairs

from ..kit.core import AnyState
from ..kit.game_module import GameModule
from ..kit.position import PositionProblem, Values


def position_start(record: Record, module: GameModule[Any, Any], start: AnyState) -> tuple[Optional[AnyState], list[Diagnostic]]:
    """The state the record's Position gives (None when it has none, or when it is
    wrong: then the problems say where); ``start`` is the state its setup starts from."""
    tag = record.position
    if tag is None:
        return None, []
    words, problems = pairs(tag)
    if problems:
        return None, problems
    notation = module.notation
    if not notation.position_keys:
        name = module.game.name
        return None, [Diagnostic(tag.line, tag.col, f"{name} has no positions: its records start from the deal")]
    try:
        state: AnyState = notation.read_position(Values(words, notation.position_keys), start)
    except PositionProblem as exc:
        col = tag.value_col if exc.pair is None else exc.pair.value_col + exc.offset
        return None, [Diagnostic(tag.line, col, exc.message)]
    return state, []


def first_move_problem(record: Record, state: AnyState) -> Optional[Diagnostic]:
    """What is wrong with where a positioned record's moves begin: they are numbered
    from the position's turn, and no ``deal:`` line comes after a position."""
    if not record.moves:
        return None
    first = record.moves[0]
    if first.is_deal:
        return Diagnostic(first.line, 1, "a record from a Position has no deal: line: its setup is behind it")
    turn = state.turn
    if first.number != turn:
        shown = f"{first.number}{'...' if first.rest else '.'}"
        return Diagnostic(
            first.line,
            1,
            f"the position is in turn {turn}: its first move is {turn}. (or {turn}... inside the turn), not {shown}",
        )
    return None
