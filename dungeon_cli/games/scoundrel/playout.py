"""Scoundrel played by the random bot, a whole game in one loop.

The same game ``simulate.play`` plays through ``ScoundrelState`` and ``RandomBot``, about
six times faster (``python -m bench sim``): cards are ids into the deck as
``Scoundrel.deck()`` lists it, the state is a handful of local integers, and every legal
action is listed in the core's order (run first when allowed; then each card of the room
in room order, resolved, then struck when the weapon may strike it) so that the bot's
uniform choice, ``below(choices, len(actions))``, picks the same action the core's list would
give it.
"""

from __future__ import annotations

import random
from typing import Optional

from .rules import (
    FRESH,
    MAX_HP,
    ROOM,
    drink,
    loss_score,
    win_score,
)
from .tables import FIGHT as _FIGHT
from .tables import IDS as _IDS
from .tables import MAY as _MAY
from .tables import MONSTER as _MONSTER
from .tables import MONSTERS as _MONSTERS
from .tables import POTION as _POTION
from .tables import SHUFFLE as _SHUFFLE
from .tables import WEAPON as _WEAPON

_BITS = tuple(n.bit_length() for n in range(2 * ROOM + 2))  # bits for below(n), n legal actions
_RUN = -1
_STRIKE = 64  # id + _STRIKE: strike that monster with the weapon


def random_game(rng: random.Random, choices: random.Random, variant: Optional[str] = None) -> tuple[bool, int, int]:
    """(won, score, moves) of the random bot's game dealt from ``rng``, its choices drawn
    from ``choices`` (the bot's own generator)."""
    may = _MAY[variant == "strict-weapon"]  # may[cap][card]: the weapon may strike it
    getrandbits = rng.getrandbits
    monster, weapon_of, potion_of, fights = _MONSTER, _WEAPON, _POTION, _FIGHT
    dungeon = list(_IDS)  # shuffle.shuffled, inlined (7% of a game): the same draws
    for i, k in _SHUFFLE:
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        dungeon[i], dungeon[j] = dungeon[j], dungeon[i]
    choose = choices.getrandbits
    size = len(dungeon)
    room = dungeon[:ROOM]
    top = ROOM  # dungeon[top:] is still face down
    hp, weapon, cap = MAX_HP, 0, FRESH
    may_run = True  # the last room was not avoided
    turn = 1
    bonus = 0  # the last card resolved was a potion drunk: its value
    unresolved = _MONSTERS  # monsters' values not yet fought (a loss subtracts them)
    while True:
        drank = False
        for _ in range(len(room) - 1 if top < size else len(room)):
            if weapon:
                actions = [_RUN] if may_run else []
                strikes = may[cap]
                for card in room:
                    actions.append(card)
                    if strikes[card]:
                        actions.append(card + _STRIKE)
            else:
                actions = [_RUN, *room] if may_run else room  # read before room changes
            n = len(actions)
            k = _BITS[n]
            pick = choose(k)  # below(choices, n), inlined
            while pick >= n:
                pick = choose(k)
            action = actions[pick]
            if action < 0:  # _RUN: the room goes under the dungeon, in room order
                dungeon = dungeon[top:] + room
                size = len(dungeon)
                room = dungeon[:ROOM]
                top = ROOM
                may_run = False
                turn += 1
                break
            may_run = False
            bonus = 0
            if action >= _STRIKE:
                action -= _STRIKE
                room.remove(action)
                m = monster[action]
                hp += fights[m][weapon]
                cap = m
                unresolved -= m
            else:
                room.remove(action)
                m = monster[action]
                if m:
                    hp += fights[m][0]
                    unresolved -= m
                elif weapon_of[action]:
                    weapon, cap = weapon_of[action], FRESH
                elif not drank:
                    hp = drink(hp, potion_of[action])
                    drank = True
                    bonus = potion_of[action]
            if hp <= 0:
                return False, loss_score(hp, unresolved), turn
        else:  # the room is done
            if not room and top >= size:
                return True, win_score(hp, bonus), turn
            may_run = True
            turn += 1
            end = top + ROOM - len(room)
            room += dungeon[top:end]
            top = end if end < size else size
