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
from typing import Any

from notation.model import printable

from .kit.game_module import GameModule

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
# The variable imports code: whatever module it names is run by every command that
# loads the games (docs/architecture.md says so).
ENVIRONMENT = "DUNGEON_GAMES"
# The entry-point group through which an installed package adds a game.
ENTRY_POINTS = "dungeon.games"
_installed_read = False


class GameError(ValueError):
    """A game that cannot be loaded (a malformed DUNGEON_GAMES, a module that is no
    game): the command line says it in one line and exits 2, never with a traceback."""


def register(name: str, module: str) -> None:
    """Add a game defined outside this package, before the command line is built:
    ``dungeon`` reads the list of games when a command loads."""
    if GAMES.get(name, module) != module:
        raise GameError(f"game '{name}' is registered already, as {GAMES[name]}")
    GAMES[name] = module


def _from_environment(value: str) -> None:
    for entry in filter(None, (part.strip() for part in value.split(","))):
        name, sep, module = entry.partition("=")
        if not (sep and name.strip() and module.strip()):
            raise GameError(f"{ENVIRONMENT}: '{printable(entry)}' is not name=module")
        try:
            register(name.strip(), module.strip())
        except GameError as exc:
            raise GameError(f"{ENVIRONMENT}: {exc}") from None


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
    _environment_ok()
    _read_installed()
    return list(GAMES)


def known(name: str) -> bool:
    """Whether a game is called ``name``: the installed packages are asked only when it
    is none of the games registered already."""
    if name not in GAMES:
        _read_installed()
    return name in GAMES


@cache
def get(name: str) -> GameModule[Any, Any]:
    """The game called ``name``; KeyError if there is none, GameError if its module
    cannot be imported or is not a game."""
    _environment_ok()
    if not known(name):
        raise KeyError(name)
    path = GAMES[name]
    where = f"{ENVIRONMENT}: " if name in _from_outside else ""
    module_path, _, attr = path.partition(":")
    attr = attr or "MODULE"
    try:
        module = getattr(importlib.import_module(module_path), attr)
    except ImportError as exc:
        raise GameError(
            f"{where}game '{printable(name)}': module {printable(module_path)} cannot be imported ({printable(str(exc))})"
        ) from None
    except AttributeError:
        raise GameError(
            f"{where}game '{printable(name)}': module {printable(module_path)} defines no {printable(attr)}, so it is not a game"
        ) from None
    if not isinstance(module, GameModule):
        raise GameError(f"{where}game '{printable(name)}': {printable(path)} is not a GameModule, so not a game")
    if module.game.name != name:
        raise GameError(f"{where}{path} defines the game '{module.game.name}', registered as '{printable(name)}'")
    return module


def _environment_ok() -> None:
    """A game the variable names that cannot be loaded stops every command that loads
    a game, not only the ones that ask for it: the setting is wrong either way."""
    global _checked
    if _environment_error is not None:
        raise _environment_error
    if not _checked:
        _checked = True
        try:
            for name in sorted(_from_outside):
                get(name)
        except GameError:
            _checked = False
            raise


_own = set(GAMES)
_environment_error: GameError | None = None
try:
    _from_environment(os.environ.get(ENVIRONMENT, ""))
except GameError as exc:  # said by the first command that asks for a game, not at import
    _environment_error = exc
_from_outside = set(GAMES) - _own
_checked = False


def modules() -> list[GameModule[Any, Any]]:
    """Every game, loaded (for the lists that need what the games declare)."""
    return [get(name) for name in names()]
