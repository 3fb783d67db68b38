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

from notation import Record

from ..engine import Walk
from ..engine.dealer import Dealer, SeededDealer
from ..engine.record import walk_dealt, walk_move
from ..engine.start_position import position_start
from ..engine.tags import TagFault, read_setup
from ..engine.walk import Fault
from ..kit.core import AnyState
from ..kit.game_module import Notation
from ..kit.terminal_text import safe
from ..shell.candidates import candidates, deal_known
from . import position_help
from .document import Document
from .tag_help import MEANINGS, values
from .tree import locate

_MOVE_HEAD = re.compile(r"\s*(?:\(\s*)?([0-9]+)\.(?:\.\.)?\s*")  # a variation's ( and N... too
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


def _state_before(record: Record, line: int, before: str) -> Optional[tuple[Notation[Any, Any], AnyState, str]]:
    """(notation, state, text typed) for the cursor: the state after every move above the
    cursor's move line, down the line of the tree it is on (a variation is replayed from
    the state before the move it replaces), from the record's Position if it has one, and
    what chance dealt on the cursor's line before ``:``. None when the record cannot be
    walked that far (the diagnostics say why)."""
    try:
        setup, _ = read_setup(record)
    except TagFault:
        return None
    start: Optional[AnyState] = None
    if record.position is not None:
        start, problems = position_start(record, setup.module, Dealer().start(setup))
        if start is None:
            return None
    seed = setup.seed if start is None else None  # a positioned record is dealt from its position's piles
    walk = Walk(setup, SeededDealer(seed) if seed is not None else Dealer(), history=False, turns=False, start=start)
    place = locate(record.moves, line)
    current = place.move if place.first else None
    try:
        for move in place.before:
            walk_move(walk, move)
        if current is not None and ":" in before and not current.is_deal and not current.rest:
            walk_dealt(walk, current)
    except Fault:
        return None
    head = _MOVE_HEAD.match(before)
    if ":" in before:
        typed = before[before.index(":") + 1 :]
    elif head is not None:
        typed = before[head.end() :]  # the cards dealt (chance's outcomes are offered), or N...'s actions
    else:
        typed = before.lstrip().lstrip("(").lstrip()
    return walk.module.notation, deal_known(walk.state), typed


def _tags(doc: Document, line: int, before: str) -> list[Item]:
    text = before.lstrip()
    value = _TAG_VALUE.search(text)
    if value is not None:
        name, typed = value.group(1), value.group(2)
        index = doc.record_at(line)
        record = doc.records[index] if index is not None else None
        verdict = doc.verdicts[index] if index is not None else None
        if name == "Position":
            return _position_keys(record, typed, doc.line(line)[len(before) :])
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


def _position_keys(record: Optional[Record], typed: str, after: str) -> list[Item]:
    """Inside a Position's value: the game's keys not yet written (before or after the
    cursor), in the order the game writes them, each as ``key=``; none inside a value."""
    from .. import registry

    game = record.game if record is not None else None
    if game is None or not registry.known(game):
        return []
    module = registry.get(game)
    word = "" if not typed or typed[-1].isspace() else typed.split()[-1]  # the word the cursor ends
    if "=" in word:
        return []
    rest = after.split('"', 1)[0]
    written = {w.partition("=")[0] for w in (typed + rest).split() if "=" in w}
    return [
        Item(f"{key}=", position_help.short(module, key), len(word), "value")
        for key in position_help.keys(module)
        if key not in written and key.startswith(word)
    ]
