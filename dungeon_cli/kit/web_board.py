"""A game's board as HTML: drawn by the game's own ``web`` plug-in (``GameModule.web``,
``"module:function"``, ``function(state, defs)`` returning HTML built with ``htmlkit``,
``defs`` the page's shared drawings), or, for a game that names none, its text render
in a ``<pre>``, so every game gets a page. The plug-in is loaded once, when a page
first needs it."""

from __future__ import annotations

from typing import Any, Protocol

from .game_module import GameModule, load
from .htmlkit import Defs, esc


class Board(Protocol):
    """A game's ``web`` plug-in: one of its states as HTML, drawings shared through ``defs``."""

    def __call__(self, state: Any, defs: Defs) -> str: ...


_LOADED: dict[str, Board] = {}


def board(module: GameModule[Any, Any], state: Any, defs: Defs) -> str:
    path = module.web
    if path is None:
        return f'<pre class="text">{esc(module.render(state))}</pre>'
    draw = _LOADED.get(path)
    if draw is None:
        draw = _LOADED[path] = load(path)
    return draw(state, defs)
