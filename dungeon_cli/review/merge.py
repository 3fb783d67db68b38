"""``dungeon diff --merge A B``: two games of one deal as one record (NOTATION.md
section 9): A's record, its tags, comments and main line, with B's line as a variation
of A's move where the two part.

What is merged, where the contract is silent (docs/review.md says it to users):

- B's line from the move where the two part is a variation of A's move there, its first
  move marked with a comment naming B; B's variations go with it. A variation B has on
  a move the two share is added to A's move too. A line A has already (the same moves,
  written alike) is not added twice, so a merge can be run again.
- Where one main line is the beginning of the other, there is no move to hang a line on:
  when A stops where B goes on, A's main line goes on as B's did (with B's Result, if A
  has none); when B stops where A goes on, B adds nothing.
- Games that share no deal (other games, variants, rule tags, Seeds or Positions, or
  chance that dealt otherwise before they part) are refused, as is a record that
  ``verify`` finds illegal: a merged record is of one deal, and legal.
"""

from __future__ import annotations

from typing import Iterable

from notation import Move, Record, Tag
from notation.model import printable
from notation.reader import MAX_DEPTH
from notation.writer import move_lines

from .compare import Comparison


class MergeRefused(Exception):
    """Two records that cannot be one: the one line to say, and the exit status (2
    trouble, 1 a record that is not legal)."""

    def __init__(self, message: str, status: int = 2):
        super().__init__(message)
        self.message = message
        self.status = status


def merge(cmp: Comparison) -> Record:
    """A's record with B's line in it (A's record object, changed)."""
    a, b = cmp.a, cmp.b
    if a is None or b is None:
        side = a if a is not None else b
        assert side is not None
        raise MergeRefused(
            f"{side.name}:{side.record.line}: this record has no partner in the other file: nothing to merge it with"
        )
    for side in (a, b):
        if not side.legal:
            raise MergeRefused(
                f"{side.name}:{side.record.line}: the record is not legal (dungeon verify says where): nothing merged", 1
            )
    if cmp.kind == "different-games":
        raise MergeRefused(
            f"{a.name}:{a.record.line} and {b.name}:{b.record.line} are not games of one deal ({cmp.why}): "
            "a merged record holds one deal"
        )
    record, theirs = a.record, b.record.moves
    part = cmp.parting.row.index if cmp.parting is not None else len(record.moves)
    for mine, other in zip(record.moves[:part], theirs[:part]):
        _add(mine, other.variations)
    if part < min(len(record.moves), len(theirs)):
        line = theirs[part:]
        if 1 + _depth(line) > MAX_DEPTH:
            raise MergeRefused(f"{b.name}:{line[0].line}: its line and its variations would nest more than {MAX_DEPTH} deep")
        _mark(line[0], b.name)
        _add(record.moves[part], [line])
    elif part < len(theirs):  # A stops where B goes on: A's main line goes on as B's
        record.moves.extend(theirs[part:])
        result = b.record.tag("Result")
        if result is not None and record.tag("Result") is None:
            record.tags.append(Tag("Result", result.value))
    return record


def _text(line: list[Move]) -> list[str]:
    """A line as written, its moves' comments and checkpoints aside: what makes two alike."""
    return [
        " ".join(part for part in move_lines(Move(m.number, [(items, None) for items, _ in m.segments], rest=m.rest)))
        for m in line
    ]


def _add(move: Move, lines: Iterable[list[Move]]) -> None:
    have = [_text(line) for line in move.variations]
    for line in lines:
        text = _text(line)
        if text not in have:
            move.variations.append(line)
            have.append(text)


def _mark(move: Move, name: str) -> None:
    """The first move of B's line says whose it is, at the end of its last line."""
    items, comment = move.segments[-1]
    said = f"# {printable(name)}'s line"
    move.segments[-1] = (items, said if comment is None else f"{said}: {comment.lstrip('#').strip()}")


def _depth(line: list[Move]) -> int:
    """How deep the variations inside ``line`` nest (0: none), without recursion."""
    deepest = 0
    stack = [(0, line)]
    while stack:
        depth, moves = stack.pop()
        deepest = max(deepest, depth)
        for move in moves:
            stack.extend((depth + 1, variation) for variation in move.variations)
    return deepest
