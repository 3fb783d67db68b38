"""RPG solitaire's board as HTML for ``replay --html`` (the plug-in this game names as
``web``): the map as a grid of rooms with their doors, you and the monsters on it, your three stat cards, the decks. Everything a card set or a record could have put in a string
is escaped (``kit.htmlkit.esc``).
"""

from __future__ import annotations

from typing import Any, Optional

from ...kit.core import Phase
from ...kit.htmlkit import Defs, back, card, esc, row, status
from .rules import ENDINGS, ROOMS

_CELL = 40
LEGEND = '<p class="st">E entrance, X exit, J Q K rooms, &#9679; you, M monster, &#215; slain; a gap in a wall is a door</p>'
_GAP = 14  # a door: the gap left in a wall


def _room_walls(doors: frozenset[str]) -> str:
    """One room's four walls, drawn clockwise from its top-left corner, each a line or
    a line with a gap where a door is."""
    half = (_CELL - _GAP) // 2
    path = []
    for side, move in (("n", "h"), ("e", "v"), ("s", "h"), ("w", "v")):
        sign = "" if side in "ne" else "-"
        if side in doors:
            gap = f"m{sign}{_GAP} 0" if move == "h" else f"m0 {sign}{_GAP}"
            path.append(f"{move}{sign}{half}{gap}{move}{sign}{half}")
        else:
            path.append(f"{move}{sign}{_CELL}")
    return "".join(path)


def _room(pos: tuple[int, int], room: Any) -> str:
    """One room where it lies on the whole map (a cell is 40 units, north up): its
    floor, walls with door gaps, letter, and a monster (M) or a slain mark; a ``<g>``,
    the same markup every time the room looks the same."""
    x, y = pos[0] * _CELL, -pos[1] * _CELL
    floor = "ex" if room.is_exit else "fl"
    letter = "E" if room.entrance else "X" if room.is_exit else room.card.letter[0]
    mark = ""
    if room.monster is not None:
        mark = f'<text class="m" x="{x + 27}" y="{y + 14}">M</text>'
    elif room.cleared:
        mark = f'<path class="sl" d="M{x + 29} {y + 6}l6 6m0-6l-6 6"/>'
    return (
        f'<g class="rg"><path class="{floor}" d="M{x} {y}h{_CELL}v{_CELL}h-{_CELL}z"/>'
        f'<path class="wl" d="M{x} {y}{_room_walls(room.doors)}"/><text x="{x + 4}" y="{y + 14}">{esc(letter)}</text>{mark}</g>'
    )


def _shown_width(width: int, height: int) -> int:
    """Twice life size, at most 520 pixels wide and 440 high: a long dungeon fits a screen."""
    return round(width * min(2.0, 520 / width, 440 / height))


def _rpg_map(state: Any, defs: Optional[Defs]) -> str:
    """The map: each room drawn once per page and used by reference from every move's
    map (``defs``; inline without), then you, so a long game's page stays small."""
    grid = state.grid
    xs = [p[0] for p in grid]
    ys = [p[1] for p in grid]
    x0, y1 = min(xs), max(ys)
    width = (max(xs) - x0 + 1) * _CELL
    height = (y1 - min(ys) + 1) * _CELL
    rooms = "".join(defs.use(_room(pos, room)) if defs is not None else _room(pos, room) for pos, room in sorted(grid.items()))
    px, py = state.pos[0] * _CELL + 20, -state.pos[1] * _CELL + 27
    here = state.room
    where = "the exit" if here.is_exit else "the entrance" if here.entrance else f"room {here.card}"
    label = f"the map: {len(grid)} rooms; you are in {where} at {state.pos[0]},{state.pos[1]}"
    if here.monster is not None:
        label += ", with a monster"
    return (
        f'<svg class="map" viewBox="{x0 * _CELL - 3} {-y1 * _CELL - 3} {width + 6} {height + 6}" '
        f'width="{_shown_width(width + 6, height + 6)}" role="img" aria-label="{esc(label)}">'
        f'{rooms}<circle class="you" cx="{px}" cy="{py}" r="6"/></svg>'
    )


def board(state: Any, defs: Optional[Defs] = None) -> str:
    grid = state.grid
    parts = [_rpg_map(state, defs), LEGEND] if grid else []
    gear = "".join(
        f'<span class="gear"><i>{name}</i>{card(c)}</span>'
        for name, c in (("armor", state.armor), ("health", state.health), ("attack", state.attack))
    )
    parts.append(row("you", gear))
    parts.append(
        f'<div class="top"><span>room deck {back(len(state.stock[ROOMS]), "in the room deck")}</span>'
        f"<span>treasure {state.treasure}</span><span>lockpicks {state.lockpicks}</span></div>"
    )
    monster = state.room.monster if grid else None
    if monster is not None:
        cards = "".join(
            f'<span class="gear"><i>{name}</i>{card(c)}</span>'
            for name, c in (("armor", monster.armor), ("health", monster.health), ("attack", monster.attack))
        )
        parts.append(row("monster here", cards))
    if state.hand is not None and state.phase is not Phase.OVER:
        parts.append(row("room card in hand", card(state.hand)))
    if state.news and state.phase is not Phase.OVER:  # at the end, the last turn's line says it
        parts.append(status("this turn: " + "; ".join(state.news)))
    if state.phase is Phase.OVER:
        parts.append(status(f"game over: {ENDINGS.get(state.ending, '')} ({state.result()})"))
    return "".join(parts)
