"""Scoundrel's solver hooks.

Key: what the rules will still look at. The dungeon (cards and order), the room (in
its order while it may still be run from, since a run puts it under in that order;
as a set once a card is resolved), health, the weapon's value and the value of the
last monster it struck (not the monsters themselves), whether a potion was drunk in
this room, how many cards the room still needs, and whether the last room was run
from. The last card resolved is left out: it counts only at the very end, and every
state that is not over has a card still to resolve, which replaces it.

Bound: a win scores health (at most 20) plus, at full health, the last potion's
value. Health can only rise by the potions still unresolved (their sum, ignoring the
one-a-room rule and the cap, which only lower it) and must fall by at least each
remaining monster's value less the best weapon still to be had (no weapon reduces a
fight by more than its value). If that leaves no health, no win is possible, and a
loss scores at most 0 and at most health less the monsters unresolved plus what
potions and strikes could still add to that figure.
"""

from __future__ import annotations

from typing import Any, Hashable, Optional

from ...core import Draw, State, known_steps
from ...solver.objective import WIN
from .rules import (
    CARDS,
    FRESH,
    MAX_HP,
    ROOM,
    RUN,
    Resolve,
    ScoundrelState,
    Strike,
    drink,
    fight,
    is_monster,
    is_weapon,
    loss_score,
    may_strike,
    value,
    win_score,
)


def key(state: ScoundrelState) -> Hashable:
    room: Any = state.room if state.can_run else frozenset(state.room)
    weapon = value(state.weapon) if state.weapon is not None else 0
    cap = value(state.slain[-1]) if state.slain else 0
    return (state.dungeon.known, room, state.hp, weapon, cap, state.drank, state.to_resolve - state.resolved, state.ran_last)


def bound(state: ScoundrelState) -> int:
    return _bound(state.hp, state.weapon, state.room, state.dungeon.known)


def priority(state: ScoundrelState) -> tuple:
    """Most health first, then the weapon that reaches furthest."""
    result = state.result()
    if result is not None:
        return (WIN if result.won else -WIN, result.score, 0)
    weapon = value(state.weapon) if state.weapon is not None else 0
    cap = value(state.slain[-1]) if state.slain else 15
    return (0, state.hp, weapon * cap)


def deal(events: list) -> dict:
    """The dungeon's order from a game's events: the cards as they first came up (a
    card run from comes up again later, from under the dungeon). Every card must
    have come up."""
    from ...core import Draw
    from .rules import CARDS, DUNGEON

    order = []
    seen = set()
    for _, action in events:
        if isinstance(action, Draw) and action.outcome not in seen:
            seen.add(action.outcome)
            order.append(action.outcome)
    missing = len(CARDS) - len(order)
    if missing:
        raise ValueError(
            f"the record shows {len(order)} of the {len(CARDS)} cards: {missing} never came up, so the deal is not known"
        )
    return {DUNGEON: order}


MONSTER, WEAPON, POTION = 0, 1, 2
INFO = {card: (MONSTER if is_monster(card) else WEAPON if is_weapon(card) else POTION, value(card)) for card in CARDS}


class RoomModel:
    """The search ``dungeon solve`` uses: one node per room, not per card.

    From a room it works out every way through with plain arithmetic (which card to
    leave, the order, each monster struck or fought bare), and keeps of the ways that
    end alike (the same card left, the same weapon) only those no other beats on both
    health and the weapon's cap. A way that dies, or that finishes the last room, is a
    finished game: only the best of each kind is kept. Its steps are the core's own
    actions and draws, so the line is replayed on the rules core as it is.

    Node: (dungeon, room, hp, weapon card or None, cap (15: has not struck), ran_last,
    strict, value when over else None).
    """

    # Key = (position, level), level = (health, cap, weapon value): more of any of them
    # never does worse from the same dungeon, room and run flag. More health keeps every
    # way open (none dies sooner), ends each room with at least as much (the cap at 20
    # keeps order), and scores at least as much: a win by health, a loss by health less
    # the monsters unresolved, which never falls along a game. A higher cap, or a
    # stronger weapon, allows every strike the other allows, for no more damage.
    monotone = True

    def root(self, start: State) -> tuple[list, Any]:
        steps, dealt = known_steps(start, [])
        assert isinstance(dealt, ScoundrelState)
        state = dealt
        if state.dungeon.hidden:
            raise ValueError("the deal is not known: a solver needs every card in order")
        cap = value(state.slain[-1]) if state.slain else FRESH
        over = None
        result = state.result()
        if result is not None:
            from ...solver.objective import objective

            over = objective(result)
        node: tuple = (state.dungeon.known, state.room, state.hp, state.weapon, cap, state.ran_last, state.strict, over)
        if over is None and state.resolved:
            # A room half resolved (an analysis asks from any decision): the cards it
            # still needs and whether a potion was drunk in it ride along, for this
            # node only; its children start rooms as every other node does.
            node += (
                (state.to_resolve - state.resolved, state.drank, value(state.last[0]) if state.last and state.last[1] else 0),
            )
        return steps, node

    def value(self, node) -> Optional[int]:
        return node[7]

    def key(self, node) -> tuple:
        dungeon, room, hp, weapon, cap, ran_last = node[:6]
        position = (dungeon, room, ran_last) if len(node) == 8 else (dungeon, room, ran_last, node[8])
        if weapon is None:
            return position, (hp, 0, 0)
        return position, (hp, cap, INFO[weapon][1])

    def bound(self, node) -> int:
        dungeon, room, hp, weapon = node[:4]
        return _bound(hp, weapon, room, dungeon)

    def children(self, node) -> list[tuple[list, Any]]:
        dungeon, room, hp, weapon, cap, ran_last, strict = node[:7]
        final = not dungeon
        need = len(room) if final else len(room) - 1
        drank, last_drunk = False, 0
        if len(node) > 8:  # a room half resolved
            need, drank, last_drunk = node[8]
        monsters_below = _stats(dungeon)[0]
        ends: dict = {}
        terminal: dict = {}  # won -> (value, ways)
        info = INFO

        seen = set()

        def walk(room, hp, weapon, wv, cap, drank, done, way, last_drunk):
            if done == need:
                if final:
                    _keep(terminal, True, WIN + win_score(hp, last_drunk), way)
                else:
                    ends.setdefault((room, weapon), []).append((hp, cap, way))
                return
            # Two orders that reach the same point (a potion then a weapon, or the
            # weapon first) go on alike: the second is not walked again.
            here = (room, hp, weapon, cap, drank, last_drunk)
            if here in seen:
                return
            seen.add(here)
            done += 1
            for index, card in enumerate(room):
                rest = room[:index] + room[index + 1 :]
                kind, v = info[card]
                if kind == MONSTER:
                    if wv and may_strike(v, cap, strict):
                        new_hp = fight(hp, v, wv)
                        if new_hp <= 0:
                            _keep(terminal, False, loss_score(new_hp, _monsters(rest) + monsters_below), way + ((card, True),))
                        else:
                            walk(rest, new_hp, weapon, wv, v, drank, done, way + ((card, True),), 0)
                    bare = fight(hp, v)
                    if bare <= 0:
                        _keep(terminal, False, loss_score(bare, _monsters(rest) + monsters_below), way + ((card, False),))
                    else:
                        walk(rest, bare, weapon, wv, cap, drank, done, way + ((card, False),), 0)
                elif kind == WEAPON:
                    walk(rest, hp, card, v, FRESH, drank, done, way + ((card, False),), 0)
                elif drank:
                    walk(rest, hp, weapon, wv, cap, drank, done, way + ((card, False),), 0)
                else:
                    walk(rest, drink(hp, v), weapon, wv, cap, True, done, way + ((card, False),), v)

        walk(room, hp, weapon, INFO[weapon][1] if weapon is not None else 0, cap, drank, 0, (), last_drunk)
        out = []
        for won, (result, way) in terminal.items():
            out.append(((2 if won else -2, result), _actions(way), node[:7] + (result,)))
        for (left, new_weapon), group in ends.items():
            group.sort(key=lambda e: (-e[0], -e[1]))
            reach = -1
            weapon_value = INFO[new_weapon][1] if new_weapon is not None else 0
            for new_hp, new_cap, way in group:
                if new_cap <= reach:
                    continue  # another way keeps as much health and a weapon that strikes more
                reach = new_cap
                steps, child = _fill(dungeon, left, new_hp, new_weapon, new_cap, False, strict, _actions(way))
                out.append(((0, _promise(new_hp, weapon_value, new_cap)), steps, child))
        if not ran_last and dungeon and len(room) == ROOM:
            steps, child = _fill(dungeon + room, (), hp, weapon, cap, True, strict, [RUN])
            out.append(((-1, 0), steps, child))
        out.sort(key=lambda c: c[0], reverse=True)
        return [(steps, child) for _, steps, child in out]


def _monsters(cards: tuple) -> int:
    return sum(INFO[c][1] for c in cards if INFO[c][0] == MONSTER)


def _actions(way: tuple) -> list:
    return [Strike(card) if strike else Resolve(card) for card, strike in way]


def _promise(hp: int, weapon: int, cap: int) -> float:
    """How good a room's end looks, to try the best first: health, and what the weapon
    may still save."""
    return hp + weapon * min(cap, 14) / 14


def _keep(terminal: dict, won: bool, result: int, way: tuple) -> None:
    if won not in terminal or result > terminal[won][0]:
        terminal[won] = (result, way)


def _fill(dungeon: tuple, room: tuple, hp: int, weapon, cap: int, ran_last: bool, strict: bool, steps: list):
    take = min(ROOM - len(room), len(dungeon))
    drawn = dungeon[:take]
    steps.extend(Draw(c) for c in drawn)
    return steps, (dungeon[take:], room + drawn, hp, weapon, cap, ran_last, strict, None)


_STATS: dict = {}


def _stats(cards: tuple) -> tuple:
    """(monster total, monster values high to low, potion total, best potion, best
    weapon) of a dungeon; many nodes share one dungeon, so it is worked out once."""
    found = _STATS.get(cards)
    if found is None:
        monsters = sorted((INFO[c][1] for c in cards if INFO[c][0] == MONSTER), reverse=True)
        potions = [INFO[c][1] for c in cards if INFO[c][0] == POTION]
        weapons = [INFO[c][1] for c in cards if INFO[c][0] == WEAPON]
        found = (sum(monsters), monsters, sum(potions), max(potions, default=0), max(weapons, default=0))
        if len(_STATS) > 200_000:
            _STATS.clear()
        _STATS[cards] = found
    return found


def _bound(hp: int, weapon, room: tuple, dungeon: tuple) -> int:
    total, monsters, potions, best_potion, best_weapon = _stats(dungeon)
    if weapon is not None and INFO[weapon][1] > best_weapon:
        best_weapon = INFO[weapon][1]
    extra = []
    for card in room:
        kind, v = INFO[card]
        if kind == MONSTER:
            extra.append(v)
        elif kind == WEAPON:
            if v > best_weapon:
                best_weapon = v
        else:
            potions += v
            if v > best_potion:
                best_potion = v
    damage = 0
    for v in monsters:
        if v <= best_weapon:
            break
        damage += v - best_weapon
    for v in extra:
        if v > best_weapon:
            damage += v - best_weapon
    health = hp + potions - damage
    if health <= 0:
        # No win: a loss scores health less the monsters unresolved, a figure that
        # fighting bare leaves as it is and only a potion (its value at most) or a
        # strike (the weapon's value at most) raises.
        everything = monsters + extra
        saved = sum(v if v < best_weapon else best_weapon for v in everything)
        return min(0, hp - sum(everything) + potions + saved)
    if health >= MAX_HP:
        return WIN + MAX_HP + best_potion
    return WIN + health


def model() -> RoomModel:
    return RoomModel()
