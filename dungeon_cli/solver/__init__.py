"""Exact solving of a game whose whole deal is known: the best result perfect play
reaches, and a line that reaches it. What a game brings, and its defaults, is
``game_hooks``; the search, ``branch_and_bound``; a deal solved, with hooks or without,
``solve_deal``; the search over the rules alone, ``lookahead``."""

from ..kit.objective import objective  # the order of the values searched, as callers compare results
from .branch_and_bound import Search, Solution
from .game_hooks import CoreModel, GameHooks, Hooks, SearchModel, hooks, solvable
from .lookahead import Stream  # a caller hands ``solve`` the seed's chance to come
from .solve_deal import searched, solve

__all__ = ["CoreModel", "GameHooks", "Hooks", "Search", "SearchModel", "Solution", "Stream"]
__all__ += ["hooks", "objective", "searched", "solvable", "solve"]
