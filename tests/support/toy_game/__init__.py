"""Toy Dungeon: a game defined only in the test suite, to prove that a game plugs in
through the registry alone. Ten cards and a die; each turn take the card or pass it.

tests/conftest.py registers it (``DUNGEON_GAMES=toy=toy_game``, tests/ on PYTHONPATH),
so every process the tests start knows it; tests/games/test_toy_game.py takes it through the
commands, and every test that walks ``registry.names()`` walks it too. Its records live
in ``fixtures/`` beside this file, where tests/games/test_fixtures.py finds them.
"""

from dungeon_cli.kit.game_module import GameModule

from .notation import ToyNotation
from .render import render
from .rules import ToyDungeon, ToyState

RULES = """\
Toy Dungeon, the test suite's game, as DGN records it.

Ten cards: 2-6 of clubs are monsters, 2-6 of hearts treasure. You start with 6 health
(variant frail: 3). Each turn a card is drawn and a die rolled (written 5c 2); then
  take   a treasure: gain its value in gold; a monster: lose its value less the roll
         in health (never less than 0), and gain its value in gold.
  pass   discard the card; never twice in a row.
Win when the deck is empty; lose at 0 health. Score: the gold.

Positions ([Position "..."], at a turn's start or at its choice):
  turn=4 hp=6 gold=12 left=7 deck=(2h,3h,4h,5h,2c,3c,4c) card=- roll=- passed=yes gone=6h,5c,6c
  deck: (a,b) in no known order, a,b in the dealer's order; card and roll: on the table
  or -; gone: every card taken or passed. Refused: health above the start's, a card
  without its roll, a turn that is not one more than the cards gone, passed=yes on turn
  1, more health lost or gold won than the cards gone allow, a card after the end.
"""


def figures(state: ToyState) -> dict:
    """How a game went, for ``dungeon summary``: health and gold."""
    return {"hp": state.hp, "gold": state.gold}


MODULE = GameModule(
    game=ToyDungeon(),
    notation=ToyNotation(),
    render=render,
    rules_text=RULES,
    figures=figures,
    bots={"greedy": f"{__name__}.bots:GreedyBot"},
)
