"""The grammar of one physical DGN line, in parsimonious.

DGN is line-oriented, so the grammar describes a single line and the reader applies it
line by line: a bad line is reported and the next line is read as if nothing happened.
Each kind of line the reader meets is one regular expression (one parse node per line),
which keeps parsing fast; the items of a line that matched are then found with the
``item`` expression. When a line does not match, the same line is read again by the
``*_detail`` rules, one item at a time, to find the column where it goes wrong. The
inside of a token is spelled out in ``tokens.py``.

The grammar is written once, here, as parsimonious's expressions, built directly:
parsimonious's grammar compiler costs more than the rest of a ``dungeon verify`` of a
small file, so it is never loaded to read a record. ``RULES`` is the same grammar as
parsimonious's own text (each expression's ``as_rule()``, in ``ORDER``), and
``GRAMMAR`` is what parsimonious's compiler builds from that text: the test that holds
the two alike (tests/notation/test_grammar.py) is the only reader of either. The rules
that only an error or a checkpoint needs are built at their first use.

The rules, in parsimonious's words:

- What every line is read with: one regular expression per kind of line, so a line
  makes one parse node: ``tag_line``, ``deal_line``, ``move_line`` (a move line's number
  ends in "." for a turn or "..." for the rest of a turn begun before a Position),
  ``cont_line``; their groups are the number, the items and the comment that ends the
  line. ``item`` finds the items of a line that matched.
- The inside of a checkpoint, read when a move has one: ``checkpoint = '{' pair* _ '}'``,
  ``pair = _ key '=' value``, ``key``, ``value``.
- A line again, one piece at a time (``deal_detail``, ``move_detail``, ``cont_detail``,
  ``tag_detail`` and their parts): read only when its one-expression rule above has
  failed, to find the column where the line goes wrong; they read the same lines.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ._parsimonious import Literal, Optional, ParseError, Regex, Sequence, ZeroOrMore

# One item of a move line: a checkpoint (group 1), the colon (group 2), a token (group 3).
_ITEM = r'[ \t]*(?:(\{[^{}#\[\]"]*\})|(:)|([^\s{}#\[\]":]+))'
# Any number of items, read as the PEG rule ``item*`` reads them: each as long as it can
# be and never given back (possessive), so a line that does not match fails at once.
_ITEMS = r'(?:[ \t]*+(?:\{[^{}#\[\]"]*+\}|:|[^\s{}#\[\]":]++))*+'
_END = r"[ \t]*+(#.*)?"
_TAG = r'[ \t]*\[[ \t]*([A-Za-z][A-Za-z0-9_]*)[ \t]*("(?:[^"\\]|\\.)*")[ \t]*\][ \t]*(#.*)?'

# The rules nearly every line is read with; the rest are built at their first use.
TAG_LINE = Regex(_TAG, name="tag_line")
MOVE_LINE = Regex(rf"([0-9]+)(\.(?:\.\.)?)({_ITEMS}){_END}", name="move_line")
ITEM = Regex(_ITEM, name="item")


# One of parsimonious's expressions: the library has no type information.
Expression = Any


@cache
def rule(name: str) -> Expression:
    """Any rule of the grammar by name, built at its first use."""
    if name in _BUILT:
        return _BUILT[name]
    return _RULES[name]()


_BUILT = {"tag_line": TAG_LINE, "move_line": MOVE_LINE, "item": ITEM}
_RULES = {
    "deal_line": lambda: Regex(rf"deal:({_ITEMS}){_END}", name="deal_line"),
    "cont_line": lambda: Regex(rf"[ \t]++({_ITEMS}){_END}", name="cont_line"),
    "checkpoint": lambda: Sequence(Literal("{"), ZeroOrMore(rule("pair")), rule("_"), Literal("}"), name="checkpoint"),
    "pair": lambda: Sequence(rule("_"), rule("key"), Literal("="), rule("value"), name="pair"),
    "key": lambda: Regex(r"[a-z][a-z0-9_]*", name="key"),
    "value": lambda: Regex(r"[^\s{}#\[\]\":=]+", name="value"),
    "deal_detail": lambda: Sequence(Literal("deal:"), rule("items"), rule("end"), name="deal_detail"),
    "move_detail": lambda: Sequence(rule("move_number"), rule("items"), rule("end"), name="move_detail"),
    "cont_detail": lambda: Sequence(Regex(r"[ \t]+"), rule("items"), rule("end"), name="cont_detail"),
    "move_number": lambda: Regex(r"([0-9]+)\.(?:\.\.)?", name="move_number"),
    "items": lambda: ZeroOrMore(ITEM, name="items"),
    "end": lambda: Regex(r"[ \t]*(#.*)?", name="end"),
    "tag_detail": lambda: Sequence(
        rule("_"),
        Literal("["),
        rule("_"),
        rule("tag_name"),
        rule("_"),
        rule("tag_value"),
        rule("_"),
        Literal("]"),
        rule("_"),
        Optional(rule("comment")),
        name="tag_detail",
    ),
    "tag_name": lambda: Regex(r"[A-Za-z][A-Za-z0-9_]*", name="tag_name"),
    "tag_value": lambda: Regex(r'"(?:[^"\\]|\\.)*"', name="tag_value"),
    "comment": lambda: Regex(r"#.*", name="comment"),
    "_": lambda: Regex(r"[ \t]*", name="_"),
}


def error_at(name: str, text: str) -> ParseError:
    """Where ``text`` goes wrong for the rule ``name`` (a ``*_detail`` rule), as the
    ParseError that rule raises. The line has failed the one-expression rule for the
    same kind of line, and the two describe the same lines (tests/notation/test_grammar.py)."""
    try:
        rule(name).parse(text)
    except ParseError as exc:
        return exc
    raise AssertionError(f"{name} reads a line that its one-expression rule refused: {text!r}")


# The rules in the order ``RULES`` writes them: the line rules first.
ORDER = (
    "tag_line",
    "deal_line",
    "move_line",
    "cont_line",
    "item",
    "checkpoint",
    "pair",
    "key",
    "value",
    "deal_detail",
    "move_detail",
    "cont_detail",
    "move_number",
    "items",
    "end",
    "tag_detail",
    "tag_name",
    "tag_value",
    "comment",
    "_",
)


def __getattr__(name: str) -> Any:
    if name == "RULES":  # the grammar as parsimonious's text, written from the expressions
        return "\n".join(rule(each).as_rule() for each in ORDER) + "\n"
    if name == "GRAMMAR":  # parsimonious's own Grammar of RULES (loads its compiler)
        from ._parsimonious import Grammar

        return Grammar(__getattr__("RULES"))
    if name in ("CHECKPOINT", "DEAL_LINE", "CONT_LINE"):
        return rule(name.lower())
    if name == "TAG_DETAIL":
        return rule("tag_detail")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
