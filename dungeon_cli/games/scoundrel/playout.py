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
from .rules import CARDS, MAX_HP, ROOM, is_monster, is_weapon, value

_IDS = tuple(range(len(CARDS)))
_NO_CAP = 99  # the weapon has struck nothing yet: any monster
# Per card id: its value as a monster, as a weapon, as a potion (0 when it is not one).
_MONSTER = tuple(value(c) if is_monster(c) else 0 for c in CARDS)
_WEAPON = tuple(value(c) if is_weapon(c) else 0 for c in CARDS)
_POTION = tuple(0 if is_monster(c) or is_weapon(c) else value(c) for c in CARDS)
_STRIKABLE = tuple(m or _NO_CAP + 1 for m in _MONSTER)  # above any cap: never struck
_MONSTERS = sum(_MONSTER)  # every monster's value, all of them unresolved at the start
_BITS = tuple(n.bit_length() for n in range(2 * ROOM + 2))  # bits for below(n), n legal actions
_RUN = -1
_SHUFFLE = fisher_yates_steps(len(CARDS))
_STRIKE = 64  # id + _STRIKE: strike that monster with the weapon


def random_game(rng: random.Random, variant: Optional[str] = None) -> tuple[bool, int, int]:
    """(won, score, moves) of the random bot's game dealt from ``rng``."""
    # The weapon may strike a monster when its value is at most ``cap`` (one less than the
    # last monster struck under strict-weapon); a card that is no monster never is.
    lower = 1 if variant == "strict-weapon" else 0
    getrandbits = rng.getrandbits
    monster, strikable, weapon_of, potion_of = _MONSTER, _STRIKABLE, _WEAPON, _POTION
    dungeon = list(_IDS)  # shuffle.shuffled, inlined (7% of a game): the same draws
    for i, k in _SHUFFLE:
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        dungeon[i], dungeon[j] = dungeon[j], dungeon[i]
    size = len(dungeon)
    room = dungeon[:ROOM]
    top = ROOM  # dungeon[top:] is still face down
    hp, weapon, cap = MAX_HP, 0, _NO_CAP
    may_run = True  # the last room was not avoided
    turn = 1
    bonus = 0  # the last card resolved was a potion drunk: its value
    unresolved = _MONSTERS  # monsters' values not yet fought (a loss subtracts them)
    while True:
        drank = False
        for _ in range(len(room) - 1 if top < size else len(room)):
            if weapon:
                actions = [_RUN] if may_run else []
                for card in room:
                    actions.append(card)
                    if strikable[card] <= cap:
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
                if m > weapon:
                    hp -= m - weapon
                cap = m - lower
                unresolved -= m
            else:
                room.remove(action)
                m = monster[action]
                if m:
                    hp -= m
                    unresolved -= m
                elif weapon_of[action]:
                    weapon, cap = weapon_of[action], _NO_CAP
                elif not drank:
                    hp += potion_of[action]
                    if hp > MAX_HP:
                        hp = MAX_HP
                    drank = True
                    bonus = potion_of[action]
            if hp <= 0:
                return False, hp - unresolved, turn
        else:  # the room is done
            if not room and top >= size:
                return True, hp + bonus if hp == MAX_HP else hp, turn
            may_run = True
            turn += 1
            end = top + ROOM - len(room)
            room += dungeon[top:end]
            top = end if end < size else size
