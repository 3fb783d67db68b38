"""The grammar of one physical DGN line, in parsimonious.

DGN is line-oriented, so the grammar describes a single line and the reader applies it
line by line: a bad line is reported and the next line is read as if nothing happened.
The leaves are regular expressions (one regex per token rather than one rule per
character), which keeps parsing fast; the inside of a token is spelled out in
``tokens.py``.
"""

from __future__ import annotations

from ._parsimonious import Grammar

GRAMMAR = Grammar(
    r"""
    # What every line is read with: each token is one regular expression, so a
    # line makes a handful of parse nodes, not one per character.
    tag_line    = ~r'[ \t]*\[[ \t]*([A-Za-z][A-Za-z0-9_]*)[ \t]*("(?:[^"\\]|\\.)*")[ \t]*\][ \t]*(#.*)?'
    deal_line   = "deal:" items end
    move_line   = move_number items end
    move_number = ~r"([0-9]+)\."
    cont_line   = ~r"[ \t]+" items end
    items       = item*
    item        = ~r'[ \t]*(?:(\{[^{}#\[\]"]*\})|(:)|([^\s{}#\[\]":]+))'
    end         = ~r"[ \t]*(#.*)?"

    # The inside of a checkpoint, read when a move has one.
    checkpoint  = "{" pair* _ "}"
    pair        = _ key "=" value
    key         = ~r"[a-z][a-z0-9_]*"
    value       = ~r"[^\s{}#\[\]\":=]+"

    # A tag line again, one piece at a time: read only when tag_line has failed,
    # to find the column where the line goes wrong.
    tag_detail  = _ "[" _ tag_name _ tag_value _ "]" _ comment?
    tag_name    = ~r"[A-Za-z][A-Za-z0-9_]*"
    tag_value   = ~r'"(?:[^"\\]|\\.)*"'
    comment     = ~r"#.*"
    _           = ~r"[ \t]*"
    """
)

TAG_LINE = GRAMMAR["tag_line"]
TAG_DETAIL = GRAMMAR["tag_detail"]
DEAL_LINE = GRAMMAR["deal_line"]
MOVE_LINE = GRAMMAR["move_line"]
CONT_LINE = GRAMMAR["cont_line"]
CHECKPOINT = GRAMMAR["checkpoint"]
