"""The RPG solitaire playing card dungeon: rules, DGN words, map and a bot, bundled for the registry."""

from ...kit.game_module import GameModule
from .notation import RpgNotation
from .render import render
from .rules import RpgSolitaire

RULES = """\
The RPG solitaire playing card dungeon (Mark Ainsworth, v8), as DGN records it.
Full rules and every choice made: dungeon rules rpg-solitaire --full.

Room deck: aces, jacks, queens, kings of [Decks "N"] decks (default 3), less the
entrance king of spades, plus one joker. Suit piles: 2-10 of each suit. You hold
armor (spade), health (heart), attack (club), drawn at setup.

Each turn draw a room card (aces are lockpicks: draw again); when none is left the
turn has none. Then do one thing:
  @n/e     place it beyond a free door of your room and enter it (J 1 door,
           Q 2, K 3, the one you come in by included; name the others after /)
  n e s w  move into a joined room where no monster stands
  xn xe..  go into a joined room where a monster stands and fight it
  pick     in the exit (joker) room: spend a lockpick; a diamond for the boss, one
           for you, equal or higher escapes. A failed attempt may be tried again at
           once, in the same turn: pick again, or stop
  resign
Entering a new room, or a monster's: draw a spade and a club, keep each only if higher
(keep/drop). A new room draws a monster (spade, heart, club) and you fight a round:
your club breaks its armor if at least its spade, then slays it if at least its heart;
else it strikes back the same way. Win: +diamond, keep the higher heart. Loss: -diamond,
keep the lower heart, go back. Stand-off (nobody won): the monster stays, you stay in
its room and may leave it only back the way you came; the heart follows your blow
(higher if it broke the armor, lower if not). Then draw a spade and a club that must
replace yours. A room card not placed and all discards go under their pile.
Ends: escape (win, your treasure); trapped (no free door and no exit), no lockpick
and no ace left, the torch out (twice as many turns as room cards: 96 with 3 decks),
or resigned: loss 0. Variant discard: a room card not placed is discarded (not put
under the deck), and the joker discarded before the exit is placed is a loss (no exit).
"""

MODULE = GameModule(
    game=RpgSolitaire(),
    notation=RpgNotation(),
    render=render,
    rules_text=RULES,
    bots={"greedy": f"{__name__}.bots:GreedyBot"},
    web=f"{__name__}.web:board",
    pages=("rules.md",),
)
