"""Seeded Cassette Dungeons games played by the game's greedy bot, for the tests that
need a real game: each a walk of the engine, as ``dungeon sim`` plays it."""

from __future__ import annotations

from dungeon_cli.engine import Runaway, Setup
from dungeon_cli.games.cassette_dungeons.greedy_player import GreedyPlayer
from dungeon_cli.services.session import Session


def play(seed: int, hero: str, limit: int = 5000) -> Session:
    """One seeded game played by the greedy bot as a walk of the engine (stopped after
    ``limit`` events)."""
    session = Session(Setup("cassette-dungeons", seed=seed))
    try:
        session.run(GreedyPlayer(hero).choose, limit)
    except Runaway:
        pass
    return session
