"""The games this tool knows, by their DGN name: one line per game.

Everything else a game brings (bots, playouts, solver hooks, extra commands, package
data) is named by its ``GameModule``, so every list of them is derived from here.
Modules load on first use only: ``dungeon verify`` of a Scoundrel record imports no
other game.

A game from elsewhere comes in two ways. An installed package names it as an entry point
of the group ``dungeon.games`` (``mygame = "my_game"``: a module that defines ``MODULE``,
or ``"package.module:ATTR"``), the way pytest finds its plug-ins; those are read when a
name is not one of the games here, or when every game is listed, never for a game that
is, since reading the installed packages' metadata costs more than starting the tool.
And ``DUNGEON_GAMES``, for development (below).
"""

from __future__ import annotations

import importlib
import os
from functools import cache
from typing import Optional

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
# The entry-point group through which an installed package adds a game.
ENTRY_POINTS = "dungeon.games"
_installed_read = False


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


def _read_installed() -> None:
    """Register the games installed packages name (once per process). A name taken by a
    game here or by ``DUNGEON_GAMES`` is refused, as ``register`` refuses it."""
    global _installed_read
    if _installed_read:
        return
    _installed_read = True
    from importlib.metadata import entry_points

    for point in entry_points(group=ENTRY_POINTS):
        register(point.name, point.value)


def names() -> list[str]:
    _read_installed()
    return list(GAMES)


def known(name: str) -> bool:
    """Whether a game is called ``name``: the installed packages are asked only when it
    is none of the games registered already."""
    if name not in GAMES:
        _read_installed()
    return name in GAMES


@cache
def get(name: str) -> GameModule:
    """The game called ``name``; KeyError if there is none."""
    if not known(name):
        raise KeyError(name)
    where, _, attr = GAMES[name].partition(":")
    module: Optional[GameModule] = getattr(importlib.import_module(where), attr or "MODULE", None)
    if not isinstance(module, GameModule):
        raise ValueError(f"{GAMES[name]} defines no game module ({attr or 'MODULE'}), registered as '{name}'")
    if module.game.name != name:
        raise ValueError(f"{GAMES[name]} defines the game '{module.game.name}', registered as '{name}'")
    return module


_from_environment(os.environ.get(ENVIRONMENT, ""))


def modules() -> list[GameModule]:
    """Every game, loaded (for the lists that need what the games declare)."""
    return [get(name) for name in names()]
