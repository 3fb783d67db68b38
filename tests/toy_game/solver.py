"""Toy Dungeon's solver hooks, searched on the rules core itself (two choices a turn),
so that ``dungeon solve`` finds a game's solver through its ``GameModule`` alone.

Key: the cards and rolls still to come (their order is the deal's), the card and roll
on the table, health, gold and whether the last turn was a pass. Bound: every card
still to come taken for its gold, and the game won.
"""

from __future__ import annotations

from collections import Counter
from typing import Hashable

from dungeon_cli.core import Draw, Phase
from dungeon_cli.solver import WIN, objective

from .rules import CARDS, DECK, DIE, DIE_FACES, ToyState


def key(state: ToyState) -> Hashable:
    return (len(state.deck), state.card, state.roll, state.hp, state.gold, state.passed)


def bound(state: ToyState) -> int:
    if state.phase is Phase.OVER:
        return objective(state.result())
    still = sum(card.rank for card in state.deck.cards()) + (state.card.rank if state.card is not None else 0)
    return WIN + state.gold + still


def priority(state: ToyState) -> tuple:
    return (state.phase is not Phase.OVER or state.hp > 0, state.hp, state.gold)


def deal(events: list) -> dict:
    """The deal a game's events show: every card as drawn, and the rolls; the die's
    faces never rolled follow in any order (ten cards roll it ten times at most)."""
    cards, rolls = [], []
    for before, action in events:
        if isinstance(action, Draw):
            (rolls if before.chance().pile == DIE else cards).append(action.outcome)
    if len(cards) < len(CARDS):
        raise ValueError(f"{len(CARDS) - len(cards)} cards never came up in this record, so the deal is not known")
    rest = Counter(DIE_FACES) - Counter(rolls)
    return {DECK: cards, DIE: rolls + sorted(rest.elements())}
