"""The games this tool knows, by their DGN name. Modules load on first use only."""

from __future__ import annotations

import importlib
from functools import lru_cache

from .games.base import GameModule

# name -> module that defines MODULE
GAMES: dict[str, str] = {
    "scoundrel": "dungeon_cli.games.scoundrel",
    "cassette-dungeons": "dungeon_cli.games.cassette_dungeons",
    "clear-the-dungeon": "dungeon_cli.games.clear_the_dungeon",
    "rpg-solitaire": "dungeon_cli.games.rpg_solitaire",
}


def names() -> list[str]:
    return list(GAMES)


@lru_cache(maxsize=None)
def get(name: str) -> GameModule:
    """The game called ``name``; KeyError if there is none."""
    return importlib.import_module(GAMES[name]).MODULE
