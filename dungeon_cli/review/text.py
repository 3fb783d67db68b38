"""``dungeon diff`` for a reader at a terminal or in ``git diff``: a unified diff of what
each game did, move line by move line, each with the checkpoint after it.

Every line goes through ``printable``: a record's tags and comments may hold a terminal
escape, and a review must not run it.
"""

from __future__ import annotations

from typing import Iterator, Optional

from notation import checkpoint_text
from notation.model import printable
from notation.tokens import shown

from .compare import Comparison, Row, all_tags
from .facts import checkpoint, cost, heading, line, outcome, score_change, summary

INDENT = "  "


def lines(cmp: Comparison, every: bool = False, context: int = 0, quiet: bool = True) -> Iterator[str]:
    """``quiet``: say nothing of records alike in all but spelling, as ``diff`` says
    nothing of identical files (git, which runs it only on a changed file, wants the
    header that says the change means nothing)."""
    if quiet and cmp.kind == "equal" and not cmp.notes:
        return
    for text in _lines(cmp, every, context):
        yield printable(text)


def _lines(cmp: Comparison, every: bool, context: int) -> Iterator[str]:
    a, b = cmp.a, cmp.b
    if a is not None:
        yield f"--- {heading(a)}"
    if b is not None:
        yield f"+++ {heading(b)}"
    yield summary(cmp)
    if cmp.variations:
        yield "variations:"
        for sign, row, text in cmp.variations:
            yield f"{sign} {row.label}: {text}"
    if cmp.kind in ("equal", "only"):
        return
    assert a is not None and b is not None
    tags = all_tags(cmp) if cmp.kind == "different-games" else cmp.tags
    if tags:
        yield "tags:"
        width = max(len(name) for name, _, _ in tags)
        for name, va, vb in tags:
            yield f"{INDENT}{name:<{width}}  {_tag(va)}" + ("" if va == vb else f" -> {_tag(vb)}")
    differing = [row.index for row in cmp.differing]
    if cmp.kind == "same-deal" and not every:
        assert cmp.parting is not None
        differing = [cmp.parting.row.index]
    if cmp.parting is not None and cmp.parting.board is not None and a.module is not None:
        row = cmp.parting.row
        yield f"the board before they part ({row.label}):"
        for text in a.module.render(cmp.parting.board).splitlines():
            yield INDENT + text
    for start, end in _hunks(differing, context, len(cmp.rows)):
        yield (
            f"@@ {cmp.rows[start].label} @@"
            if start == end - 1
            else f"@@ {cmp.rows[start].label} to {cmp.rows[end - 1].label} @@"
        )
        for row in cmp.rows[start:end]:
            yield from _row(cmp, row)
    yield "outcome:"
    yield f"- {outcome(a)}"
    yield f"+ {outcome(b)}"
    change = score_change(cmp)
    if change is not None:
        yield f"{INDENT}{change}"


def _row(cmp: Comparison, row: Row) -> Iterator[str]:
    a, b = cmp.a, cmp.b
    assert a is not None and b is not None
    if row.same:
        assert row.a is not None  # alike rows hold both move lines
        # Alike move lines after the parting may still leave the games apart.
        mine, theirs = checkpoint(a, row.turn_a), checkpoint(b, row.turn_b)
        said = line(a, row.a, row.turn_a)
        if mine is not None and theirs is not None and mine != theirs:
            said += f" -> {checkpoint_text(theirs)}"
        yield f"{INDENT}{said}"
        return
    if row.a is not None:
        yield f"- {line(a, row.a, row.turn_a)}"
    if row.b is not None:
        yield f"+ {line(b, row.b, row.turn_b)}"
    if cmp.parting is not None and row is cmp.parting.row:
        cost_said = cost(a, b, row.turn_a, row.turn_b)
        if cost_said is not None:
            yield f"{INDENT}after it: {cost_said}"


def _hunks(indices: list[int], context: int, size: int) -> list[tuple[int, int]]:
    """Row ranges [start, end) around each index, merged where they touch."""
    out: list[tuple[int, int]] = []
    for index in indices:
        start, end = max(0, index - context), min(size, index + context + 1)
        if out and start <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], end))
        else:
            out.append((start, end))
    return out


def _tag(value: Optional[str]) -> str:
    return "(none)" if value is None else f'"{shown(value, 60)}"'
