"""The ``Position`` tag's value as the notation reads it (NOTATION.md section 9): words
of ``key=value``, each placed at its column, so that a game's reader of positions can
blame the very character a problem starts at. Which keys there are, and what their
values spell, is each game's (its rules page lists them); this module knows only the
shape every position shares.
"""

from __future__ import annotations

import re

from .model import Diagnostic, Pair, Tag
from .tokens import shown

_WORD = re.compile(r"\S+")
_KEY = re.compile(r"[a-z][a-z0-9_]*")


def pairs(tag: Tag) -> tuple[list[Pair], list[Diagnostic]]:
    """The ``key=value`` words of a Position tag, in the order written, and what is
    wrong with their shape (each at its place inside the tag's value). A value with an
    escape in it is placed as if it had none: no key or value of any game holds one."""
    out: list[Pair] = []
    problems: list[Diagnostic] = []
    seen: set[str] = set()
    start = tag.value_col + 1  # the column of the value's first character, past the quote
    for word in _WORD.finditer(tag.value):
        col = start + word.start()
        key, equals, value = word.group().partition("=")
        if not equals or not _KEY.fullmatch(key):
            problems.append(
                Diagnostic(
                    tag.line, col, f"a Position is words of key=value, keys in lower case, not '{shown(word.group(), 40)}'"
                )
            )
            continue
        if not value:
            problems.append(Diagnostic(tag.line, col + len(key) + 1, f"'{shown(key, 40)}=' has no value"))
            continue
        if key in seen:
            problems.append(Diagnostic(tag.line, col, f"Position key '{shown(key, 40)}' appears twice"))
            continue
        seen.add(key)
        out.append(Pair(key, value, tag.line, col, col + len(key) + 1))
    if not out and not problems:
        problems.append(Diagnostic(tag.line, tag.value_col, "a Position holds the whole state, in key=value words: it is empty"))
    return out, problems


def text(values: list[tuple[str, str]]) -> str:
    """A Position tag's value: the words in the order given."""
    return " ".join(f"{key}={value}" for key, value in values)
