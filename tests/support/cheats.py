"""A deliberately cheating bot, the control of the fairness audits (tests/bots/test_fair.py).

A seat hands a bot only the player's view (kit/bot.py), so a bot can cheat only by
breaking out of its interface: this one climbs the interpreter's frames to the walk
that plays it and reads the walk's real state, which knows the deal. At each decision
it plays every legal choice out on that one true deal with the game's greedy bot (dice
to come drawn from a generator of its own) and takes the choice that did best: a
search that sees the cards. The audits must catch it.
"""

from __future__ import annotations

import random
import sys
from typing import Any

from dungeon_cli.bots.search import playout
from dungeon_cli.engine import Walk
from dungeon_cli.kit.bot import Bot
from dungeon_cli.kit.core import State


def real_state() -> State:
    """The state of the walk up the stack: what no seat hands a bot."""
    frame = sys._getframe(1)
    while frame is not None:
        # The walk's own frame, or (its run compiled, which leaves no frame) the caller's that holds it.
        for owner in (frame.f_locals.get("self"), *frame.f_locals.values()):
            if isinstance(owner, Walk):
                return owner.state
        frame = frame.f_back
    raise AssertionError("no walk up the stack")


class PeekerBot(Bot[Any]):
    name = "peeker"
    summary = "plays each choice out on the real deal, read from the walk's frame (a cheat)"

    def begin(self, module: Any, variant: Any, options: Any, start: State) -> None:
        self.policy = module.playout_bot()

    def choose(self, state: State, rng: random.Random) -> Any:
        real = real_state()
        actions = real.legal_actions()
        if len(actions) == 1:
            return actions[0]

        def worth(action: Any) -> tuple[bool, int]:
            result = playout(real.apply(action), self.policy, random.Random(0))
            return (bool(result.won), result.score)

        return max(actions, key=worth)


class ScoundrelPeekerBot(Bot[Any]):
    """Scoundrel's strong player, but each way through the room played out on the one
    true order of the dungeon, read from the walk's frame: fast, and a cheat that pays."""

    name = "peeker"
    summary = "the strong player's ways through a room, played out on the real dungeon (a cheat)"

    def choose(self, state: State, rng: random.Random) -> Any:
        from dungeon_cli.games.scoundrel import strong
        from dungeon_cli.games.scoundrel.tables import ID

        real: Any = real_state()
        cands = strong.candidates(real)
        if len(cands) == 1:
            return cands[0].actions[0]
        order = [ID[card] for card in real.dungeon.known]
        return max(strong.evaluate_on(real, cands, [order]), key=lambda cand: cand.key()).actions[0]
