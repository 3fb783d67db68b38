"""Scoundrel played by the random bot, a whole game in one loop.

The same game ``simulate.play`` plays through ``ScoundrelState`` and ``RandomBot``, about
six times faster (``python -m bench sim``): cards are ids into the deck as
``Scoundrel.deck()`` lists it, the state is a handful of local integers, and every legal
action is listed in the core's order (run first when allowed; then each card of the room
in room order, resolved, then struck when the weapon may strike it) so that the bot's
uniform choice, ``below(rng, len(actions))``, picks the same action the core's list would
give it.
"""

from __future__ import annotations

import random
from typing import Optional

from ...shuffle import fisher_yates_steps
from .rules import (
    CARDS,
    FRESH,
    MAX_HP,
    ROOM,
    drink,
    fight,
    is_monster,
    is_weapon,
    loss_score,
    may_strike,
    value,
    win_score,
)

_IDS = tuple(range(len(CARDS)))
# Per card id: its value as a monster, as a weapon, as a potion (0 when it is not one).
_MONSTER = tuple(value(c) if is_monster(c) else 0 for c in CARDS)
_WEAPON = tuple(value(c) if is_weapon(c) else 0 for c in CARDS)
_POTION = tuple(0 if is_monster(c) or is_weapon(c) else value(c) for c in CARDS)
_MONSTERS = sum(_MONSTER)  # every monster's value, all of them unresolved at the start
# The rules' own arithmetic, looked up instead of called in the loop: health gained (a
# loss: negative) by fighting monster value m with weapon value w (0: bare-handed), and
# whether a weapon whose cap is c (``FRESH``: it has struck nothing) may strike card id.
_FIGHT = tuple(tuple(fight(0, m, w) for w in range(FRESH)) for m in range(FRESH))
_MAY = {
    strict: tuple(tuple(bool(m) and may_strike(m, cap, strict) for m in _MONSTER) for cap in range(FRESH + 1))
    for strict in (False, True)
}
_BITS = tuple(n.bit_length() for n in range(2 * ROOM + 2))  # bits for below(n), n legal actions
_RUN = -1
_SHUFFLE = fisher_yates_steps(len(CARDS))
_STRIKE = 64  # id + _STRIKE: strike that monster with the weapon


def random_game(rng: random.Random, variant: Optional[str] = None) -> tuple[bool, int, int]:
    """(won, score, moves) of the random bot's game dealt from ``rng``."""
    may = _MAY[variant == "strict-weapon"]  # may[cap][card]: the weapon may strike it
    getrandbits = rng.getrandbits
    monster, weapon_of, potion_of, fights = _MONSTER, _WEAPON, _POTION, _FIGHT
    dungeon = list(_IDS)  # shuffle.shuffled, inlined (7% of a game): the same draws
    for i, k in _SHUFFLE:
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        dungeon[i], dungeon[j] = dungeon[j], dungeon[i]
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
            pick = getrandbits(k)  # below(rng, n), inlined
            while pick >= n:
                pick = getrandbits(k)
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
