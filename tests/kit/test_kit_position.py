"""The position words every game shares (dungeon_cli/kit/position.py): a value or key of
any length is quoted cut short in the problem, as a token is, and the problem stays at
its pair."""

from __future__ import annotations

from typing import Callable, Optional

import pytest

from dungeon_cli.kit import position as P
from dungeon_cli.kit.cards import CARDS, Card
from notation import Pair

LONG = "x" * 5000


def _card(word: str) -> Optional[Card]:
    return CARDS.get(word)


def _unknown_key(pair: Pair) -> None:
    values = P.Values([Pair("left", "3"), pair], ["left"])
    values["left"]
    values.done()


@pytest.mark.parametrize(
    "read, pair",
    [
        (lambda pair: P.number(pair, 0), Pair("left", "1" + LONG)),
        (P.yes_no, Pair("run", LONG)),
        (lambda pair: P.card_list(pair, _card), Pair("hand", "2c," + LONG)),
        (_unknown_key, Pair("k" * 5000, "1")),
    ],
    ids=["number", "yes_no", "card_list", "unknown key"],
)
def test_a_long_value_or_key_is_quoted_cut_short(read: Callable[[Pair], object], pair: Pair) -> None:
    with pytest.raises(P.PositionProblem) as caught:
        read(pair)
    assert caught.value.pair is pair
    assert "..." in caught.value.message and len(caught.value.message) < 120


def test_a_short_value_is_quoted_whole() -> None:
    with pytest.raises(P.PositionProblem, match=r"^run is yes or no, not 'maybe'$"):
        P.yes_no(Pair("run", "maybe"))
