"""Hover: on a move, the board after it and its checkpoint (what ``dungeon replay``
shows, in the game's text render); on a tag, what the tag means. The text came from a
record and a card set, someone else's files: each line is made safe (an escape, a bell,
a bidi control written as ``\\x1b``), and the Markdown code block around it is fenced
with more backticks than the text holds in a row, so no text closes it."""

from __future__ import annotations

import re
from typing import Optional

from notation import Tag
from notation.writer import checkpoint_text

from ..kit.terminal_text import safe_lines
from . import position_help
from .document import Document
from .tag_help import meaning
from .tree import locate


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
            if tag.name == "Position":
                key = _position_key(tag, col)
                if key is not None and verdict.module is not None:
                    return f"[Position] {position_help.explain(verdict.module, key)}"
            return f"[{tag.name}] {meaning(tag.name)}"
    place = locate(record.moves, line)
    move = place.move
    if move is None:
        return None
    label = "the deal" if move.is_deal else f"move {move.number}{'...' if move.rest else ''}"
    if place.depth:
        label += " (a variation)"
        state = verdict.line_states.get(id(move))
    else:
        i = len(place.before)
        state = verdict.states[i] if i < len(verdict.states) else None
    module = verdict.module
    if state is None or module is None:
        return f"{label}: not replayed (see the diagnostics above it)"
    board = module.render(state)
    return f"after {label}:\n{board}\n{checkpoint_text(module.notation.checkpoint(state))}"


def _position_key(tag: Tag, col: int) -> Optional[str]:
    """The key of the Position word at column ``col`` (its key or its value), if any."""
    offset = col - (tag.value_col + 1)  # past the opening quote (the value is placed as verify places it)
    if not 0 <= offset <= len(tag.value):
        return None
    found = position_help.word_at(tag.value, offset)
    return found[1].partition("=")[0] if found is not None else None
