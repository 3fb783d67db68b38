"""Whole games played by a simple seeded policy, for tests and benchmarks that need a
game to its end without a person: the states met and the lines a player would type."""

from __future__ import annotations

import random
from typing import Optional

from ..core import Phase
from ..games.base import GameModule
from ..session import Session


PATIENCE = 1000  # decisions avoiding a loss on the spot; then any legal action will do
MAX_DECISIONS = 100_000


def sample_game(module: GameModule, seed: int, policy_seed: int = 0, variant: Optional[str] = None) -> tuple[Session, list[str]]:
    """A seeded game played to its end by random legal choices (but, for its first
    ``PATIENCE`` decisions, not one that loses on the spot while there is another); the
    finished session and one input line per turn (the turn's decisions, as the record
    writes them). Without the patience, an RPG solitaire walk that never resigns need
    never end (the fuzz run met one that had grown to 20 GB)."""
    rng = random.Random(policy_seed)
    decisions = 0
    session = Session(module, variant=variant, seed=seed)
    session.deal()
    lines: list[str] = []
    words: list[str] = []
    turn = session.state.turn
    while not session.state.is_over:
        state = session.state
        if state.phase is not Phase.DECISION:
            raise RuntimeError(f"seed {seed}: chance without a known outcome ({state.chance().what})")
        legal = state.legal_actions()
        decisions += 1
        if decisions <= PATIENCE:
            action = rng.choice([a for a in legal if not _loses(state, a)] or legal)
        elif decisions <= MAX_DECISIONS:
            action = rng.choice(legal)
        else:
            raise RuntimeError(f"seed {seed}: no end after {MAX_DECISIONS:,} random decisions")
        words.append(module.notation.action_text(state, action))
        session.apply(action)
        session.deal()
        if session.state.turn != turn or session.state.is_over:
            lines.append(" ".join(words))
            words = []
            turn = session.state.turn
    return session, lines


def _loses(state, action) -> bool:
    after = state.apply(action)
    return after.is_over and not after.result().won
