"""Scoundrel: rules, DGN words, board render, bots, a playout and solver hooks, bundled for the registry."""

from ...kit.game_module import GameModule
from .notation import ScoundrelNotation
from .render import render
from .rules import CARDS, Scoundrel, ScoundrelState, is_monster

RULES = """\
Scoundrel (Zach Gage and Kurt Bieg), as DGN records it.

The dungeon is 44 cards: clubs and spades are monsters (2-10, J 11, Q 12, K 13, A 14),
diamonds 2-10 are weapons, hearts 2-10 potions. You start with 20 health, never more.

Each turn the room is filled to four cards from the dungeon. Either avoid it (run: the
cards go under the dungeon; never two rooms in a row) or resolve all but one card, in
the order you like; the last card stays for the next room. Once the dungeon is empty,
the last room is resolved completely.

  potion   drink it (only the first potion of a room heals)
  weapon   equip it (the old weapon and its monsters are discarded)
  monster  fight it bare-handed (lose its value), or strike it with your weapon
           (lose the difference, never below 0): a weapon that has struck can strike
           only monsters no higher than the last it struck.

You die at 0 health. Win: score your health, plus the last potion's value if you end
at 20 health with a potion. Loss: health minus every monster not yet resolved.

Variant strict-weapon: a weapon may strike only monsters strictly lower than the last.
"""

MONSTERS = sum(1 for card in CARDS if is_monster(card))


def figures(state: ScoundrelState) -> dict[str, int | str]:
    """How a game went, for ``dungeon summary``: health, the weapon in hand (and the last
    monster it struck), monsters defeated, cards left in the dungeon."""
    unresolved = state.room + tuple(state.dungeon.cards())
    weapon = "-"
    if state.weapon is not None:
        weapon = f"{state.weapon}/{state.last_struck}" if state.slain else str(state.weapon)
    return {
        "hp": state.hp,
        "weapon": weapon,
        "slain": MONSTERS - sum(1 for card in unresolved if is_monster(card)),
        "left": len(state.dungeon),
    }


MODULE = GameModule(
    game=Scoundrel(),
    notation=ScoundrelNotation(),
    render=render,
    rules_text=RULES,
    figures=figures,
    bots={
        "greedy": f"{__name__}.bots:GreedyBot",
        "counting": f"{__name__}.bots:CountingBot",
        "strong": f"{__name__}.strong:StrongBot",
    },
    playouts={
        "random": f"{__name__}.playout:random_game",
    },
    batch_playouts={
        "greedy": f"{__name__}.batch_playouts:greedy_games",
        "counting": f"{__name__}.batch_playouts:counting_games",
    },
    solver=f"{__name__}.solver",
    web=f"{__name__}.web:board",
    pages=("rules.md",),
    data=("deals.txt",),  # deals by difficulty (dungeon_cli/services/deals.py)
)
