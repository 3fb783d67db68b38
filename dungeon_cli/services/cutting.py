"""Positions from records (NOTATION.md section 9): a record cut at a point of its main
line, written as a new record that starts from the position reached there and goes on
with the moves that followed, so that it replays to the same state.

A point is ``MOVE`` (the start of that turn, before its deal: the record goes on with
``MOVE. DEALT : ACTIONS``) or ``MOVE.K`` (where the player makes the turn's decision
K + 1, after its deal and K decisions with the draws they brought: the record goes on
with ``MOVE... ACTIONS``, the rest of the turn as it was written). The piles of a seeded
record are written in the order its seed deals them, unseen by the player, so a cut of a
seeded game deals on exactly as the game did; a record played at a table gives its
piles as sets.
"""

from __future__ import annotations

import re
from typing import Any, Iterator, Mapping, Optional, Union

from notation import Checkpoint, Move, Record, Tag, Token
from notation.position_words import text as position_text

from ..engine import Walk
from ..engine.dealer import Dealer, SeededDealer
from ..engine.record import walk_dealt, walk_move
from ..engine.start_position import position_start
from ..engine.tags import read_setup
from ..kit.core import AnyState, Phase
from .referee import check

Point = tuple[int, Optional[int]]  # (move number, decisions made in it); None: before its deal


class CutError(Exception):
    """The record cannot be cut there; ``message`` says why, for the player."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def parse_point(text: str) -> Point:
    """``7`` or ``7.2``; ValueError for anything else."""
    match = re.fullmatch(r"([0-9]{1,6})(?:\.([0-9]{1,4}))?", text)
    if match is None or int(match.group(1)) < 1:
        raise ValueError(f"'{text}' is not a point of a record: MOVE (7: before move 7) or MOVE.ACTION (7.2: after two actions)")
    return int(match.group(1)), int(match.group(2)) if match.group(2) is not None else None


def cut(record: Record, point: Point) -> tuple[Record, AnyState]:
    """The record cut at ``point``, and the state its position holds. The record must
    be legal (its Seed checked, when it has one): ``CutError`` otherwise, and for a point
    that is not in its main line."""
    walk, rest = reach(record, point)
    return _record(record, walk.module, walk.state, rest), walk.state


def reach(record: Record, point: Point) -> tuple[Walk, list[Move]]:
    """The walk of a legal record taken to ``point`` (dealt as its Seed deals, when it has
    one), and the moves that write the rest of the game from there."""
    verdict = check(record, seed_check=record.tag("Seed") is not None and record.position is None)
    if not verdict.legal:
        wrong = verdict.diagnostics[0]
        raise CutError(f"the record is not legal, so no position of it can be written: {wrong.line}:{wrong.col}: {wrong.message}")
    walk = _walk(record)
    number, decisions = point
    moves = [move for move in record.moves if not move.is_deal]
    for move in record.moves:
        if move.is_deal:
            walk_move(walk, move)
    index = next((i for i, move in enumerate(moves) if move.number == number), None)
    if index is None:
        after_last = moves[-1].number + 1 if moves and moves[-1].number is not None else None
        if number != after_last or decisions is not None:
            raise CutError(f"the record has no move {number}")
    for move in moves[: index if index is not None else len(moves)]:
        walk_move(walk, move)
    if index is None or decisions is None:
        if walk.state.is_over:
            raise CutError(f"the game is over before move {number}: there is nothing to go on from")
        return walk, moves[index:] if index is not None else []
    move = moves[index]
    tokens = _rest(walk, move, decisions)
    checkpoint = move.checkpoint
    items: list[Union[Token, Checkpoint]] = [*tokens, *([checkpoint] if checkpoint is not None else [])]
    comment = move.segments[-1][1] if move.segments else None
    rest_of_turn = Move(number, [(list(items), comment)], rest=True)
    return walk, [rest_of_turn, *moves[index + 1 :]]


def points(record: Record) -> Iterator[Point]:
    """Every point a legal record can be cut at: each turn's start, and each decision."""
    walk = _walk(record)
    for move in record.moves:
        if move.is_deal:
            walk_move(walk, move)
            continue
        assert move.number is not None
        if not move.rest:
            yield move.number, None
            walk_dealt(walk, move)
        made = 0
        dealt, colon, actions, _ = move.split()
        for blame, action in walk.module.notation.read_actions(walk, actions):
            if walk.state.phase is Phase.DECISION:
                yield move.number, made
                made += 1
            walk.take(((blame, action),), move.number)


def _walk(record: Record) -> Walk:
    setup, _ = read_setup(record, seeded=True)
    start: Optional[AnyState] = None
    if record.position is not None:
        start, _ = position_start(record, setup.module, Dealer().start(setup))
    dealer = SeededDealer(setup.seed) if setup.seed is not None and start is None else Dealer()
    return Walk(setup, dealer, history=False, turns=False, start=start)


def _rest(walk: Walk, move: Move, decisions: int) -> list[Token]:
    """Walk ``move`` up to its decision ``decisions`` + 1; the tokens that write the rest."""
    if not move.rest:
        walk_dealt(walk, move)
    actions = move.actions
    made = 0
    for blame, action in walk.module.notation.read_actions(walk, actions):
        if walk.state.phase is Phase.DECISION:
            if made == decisions:
                first = _first_token(blame)
                at = next(i for i, token in enumerate(actions) if token is first)
                return actions[at:]
            made += 1
        walk.take(((blame, action),), move.number)
    raise CutError(f"move {move.number} has {made} decision{'s' if made != 1 else ''}: {move.number}.{decisions} is past its end")


def _first_token(blame: Any) -> Token:
    if isinstance(blame, Token):
        return blame
    assert isinstance(blame, Mapping) and blame
    tokens: list[Token] = [token for token in blame.values() if isinstance(token, Token)]
    return min(tokens, key=lambda token: (token.line, token.col))


def _record(record: Record, module: Any, state: AnyState, moves: list[Move]) -> Record:
    value = position_text(module.notation.write_position(state))
    tags = [
        Tag(tag.name, tag.value, comments=list(tag.comments), trailing=tag.trailing)
        for tag in record.tags
        if tag.name != "Position"
    ]
    tags.append(Tag("Position", value))
    return Record(tags=tags, moves=moves, end_comments=list(record.end_comments))
