"""Whole games played by a simple seeded policy, for tests and benchmarks that need a
game to its end without a person: the states met and the lines a player would type."""

from __future__ import annotations

import random
from typing import Any, Optional

from ..engine import Setup, Visitor
from ..kit.core import AnyState, Draw
from ..kit.game_module import GameModule, TurnLog
from ..services.session import Session

PATIENCE = 1000  # decisions avoiding a loss on the spot; then any legal action will do


class _Lines(Visitor):
    """The decisions of each turn, as the record writes them: one typed line a turn."""

    def __init__(self, module: GameModule[Any, Any]):
        self.text = module.notation.action_text
        self.lines: list[str] = []
        self.words: list[str] = []

    def event(self, before: AnyState, action: Any, after: AnyState) -> None:
        if not isinstance(action, Draw):
            self.words.append(self.text(before, action))

    def turn(self, log: TurnLog[Any], after: AnyState) -> None:
        if log.start.turn:
            self.lines.append(" ".join(self.words))
            self.words = []


def sample_game(
    module: GameModule[Any, Any], seed: int, policy_seed: int = 0, variant: Optional[str] = None
) -> tuple[Session, list[str]]:
    """A seeded game played to its end by random legal choices (but, for its first
    ``PATIENCE`` decisions, not one that loses on the spot while there is another); the
    finished session and one input line per turn (the turn's decisions, as the record
    writes them). Without the patience, an RPG solitaire walk that never resigns need
    never end (the fuzz run met one that had grown to 20 GB); the engine's limit stops
    it in the end all the same."""
    rng = random.Random(policy_seed)
    decisions = 0

    def policy(state: AnyState) -> Any:
        nonlocal decisions
        decisions += 1
        legal = state.legal_actions()
        if decisions <= PATIENCE:
            return rng.choice([a for a in legal if not _loses(state, a)] or legal)
        return rng.choice(legal)

    lines = _Lines(module)
    session = Session(Setup(module.game.name, variant, seed=seed), visitors=[lines])
    session.run(policy)
    session.visitors = []
    return session, lines.lines


def _loses(state: AnyState, action: Any) -> bool:
    result = state.apply(action).result()
    return result is not None and not result.won
