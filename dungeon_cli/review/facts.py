"""The few facts a reviewer reads of each side, worded once for every output format:
a record's heading, a move line with its checkpoint, what a parting move cost, and how
each game ended."""

from __future__ import annotations

from typing import Optional

from notation import Move, checkpoint_text
from notation.tokens import shown

from ..kit.core import Result
from .compare import Comparison
from .transcript import Side, Turn, move_text


def heading(side: Side) -> str:
    record = side.record
    bits = [f"{side.name}:{record.line}", shown(record.game or "no game", 40)]
    variant = record.tag_value("Variant")
    if variant:
        bits.append(f"variant {shown(variant, 40)}")
    if side.seed is not None:
        bits.append(f"Seed {shown(side.seed, 40)}")
    bits.append(outcome(side))
    return "  ".join(bits)


def checkpoint(side: Side, turn: Optional[Turn]) -> Optional[dict[str, str]]:
    if turn is None or turn.after is None or side.module is None:
        return None
    return side.module.notation.checkpoint(turn.after)


def line(side: Side, move: Move, turn: Optional[Turn]) -> str:
    """A move line as ``fmt --annotate`` would write it (without comments)."""
    if move is None:
        return "(no such move)"
    text = move_text(move)
    values = checkpoint(side, turn)
    if values is not None:
        return f"{text} {checkpoint_text(values)}"
    if turn is not None or not side.legal:
        return f"{text}  (not walked: the record is at fault here or before)"
    return text


def cost(a: Side, b: Side, turn_a: Optional[Turn], turn_b: Optional[Turn]) -> Optional[str]:
    """The checkpoint after the parting move, side by side: ``hp 12 -> 15 (+3)``."""
    values_a, values_b = checkpoint(a, turn_a), checkpoint(b, turn_b)
    if values_a is None or values_b is None:
        return None
    changed, alike = [], []
    for key in list(values_a) + [k for k in values_b if k not in values_a]:
        va, vb = values_a.get(key, "-"), values_b.get(key, "-")
        if va == vb:
            alike.append(f"{key} {va}")
            continue
        delta = _delta(va, vb)
        changed.append(f"{key} {va} -> {vb}" + (f" ({delta})" if delta else ""))
    said = ", ".join(changed) if changed else "the same checkpoint"
    return f"{said}; alike: {', '.join(alike)}" if changed and alike else said


def _delta(va: str, vb: str) -> Optional[str]:
    try:
        return f"{int(vb) - int(va):+d}"
    except ValueError:
        return None


def result(side: Side) -> Optional[Result]:
    state = side.state
    if not side.legal or state is None or not state.is_over:
        return None
    return state.result()


def outcome(side: Side) -> str:
    turns = sum(1 for m in side.record.moves if not m.is_deal)
    if not side.legal:
        first = side.verdict.diagnostics[0]
        return f"illegal ({first.line}:{first.col}: {first.message})"
    found = result(side)
    if found is not None:
        return f"{found} after {turns} turn{'s' if turns != 1 else ''}"
    state = side.state
    values = side.module.notation.checkpoint(state) if side.module is not None and state is not None else None
    cp = f" {checkpoint_text(values)}" if values else ""
    return f"unfinished after {turns} turn{'s' if turns != 1 else ''}{cp}"


def score_change(cmp: Comparison) -> Optional[str]:
    """``win 30 -> loss -3: score -33`` when both games are over."""
    if cmp.a is None or cmp.b is None:
        return None
    ra, rb = result(cmp.a), result(cmp.b)
    if ra is None or rb is None:
        return None
    return f"{ra} -> {rb}: score {rb.score - ra.score:+d}"


def summary(cmp: Comparison) -> str:
    """One sentence: what kind of difference this is."""
    if cmp.kind == "equal":
        note = f" ({', '.join(cmp.notes)})" if cmp.notes else ""
        return f"the same game{note}"
    if cmp.kind == "only":
        side = cmp.a or cmp.b
        assert side is not None
        return f"only in {side.name}"
    if cmp.kind == "same-game":
        return "the same moves; tags differ"
    if cmp.kind == "different-games":
        rows = [r for r in cmp.rows]
        return f"different games ({cmp.why}); {len(cmp.differing)} of {len(rows)} move lines differ"
    assert cmp.parting is not None
    row = cmp.parting.row
    alike = sum(1 for r in cmp.rows[: row.index] if r.same)
    seed = (
        f" (Seed {cmp.a.seed})"
        if cmp.a is not None and cmp.a.seed is not None and cmp.b is not None and cmp.a.seed == cmp.b.seed
        else ""
    )
    if not alike:
        return f"the same deal{seed}; they part at {row.label}, the first move line"
    return f"the same deal{seed}; they part at {row.label}, after {alike} move line{'s' if alike != 1 else ''} alike"
