"""Two records compared by what they mean.

Spelling never counts: both are walked by the engine and their move lines compared as
``fmt`` writes them, or event by event where the text differs (one game may allow two
spellings of one action). Whole-line comments and written checkpoints say something
about a game without changing it, so records that differ only there are equal games
(a note says so).

Two games are *of one deal* when they share game, variant and rule tags, no two Seeds
disagree, and everything chance dealt agrees up to the first decision where they part.
They are then compared where they part: the board there, each side's move and what it
cost, and each side's outcome. Otherwise they are different games, compared tag by tag
and move by move.

A record is a tree (NOTATION.md section 9): what is compared is the two main lines, as
the Result is the main line's; records whose main lines are the same game and whose
variations differ are equal games with a note saying so. Two records start from the same
place when neither has a Position, or both the same one: a record cut from another
(``dungeon cut``) starts elsewhere, and is a different game.
"""

from __future__ import annotations

from itertools import zip_longest
from typing import NamedTuple, Optional

from notation import Move, Record

from ..kit.core import AnyState
from .transcript import Side, Turn, move_text


class Row:
    """Move line ``index`` (0 is the first line, the deal: line where there is one) of
    each record, and whether the two mean the same."""

    __slots__ = ("index", "a", "b", "turn_a", "turn_b", "same")

    def __init__(
        self, index: int, a: Optional[Move], b: Optional[Move], turn_a: Optional[Turn], turn_b: Optional[Turn], same: bool
    ):
        self.index = index
        self.a = a
        self.b = b
        self.turn_a = turn_a
        self.turn_b = turn_b
        self.same = same

    @property
    def label(self) -> str:
        move = self.a if self.a is not None else self.b
        assert move is not None  # a row holds a move line of one game at least
        return "the deal" if move.is_deal else f"turn {move.number}"


class Parting(NamedTuple):
    """Where two games of one deal part: the row, the board just before the first
    decision they disagree on, and how many events of that turn they shared."""

    row: Row
    board: Optional[AnyState]
    shared: int


class Comparison:
    """The answer for one pair. ``kind``: ``equal``, ``same-game`` (the same moves, other
    tags), ``same-deal``, ``different-games``, or ``only`` (a record without a partner)."""

    def __init__(self, a: Optional[Side], b: Optional[Side]):
        self.a = a
        self.b = b
        self.kind = "only"
        self.why = ""  # why they are different games
        self.tags: list[tuple[str, Optional[str], Optional[str]]] = []  # differing tags
        self.rows: list[Row] = []
        self.parting: Optional[Parting] = None
        self.notes: list[str] = []
        # the variations one side has and the other not, on the moves both main lines hold:
        # ("-" or "+", the move's row, the line as text)
        self.variations: list[tuple[str, Row, str]] = []

    @property
    def equal(self) -> bool:
        return self.kind == "equal"

    @property
    def differing(self) -> list[Row]:
        return [row for row in self.rows if not row.same]


def compare(a: Optional[Side], b: Optional[Side]) -> Comparison:
    out = Comparison(a, b)
    if a is None or b is None:
        return out
    out.tags = _tags(a, b)
    out.rows = _rows(a, b)
    out.variations = _variations(out.rows)
    if all(row.same for row in out.rows):
        out.kind = "same-game" if out.tags else "equal"
        out.notes = _notes(a, b)
        return out
    why = _different_rules(a, b)
    if why is None:
        parting, why = _parting(a, b, out.rows)
        out.parting = parting
    if why is not None:
        out.kind = "different-games"
        out.why = why
    else:
        out.kind = "same-deal"
    return out


def _tags(a: Side, b: Side, every: bool = False) -> list[tuple[str, Optional[str], Optional[str]]]:
    """Each tag's value on either side (None: not there): those that differ, or all."""
    values_a = {t.name: t.value for t in a.record.tags}
    values_b = {t.name: t.value for t in b.record.tags}
    names = list(values_a) + [n for n in values_b if n not in values_a]
    return [(n, values_a.get(n), values_b.get(n)) for n in names if every or values_a.get(n) != values_b.get(n)]


def all_tags(cmp: "Comparison") -> list[tuple[str, Optional[str], Optional[str]]]:
    """Tag by tag, alike ones too: what different games are compared by first."""
    assert cmp.a is not None and cmp.b is not None
    return _tags(cmp.a, cmp.b, every=True)


def _rows(a: Side, b: Side) -> list[Row]:
    walked_a = {id(t.move): t for t in a.transcript.turns}
    walked_b = {id(t.move): t for t in b.transcript.turns}
    rows = []
    for index, (move_a, move_b) in enumerate(zip_longest(a.record.moves, b.record.moves)):
        turn_a = walked_a.get(id(move_a)) if move_a is not None else None
        turn_b = walked_b.get(id(move_b)) if move_b is not None else None
        same = move_a is not None and move_b is not None and move_a.number == move_b.number
        if same and move_text(move_a) != move_text(move_b):
            # Written otherwise: the same only if both were walked to events that agree.
            same = bool(
                turn_a is not None
                and turn_b is not None
                and turn_a.after is not None
                and turn_b.after is not None
                and a.transcript.keys(turn_a) == b.transcript.keys(turn_b)
            )
        rows.append(Row(index, move_a, move_b, turn_a, turn_b, same))
    return rows


def _variations(rows: list[Row]) -> list[tuple[str, Row, str]]:
    """The variations of each move both main lines hold that only one side has."""
    out: list[tuple[str, Row, str]] = []
    for row in rows:
        if row.a is None or row.b is None or not (row.a.variations or row.b.variations):
            continue
        mine = [_line_text(line) for line in row.a.variations]
        theirs = [_line_text(line) for line in row.b.variations]
        out.extend(("-", row, text) for text in mine if text not in theirs)
        out.extend(("+", row, text) for text in theirs if text not in mine)
    return out


def _line_text(line: list[Move]) -> str:
    """A variation in brief: its first move as written, and how many moves it holds."""
    more = f" ... {len(line)} moves" if len(line) > 1 else ""
    return f"( {move_text(line[0])}{more} )"


def _different_rules(a: Side, b: Side, positions: bool = True) -> Optional[str]:
    """Why no deal can be shared, or None (``positions``: where each starts counts too)."""
    game_a, game_b = a.record.game, b.record.game
    if game_a != game_b:
        return f"{_said(game_a)} and {_said(game_b)}"
    setup_a, setup_b = a.transcript.start, b.transcript.start
    if a.module is None or b.module is None or setup_a is None or setup_b is None:
        return "a record that cannot be walked shares no deal"
    variant_a, variant_b = a.record.tag_value("Variant"), b.record.tag_value("Variant")
    if variant_a != variant_b:
        return f"variant {_said(variant_a)} and variant {_said(variant_b)}"
    if a.verdict.walk.setup.options != b.verdict.walk.setup.options:
        return "their rule tags differ"
    if a.seed is not None and b.seed is not None and a.seed != b.seed:
        return f"Seed {a.seed} and Seed {b.seed}"
    position_a, position_b = a.record.tag_value("Position"), b.record.tag_value("Position")
    if positions and position_a != position_b:
        if position_a is None or position_b is None:
            return f"{a.name if position_b is None else b.name} starts from a Position, the other from the deal"
        return "they start from different Positions"
    return None


def same_rules(a: Side, b: Side) -> bool:
    """The two could share a deal, wherever each starts: the same game, variant and rule
    tags, and no two Seeds that disagree."""
    return _different_rules(a, b, positions=False) is None


def _said(value: Optional[str]) -> str:
    return "none" if value is None else value


def _parting(a: Side, b: Side, rows: list[Row]) -> tuple[Optional[Parting], Optional[str]]:
    """Where the two walks first disagree: (the parting, None) when it is a decision,
    (None, why) when chance dealt them different cards first."""
    ta, tb = a.transcript, b.transcript
    for row in rows:
        if row.same:
            continue
        turn_a, turn_b = row.turn_a, row.turn_b
        keys_a = ta.keys(turn_a) if turn_a is not None else []
        keys_b = tb.keys(turn_b) if turn_b is not None else []
        shared = 0
        while shared < len(keys_a) and shared < len(keys_b) and keys_a[shared] == keys_b[shared]:
            shared += 1
        if shared < len(keys_a) and shared < len(keys_b) and keys_a[shared][0] == "draw" == keys_b[shared][0]:
            seeds = f" although both name Seed {a.seed}" if a.seed is not None and a.seed == b.seed else ""
            return None, (
                f"the deals differ at {row.label}{seeds}: {a.name} deals {keys_a[shared][1]}, {b.name} deals {keys_b[shared][1]}"
            )
        board = _board(turn_a, turn_b, shared, a, b)
        return Parting(row, board, shared), None
    return None, None


def _board(turn_a: Optional[Turn], turn_b: Optional[Turn], shared: int, a: Side, b: Side) -> Optional[AnyState]:
    """The state just before the parting event, which both games were in."""
    for turn in (turn_a, turn_b):
        if turn is not None and shared < len(turn.events):
            return turn.events[shared][0]
    for turn in (turn_a, turn_b):
        if turn is not None and turn.after is not None:
            return turn.after
    # One record stops where the other goes on: the board after the last shared turn.
    for side in (a, b):
        if side.transcript.turns and side.transcript.turns[-1].after is not None:
            return side.transcript.turns[-1].after
    return a.transcript.start


def _notes(a: Side, b: Side) -> list[str]:
    notes = []
    if _comments(a.record) != _comments(b.record):
        notes.append("their comments differ")
    if [m.checkpoint for m in a.record.moves] != [m.checkpoint for m in b.record.moves]:
        notes.append("their written checkpoints differ")
    if [m.variations for m in a.record.moves] != [m.variations for m in b.record.moves]:
        notes.append("their variations differ: diff compares the main lines")
    if [(t.name, t.value) for t in a.record.tags] != [(t.name, t.value) for t in b.record.tags] and not _tags(a, b):
        notes.append("their tags are in another order")
    return notes


def _comments(record: Record) -> tuple[object, ...]:
    """Every comment of a record, where it stands."""
    tags = [(t.comments, t.trailing) for t in record.tags]
    moves = [(m.comments, [comment for _, comment in m.segments]) for m in record.moves]
    return tags, moves, record.end_comments
