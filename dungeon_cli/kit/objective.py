"""What a solver maximises, apart from the search (``dungeon_cli.solver``): here, in the
kit, so that a game's solver hooks need nothing above the games layer."""

from __future__ import annotations

from .core import Result

WIN = 1_000_000  # objective = WIN * won + score; scores stay far below this


def objective(result: Result) -> int:
    """Any win above any loss, then the score."""
    return (WIN if result.won else 0) + result.score
