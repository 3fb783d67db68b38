"""The DGN grammar: the expressions ``notation.grammar`` builds directly (the one
spelling of the grammar) are what parsimonious's own compiler builds from their text,
``RULES``, and each one-expression line rule reads exactly the lines its
one-item-at-a-time ``*_detail`` rule reads."""

from __future__ import annotations

import subprocess
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from notation import grammar
from notation._parsimonious import ParseError

PIECES = [
    "1.",
    "12.",
    "deal:",
    " ",
    "\t",
    "  ",
    ":",
    "9s",
    "x9s",
    "(Kc)",
    "run",
    "{hp=3 weapon=5d}",
    "{hp=3",
    "}",
    "{",
    "#",
    "# c",
    "[",
    "]",
    '"',
    "a\u00a0b",
    "\x0c",
    "é",
    "\u2028",
    "10s",
    "{}",
    "{ }",
    "x",
]
LINES = st.lists(st.sampled_from(PIECES), max_size=12).map("".join) | st.text(max_size=20)


def _shape(expression, depth: int = 0):
    """An expression as plain values: its kind, name, pattern and members, all the way
    down (parsimonious's own ``==`` compares names as they were before a rule was named)."""
    re_ = getattr(expression, "re", None)
    members = getattr(expression, "members", ())
    return (
        type(expression).__name__,
        expression.name,
        (re_.pattern, re_.flags) if re_ is not None else None,
        getattr(expression, "literal", None),
        (getattr(expression, "min", None), getattr(expression, "max", None)),
        tuple(_shape(m, depth + 1) for m in members) if depth < 8 else (),
    )


def test_every_rule_is_what_parsimonious_builds_from_the_text():
    built = grammar.GRAMMAR
    assert set(built) == set(grammar._RULES) | set(grammar._BUILT) == set(grammar.ORDER)
    assert grammar.RULES.splitlines()[0].startswith("tag_line = ~")
    for name, expression in built.items():
        mine = grammar.rule(name)
        assert mine.as_rule() == expression.as_rule(), name
        assert _shape(mine) == _shape(expression), name


def _reads(rule, text: str) -> bool:
    try:
        rule.parse(text)
    except ParseError:
        return False
    return True


@settings(max_examples=3000, deadline=None)
@given(LINES)
def test_each_line_rule_reads_what_its_detail_rule_reads(text):
    for fast, detail in (("deal_line", "deal_detail"), ("move_line", "move_detail"), ("cont_line", "cont_detail")):
        assert _reads(grammar.rule(fast), text) == _reads(grammar.rule(detail), text), (fast, text)


def test_a_long_line_that_fails_fails_at_once():
    text = "1. " + "9s" * 30000 + "\x0c"  # no backtracking into the items
    assert not _reads(grammar.MOVE_LINE, text)
    assert grammar.error_at("move_detail", text).pos == len(text) - 1


def test_reading_a_record_leaves_parsimonious_grammar_compiler_unloaded():
    probe = (
        "import sys\n"
        "from notation import parse\n"
        "parse('[Game \"scoundrel\"]\\n\\n1. 9s 5d 4h Kc : 5d x9s 4h {hp=20}\\n')\n"
        "print('parsimonious.grammar' in sys.modules)\n"
        "import parsimonious\n"
        "print(parsimonious.Grammar.__name__, parsimonious.NodeVisitor.__name__)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "Grammar", "NodeVisitor"]


def test_card_spellings_are_the_language_of_the_card_expressions():
    from itertools import product

    from notation import tokens

    alphabet = "0123456789AaTtJjQqKkSsHhDdCc♠♥♦♣xz_( "
    for length in range(4):
        for letters in product(alphabet, repeat=length):
            text = "".join(letters)
            card = tokens._CARD.fullmatch(text)
            assert (card is not None) == (text in tokens._SPELLINGS), text
            marked = tokens._MARKED.fullmatch(text)
            assert (marked is not None) == (text[:1] in tokens._MARKERS and text[1:] in tokens._SPELLINGS), text


@settings(max_examples=3000, deadline=None)
@given(
    st.lists(
        st.sampled_from(["9s", "10S", "jk", "x", "(", ")", "0", "07", "run", "x9s", "a", "♠", "Q", "+", "é", "٣", "{", "_"]),
        min_size=1,
        max_size=4,
    ).map("".join)
    | st.text(min_size=1, max_size=6)
)
def test_a_token_is_spelt_alike_with_and_without_the_shortcuts(raw):
    from notation import tokens

    def spelt(read):
        try:
            return read(raw)
        except tokens.TokenError as exc:
            return ("error", exc.message, exc.offset)

    assert spelt(tokens.canonical_token.__wrapped__) == spelt(tokens._canonical_runs)
