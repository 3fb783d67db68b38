"""A game played on by random choices, for tests that need some line other than the
record's: every draw among the outcomes still possible, every decision among the legal
actions, one generator for both."""

from __future__ import annotations

import random
from typing import Callable

from dungeon_cli.kit.core import Draw, Phase
from dungeon_cli.services.session import Session


def play_randomly(session: Session, rng: random.Random, done: Callable[[], bool], limit: int = 20_000) -> None:
    """Play ``session`` on, dealing what the deal knows and choosing the rest from ``rng``,
    until ``done()`` says so or the game is over (``limit`` events at most)."""
    for _ in range(limit):
        session.deal()
        state = session.state
        if done() or state.is_over:
            return
        if state.phase is Phase.CHANCE:
            session.apply(Draw(rng.choice(state.chance().outcomes)))
        elif state.phase is Phase.DECISION:
            session.apply(rng.choice(state.legal_actions()))
        else:
            return
