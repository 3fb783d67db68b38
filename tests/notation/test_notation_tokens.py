"""Token spelling (NOTATION.md section 3, notation/SPEC.md section 3): every accepted way
of writing a card, the canonical form, and what is refused."""

from __future__ import annotations

import pytest

from notation import canonical_card, canonical_token
from notation.tokens import TokenError, shown

RANKS = "A23456789TJQK"


@pytest.mark.parametrize("rank", list(RANKS) + ["10"])
@pytest.mark.parametrize(
    "suit, canonical_suit",
    [
        ("s", "s"),
        ("S", "s"),
        ("♠", "s"),
        ("h", "h"),
        ("H", "h"),
        ("♥", "h"),
        ("d", "d"),
        ("D", "d"),
        ("♦", "d"),
        ("c", "c"),
        ("C", "c"),
        ("♣", "c"),
    ],
)
def test_every_rank_and_suit_spelling(rank, suit, canonical_suit):
    expected = ("T" if rank == "10" else rank) + canonical_suit
    assert canonical_card(rank + suit) == expected
    assert canonical_card(rank.lower() + suit) == expected
    assert canonical_token(rank + suit) == expected


@pytest.mark.parametrize("joker", ["JK", "jk", "Jk", "jK"])
def test_the_joker_in_any_case(joker):
    assert canonical_card(joker) == "JK" == canonical_token(joker)


@pytest.mark.parametrize("text", ["1s", "11s", "Ts2", "T", "s", "9x", "0h", "10", "JKs", ""])
def test_not_cards(text):
    assert canonical_card(text) is None


@pytest.mark.parametrize(
    "written, canonical",
    [
        ("x10S", "xTs"),
        ("xkd", "xKd"),
        ("7C+6d", "7c+6d"),
        ("jk=09", "JK=9"),
        ("(kc)", "(Kc)"),
        ("^q♥", "^Qh"),
        ("run", "run"),
        ("-", "-"),
        ("007", "7"),
        ("5d/9S", "5d/9s"),
    ],
)
def test_canonical_tokens(written, canonical):
    assert canonical_token(written) == canonical


def test_words_keep_their_case():
    assert canonical_token("RUN") == "RUN"  # a word, not a card: the game refuses it
    assert canonical_token("Run") == "Run"
    assert canonical_token("x1s") == "x1s"  # starts with a letter: a word, for the game to judge


@pytest.mark.parametrize(
    "token, message, offset",
    [
        ("1s", "'1s' is not a card: a card is a rank (A 2-9 T J Q K, or 10) and a suit (s h d c)", 0),
        ("7c+1d", "'1d' is not a card: a card is a rank (A 2-9 T J Q K, or 10) and a suit (s h d c)", 3),
        ("♠7", "'♠7' is not a card: a card is a rank (A 2-9 T J Q K, or 10) and a suit (s h d c)", 0),
        ("9h)", "'9h)' closes a bracket it never opened", 2),
        ("(9h", "'(9h' opens a bracket it never closes", 2),
        ("9h\\", "'9h\\' has a character DGN does not use: '\\\\'", 2),
    ],
)
def test_malformed_tokens(token, message, offset):
    with pytest.raises(TokenError) as info:
        canonical_token(token)
    assert (info.value.message, info.value.offset) == (message, offset)


def test_long_tokens_are_quoted_cut_short():
    assert shown("x" * 24) == "x" * 24
    assert shown("x" * 25) == "x" * 21 + "..."
    with pytest.raises(TokenError) as info:
        canonical_token("(" * 10000 + "9h")
    assert len(info.value.message) < 80
