"""A record as the source of a walk: its move lines read into steps by the game's own
words (``Notation.read_deal``, ``read_dealt``, ``read_actions``), each step blamed on
the token that wrote it.

What is a fault of the record and not of a single step is judged here too: a move after
the game is over, a turn whose deal is missing before ``:``, a turn that ends before its
line does or goes on past it. The first fault stops the walk (past it the state is
unknown); visitors hear of it through ``Visitor.fault``.
"""

from __future__ import annotations

from typing import Callable, Iterable, Mapping, Optional, Sequence

from notation import Checkpoint, Colon, Move, Record, Token

from ..kit.core import AnyState, Phase
from ..kit.game_module import Misread, Step
from .walk import Fault, Walk

# A move line's parts, as ``Move.split`` gives them: (dealt tokens, the colon, action
# tokens, the checkpoint).
Split = tuple[list[Token], Optional[Colon], list[Token], Optional[Checkpoint]]


def replay(
    walk: Walk,
    record: Record,
    stop_line: Optional[int] = None,
    parts: Optional[list[Split]] = None,
    stops: Optional[Mapping[int, int]] = None,
) -> bool:
    """Walk every move of ``record``'s main line; True when it was replayed to its end.
    A move on or past ``stop_line`` (where a notation error lies) is not walked: False.
    ``parts``: each move's ``split()``, when the caller has them already.

    Before a move with variations, each variation is walked from the state before the
    move, on a branch of the walk (``Walk.branch``), for the visitors that ask to watch
    it (``Visitor.variation``); ``stops`` gives a variation's own stop line, by the
    ``id`` of its list of moves (``variation_stops``)."""
    if parts is None:
        parts = [move.split() for move in record.moves]
    return _line(walk, record.moves, parts, stop_line, stops or {})


def _line(walk: Walk, moves: Sequence[Move], parts: Iterable[Split], stop_line: Optional[int], stops: Mapping[int, int]) -> bool:
    try:
        for move, split in zip(moves, parts):
            if move.variations:
                _variations(walk, move, stops)
            if stop_line is not None and move.last_line >= stop_line:
                return False
            checkpoint = walk_move(walk, move, split)
            for visitor in walk.visitors:
                visitor.move(move, walk.state, checkpoint)
    except Fault as fault:
        for visitor in walk.visitors:
            visitor.fault(fault)
        return False
    return stop_line is None


def _variations(walk: Walk, move: Move, stops: Mapping[int, int]) -> None:
    for index, variation in enumerate(move.variations):
        watchers = [watcher for visitor in walk.visitors if (watcher := visitor.variation(move, index)) is not None]
        if not watchers:
            continue
        branch = walk.branch(watchers)
        try:
            stop = stops.get(id(variation))
            fault = None if stop is not None and variation[0].last_line >= stop else _dealt_otherwise(move, variation[0])
            if fault is not None:  # the variation's own fault: the line is not walked
                for visitor in branch.visitors:
                    visitor.fault(fault)
            else:
                _line(branch, variation, (m.split() for m in variation), stop, stops)
            branch.finish()
        finally:
            branch.visitors = []


def _dealt_otherwise(move: Move, first: Move) -> Optional[Fault]:
    """What is wrong when a variation's first move is not dealt as the move it replaces:
    chance before the decision is the same, only the decision differs (NOTATION.md
    section 9). None when the two DEALT are the same (or neither has one: ``N...``)."""
    if move.rest or first.rest:
        return None
    (mine, _, _, _), (theirs, colon, _, _) = move.split(), first.split()
    was = " ".join(token.text for token in mine) or "nothing"
    why = f"a variation is dealt as the move it replaces (only the decision differs): move {move.number} was dealt {was}"
    for written, token in zip(mine, theirs):
        if token.text != written.text:
            return Fault(token.line, token.col, f"{token.text}: {why}")
    if len(theirs) > len(mine):
        extra = theirs[len(mine)]
        return Fault(extra.line, extra.col, f"{extra.text}: {why}")
    if len(theirs) < len(mine):
        line, col = (colon.line, colon.col) if colon is not None else first.end
        return Fault(line, col, f"{mine[len(theirs)].text} is missing before ':': {why}")
    return None


def variation_stops(record: Record, lines: Iterable[int]) -> tuple[set[int], dict[int, int]]:
    """Which of ``lines`` (where notation errors lie) are inside a variation, and where
    each variation stops for them (by the ``id`` of its list of moves): at its first
    such line that no variation inside it holds. A line of the main line stops the main
    line alone, as in a record without variations."""
    lines = sorted(set(lines))
    inside: set[int] = set()
    stops: dict[int, int] = {}
    if not lines:
        return inside, stops

    def extent(moves: Sequence[Move]) -> int:
        last = moves[-1]
        end = last.last_line
        for variation in last.variations:
            end = max(end, extent(variation))
        return max(end, *(m.last_line for m in moves))

    def visit(moves: Sequence[Move]) -> None:
        for move in moves:
            for variation in move.variations:
                first, last = variation[0].line, extent(variation)
                held = [line for line in lines if first <= line <= last]
                if not held:
                    continue
                inside.update(held)
                visit(variation)
                deeper = _held_deeper(variation, held, extent)
                own = [line for line in held if line not in deeper]
                if own:
                    stops[id(variation)] = own[0]

    visit(record.moves)
    return inside, stops


def _held_deeper(moves: Sequence[Move], lines: list[int], extent: Callable[[Sequence[Move]], int]) -> set[int]:
    out: set[int] = set()
    for move in moves:
        for variation in move.variations:
            first, last = variation[0].line, extent(variation)
            out.update(line for line in lines if first <= line <= last)
    return out


def walk_move(walk: Walk, move: Move, split: Optional[Split] = None) -> Optional[Checkpoint]:
    """One move line; its checkpoint (None: it has none). Fault if it cannot be walked."""
    notation = walk.module.notation
    dealt, colon, actions, checkpoint = split if split is not None else move.split()
    if move.rest:  # the rest of a turn whose chance came before a Position
        state = walk.state
        if state.is_over:
            raise Fault(move.line, move.col, f"the game is over: move {move.number}... cannot follow")
        _steps(walk, notation.read_actions(walk, actions), move, colon, move.number)
        state = walk.state
        if not state.is_over and state.turn == move.number:
            line, col = move.end
            raise Fault(line, col, f"turn {move.number} is not finished: {state.unfinished()}")
        return checkpoint
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


def needs(state: AnyState) -> str:
    """What a state still waits for, in a player's words."""
    if state.phase is Phase.CHANCE:
        return f"{state.chance().what} is missing"
    return state.unfinished()
