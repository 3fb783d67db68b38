"""The games this tool knows, by their DGN name: one line per game.

Everything else a game brings (bots, playouts, solver hooks, extra commands, package
data) is named by its ``GameModule``, so every list of them is derived from here.
Modules load on first use only: ``dungeon verify`` of a Scoundrel record imports no
other game.
"""

from __future__ import annotations

import importlib
import os
from functools import cache

from .games.base import GameModule

# name -> module that defines MODULE
GAMES: dict[str, str] = {
    "scoundrel": "dungeon_cli.games.scoundrel",
    "cassette-dungeons": "dungeon_cli.games.cassette_dungeons",
    "clear-the-dungeon": "dungeon_cli.games.clear_the_dungeon",
    "rpg-solitaire": "dungeon_cli.games.rpg_solitaire",
}


# Games defined outside this package: DUNGEON_GAMES="name=module,name=module", each
# module importable (on PYTHONPATH) and defining MODULE. An environment variable, so that
# every process of a run knows the same games: a `dungeon play` the tests start at a
# terminal, the workers of `sim --jobs`.
ENVIRONMENT = "DUNGEON_GAMES"


def register(name: str, module: str) -> None:
    """Add a game defined outside this package, before the command line is built:
    ``dungeon`` reads the list of games when a command loads."""
    if GAMES.get(name, module) != module:
        raise ValueError(f"game '{name}' is registered already, as {GAMES[name]}")
    GAMES[name] = module


def _from_environment(value: str) -> None:
    for entry in filter(None, (part.strip() for part in value.split(","))):
        name, sep, module = entry.partition("=")
        if not (sep and name.strip() and module.strip()):
            raise ValueError(f"{ENVIRONMENT}: '{entry}' is not name=module")
        register(name.strip(), module.strip())


def names() -> list[str]:
    return list(GAMES)


@cache
def get(name: str) -> GameModule:
    """The game called ``name``; KeyError if there is none."""
    module = importlib.import_module(GAMES[name]).MODULE
    if module.game.name != name:
        raise ValueError(f"{GAMES[name]} defines the game '{module.game.name}', registered as '{name}'")
    return module


_from_environment(os.environ.get(ENVIRONMENT, ""))


def modules() -> list[GameModule]:
    """Every game, loaded (for the lists that need what the games declare)."""
    return [get(name) for name in GAMES]
