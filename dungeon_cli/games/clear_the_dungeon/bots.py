"""Clear the Dungeon's greedy bot.

It attacks whenever it can, since a pass costs three cards of the damage pile and a
turn of the deck. Of the attacks it can make it keeps its jokers when it has a choice
(a joker is the one trigger every monster accepts), wastes the least power (the two
power cards' sum over the monster's power), and among those takes the strongest
monster. Only when no attack is legal does it pass.
"""

from __future__ import annotations

import random

from ...kit.bot import Bot
from .rules import PASS, Action, Attack, DungeonState, power_of


def _preference(attack: Attack) -> tuple[int, int, int]:
    jokers = sum(1 for use in attack.uses if use.card.is_joker)
    return (-jokers, -(attack.total - power_of(attack.target)), power_of(attack.target))


class GreedyBot(Bot[DungeonState]):
    name = "greedy"
    summary = "attacks when it can: keeps jokers, wastes the least power, strongest monster first"

    def choose(self, state: DungeonState, rng: random.Random) -> Action:
        attacks = [a for a in state.legal_actions() if isinstance(a, Attack)]
        if not attacks:
            return PASS
        return max(attacks, key=_preference)
