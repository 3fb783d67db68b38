"""Where a line of a document lies in a record's tree (NOTATION.md section 9): on which
move of which line, and which moves come before it down that line, so that completion
replays the variation the cursor is in and hover shows the state of the move it is on.
A variation replaces the move it follows: the moves before it are those before that move."""

from __future__ import annotations

from typing import NamedTuple, Optional, Sequence

from notation import Move


class LinePlace(NamedTuple):
    """``before``: the moves walked to reach the line, down its own line of the tree;
    ``move``: the move whose lines hold it (None: on no move, as a blank line or one
    being typed); ``first``: on that move's first line; ``depth``: 0 on the main line."""

    before: list[Move]
    move: Optional[Move]
    first: bool
    depth: int


def locate(moves: Sequence[Move], line: int) -> LinePlace:
    """The place of 1-based ``line`` among ``moves`` (a record's main line) and their variations."""
    before: list[Move] = []
    depth = 0
    while True:
        for move in moves:
            if move.line > line:
                return LinePlace(before, None, False, depth)
            if move.line <= line <= move.last_line:
                return LinePlace(before, move, line == move.line, depth)
            inside = next((v for v in move.variations if v and v[0].line <= line <= extent(v)), None)
            if inside is not None:
                moves, depth = inside, depth + 1  # the variation replaces ``move``: not walked
                break
            before.append(move)
        else:
            return LinePlace(before, None, False, depth)


def extent(moves: Sequence[Move]) -> int:
    """The last line of a line of moves, its variations (and theirs) included."""
    end = 0
    while moves:
        last = moves[-1]
        end = max(end, last.last_line)
        following = [v for v in last.variations if v]
        if not following:
            return end
        moves = following[-1]  # the last variation ends last
    return end
