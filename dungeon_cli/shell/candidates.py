"""What the player may type next: the completions of a partly typed line.

Pure (no prompt-toolkit here), so that it is tested directly and timed by the bench.
The words already typed on the line are followed through the game first, so that after
``5d `` the completions are those of the state with 5d equipped. Actions are matched by
the text the record would write (``Notation.action_text``): the player may type lower
case, ``10`` for ``T`` and suit symbols, as DGN allows.
"""

from __future__ import annotations

import re
from typing import Any, Iterable, Optional, Sequence

from notation import canonical_token
from notation.tokens import TokenError

from ..kit.core import AnyState, Draw, Illegal, Phase
from ..kit.game_module import Notation

_WORD = re.compile(r"[^ \t]+")
_SUITS = str.maketrans({"♠": "s", "♥": "h", "♦": "d", "♣": "c"})


class Completion:
    """One completion: the text that replaces the last ``replace`` characters typed."""

    __slots__ = ("text", "meta", "replace")

    def __init__(self, text: str, meta: str, replace: int):
        self.text = text
        self.meta = meta
        self.replace = replace

    def __repr__(self) -> str:
        return f"Completion({self.text!r}, {self.meta!r}, {self.replace})"


class ActionRun(tuple[Any, ...]):
    """Several actions typed as one completion (``Notation.runs``)."""


def fold(text: str) -> str:
    """A spelling for prefix matching: lower case, ``10`` as ``t``, suit letters."""
    return text.translate(_SUITS).lower().replace("10", "t")


def deal_known(state: AnyState) -> AnyState:
    """The state after the draws a known order forces (what ``Session.deal`` does)."""
    while state.phase is Phase.CHANCE:
        known = state.chance().known
        if known is None:
            break
        state = state.apply(Draw(known))
    return state


def choices(notation: Notation[Any, Any], state: AnyState, described: bool = True) -> list[tuple[str, str, Any]]:
    """``(text, description, action)`` of everything that may be typed in ``state``
    (descriptions left empty unless ``described``); a run of actions the game offers as
    one (``Notation.runs``) has an ``ActionRun`` of them as its action."""
    if state.phase is Phase.DECISION:
        describe = notation.describe if described else _nothing
        out = [(notation.action_text(state, a), describe(state, a), a) for a in state.legal_actions()]
        for run in notation.runs(state):
            texts, metas, now = [], [], state
            for action in run:
                texts.append(notation.action_text(now, action))
                metas.append(describe(now, action))
                now = now.apply(action)
            meta = "this turn's step: " + "; ".join(metas) if described else ""
            out.append((" ".join(texts), meta, ActionRun(run)))
        return out
    if state.phase is Phase.CHANCE:
        chance = state.chance()
        seen: dict[str, tuple[str, str, Any]] = {}
        for outcome in chance.outcomes:
            text = notation.format_outcome(outcome)
            seen.setdefault(text, (text, chance.what, Draw(outcome)))
        return list(seen.values())
    return []


def listed(notation: Notation[Any, Any], state: AnyState, options: list[tuple[str, str, Any]]) -> list[tuple[str, str, Any]]:
    """``help``'s moves: of the actions a game calls alike (``Notation.alike``), the one of
    least rank in the place of the first, its description saying how many more."""
    groups: dict[Any, list[tuple[Any, int]]] = {}
    keys: list[Any] = []
    for index, (_, _, action) in enumerate(options):
        alike = None if isinstance(action, ActionRun) else notation.alike(state, action)
        key = ("own", index) if alike is None else ("alike", alike[0])
        if key not in groups:
            groups[key] = []
            keys.append(key)
        groups[key].append((None if alike is None else alike[1], index))
    out = []
    for key in keys:
        members = groups[key]
        best = min(members, key=lambda m: (m[0], m[1])) if len(members) > 1 else members[0]
        text, meta, action = options[best[1]]
        if len(members) > 1:
            meta += f"; {len(members) - 1} more ways to write it (Tab lists them)"
        out.append((text, meta, action))
    return out


def _nothing(state: AnyState, action: Any) -> str:
    return ""


def _canonical(word: str) -> Optional[str]:
    try:
        return canonical_token(word)
    except TokenError:
        return None


def follow(notation: Notation[Any, Any], state: AnyState, words: Sequence[str]) -> tuple[Optional[AnyState], list[str]]:
    """Follow complete words from ``state``. Returns the state reached and the words of
    an action begun but not finished (a game whose actions take several tokens), or
    ``(None, [])`` when a word cannot be played there."""
    state = deal_known(state)
    pending: list[str] = []
    for word in words:
        text = _canonical(word)
        if text is None:
            return None, []
        if state.phase is Phase.CHANCE and text.startswith("^"):
            text = text[1:]
        pending.append(text)
        matched = None
        partial = False
        for written, _, action in choices(notation, state, described=False):
            parts = written.split()
            if parts == pending:
                matched = action
                break
            if parts[: len(pending)] == pending:
                partial = True
        if matched is not None:
            try:
                for action in matched if isinstance(matched, ActionRun) else (matched,):
                    state = deal_known(state.apply(action))
            except Illegal:
                return None, []
            pending = []
        elif not partial:
            return None, []
    return state, pending


def candidates(
    notation: Notation[Any, Any], state: AnyState, before_cursor: str, commands: Iterable[tuple[str, str]] = ()
) -> list[Completion]:
    """Completions for the text before the cursor, in the game's own order; commands
    (``undo``, ``help``...) are offered for a first word that begins one."""
    words = _WORD.findall(before_cursor)
    partial = "" if not before_cursor or before_cursor[-1] in " \t" else words.pop()
    reached, pending = follow(notation, state, words)
    out: list[Completion] = []
    if reached is not None:
        typed = " ".join(pending + [partial]) if pending else partial
        replace = len(before_cursor) - _pending_start(before_cursor, len(pending), partial)
        key = fold(typed.lstrip("^")) if reached.phase is Phase.CHANCE else fold(typed)
        seen = set()
        for text, meta, _ in choices(notation, reached):
            if text in seen or not fold(text).startswith(key):
                continue
            seen.add(text)
            out.append(Completion(text, meta, replace))
    if not words and partial:
        key = partial.lower()
        out.extend(Completion(name, meta, len(partial)) for name, meta in commands if name.startswith(key))
    return out


def _pending_start(line: str, pending: int, partial: str) -> int:
    """Where in the line the words of an unfinished action begin."""
    spans = [m.start() for m in _WORD.finditer(line)]
    if partial:
        spans.pop()
    if pending:
        return spans[-pending]
    return len(line) - len(partial)
