"""Completion: what the prompt of ``dungeon play`` offers, at the cursor of a record.

The record is walked up to the move the cursor is in (the game's own reading of each
line, as verify walks it), then what chance dealt before that move's ``:``; the words
typed after the ``:`` and before the cursor go to the prompt's ``candidates``, which
follows them and offers what may come next with its words (``xKs  strike Ks with 9d``).
In a tag line, tag names and the values a tag takes are offered.
"""

from __future__ import annotations

import re
from typing import Any, Optional

from notation import Move, Record

from ..engine import Walk
from ..engine.dealer import Dealer, SeededDealer
from ..engine.record import walk_dealt, walk_move
from ..engine.tags import TagFault, read_setup
from ..engine.walk import Fault
from ..kit.core import State
from ..kit.game_module import Notation
from ..kit.terminal_text import safe
from ..shell.candidates import candidates, deal_known
from .document import Document
from .tag_help import MEANINGS, values

_MOVE_HEAD = re.compile(r"\s*([0-9]+)\.\s*")
_TAG_NAME = re.compile(r"\[([A-Za-z][A-Za-z0-9_]*)?$")
_TAG_VALUE = re.compile(r'\[([A-Za-z][A-Za-z0-9_]*)\s+"([^"]*)$')


class Item:
    """A completion: ``text`` replaces the ``replace`` characters before the cursor."""

    __slots__ = ("text", "detail", "replace", "kind")

    def __init__(self, text: str, detail: str, replace: int, kind: str):
        self.text, self.detail, self.replace, self.kind = text, safe(detail), replace, kind  # a card set's names


def complete(doc: Document, line: int, col: int) -> list[Item]:
    """Completions at 1-based (line, col)."""
    before = doc.line(line)[: col - 1].lstrip("\ufeff")
    if before.lstrip().startswith("["):
        return _tags(doc, line, before)
    if "{" in before or ";" in before:
        return []  # inside a checkpoint or a comment
    index = doc.record_at(line)
    if index is None:
        return []
    record = doc.records[index]
    found = _state_before(record, line, before)
    if found is None:
        return []
    notation, state, typed = found
    return [Item(c.text, c.meta, c.replace, "move") for c in candidates(notation, state, typed)]


def _state_before(record: Record, line: int, before: str) -> Optional[tuple[Notation[Any, Any], State, str]]:
    """(notation, state, text typed) for the cursor: the state after every move above the
    cursor's move line and what chance dealt on it before ``:``. None when the record
    cannot be walked that far (the diagnostics say why)."""
    try:
        setup, _ = read_setup(record)
    except TagFault:
        return None
    walk = Walk(setup, SeededDealer(setup.seed) if setup.seed is not None else Dealer(), history=False, turns=False)
    current: Optional[Move] = None
    try:
        for move in record.moves:
            if move.line >= line or _last_line(move) >= line:
                current = move if move.line == line else None
                break
            walk_move(walk, move)
        if current is not None and ":" in before and not current.is_deal:
            walk_dealt(walk, current)
    except Fault:
        return None
    head = _MOVE_HEAD.match(before)
    if ":" in before:
        typed = before[before.index(":") + 1 :]
    elif head is not None:
        typed = before[head.end() :]  # the cards dealt: chance's outcomes are offered
    else:
        typed = before.lstrip()
    return walk.module.notation, deal_known(walk.state), typed


def _last_line(move: Move) -> int:
    return max((item.line for item in move.items), default=move.line)


def _tags(doc: Document, line: int, before: str) -> list[Item]:
    text = before.lstrip()
    value = _TAG_VALUE.search(text)
    if value is not None:
        name, typed = value.group(1), value.group(2)
        index = doc.record_at(line)
        record = doc.records[index] if index is not None else None
        verdict = doc.verdicts[index] if index is not None else None
        return [
            Item(v, meaning, len(typed), "value")
            for v, meaning in values(name, record, verdict)
            if v.lower().startswith(typed.lower())
        ]
    named = _TAG_NAME.search(text)
    if named is not None:
        typed = named.group(1) or ""
        return [Item(n, MEANINGS[n], len(typed), "tag") for n in MEANINGS if n.lower().startswith(typed.lower())]
    return []
