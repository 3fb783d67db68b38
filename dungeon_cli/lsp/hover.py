"""Hover: on a move, the board after it and its checkpoint (what ``dungeon replay``
shows, in the game's text render); on a tag, what the tag means."""

from __future__ import annotations

from typing import Optional

from notation.writer import checkpoint_text

from .document import Document
from .tag_help import meaning


def hover(doc: Document, line: int, col: int) -> Optional[str]:
    """Plain text for 1-based (line, col), or None."""
    index = doc.record_at(line)
    if index is None:
        return None
    record, verdict = doc.records[index], doc.verdicts[index]
    for tag in record.tags:
        if tag.line == line:
            return f"[{tag.name}] {meaning(tag.name)}"
    for i, move in enumerate(record.moves):
        last = max((item.line for item in move.items), default=move.line)
        if not move.line <= line <= last:
            continue
        label = "the deal" if move.is_deal else f"move {move.number}"
        if i >= len(verdict.states) or verdict.states[i] is None or verdict.module is None:
            return f"{label}: not replayed (see the diagnostics above it)"
        state = verdict.states[i]
        module = verdict.module
        board = module.render(state)
        return f"after {label}:\n{board}\n{checkpoint_text(module.notation.checkpoint(state))}"
    return None
