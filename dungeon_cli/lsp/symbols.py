"""Document symbols: one per record (its game, seed and result), one per move in it, so
an editor's outline lists the turns of every game in a file. A name and a detail are a
record's text (its Game, Seed and Result tags, its moves): made safe, one line each."""

from __future__ import annotations

from notation import Move, Record, Token

from ..kit.terminal_text import safe
from .document import Document


class Symbol:
    __slots__ = ("name", "detail", "start", "end", "children")

    def __init__(self, name: str, detail: str, start: int, end: int, children: list["Symbol"]):
        self.name, self.detail, self.start, self.end, self.children = safe(name), safe(detail), start, end, children


def symbols(doc: Document) -> list[Symbol]:
    """Records and their moves, with 1-based first and last lines."""
    out = []
    for i, record in enumerate(doc.records):
        following = doc.records[i + 1].line - 1 if i + 1 < len(doc.records) else len(doc.lines)
        moves = [Symbol(_move_name(m), _move_detail(m), m.line, last_line(m), []) for m in record.moves]
        end = max([following if not moves else moves[-1].end, record.line])
        out.append(Symbol(_record_name(record), record.tag_value("Result") or "", record.line, end, moves))
    return out


def _record_name(record: Record) -> str:
    name = record.game or "a record with no game"
    seed = record.tag_value("Seed")
    return f"{name} (seed {seed})" if seed else name


def _move_name(move: Move) -> str:
    return "deal" if move.is_deal else f"move {move.number}"


def _move_detail(move: Move) -> str:
    return " ".join(t.text for t in move.items if isinstance(t, Token))[:80]


def last_line(move: Move) -> int:
    return max((item.line for item in move.items), default=move.line)
