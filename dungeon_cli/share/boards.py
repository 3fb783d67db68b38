"""Each game's board as HTML: what ``render.py`` draws in text for a terminal, drawn for
a web page with cards, dice, bars and maps (``htmlkit``). A game this module does not
know (a plug-in) is shown as its text render, so every game still gets a page.

The functions read a state's fields and never change them; every string that could
come from a record or a card set is escaped.
"""

from __future__ import annotations

from typing import Any, Callable

from ..core import Phase, State
from .htmlkit import back, bar, card, die, esc, row


def board(game: str, render: Callable[[State], str], state: State) -> str:
    draw = BOARDS.get(game)
    if draw is None:
        return f'<pre class="text">{esc(render(state))}</pre>'
    return draw(state)


def _status(text: str) -> str:
    return f'<p class="st">{esc(text)}</p>'


def _over(state: State) -> str:
    return _status(f"game over: {state.result()}") if state.phase is Phase.OVER else ""


# -- Scoundrel --------------------------------------------------------------------------


def scoundrel(state: Any) -> str:
    from ..games.scoundrel.rules import MAX_HP

    out = [f'<div class="top">{bar(state.hp, MAX_HP, "health")}<span>dungeon {back(len(state.dungeon), "in the dungeon")}</span></div>']
    out.append(row("room", "".join(card(c) for c in state.room) or '<span class="none">empty</span>'))
    if state.weapon is None:
        weapon = '<span class="none">no weapon</span>'
    else:
        weapon = card(state.weapon, "weapon")
        if state.slain:
            weapon += f'<span class="stack">{"".join(card(c, "struck") for c in state.slain)}</span>'
    out.append(row("weapon", weapon))
    if state.phase is Phase.DECISION:
        notes = [f"resolve {state.to_resolve - state.resolved} more"]
        if state.drank:
            notes.append("a potion was drunk here")
        if state.ran_last:
            notes.append("the last room was avoided")
        out.append(_status("; ".join(notes)))
    out.append(_over(state))
    return "".join(out)


# -- Clear the Dungeon ------------------------------------------------------------------


def clear_the_dungeon(state: Any) -> str:
    from ..games.clear_the_dungeon.rules import COLUMNS, DAMAGE_LIMIT, MONSTERS

    cols = []
    for i in range(COLUMNS):
        top = state.tops[i]
        hidden = state.hidden[i]
        cells = (card(top) if top is not None else "") + (back(hidden, "face down") if hidden else "")
        if not cells:
            cells = '<span class="none">cleared</span>'
        cols.append(f'<div class="col"><h4>column {i + 1}</h4>{cells}</div>')
    out = [f'<div class="cols">{"".join(cols)}</div>']
    out.append(
        f'<div class="top">{bar(len(state.defeated), len(MONSTERS), "defeated", "count")}'
        f'{bar(len(state.damage), DAMAGE_LIMIT, "damage pile", "bad")}<span>power deck {back(len(state.power), "in the power deck")}</span></div>'
    )
    out.append(row("hand", "".join(card(c) for c in state.hand) or '<span class="none">no cards</span>'))
    if state.damage:
        out.append(row("damage pile top", card(state.damage[-1])))
    if state.defeated:
        out.append(row("defeated", f'<span class="stack">{"".join(card(c) for c in state.defeated)}</span>'))
    if state.phase is Phase.CHANCE and state.revealing is not None:
        out.append(_status(f"column {state.revealing + 1} turns up its next card"))
    out.append(_over(state))
    return "".join(out)


# -- RPG solitaire ----------------------------------------------------------------------

_CELL = 40
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
    floors, exits, walls = [], [], []
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


def rpg_solitaire(state: Any) -> str:
    from ..games.rpg_solitaire.rules import ENDINGS, ROOMS

    grid = state.grid
    parts = [_rpg_map(state)] if grid else []
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
        parts.append(_status("this turn: " + "; ".join(state.news)))
    if state.phase is Phase.OVER:
        parts.append(_status(f"game over: {ENDINGS.get(state.ending, '')} ({state.result()})"))
    return "".join(parts)


# -- Cassette Dungeons ------------------------------------------------------------------


def _layers(side: Any) -> dict[int, int]:
    """Each room's column on the drawn map: its longest distance from the start, so
    every path runs left to right."""
    depth = {side.start: 0}
    changed = True
    while changed:
        changed = False
        for number, room in side.rooms.items():
            if number not in depth:
                continue
            for nxt in room.exits:
                if depth.get(nxt, -1) < depth[number] + 1 and depth[number] + 1 <= len(side.rooms):
                    depth[nxt] = depth[number] + 1
                    changed = True
    return depth


def _cassette_map(state: Any) -> str:
    side = state.map_side
    depth = _layers(side)
    columns: dict[int, list[int]] = {}
    for number in sorted(side.rooms):
        columns.setdefault(depth.get(number, 0), []).append(number)
    place = {}
    tallest = max(len(v) for v in columns.values())
    for col, numbers in columns.items():
        for i, number in enumerate(numbers):
            place[number] = (30 + col * 70, 26 + (i + (tallest - len(numbers)) / 2) * 48)
    width = 60 + max(columns) * 70
    height = 4 + tallest * 48
    lines = []
    for number, room in side.rooms.items():
        x1, y1 = place[number]
        for nxt in room.exits:
            if nxt in place:
                x2, y2 = place[nxt]
                lines.append(f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}"/>')
    nodes = []
    for number, room in sorted(side.rooms.items()):
        x, y = place[number]
        cls = "rm" + (" here" if number == state.room else "") + (" boss" if number == side.boss else "")
        words = [f"room {number}"]
        if number == side.boss:
            words.append("the boss room")
        if room.reveal:
            words.append("reveals " + ", ".join(room.reveal))
        if room.treasure:
            words.append(f"treasure {room.treasure}")
        if room.health:
            words.append(f"health {room.health}")
        if number == state.room:
            words.append("you are here")
        nodes.append(
            f'<g class="{cls}"><title>{esc(", ".join(words))}</title><circle cx="{x:g}" cy="{y:g}" r="16"/>'
            f'<text x="{x:g}" y="{y + 5:g}">{"B" if number == side.boss else number}</text></g>'
        )
    return (
        f'<svg class="map cm" viewBox="0 0 {width} {height:g}" width="{min(width * 3 // 2, 520)}" role="img" '
        f'aria-label="{esc(side.name)}: {len(side.rooms)} rooms">{"".join(lines)}{"".join(nodes)}</svg>'
    )


def _slots(state: Any, slots: Any, filled: Any, card_id: Any = None) -> str:
    from ..games.cassette_dungeons.rules import STRUCK

    out = []
    for i, (slot, what) in enumerate(zip(slots, filled)):
        low = state.slot_min(card_id, i) if card_id is not None else slot.min
        if what is None:
            holder = f'<span class="slot">{low}+</span>'
        elif what == STRUCK:
            holder = '<span class="slot on">struck</span>'
        else:
            holder = die(state.die(what).value, what)
        out.append(f'<li>{holder}<small>{esc(slot.effect)}</small></li>')
    return f'<ol class="slots">{"".join(out)}</ol>'


def cassette_dungeons(state: Any) -> str:
    from ..games.cassette_dungeons.cardset import DICE
    from ..games.cassette_dungeons.rules import DECKS

    cards = state.cards
    side = state.map_side
    out = [f'<div class="top">{bar(state.hp, cards.health, "health")}</div>']
    if side is None:
        out.append(_status("setup: the map is not revealed yet"))
        return "".join(out)
    out.append(f"<h4>{esc(side.name)} ({esc(side.id)}): room {state.room}, boss room {side.boss}</h4>")
    out.append(_cassette_map(state))
    if state.hero is None:
        out.append(_status("the hero is not chosen yet"))
    else:
        hero = cards.heroes[state.hero]
        out.append(f'<div class="cc hero"><h5>hero: {esc(hero.name)}</h5>{_slots(state, hero.slots, state.hero_slots)}</div>')
    for foe in state.foes:
        enemy = cards.enemy(foe.id)
        kind = "boss" if foe.boss else "monster"
        out.append(f'<div class="cc foe"><h5>{kind}: {esc(enemy.name)}</h5>{_slots(state, enemy.slots, foe.slots, foe.id)}</div>')
    for trap in state.traps:
        out.append(f'<div class="cc trap"><h5>trap: {esc(cards.traps[trap].name)}</h5><small>{esc(cards.traps[trap].effect)}</small></div>')
    dice = []
    for name in DICE:
        d = state.die(name)
        if d.where is not None:
            note = f"on {d.where[0]} slot {d.where[1] + 1}"
        elif d.value is not None:
            note = "rolled" if name in state.rolled else "free"
        else:
            note = ""
        dice.append(die(d.value, name, note))
    out.append(row("dice", "".join(dice)))
    held = "".join(f'<span class="item">{esc(c)} <small>{esc(cards.use_effect(c))}</small></span>' for c in state.held)
    out.append(row(f"held {len(state.held)}/{cards.hand}", held or '<span class="none">nothing</span>'))
    out.append(_status("decks: " + ", ".join(f"{p} {len(state.decks[p])}" for p in DECKS)))
    out.append(_over(state))
    return "".join(out)


BOARDS: dict[str, Callable[[Any], str]] = {
    "scoundrel": scoundrel,
    "clear-the-dungeon": clear_the_dungeon,
    "rpg-solitaire": rpg_solitaire,
    "cassette-dungeons": cassette_dungeons,
}
