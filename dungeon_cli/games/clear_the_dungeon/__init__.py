"""Clear the Dungeon: rules, DGN words, board render, a bot and solver hooks, bundled for the registry."""

from ...kit.game_module import GameModule
from .notation import DungeonNotation
from .render import render
from .rules import ClearTheDungeon, DungeonState

RULES = """\
Clear the Dungeon (Mark S. Ball), as DGN records it.

The twelve jacks, queens and kings are the monsters (power J 11, Q 12, K 13). They lie
in four columns of three; only the top monster of a column is face up and can be hit.
The other 42 cards (aces to tens, ace worth 1, and two jokers) are the power deck.

Each turn draw three power cards, then either:
  attack   TARGET P1+P2 TRIGGER, e.g. Kd 7c+6d 2d: the two power cards must add up to
           the monster's power or more, and the trigger must share its suit. The
           monster and the three cards leave the game; the card under it turns face up.
  pass     -: the three cards go onto the damage pile.
A joker is worth 10 as power, or any value from 1 to 10 you name (JK=7); as a trigger
it matches every suit.

Lose when the damage pile holds 7 cards, or when a turn must draw from an empty power
deck. Win by defeating all twelve monsters.
Score: a win scores the cards left in the power deck; a loss the monsters defeated.

Variant reserve (this project's own rule, not the rulebook's, which has no variants):
the damage pile's top card (written rTs) may replace one hand card in an attack; the
hand card left over goes onto the damage pile.
"""


def figures(state: DungeonState) -> dict[str, int]:
    """How a game went, for ``dungeon summary``: monsters defeated, damage pile, power deck."""
    return {"defeated": len(state.defeated), "dmg": len(state.damage), "deck": len(state.power)}


MODULE = GameModule(
    game=ClearTheDungeon(),
    notation=DungeonNotation(),
    render=render,
    rules_text=RULES,
    figures=figures,
    bots={"greedy": f"{__name__}.bots:GreedyBot", "strong": f"{__name__}.strong:StrongBot"},
    solver=f"{__name__}.solver",
    web=f"{__name__}.web:board",
    pages=("rules.md",),
    data=("deals.txt",),  # deals by difficulty (dungeon_cli/services/deals.py)
)
