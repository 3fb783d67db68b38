"""Cassette Dungeons!: card sets, rules, DGN words, board render, a bot and the ``cards``
command, bundled for the registry.

The built-in card set is read here, once, when the registry first loads the game, and
handed to the pure rules core as its default."""

from ...kit.game_module import GameModule
from .loader import builtin
from .notation import NOTATION
from .render import render
from .rules import CassetteDungeons

RULES = """\
Cassette Dungeons! (a solo dice dungeon crawl), as DGN records it. The cards come from
a card set: [Cards "default"] (the built-in set) or [Cards "my-set.toml"].

Setup: a map is revealed and you choose a hero; you start in the map's first room with
full health (11 in the default set) and begin at step 4. The map is open: the board
shows every room, its arrows and what it holds, and where you stand. Each turn:

  1 roll     pick up any of the four dice (w x y z), wherever they lie, and roll them;
             put each rolled die in an empty slot whose minimum it meets. A hero slot
             acts at once.
  2 suffer   each empty slot of each monster and boss costs its penalty (lose health,
             reveal a monster or a trap); hurting traps cost theirs.
  3 loot     a monster with every slot filled becomes an item; a boss is discarded.
  4 proceed  with no enemy left, discard the traps and follow an arrow to the next room:
             reveal its cards, gain its treasure and health (never above the maximum).

Items and treasure are used at any time and then discarded; hold at most four (discard
the extra at once, unused). An empty deck is rebuilt from its discards. Proceed from
the boss room to win (score: health left); health below 1 loses (score: rooms entered).

What the heroes' skills, the items and the treasure do (N: the card's number):

  heal N     gain N health (never above the maximum)
  bump N     a die rolled this turn and not placed yet shows N more (at most 6)
  strike     one empty enemy slot counts as filled
  slay       every empty slot of one monster, not a boss, is filled
  ward       no health is lost to penalties for the rest of this Suffer step, or
             through the next
"""

GAME = CassetteDungeons(default=builtin("default"))
MODULE = GameModule(
    game=GAME,
    notation=NOTATION,
    render=render,
    rules_text=RULES,
    bots={"greedy": f"{__name__}.bots:GreedyBot"},
    commands={"cards": f"{__name__}.cards_command:cards"},
    data=("sets/*.toml",),
    web=f"{__name__}.web:board",
    pages=("rules.md", "card-sets.md"),
)
