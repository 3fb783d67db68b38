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
    tag_line    = _ "[" _ tag_name _ tag_value _ "]" _ comment?
    tag_name    = ~"[A-Za-z][A-Za-z0-9_]*"
    tag_value   = ~'"(?:[^"\\\\]|\\\\.)*"'

    deal_line   = "deal:" items _ comment?
    move_line   = move_number "." items _ comment?
    move_number = ~"[0-9]+"
    cont_line   = ~"[ \t]+" items _ comment?

    items       = item*
    item        = _ (checkpoint / colon / token)
    checkpoint  = "{" pair* _ "}"
    pair        = _ key "=" value
    key         = ~"[a-z][a-z0-9_]*"
    value       = ~r"[^\s{}#\[\]\":=]+"
    colon       = ":"
    token       = ~r"[^\s{}#\[\]\":]+"

    comment     = ~"#[^\n]*"
    _           = ~"[ \t]*"
    """
)

TAG_LINE = GRAMMAR["tag_line"]
DEAL_LINE = GRAMMAR["deal_line"]
MOVE_LINE = GRAMMAR["move_line"]
CONT_LINE = GRAMMAR["cont_line"]
