"""``dungeon diff --format json``: one document, for tools that review records."""

from __future__ import annotations

from typing import Any, Iterable, Optional, TextIO

from notation import Move

from ..plumbing.report import dump_json
from .compare import Comparison, Row
from .facts import checkpoint, outcome, result, summary
from .transcript import Side, Turn, move_text


def _side(side: Optional[Side]) -> Optional[dict[str, Any]]:
    if side is None:
        return None
    found = result(side)
    return {
        "file": side.name,
        "line": side.record.line,
        "game": side.record.game,
        "seed": side.seed,
        "legal": side.legal,
        "result": str(found) if found is not None else None,
        "won": found.won if found is not None else None,
        "score": found.score if found is not None else None,
        "outcome": outcome(side),
    }


def _row(cmp: Comparison, row: Row) -> dict[str, Any]:
    def one(side: Optional[Side], move: Optional[Move], turn: Optional[Turn]) -> Optional[dict[str, Any]]:
        if move is None:
            return None
        assert side is not None  # a move line comes from a game that was read
        return {"line": move.line, "move": move_text(move), "checkpoint": checkpoint(side, turn)}

    return {"label": row.label, "a": one(cmp.a, row.a, row.turn_a), "b": one(cmp.b, row.b, row.turn_b)}


def pair(cmp: Comparison, every: bool) -> dict[str, Any]:
    ra = result(cmp.a) if cmp.a is not None else None
    rb = result(cmp.b) if cmp.b is not None else None
    rows = cmp.differing
    if cmp.kind == "same-deal" and not every and cmp.parting is not None:
        rows = [cmp.parting.row]
    parting = None
    if cmp.parting is not None:
        module = cmp.a.module if cmp.a is not None else None
        board = cmp.parting.board
        parting = {
            **_row(cmp, cmp.parting.row),
            "board": module.render(board) if module is not None and board is not None else None,
        }
    return {
        "kind": cmp.kind,
        "summary": summary(cmp),
        "a": _side(cmp.a),
        "b": _side(cmp.b),
        "tags": [{"name": n, "a": va, "b": vb} for n, va, vb in cmp.tags],
        "parting": parting,
        "differences": [_row(cmp, row) for row in rows],
        "score_difference": rb.score - ra.score if ra is not None and rb is not None else None,
        "notes": cmp.notes,
        # the variations one side has and the other not (diff compares the main lines)
        "variations": [
            {"side": "a" if sign == "-" else "b", "move": row.label, "line": text} for sign, row, text in cmp.variations
        ],
    }


def dump(names: tuple[str, str], found: Iterable[Comparison], out: TextIO, every: bool) -> int:
    """Write the document; 0 when every pair is the same game, else 1. Each comparison
    is made its dictionary as it comes, so its walks are not held."""
    pairs = []
    equal = 0
    for cmp in found:
        pairs.append(pair(cmp, every))
        equal += cmp.equal
    document = {"a": names[0], "b": names[1], "pairs": pairs, "summary": {"pairs": len(pairs), "equal": equal}}
    dump_json(document, out)  # as every JSON output: no bidi or C1 control character reaches a terminal raw
    return 0 if equal == len(pairs) else 1
