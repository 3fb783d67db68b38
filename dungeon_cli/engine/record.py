"""A record as the source of a walk: its move lines read into steps by the game's own
words (``Notation.read_deal``, ``read_dealt``, ``read_actions``), each step blamed on
the token that wrote it.

What is a fault of the record and not of a single step is judged here too: a move after
the game is over, a turn whose deal is missing before ``:``, a turn that ends before its
line does or goes on past it. The first fault stops the walk (past it the state is
unknown); visitors hear of it through ``Visitor.fault``.
"""

from __future__ import annotations

from typing import Iterable, Optional

from notation import Checkpoint, Colon, Move, Record, Token

from ..kit.core import Phase, State
from ..kit.game_module import Misread, Step
from .walk import Fault, Walk

# A move line's parts, as ``Move.split`` gives them: (dealt tokens, the colon, action
# tokens, the checkpoint).
Split = tuple[list[Token], Optional[Colon], list[Token], Optional[Checkpoint]]


def replay(walk: Walk, record: Record, stop_line: Optional[int] = None, parts: Optional[list[Split]] = None) -> bool:
    """Walk every move of ``record``; True when it was replayed to its end. A move on or
    past ``stop_line`` (where a notation error lies) is not walked: False. ``parts``:
    each move's ``split()``, when the caller has them already."""
    if parts is None:
        parts = [move.split() for move in record.moves]
    try:
        for move, split in zip(record.moves, parts):
            if stop_line is not None:
                last_line = max((item.line for item in move.items), default=move.line)
                if last_line >= stop_line:
                    return False
            checkpoint = walk_move(walk, move, split)
            for visitor in walk.visitors:
                visitor.move(move, walk.state, checkpoint)
    except Fault as fault:
        for visitor in walk.visitors:
            visitor.fault(fault)
        return False
    return stop_line is None


def walk_move(walk: Walk, move: Move, split: Optional[Split] = None) -> Optional[Checkpoint]:
    """One move line; its checkpoint (None: it has none). Fault if it cannot be walked."""
    notation = walk.module.notation
    dealt, colon, actions, checkpoint = split if split is not None else move.split()
    if move.is_deal:
        _steps(walk, notation.read_deal(walk, dealt), move)
        state = walk.state
        if state.turn == 0 and not state.is_over:
            line, col = move.end
            raise Fault(line, col, f"the deal is not complete: {needs(state)}")
        return checkpoint
    state = walk.state
    number = move.number
    if state.is_over:
        raise Fault(move.line, move.col, f"the game is over: move {number} cannot follow")
    if state.turn == 0:
        raise Fault(move.line, move.col, f"the setup comes first, on a deal: line: {needs(state)}")
    walk_dealt(walk, move, (dealt, colon, actions, checkpoint))
    _steps(walk, notation.read_actions(walk, actions), move, colon, number)
    state = walk.state
    if not state.is_over and state.turn == number:
        line, col = move.end
        raise Fault(line, col, f"turn {number} is not finished: {state.unfinished()}")
    return checkpoint


def walk_dealt(walk: Walk, move: Move, split: Optional[Split] = None) -> None:
    """What chance dealt before a turn's ``:`` (the state a player chooses in, which an
    editor completes the actions of). Fault if it cannot be walked."""
    dealt, colon, _, _ = split if split is not None else move.split()
    number = move.number
    _steps(walk, walk.module.notation.read_dealt(walk, dealt), move, colon)
    state = walk.state
    if state.phase is Phase.CHANCE and state.turn == number:
        line, col = (colon.line, colon.col) if colon is not None else move.end
        raise Fault(line, col, f"turn {number} is missing a deal before ':': {state.chance().what}")


def _steps(walk: Walk, steps: Iterable[Step], move: Move, colon: Optional[Colon] = None, number: Optional[int] = None) -> None:
    try:
        walk.take(steps, number)  # a Misread comes from the game's notation reading the line
    except Misread as exc:
        token: Optional[Token] = exc.token
        if token is None:
            line, col = (colon.line, colon.col) if colon is not None else move.end
            raise Fault(line, col, exc.message) from None
        raise Fault.at(token, exc.message) from None


def needs(state: State) -> str:
    """What a state still waits for, in a player's words."""
    if state.phase is Phase.CHANCE:
        return f"{state.chance().what} is missing"
    return state.unfinished()
