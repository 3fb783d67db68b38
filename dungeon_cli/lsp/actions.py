"""Formatting and fixes, as edits the editor applies (the server never writes a file):
``dungeon fmt``'s text, ``fmt --annotate``'s (a checkpoint after every move), and the
value verify says a wrong ``Result`` or checkpoint should have."""

from __future__ import annotations

import re
from typing import Optional

from notation import Diagnostic

from ..services.formatting import format_bytes
from .document import Document

_CHECKPOINT = re.compile(r"checkpoint (\w+)=.* is wrong: after this move \1=(\S*)$")


def formatted(doc: Document, annotate: bool = False) -> Optional[str]:
    """The document as fmt writes it, or None when fmt would leave it (it has errors)."""
    if doc.too_large:
        return None
    text, problems = format_bytes(doc.text.encode("utf-8", "surrogatepass"), annotate, source=doc.path)
    return None if problems or text is None else text


class Fix:
    """Replace columns [start, end) of a 1-based line with ``text``."""

    __slots__ = ("title", "line", "start", "end", "text")

    def __init__(self, title: str, line: int, start: int, end: int, text: str):
        self.title, self.line, self.start, self.end, self.text = title, line, start, end, text


def fix(doc: Document, diag: Diagnostic) -> Optional[Fix]:
    """The fix of a wrong Result or checkpoint value, as verify names it; None for others."""
    index = doc.record_at(diag.line)
    if index is None:
        return None
    record, verdict = doc.records[index], doc.verdicts[index]
    tag = record.tag("Result")
    if tag is not None and (tag.line, tag.value_col) == (diag.line, diag.col) and "but the moves give" in diag.message:
        if verdict.result is None:
            return None
        value = str(verdict.result)
        start = tag.value_col + 1  # past the opening quote
        return Fix(f"Result: write '{value}'", tag.line, start, _quoted_end(doc.line(tag.line), start), value)
    m = _CHECKPOINT.search(diag.message)
    if m is None:
        return None
    for move in record.moves:
        checkpoint = move.checkpoint
        for pair in checkpoint.pairs if checkpoint is not None else ():
            if (pair.line, pair.value_col) == (diag.line, diag.col):
                value = m.group(2)
                return Fix(
                    f"checkpoint: write {pair.key}={value}", pair.line, pair.value_col, pair.value_col + len(pair.value), value
                )
    return None


def _quoted_end(line: str, col: int) -> int:
    """The column of the closing quote of a value that starts at ``col``."""
    i = col - 1
    while i < len(line) and line[i] != '"':
        i += 2 if line[i] == "\\" else 1
    return i + 1
