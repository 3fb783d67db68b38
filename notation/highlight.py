"""DGN split into the pieces an editor colours, one line at a time: tag names and
values, comments, move numbers, cards, action marks, checkpoints. The one lexer of the
notation's look: ``dungeon lsp``'s semantic tokens and the Pygments lexer are both
made from it, so every editor shows a record the same way.

It reads lines as the notation's reader does (a ``[`` line is a tag, ``#`` outside a
tag's quotes starts a comment, ``{...}`` is a checkpoint), but it never fails: what it
cannot place is ``text``, and the reader's diagnostics say what is wrong with it.
"""

from __future__ import annotations

import re
from typing import Iterator

# The kinds, in the order of dungeon lsp's legend.
KINDS = (
    "comment",
    "tag",  # a tag's name
    "value",  # a tag's value, quotes included
    "number",  # a move's number, or the deal: keyword
    "card",  # a card (or a die's face) where a card stands
    "action",  # what a player did that is not a card: a mark, a word
    "checkpoint",  # {key=value ...}
    "punctuation",  # [ ] : and the like
    "text",  # white space, or what the lexer cannot place
)

_CARD = re.compile(r"(?:10|[2-9AaTtJjQqKk])[SsHhDdCc♠♥♦♣]|[Jj][Kk]")
_HEAD = re.compile(r"([ \t]*)([0-9]+\.(?:\.\.)?|deal:)")
# A variation's pieces on a continuation line (NOTATION.md section 9): its brackets, the
# number of a move inside it, a bracket stuck to either (PGN's "(5." and "run)").
_NUMBER = re.compile(r"[0-9]+\.(?:\.\.)?")
_TAG = re.compile(r'([ \t]*)(\[)([A-Za-z][A-Za-z0-9_]*)?([ \t]*)("(?:[^"\\]|\\.)*"?)?([ \t]*)(\]?)')
_SPACE = re.compile(r"[ \t]+")


def lex_line(line: str) -> Iterator[tuple[int, str, str]]:
    """``(offset, kind, text)`` covering the whole line, in order (no line end)."""
    pos = 0
    if line.startswith("\ufeff"):
        yield 0, "text", "\ufeff"
        pos = 1
    stripped = line[pos:].lstrip(" \t")
    if stripped.startswith("["):
        m = _TAG.match(line, pos)
        assert m is not None
        for group, kind in zip(range(1, 8), ("text", "punctuation", "tag", "text", "value", "text", "punctuation")):
            if m.group(group):
                yield m.start(group), kind, m.group(group)
        pos = m.end()
    else:
        m = _HEAD.match(line, pos)
        if m is not None:
            if m.group(1):
                yield pos, "text", m.group(1)
            yield m.start(2), "number", m.group(2)
            pos = m.end()
    yield from _body(line, pos)


def _body(line: str, pos: int) -> Iterator[tuple[int, str, str]]:
    end = len(line)
    while pos < end:
        ch = line[pos]
        space = _SPACE.match(line, pos)
        if space is not None:
            yield pos, "text", space.group()
            pos = space.end()
        elif ch == "#":
            yield pos, "comment", line[pos:]
            return
        elif ch == "{":
            close = line.find("}", pos)
            stop = end if close < 0 else close + 1
            hash_at = line.find("#", pos, stop)
            if hash_at >= 0:
                stop = hash_at
            yield pos, "checkpoint", line[pos:stop]
            pos = stop
        elif ch == ":":
            yield pos, "punctuation", ":"
            pos += 1
        else:
            word_end = pos
            while word_end < end and line[word_end] not in " \t#{:":
                word_end += 1
            yield from _word(line[pos:word_end], pos)
            pos = word_end


def _word(word: str, at: int) -> Iterator[tuple[int, str, str]]:
    """A move's word: its cards as cards, the rest as the action around them. A card is
    where the notation writes one: at the word's start, after one marker letter (x9s),
    or after a mark (7c+6d, ^Qh, (Kc)), and not followed by a letter or digit. A
    variation's bracket is punctuation, a move's number inside one a number."""
    if word in ("(", ")"):
        yield at, "punctuation", word
        return
    if word.startswith("(") and _NUMBER.fullmatch(word[1:].rstrip(")")):
        yield at, "punctuation", "("
        yield from _word(word[1:], at + 1)
        return
    if _NUMBER.fullmatch(word):
        yield at, "number", word
        return
    body = word.rstrip(")")
    extra = len(word) - len(body) - max(0, body.count("(") - body.count(")"))
    if extra > 0 and len(word) > extra:
        keep = len(word) - extra
        yield from _word(word[:keep], at)
        for index in range(extra):
            yield at + keep + index, "punctuation", ")"
        return
    yield from _cards(word, at)


def _cards(word: str, at: int) -> Iterator[tuple[int, str, str]]:
    pos = 0
    for m in _CARD.finditer(word):
        start, stop = m.start(), m.end()
        before_ok = start == 0 or not word[start - 1].isalnum() or (start == 1 and word[0].islower())
        after_ok = stop == len(word) or not word[stop].isalnum()
        if not (before_ok and after_ok) or start < pos:
            continue
        if start > pos:
            yield at + pos, "action", word[pos:start]
        yield at + start, "card", m.group()
        pos = stop
    if pos < len(word):
        rest = word[pos:]
        kind = "card" if pos == 0 and len(rest) == 1 and rest in "123456" else "action"  # a die's face
        yield at + pos, kind, rest
