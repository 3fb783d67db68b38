"""What every game repeated, written once in the kit (issue 38): a pile draw refused in
the players' words (``core.draw_from``), a turn's draws written (``Notation.write_turn``:
DEALT before the first decision, ``^card`` after it), and a ``deal:`` line read as the
setup's cards only (``Notation.read_deal``)."""

from __future__ import annotations

import pytest
from toy_game.rules import ToyDungeon

from dungeon_cli.kit.cards import CARDS
from dungeon_cli.kit.core import Draw, Illegal, draw_from
from dungeon_cli.kit.game_module import Notation, TurnLog
from dungeon_cli.kit.piles import Pile

C = CARDS


def _refused(pile, card, *args, **kwargs) -> str:
    with pytest.raises(Illegal) as caught:
        draw_from(pile, card, *args, **kwargs)
    return caught.value.message


def test_a_pile_draw_is_refused_in_the_words_every_game_uses():
    seeded = Pile.ordered([C["7s"], C["9d"]])
    assert draw_from(seeded, C["7s"], "dungeon").cards() == [C["9d"]]
    assert _refused(seeded, C["9d"], "dungeon") == "the dungeon deals 7s next here, not 9d"
    assert _refused(seeded, C["9d"], "clubs pile", "gives") == "the clubs pile gives 7s next here, not 9d"
    under = Pile.unknown([C["2c"], C["3c"]]).put_under([C["As"]])
    assert _refused(under, C["As"], "dungeon") == "went under the dungeon: the 2 cards above it come first"
    one_above = draw_from(under, C["2c"], "dungeon")
    assert _refused(one_above, C["As"], "dungeon") == "went under the dungeon: the 1 card above it comes first"
    assert _refused(one_above, C["Kh"], "deck") == "no longer in the deck: it was drawn already"
    assert _refused(one_above, C["Kh"], "room deck", gone="no {card} is left in the {name}") == "no Kh is left in the room deck"


class _Words(Notation):
    """A game's words with nothing but what a decision is written as."""

    def read_dealt(self, cursor, tokens):
        yield from ()

    def read_actions(self, cursor, tokens):
        yield from ()

    def action_text(self, state, action):
        return action


def test_a_turns_draws_are_dealt_before_the_first_decision_and_turned_up_after_it():
    start = ToyDungeon().start()  # a state of any game: a turn's log starts at one (its writing never looks at it)
    log = TurnLog(
        start, [(start, Draw(C["5c"])), (start, Draw(C["Qd"])), (start, "take two"), (start, Draw(C["8h"])), (start, "go")]
    )
    assert _Words().write_turn(log) == (["5c", "Qd"], ["take", "two", "^8h", "go"])
