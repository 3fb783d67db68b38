"""Hover: on a move, the board after it and its checkpoint (what ``dungeon replay``
shows, in the game's text render); on a tag, what the tag means. The text came from a
record and a card set, someone else's files: each line is made safe (an escape, a bell,
a bidi control written as ``\\x1b``), and the Markdown code block around it is fenced
with more backticks than the text holds in a row, so no text closes it."""

from __future__ import annotations

import re
from typing import Optional

from notation.writer import checkpoint_text

from ..kit.terminal_text import safe_lines
from .document import Document
from .tag_help import meaning


def markdown(text: str) -> str:
    """``text`` as a Markdown code block that shows it as it is."""
    longest = max((len(run) for run in re.findall("`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}text\n{text}\n{fence}"


def hover(doc: Document, line: int, col: int) -> Optional[str]:
    """Plain text for 1-based (line, col), or None; made safe line by line."""
    found = _hover(doc, line, col)
    return None if found is None else safe_lines(found)


def _hover(doc: Document, line: int, col: int) -> Optional[str]:
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
