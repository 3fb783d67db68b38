"""Scoundrel bots that plan a room: ``greedy`` (sees only the table) and ``counting``.

Both enumerate every way through the room from where it stands (which cards to
resolve, in which order, each monster struck or fought bare) with plain arithmetic,
score each way's end, and play the first action of the best. They differ in the score:

``greedy``
    The health left at the end of the room, less the value of a monster left in it
    (it will have to be fought); among equals the weapon that reaches furthest (highest
    value, then highest cap), then the plan found first. It never looks past the room
    and knows nothing of the cards to come. It runs from a room (when allowed) whose
    best way through would leave that figure at ``RUN_LOSS`` or more below its health.

``counting``
    Reads the player's view it is handed (the game replayed without the seeded order):
    the unseen cards as a multiset, and the cards it ran from, under the dungeon. The score of a
    plan's end adds what the weapon is likely to save on the monsters still to come
    (on the ``WEAPON_STRIKES`` highest unseen monsters it could strike, weighted by
    ``WEAPON_WEIGHT``: a weapon is kept for a few big blows), subtracts the cost of a
    monster left behind (it will be faced next room), and credits half of what a potion
    left behind would heal. The weights were chosen by a small grid over 600 seeds. It runs when the room's best plan is worse than facing three average
    unseen cards by more than ``RUN_MARGIN``.

Both are handed the player's view only (kit/bot.py's ``Seat``): greedy uses the room,
health and weapon; counting the unseen cards too.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Iterator, Optional

from ...kit.bot import Bot
from ...kit.cards import Card
from .rules import (
    FRESH,
    RUN,
    Action,
    Resolve,
    ScoundrelState,
    Strike,
    drink,
    fight,
    is_monster,
    is_potion,
    is_weapon,
    may_strike,
    value,
)

RUN_LOSS = 14
WEAPON_WEIGHT = 0.3
RUN_MARGIN = 4.0
WEAPON_STRIKES = 3


# The first step of a way: (card, strike) here, the core's action in strong.py's ways;
# None: nothing to do.
First = Optional[tuple[Card, bool] | Resolve | Strike]


class End:
    """Where a way through the room ends: health, weapon value (0: none), the value of
    the last monster it struck (``FRESH``: none yet), the cards left in the room."""

    __slots__ = ("hp", "weapon", "cap", "left", "first")

    def __init__(self, hp: int, weapon: int, cap: int, left: tuple[Card, ...], first: First):
        self.hp = hp
        self.weapon = weapon
        self.cap = cap
        self.left = left
        self.first = first


def ways(state: ScoundrelState) -> Iterator[End]:
    """Every way to finish the room from ``state`` (a DECISION state), run excluded."""
    weapon = value(state.weapon) if state.weapon is not None else 0
    cap = value(state.slain[-1]) if state.slain else FRESH
    need = state.to_resolve - state.resolved
    yield from _ways(state.hp, weapon, cap, state.drank, state.room, need, state.strict, None)


def _ways(
    hp: int,
    weapon: int,
    cap: int,
    drank: bool,
    room: tuple[Card, ...],
    need: int,
    strict: bool,
    first: Optional[tuple[Card, bool]],
) -> Iterator[End]:
    if need == 0 or hp <= 0:
        yield End(hp, weapon, cap, room, first)
        return
    for index, card in enumerate(room):
        rest = room[:index] + room[index + 1 :]
        v = value(card)
        if is_monster(card):
            if weapon and may_strike(v, cap, strict):
                yield from _ways(fight(hp, v, weapon), weapon, v, drank, rest, need - 1, strict, first or (card, True))
            yield from _ways(fight(hp, v), weapon, cap, drank, rest, need - 1, strict, first or (card, False))
        elif is_weapon(card):
            yield from _ways(hp, v, FRESH, drank, rest, need - 1, strict, first or (card, False))
        else:
            healed = hp if drank else drink(hp, v)
            yield from _ways(healed, weapon, cap, True, rest, need - 1, strict, first or (card, False))


def best_way(state: ScoundrelState, score: Callable[[End], Any]) -> End:
    best = None
    best_score = None
    for end in ways(state):
        s = score(end)
        if best_score is None or s > best_score:
            best, best_score = end, s
    assert best is not None
    return best


def action_for(state: ScoundrelState, first: First) -> Action:
    """The legal action (the core's own object) that plays ``first``."""
    if not isinstance(first, tuple):
        raise AssertionError(f"{first} is not a (card, strike) plan")
    card, strike = first
    for action in state.legal_actions():
        if isinstance(action, (Resolve, Strike)) and action.card is card and isinstance(action, Strike) == strike:
            return action
    raise AssertionError(f"no legal action plays {first}")


def _health(end: End) -> int:
    return end.hp - sum(value(c) for c in end.left if is_monster(c))


def _reach(end: End) -> tuple[int, int]:
    return (end.weapon, end.cap)


class GreedyBot(Bot[ScoundrelState]):
    name = "greedy"
    summary = "best health after the room (a monster left in it counted as fought); runs from a room costing 14"

    def choose(self, state: ScoundrelState, rng: random.Random) -> Action:
        s = state
        end = best_way(s, lambda e: (_health(e), _reach(e)))
        if s.can_run and _health(end) <= max(0, s.hp - RUN_LOSS):
            return RUN
        assert end.first is not None  # a decision has a card to resolve
        return action_for(s, end.first)


class CountingBot(Bot[ScoundrelState]):
    name = "counting"
    summary = "plans the room and weighs it against the unseen cards it has counted"

    def choose(self, state: ScoundrelState, rng: random.Random) -> Action:
        s = state
        unseen = s.dungeon.cards()  # the multiset left, and the cards run from
        monsters = sorted((value(c) for c in unseen if is_monster(c)), reverse=True)
        strict = s.strict

        def weapon_worth(weapon: int, cap: int) -> float:
            if not weapon:
                return 0.0
            saved = 0
            struck = 0
            for m in monsters:  # highest first: the strikes a weapon is kept for
                if may_strike(m, cap, strict):
                    saved += fight(0, m, weapon) - fight(0, m)  # what the weapon takes off
                    struck += 1
                    if struck == WEAPON_STRIKES:
                        break
            return WEAPON_WEIGHT * saved

        def cost(card: Card, hp: int, weapon: int, cap: int) -> float:
            v = value(card)
            if is_monster(card):
                if weapon and may_strike(v, cap, strict):
                    return hp - fight(hp, v, weapon)
                return v
            if is_potion(card):
                return -(drink(hp, v) - hp) / 2
            return 0.0

        def score(end: End) -> float:
            if end.hp <= 0:
                return -1000.0 + end.hp - sum(monsters)
            carried = sum(cost(c, end.hp, end.weapon, end.cap) for c in end.left)
            return end.hp + weapon_worth(end.weapon, end.cap) - carried

        end = best_way(s, score)
        if s.can_run and unseen:
            weapon = value(s.weapon) if s.weapon is not None else 0
            cap = value(s.slain[-1]) if s.slain else FRESH
            average = sum(cost(c, s.hp, weapon, cap) for c in unseen) / len(unseen)
            facing_average = s.hp - 3 * average + weapon_worth(weapon, cap)
            if score(end) < facing_average - RUN_MARGIN:
                return RUN
        return action_for(state, end.first)
