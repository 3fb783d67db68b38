"""What a solver maximises, apart from the search: a game's solver hooks import this
module only, so that nothing under games/ reaches the registry."""

from __future__ import annotations

from .core import Result

WIN = 1_000_000  # objective = WIN * won + score; scores stay far below this


def objective(result: Result) -> int:
    """Any win above any loss, then the score."""
    return (WIN if result.won else 0) + result.score
