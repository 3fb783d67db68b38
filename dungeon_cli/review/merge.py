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
- B may start from a Position A's main line reaches (``dungeon cut`` of A, ``play
  --from A@7``): it is then A's line up to that point going on as B does, and merged as
  such (from inside a turn, B's ``7...`` joined to the start of A's move 7).
- Games that share no deal (other games, variants, rule tags, Seeds or Positions, or
  chance that dealt otherwise before they part) are refused, as is a record that
  ``verify`` finds illegal: a merged record is of one deal, and legal.
"""

from __future__ import annotations

import io
from typing import Iterable, Iterator, Optional, Union

from notation import Checkpoint, Colon, Move, Record, Tag, Token, read, write
from notation.model import printable
from notation.reader import MAX_DEPTH
from notation.writer import move_lines

from ..services.cutting import CutError, cut, points
from .compare import Comparison, compare, same_rules
from .pairing import pair
from .transcript import Side


def merged(name_a: str, records_a: Iterator[Record], name_b: str, records_b: Iterator[Record], by: str) -> Iterator[Record]:
    """Each pair of records (``pairing.pair``) as one; MergeRefused at the first that cannot be."""
    for ra, rb in pair(records_a, records_b, by):
        side_a = Side(name_a, ra) if ra is not None else None
        side_b = Side(name_b, rb) if rb is not None else None
        if side_a is not None and side_b is not None and side_b.record.position is not None and side_a.record.position is None:
            if side_a.legal and side_b.legal and same_rules(side_a, side_b):
                side_b = Side(name_b, _from_the_deal(name_a, side_a.record, name_b, side_b.record))
        yield merge(compare(side_a, side_b))


def _from_the_deal(name_a: str, a: Record, name_b: str, b: Record) -> Record:
    """B, which starts from a Position A's main line reaches, as the record from A's deal:
    A's moves up to that point, then B's."""
    position = b.tag_value("Position") or ""
    turn = next((word[5:] for word in position.split() if word.startswith("turn=")), "")
    try:
        found = [p for p in points(a) if str(p[0]) == turn]
        for point in found:
            piece, _ = cut(a, point)
            if piece.tag_value("Position") == position:
                return _joined(a, b, point)
    except CutError:  # A is legal (checked before), so this is no point of it
        pass
    raise MergeRefused(f"{name_b}:{b.line} starts from a Position that the main line of {name_a}:{a.line} never reaches")


def _joined(a: Record, b: Record, point: tuple[int, Optional[int]]) -> Record:
    number, decisions = point
    index = next(i for i, move in enumerate(a.moves) if move.number == number and not move.is_deal)
    head = [_bare(m) for m in a.moves[:index]]
    moves = b.moves
    if decisions is not None and moves and moves[0].rest:  # B's "7..." after the start of A's move 7
        mine = a.moves[index]
        piece, _ = cut(a, point)
        dealt, colon, actions, _ = mine.split()
        rest = piece.moves[0].actions
        first = moves[0]
        items: list[Union[Token, Colon, Checkpoint]] = [
            *dealt,
            *([colon] if colon is not None else []),
            *actions[: len(actions) - len(rest)],
        ]
        items += [item for item in first.items]
        joined = Move(number, [(items, first.segments[-1][1])], comments=list(first.comments), variations=first.variations)
        moves = [joined, *moves[1:]]
    tags = [Tag(t.name, t.value) for t in a.tags if t.name not in ("Position", "Result")]
    tags += [Tag("Result", t.value) for t in b.tags if t.name == "Result"]
    text = write([Record(tags=tags, moves=head + list(moves))])
    (record,) = read(io.BytesIO(text.encode("utf-8")), source=b.source)
    return record


def _bare(move: Move) -> Move:
    """A's move as B's line repeats it: without its variations and comments."""
    return Move(move.number, [(items, None) for items, _ in move.segments], rest=move.rest)


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
