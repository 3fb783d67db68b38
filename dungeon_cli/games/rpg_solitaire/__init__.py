"""The RPG solitaire playing card dungeon: rules, DGN words, map and a bot, bundled for the registry."""

from ..base import GameModule
from .notation import RpgNotation
from .render import render
from .rules import RpgSolitaire

RULES = """\
The RPG solitaire playing card dungeon (Mark Ainsworth, v8), as DGN records it.
Full rules and every choice made: docs/rules/rpg-solitaire.md.

Room deck: aces, jacks, queens, kings of [Decks "N"] decks (default 3), less the
entrance king of spades, plus one joker. Suit piles: 2-10 of each suit. You hold
armor (spade), health (heart), attack (club), drawn at setup.

Each turn draw a room card (aces are lockpicks: draw again). Then:
  @n/e     place it beyond a free door of your room and enter it (J 1 door,
           Q 2, K 3, the one you come in by included; name the others after /)
  n e s w  move into a joined room (out of a monster's room only back)
  pick     in the exit (joker) room: spend a lockpick; boss card vs your card from
           the room deck, equal or higher escapes
  resign
Entering a new room, or a monster's: draw a spade and a club, keep each only if higher
(keep/drop). A new room draws a monster (spade, heart, club) and you fight a round:
your club breaks its armor if at least its spade, then slays it if at least its heart;
else it strikes back the same way. Win: +diamond, keep the higher heart. Loss: -diamond,
go back, keep the lower heart (the heart rule follows whether your club broke the
armor). Then draw a spade and a club that must replace yours.
Discards go under their pile. Win: escape, score your treasure. Trapped, out of
lockpicks or room cards, or resigned: loss 0.
"""

MODULE = GameModule(
    game=RpgSolitaire(), notation=RpgNotation(), render=render, rules_text=RULES,
    bots={"greedy": f"{__name__}.bots:GreedyBot"},
    web=f"{__name__}.web:board",
)
