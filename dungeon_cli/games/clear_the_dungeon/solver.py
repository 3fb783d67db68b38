"""Clear the Dungeon's solver hooks (searched on the rules core itself: a turn has a
handful of choices, and a joker's value never changes what follows).

Key: the power cards left (their order is the deal's, so their number says which),
the hand, the face-up monsters and how many lie under each, and the damage pile (its
cards in order under ``reserve``, whose top card may join an attack; else its size).

Bound: a turn kills at most one monster and every turn after this one draws three
power cards, so a win leaves at most the deck less three cards for each monster still
to kill after this turn's; if even a last short hand cannot get there, no win is
possible and a loss scores at most the monsters killed by then. (Counting the trigger
suits and the power still to be had was tried as well: it cut under 1% of the
positions of the slowest deals, for more time than it saved.)

Moves: attacks that differ only in a joker's chosen value lead to the same state, so
one of each is searched.
"""

from __future__ import annotations

from typing import Any, Hashable

from ...kit.cards import Card
from ...kit.core import AnyState, Draw
from ...kit.objective import WIN
from .rules import COLUMNS, DEPTH, MONSTER_PILE, MONSTERS, POWER, POWER_PILE, Attack, DungeonState


def key(state: DungeonState) -> Hashable:
    damage = state.damage if state.reserve else len(state.damage)
    return (len(state.power), state.hand, state.tops, state.hidden, damage)


def bound(state: DungeonState) -> int:
    to_kill = len(MONSTERS) - len(state.defeated)
    left = len(state.power) - 3 * (to_kill - 1)
    if left >= -2:  # the last turn may draw a short hand
        return WIN + max(0, left)
    turns = 1 + (len(state.power) + 2) // 3
    return min(len(MONSTERS) - 1, len(state.defeated) + turns)


def moves(state: DungeonState) -> list[Any]:
    """The legal actions less those that repeat another but for a joker's value."""
    out = []
    seen: set[tuple[Card, tuple[tuple[str, bool], ...], tuple[str, bool]]] = set()
    for action in state.legal_actions():
        if isinstance(action, Attack):
            same = (
                action.target,
                tuple(sorted((u.card.text, u.reserve) for u in action.power)),
                (action.trigger.card.text, action.trigger.reserve),
            )
            if same in seen:
                continue
            seen.add(same)
        out.append(action)
    return out


def priority(state: DungeonState) -> tuple[int, int, int]:
    result = state.result()
    if result is not None:
        return (1 if result.won else -1, result.score, 0)
    return (0, len(state.defeated), -len(state.damage))


def deal(events: list[tuple[AnyState, Any]]) -> dict[str, list[Any]]:
    """The deal a game's events show: each column's monsters as they turned up (the
    pile is dealt out round by round, so column c holds cards 8+c, 4+c and c from the
    top), and the power cards as drawn. Every card must have come up."""
    pile: list[Any] = [None] * len(MONSTERS)
    turned = [0] * COLUMNS
    power: list[Any] = []
    for before, action in events:
        if not isinstance(action, Draw):
            continue
        where = before.chance().pile
        if where == POWER_PILE:
            power.append(action.outcome)
            continue
        column = int(where.split()[-1]) - 1
        pile[(DEPTH - 1 - turned[column]) * COLUMNS + column] = action.outcome
        turned[column] += 1
    unseen = pile.count(None) + len(POWER) - len(power)
    if unseen:
        raise ValueError(f"{unseen} cards never came up in this record, so the deal is not known")
    return {MONSTER_PILE: pile, POWER_PILE: power}
