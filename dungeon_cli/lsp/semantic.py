"""Semantic tokens: the notation's own lexer (``notation.highlight``) in the protocol's
relative encoding, so an editor with a language client colours DGN with no grammar of
its own. Only the kinds an editor colours are sent (no white space)."""

from __future__ import annotations

from notation.highlight import KINDS, lex_line

from .document import utf16_length

# The protocol's standard token types, which every theme colours, one per kind.
TYPES = {
    "comment": "comment",
    "tag": "property",
    "value": "string",
    "number": "number",
    "card": "enumMember",
    "action": "function",
    "checkpoint": "macro",
    "punctuation": "operator",
}
LEGEND = [TYPES[kind] for kind in KINDS if kind in TYPES]


def encode(lines: list[str]) -> list[int]:
    """The ``data`` array of a full semantic tokens answer."""
    data: list[int] = []
    last_line = last_start = 0
    for number, text in enumerate(lines):
        text = text.rstrip("\r")
        done = units = 0  # the UTF-16 length of text[:done], kept as the line is walked: linear in its length
        for offset, kind, piece in lex_line(text):
            if kind not in TYPES:
                continue
            units += utf16_length(text[done:offset])
            done = offset
            start = units
            delta_line = number - last_line
            delta_start = start - last_start if delta_line == 0 else start
            data.extend((delta_line, delta_start, utf16_length(piece), LEGEND.index(TYPES[kind]), 0))
            last_line, last_start = number, start
    return data
