"""Scoundrel played by the greedy and the counting bot, a whole game in one loop.

The same games ``simulate.play`` plays through ``ScoundrelState`` and ``GreedyBot`` or
``CountingBot`` (bots.py), with the cards as ids and the state as integers, like the
random bot's playout (playout.py); tests/test_playouts.py holds both to the core.

Planned once a room. The bots through the core plan at every decision: they enumerate
every way through the room from where they stand and play the first action of the
first best way (``s > best``: a later way must be strictly better). The playout
enumerates the room once and plays the whole of that way. The same game, because a
re-plan after the way's first action enumerates exactly the ways that begin with that
action, in the same order (the rest of the room keeps its order), and scores each the
same (greedy's score reads only the way's end; counting's reads its end and the unseen
cards, which no decision within a room changes): the first best way is still the way
being played, since a way before it and as good would have been first the first time.
Running is decided only before a room's first card, as the bots decide it.

Two ways that reach the same cards left and the same health, weapon, cap and drink with
one step to go end alike in the same order, so only the first is followed.

Counting's view of the unseen cards (the dungeon left, the cards run from among them)
is kept as counts a value: monsters, potions, and weapons.
"""

from __future__ import annotations

import random
from typing import Any, Optional

from .bots import RUN_LOSS, RUN_MARGIN, WEAPON_STRIKES, WEAPON_WEIGHT
from .rules import (
    FRESH,
    MAX_HP,
    ROOM,
    drink,
    loss_score,
    may_strike,
    win_score,
)
from .tables import DRINK as _DRINK
from .tables import FIGHT as _FIGHT
from .tables import IDS as _IDS
from .tables import MAY as _MAY
from .tables import MONSTER as _MONSTER
from .tables import MONSTERS as _MONSTERS
from .tables import POTION as _POTION
from .tables import SHUFFLE as _SHUFFLE
from .tables import WEAPON as _WEAPON


class _Best:
    """The first best way found so far (its score, its steps), and the ways followed."""

    __slots__ = ("key", "path", "seen")

    def __init__(self) -> None:
        self.key = _LOWEST
        self.path: Any = None
        self.seen: set = set()


def _greedy_last(room, hp, weapon, cap, drank, lm, may, path, best):
    """The last card of greedy's way, from here: each choice scored inline, and the
    step tuple built only for a choice that beats the best so far (most do not)."""
    key = (room, hp, weapon, cap, drank)
    if key in best.seen:
        return
    best.seen.add(key)
    top = best.key
    found = None
    may_now = may[cap]
    held = weapon * 16
    for card in room:
        m = _MONSTER[card]
        if m:
            if weapon and may_now[card]:
                s = (hp + _FIGHT[m][weapon] - lm + m) * 256 + held + m
                if s > top:
                    top, found = s, (card, True)
            s = (hp - lm) * 256 + held + cap  # fought bare: hp - m, and m no longer left
            if s > top:
                top, found = s, (card, False)
            continue
        w = _WEAPON[card]
        if w:
            s = (hp - lm) * 256 + w * 16 + FRESH
        else:
            s = ((hp if drank else _DRINK[hp][_POTION[card]]) - lm) * 256 + held + cap
        if s > top:
            top, found = s, (card, False)
    if found is not None:
        best.key, best.path = top, path + (found,)


def _greedy_ways(room, hp, weapon, cap, drank, need, lm, may, path, best):
    """Greedy's ways from here (``need`` at least 2), in the bots' order: a way that
    dies ends where it dies and is scored there; the last card is ``_greedy_last``'s."""
    may_now = may[cap]
    for index, card in enumerate(room):
        rest = room[:index] + room[index + 1 :]
        m = _MONSTER[card]
        if m:
            if weapon and may_now[card]:
                h = hp + _FIGHT[m][weapon]
                if h <= 0:
                    s = (h - lm + m) * 256 + weapon * 16 + m
                    if s > best.key:
                        best.key, best.path = s, path + ((card, True),)
                elif need == 2:
                    _greedy_last(rest, h, weapon, m, drank, lm - m, may, path + ((card, True),), best)
                else:
                    _greedy_ways(rest, h, weapon, m, drank, need - 1, lm - m, may, path + ((card, True),), best)
            h = hp - m
            if h <= 0:
                s = (h - lm + m) * 256 + weapon * 16 + cap
                if s > best.key:
                    best.key, best.path = s, path + ((card, False),)
            elif need == 2:
                _greedy_last(rest, h, weapon, cap, drank, lm - m, may, path + ((card, False),), best)
            else:
                _greedy_ways(rest, h, weapon, cap, drank, need - 1, lm - m, may, path + ((card, False),), best)
            continue
        w = _WEAPON[card]
        if w:
            h, weapon_after, cap_after, drank_after = hp, w, FRESH, drank
        else:
            h = hp if drank else _DRINK[hp][_POTION[card]]
            weapon_after, cap_after, drank_after = weapon, cap, True
        step = path + ((card, False),)
        if need == 2:
            _greedy_last(rest, h, weapon_after, cap_after, drank_after, lm, may, step, best)
        else:
            _greedy_ways(rest, h, weapon_after, cap_after, drank_after, need - 1, lm, may, step, best)


_LOWEST = -(10**9)


def _greedy_plan(room, hp, weapon, cap, need, may, may_run, view):
    best = _Best()
    lm = 0
    for card in room:
        lm += _MONSTER[card]
    if need == 1:
        _greedy_last(tuple(room), hp, weapon, cap, False, lm, may, (), best)
    else:
        _greedy_ways(tuple(room), hp, weapon, cap, False, need, lm, may, (), best)
    if may_run and best.key >> 8 <= max(0, hp - RUN_LOSS):
        return None
    return best.path


def _counting_leaf(h, w, c, left, ctx):
    if h <= 0:
        return -1000.0 + h - ctx.monsters_sum
    carried: float = 0  # halves: exact, as the bot's own sum is
    may = ctx.may[c]
    for y in left:
        m = _MONSTER[y]
        if m:
            carried += -_FIGHT[m][w] if w and may[y] else m
        elif _POTION[y]:
            carried += -(_DRINK[h][_POTION[y]] - h) / 2
        else:
            carried += 0.0
    return h + ctx.worth(w, c) - carried


def _counting_one_left(h, w, c, y, ctx):
    """``_counting_leaf`` when one card (``y``) is left, the usual case: the same
    arithmetic in the same order (so the same floats), without the loop."""
    if h <= 0:
        return -1000.0 + h - ctx.monsters_sum
    worth = ctx.cache.get(w * 16 + c) if w else 0.0
    if worth is None:
        worth = ctx.worth(w, c)
    m = _MONSTER[y]
    if m:
        return h + worth - (-_FIGHT[m][w] if w and ctx.may[c][y] else m)
    p = _POTION[y]
    if p:
        return h + worth - (-(_DRINK[h][p] - h) / 2)
    return h + worth - 0.0


def _counting_last(room, hp, weapon, cap, drank, ctx, path):
    """The last card of counting's way, from here; a step tuple is built only for a
    choice that beats the best so far."""
    if len(room) != 2:
        _counting_last_any(room, hp, weapon, cap, drank, ctx, path)
        return
    key = (room, hp, weapon, cap, drank)
    if key in ctx.seen:
        return
    ctx.seen.add(key)
    top = ctx.key
    found = None
    may_now = ctx.may[cap]
    a, b = room
    for card, y in ((a, b), (b, a)):
        m = _MONSTER[card]
        if m:
            if weapon and may_now[card]:
                s = _counting_one_left(hp + _FIGHT[m][weapon], weapon, m, y, ctx)
                if s > top:
                    top, found = s, (card, True)
            s = _counting_one_left(hp - m, weapon, cap, y, ctx)
            if s > top:
                top, found = s, (card, False)
            continue
        w = _WEAPON[card]
        if w:
            s = _counting_one_left(hp, w, FRESH, y, ctx)
        else:
            s = _counting_one_left(hp if drank else _DRINK[hp][_POTION[card]], weapon, cap, y, ctx)
        if s > top:
            top, found = s, (card, False)
    if found is not None:
        ctx.key, ctx.path = top, path + (found,)


def _counting_last_any(room, hp, weapon, cap, drank, ctx, path):
    """The last card when the room has other than two cards (its end, the last room)."""
    key = (room, hp, weapon, cap, drank)
    if key in ctx.seen:
        return
    ctx.seen.add(key)
    top = ctx.key
    found = None
    may_now = ctx.may[cap]
    for index, card in enumerate(room):
        rest = room[:index] + room[index + 1 :]
        m = _MONSTER[card]
        if m:
            if weapon and may_now[card]:
                s = _counting_leaf(hp + _FIGHT[m][weapon], weapon, m, rest, ctx)
                if s > top:
                    top, found = s, (card, True)
            s = _counting_leaf(hp - m, weapon, cap, rest, ctx)
            if s > top:
                top, found = s, (card, False)
            continue
        w = _WEAPON[card]
        if w:
            s = _counting_leaf(hp, w, FRESH, rest, ctx)
        else:
            s = _counting_leaf(hp if drank else _DRINK[hp][_POTION[card]], weapon, cap, rest, ctx)
        if s > top:
            top, found = s, (card, False)
    if found is not None:
        ctx.key, ctx.path = top, path + (found,)


def _counting_ways(room, hp, weapon, cap, drank, need, ctx, path):
    """Counting's ways from here (``need`` at least 2), in the bots' order."""
    may_now = ctx.may[cap]
    for index, card in enumerate(room):
        rest = room[:index] + room[index + 1 :]
        m = _MONSTER[card]
        if m:
            if weapon and may_now[card]:
                h = hp + _FIGHT[m][weapon]
                if h <= 0:
                    s = _counting_leaf(h, weapon, m, rest, ctx)
                    if s > ctx.key:
                        ctx.key, ctx.path = s, path + ((card, True),)
                elif need == 2:
                    _counting_last(rest, h, weapon, m, drank, ctx, path + ((card, True),))
                else:
                    _counting_ways(rest, h, weapon, m, drank, need - 1, ctx, path + ((card, True),))
            h = hp - m
            if h <= 0:
                s = _counting_leaf(h, weapon, cap, rest, ctx)
                if s > ctx.key:
                    ctx.key, ctx.path = s, path + ((card, False),)
            elif need == 2:
                _counting_last(rest, h, weapon, cap, drank, ctx, path + ((card, False),))
            else:
                _counting_ways(rest, h, weapon, cap, drank, need - 1, ctx, path + ((card, False),))
            continue
        w = _WEAPON[card]
        if w:
            h, weapon_after, cap_after, drank_after = hp, w, FRESH, drank
        else:
            h = hp if drank else _DRINK[hp][_POTION[card]]
            weapon_after, cap_after, drank_after = weapon, cap, True
        step = path + ((card, False),)
        if need == 2:
            _counting_last(rest, h, weapon_after, cap_after, drank_after, ctx, step)
        else:
            _counting_ways(rest, h, weapon_after, cap_after, drank_after, need - 1, ctx, step)


class _Counting:
    """What counting knows in one room: the unseen monsters (counts a value, their
    total), what a weapon is worth against them, and the first best way so far."""

    __slots__ = ("may", "strikes", "monsters", "monsters_sum", "cache", "key", "path", "seen")

    def __init__(self, may: Any, strikes: Any, monsters: list) -> None:
        self.may = may
        self.strikes = strikes
        self.monsters = monsters
        self.monsters_sum = monsters[0]
        self.cache: dict = {}
        self.seen: set = set()
        self.key = -float("inf")
        self.path: Any = None

    def worth(self, w, c):
        """``weapon_worth``: what weapon ``w`` whose cap is ``c`` would take off the
        ``WEAPON_STRIKES`` highest unseen monsters it may strike, weighted."""
        if not w:
            return 0.0
        got = self.cache.get(w * 16 + c)
        if got is None:
            saved = 0
            struck = 0
            may = self.strikes[c]
            monsters = self.monsters
            for m in _HIGH_FIRST:
                n = monsters[m]
                if n and may[m]:
                    if n > WEAPON_STRIKES - struck:
                        n = WEAPON_STRIKES - struck
                    saved += n * (_FIGHT[m][w] - _FIGHT[m][0])
                    struck += n
                    if struck == WEAPON_STRIKES:
                        break
            got = self.cache[w * 16 + c] = WEAPON_WEIGHT * saved
        return got


def _counting_plan(room, hp, weapon, cap, need, may, may_run, view):
    monsters, potions, unseen, strikes = view
    ctx = _Counting(may, strikes, monsters)
    if need == 1:
        _counting_last(tuple(room), hp, weapon, cap, False, ctx, ())
    else:
        _counting_ways(tuple(room), hp, weapon, cap, False, need, ctx, ())
    if may_run and unseen[0]:
        # counting's cost of facing each unseen card, summed: halves, so exact in any order
        total: float = 0
        may_now = strikes[cap]
        for m in _HIGH_FIRST:
            n = monsters[m]
            if n:
                total += n * (-_FIGHT[m][weapon] if weapon and may_now[m] else m)
        for p in _POTIONS:
            n = potions[p]
            if n:
                total += n * (-(_DRINK[hp][p] - hp) / 2)
        average = total / unseen[0]
        facing_average = hp - 3 * average + ctx.worth(weapon, cap)
        if ctx.key < facing_average - RUN_MARGIN:
            return None
    return ctx.path


# Monster values, highest first; potion values.
_HIGH_FIRST = tuple(sorted({m for m in _MONSTER if m}, reverse=True))
_POTIONS = tuple(sorted({p for p in _POTION if p}))
# may_strike by monster value rather than card id: [strict][cap][value].
_MAY_VALUE = {
    strict: tuple(tuple(bool(m) and may_strike(m, cap, strict) for m in range(FRESH)) for cap in range(FRESH + 1))
    for strict in (False, True)
}


def _game(rng, variant, planner, counts):
    strict = variant == "strict-weapon"
    may = _MAY[strict]
    getrandbits = rng.getrandbits
    dungeon = list(_IDS)
    for i, k in _SHUFFLE:
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        dungeon[i], dungeon[j] = dungeon[j], dungeon[i]
    size = len(dungeon)
    room = dungeon[:ROOM]
    top = ROOM
    hp, weapon, cap = MAX_HP, 0, FRESH
    may_run = True
    turn = 1
    bonus = 0
    unresolved = _MONSTERS
    view = None
    if counts:  # counting's view: the cards not yet dealt (those run from among them)
        monsters = list(_MONSTER_COUNTS)
        potions = list(_POTION_COUNTS)
        unseen = [size]
        view = (monsters, potions, unseen, _MAY_VALUE[strict])
        for card in room:
            _see(card, monsters, potions, -1)
        unseen[0] -= len(room)
    while True:
        need = len(room) - 1 if top < size else len(room)
        plan = planner(room, hp, weapon, cap, need, may, may_run, view)
        if plan is None:
            if counts:
                for card in room:  # under the dungeon: unseen again
                    _see(card, monsters, potions, 1)
            dungeon = dungeon[top:] + room
            size = len(dungeon)
            room = dungeon[:ROOM]
            top = ROOM
            if counts:
                for card in room:
                    _see(card, monsters, potions, -1)
                unseen[0] = size - top
            may_run = False
            turn += 1
            continue
        may_run = False
        drank = False
        for card, strike in plan:
            bonus = 0
            room.remove(card)
            m = _MONSTER[card]
            if strike:
                hp += _FIGHT[m][weapon]
                cap = m
                unresolved -= m
            elif m:
                hp += _FIGHT[m][0]
                unresolved -= m
            elif _WEAPON[card]:
                weapon, cap = _WEAPON[card], FRESH
            elif not drank:
                hp = drink(hp, _POTION[card])
                drank = True
                bonus = _POTION[card]
            if hp <= 0:
                return False, loss_score(hp, unresolved), turn
        if not room and top >= size:
            return True, win_score(hp, bonus), turn
        may_run = True
        turn += 1
        end = top + ROOM - len(room)
        dealt = dungeon[top:end]
        room += dealt
        top = end if end < size else size
        if counts:
            for card in dealt:
                _see(card, monsters, potions, -1)
            unseen[0] = size - top


def _see(card, monsters, potions, by):
    """A card leaves the unseen (``by`` -1) or goes back under the dungeon (+1)."""
    m = _MONSTER[card]
    if m:
        monsters[m] += by
        monsters[0] += by * m  # their total, at index 0
    elif _POTION[card]:
        potions[_POTION[card]] += by


# Unseen at the start: every card. Monster counts a value (index 0: their total), potions.
_MONSTER_COUNTS = tuple(_MONSTERS if m == 0 else sum(1 for v in _MONSTER if v == m) for m in range(FRESH))
_POTION_COUNTS = tuple(sum(1 for v in _POTION if v == p) if p else 0 for p in range(FRESH))


def greedy_game(rng: random.Random, variant: Optional[str] = None) -> tuple[bool, int, int]:
    """(won, score, moves) of the greedy bot's game dealt from ``rng``."""
    return _game(rng, variant, _greedy_plan, False)


def counting_game(rng: random.Random, variant: Optional[str] = None) -> tuple[bool, int, int]:
    """(won, score, moves) of the counting bot's game dealt from ``rng``."""
    return _game(rng, variant, _counting_plan, True)
