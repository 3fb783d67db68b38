"""The shape of a Position's words (notation/position_words.py): each problem is placed at
its word, and a word of any length is quoted cut short, as a token is, so that a record
cannot make a message as long as itself (found by the fuzz laws: a 460-character
message from a Position of one long word)."""

from __future__ import annotations

import pytest

from notation import Tag
from notation.position_words import pairs

LONG = "9" * 5000


@pytest.mark.parametrize(
    "value, starts, index",
    [
        (LONG, "a Position is words of key=value, keys in lower case, not '999", 0),
        ("k" * 5000 + "=", "'kkk", 5001),  # where the value would start
        ("a=1 " + "k" * 5000 + "=2 " + "k" * 5000 + "=3", "Position key 'kkk", 5007),  # the second one
    ],
)
def test_a_long_word_is_quoted_cut_short_at_its_place(value: str, starts: str, index: int) -> None:
    tag = Tag("Position", value, line=2, col=1, value_col=11)
    found, problems = pairs(tag)
    assert len(problems) == 1
    (problem,) = problems
    assert problem.message.startswith(starts)
    assert "..." in problem.message and len(problem.message) < 120
    assert problem.line == 2
    assert problem.col == 12 + index  # the value's first character is at column 12


def test_short_words_are_quoted_whole() -> None:
    _, problems = pairs(Tag("Position", "left=3 BAD", line=1, col=1, value_col=11))
    assert [p.message for p in problems] == ["a Position is words of key=value, keys in lower case, not 'BAD'"]
