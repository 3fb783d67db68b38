"""RPG solitaire's board as HTML for ``replay --html`` (the plug-in this game names as
``web``): the map as a grid of rooms with their doors, you and the monsters on it, your three stat cards, the decks. Everything a card set or a record could have put in a string
is escaped (``share.htmlkit.esc``).
"""

from __future__ import annotations

from typing import Any

from ...core import Phase
from ...share.htmlkit import back, card, esc, row, status
from .rules import ENDINGS, ROOMS

_CELL = 40
LEGEND = '<p class="st">E entrance, X exit, J Q K rooms, &#9679; you, M monster, &#215; slain; a gap in a wall is a door</p>'
_GAP = 14  # a door: the gap left in a wall


def _room_walls(doors: frozenset) -> str:
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


def _rpg_map(state: Any) -> str:
    """The rooms as one SVG: every floor one path, every wall one path, a letter per
    room, a mark where a monster stands (M) or was slain, and you. Few elements, so
    that a long game's page stays small (a frame per move, each with its map)."""
    grid = state.grid
    xs = [p[0] for p in grid]
    ys = [p[1] for p in grid]
    x0, y1 = min(xs), max(ys)
    width = (max(xs) - x0 + 1) * _CELL
    height = (y1 - min(ys) + 1) * _CELL
    floors: list[str] = []
    exits: list[str] = []
    walls: list[str] = []
    letters: tuple[list, list, list] = ([], [], [])  # text, x, y: one text element for all
    monsters: tuple[list, list, list] = ([], [], [])
    slain = []
    for (x, y), room in sorted(grid.items()):
        tx, ty = (x - x0) * _CELL, (y1 - y) * _CELL
        (exits if room.is_exit else floors).append(f"M{tx} {ty}h{_CELL}v{_CELL}h-{_CELL}z")
        walls.append(f"M{tx} {ty}{_room_walls(room.doors)}")
        letter = "E" if room.entrance else "X" if room.is_exit else room.card.letter[0]
        for into, value in zip(letters, (letter, tx + 4, ty + 14)):
            into.append(str(value))
        if room.monster is not None:
            for into, value in zip(monsters, ("M", tx + 27, ty + 14)):
                into.append(str(value))
        elif room.cleared:
            slain.append(f"M{tx + 29} {ty + 6}l6 6m0-6l-6 6")
    marks = _glyphs(letters, "") + _glyphs(monsters, "m")
    if slain:
        marks += f'<path class="sl" d="{"".join(slain)}"/>'
    px, py = (state.pos[0] - x0) * _CELL + 20, (y1 - state.pos[1]) * _CELL + 27
    here = state.room
    where = "the exit" if here.is_exit else "the entrance" if here.entrance else f"room {here.card}"
    label = f"the map: {len(grid)} rooms; you are in {where} at {state.pos[0]},{state.pos[1]}"
    if here.monster is not None:
        label += ", with a monster"
    return (
        f'<svg class="map" viewBox="-3 -3 {width + 6} {height + 6}" width="{min(2 * (width + 6), 520)}" role="img" '
        f'aria-label="{esc(label)}"><path class="fl" d="{"".join(floors)}"/>'
        + (f'<path class="ex" d="{"".join(exits)}"/>' if exits else "")
        + f'<path class="wl" d="{"".join(walls)}"/>{"".join(marks)}<circle class="you" cx="{px}" cy="{py}" r="6"/></svg>'
    )


def _glyphs(glyphs: tuple[list, list, list], cls: str) -> str:
    """Single characters at their own places, as one text element (SVG lets each
    character of a text have its own x and y)."""
    text, xs, ys = glyphs
    if not text:
        return ""
    attr = f' class="{cls}"' if cls else ""
    return f'<text{attr} x="{" ".join(xs)}" y="{" ".join(ys)}">{esc("".join(text))}</text>'


def board(state: Any) -> str:
    grid = state.grid
    parts = [_rpg_map(state), LEGEND] if grid else []
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
    if state.news:
        parts.append(status("this turn: " + "; ".join(state.news)))
    if state.phase is Phase.OVER:
        parts.append(status(f"game over: {ENDINGS.get(state.ending, '')} ({state.result()})"))
    return "".join(parts)
