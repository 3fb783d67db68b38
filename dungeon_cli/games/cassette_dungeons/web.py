"""Cassette Dungeons!'s board as HTML for ``replay --html`` (the plug-in this game names as
``web``): the map card's rooms and paths with the room you are in, the hero's and each enemy's slots with the dice in them, traps, items, dice. Everything a card set or a record could have put in a string
is escaped (``kit.htmlkit.esc``).
"""

from __future__ import annotations

import math
from typing import Any

from ...kit.htmlkit import bar, die, esc, over, row, status
from .cardset import DICE
from .rules import DECKS, STRUCK


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


def _arrow(start: tuple[float, float], end: tuple[float, float], radius: float = 16) -> str:
    """A path from room to room, with its head at the edge of the room it leads to: a
    path is followed one way only."""
    (x1, y1), (x2, y2) = start, end
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    tipx, tipy = x2 - ux * radius, y2 - uy * radius  # the tip touches the circle
    basex, basey = tipx - ux * 8, tipy - uy * 8
    left = (basex - uy * 4.5, basey + ux * 4.5)
    right = (basex + uy * 4.5, basey - ux * 4.5)
    head = f"{tipx:.1f},{tipy:.1f} {left[0]:.1f},{left[1]:.1f} {right[0]:.1f},{right[1]:.1f}"
    return f'<line x1="{x1:g}" y1="{y1:g}" x2="{basex:.1f}" y2="{basey:.1f}"/><polygon points="{head}"/>'


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
        for nxt in room.exits:
            if nxt in place:
                lines.append(_arrow(place[number], place[nxt]))
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
    out = []
    for i, (slot, what) in enumerate(zip(slots, filled)):
        low = state.slot_min(card_id, i) if card_id is not None else slot.min
        if what is None:
            holder = f'<span class="slot">{low}+</span>'
        elif what == STRUCK:
            holder = '<span class="slot on">struck</span>'
        else:
            holder = die(state.die(what).value, what)
        out.append(f"<li>{holder}<small>{esc(slot.effect)}</small></li>")
    return f'<ol class="slots">{"".join(out)}</ol>'


def board(state: Any, defs: Any = None) -> str:
    cards = state.cards
    side = state.map_side
    out = [f'<div class="top">{bar(state.hp, cards.health, "health")}</div>']
    if side is None:
        out.append(status("setup: the map is not revealed yet"))
        return "".join(out)
    out.append(f"<h4>{esc(side.name)} ({esc(side.id)}): room {state.room}, boss room {side.boss}</h4>")
    out.append(_cassette_map(state))
    if state.hero is None:
        out.append(status("the hero is not chosen yet"))
    else:
        hero = cards.heroes[state.hero]
        out.append(f'<div class="cc hero"><h5>hero: {esc(hero.name)}</h5>{_slots(state, hero.slots, state.hero_slots)}</div>')
    for foe in state.foes:
        enemy = cards.enemy(foe.id)
        kind = "boss" if foe.boss else "monster"
        out.append(f'<div class="cc foe"><h5>{kind}: {esc(enemy.name)}</h5>{_slots(state, enemy.slots, foe.slots, foe.id)}</div>')
    for trap in state.traps:
        out.append(
            f'<div class="cc trap"><h5>trap: {esc(cards.traps[trap].name)}</h5><small>{esc(cards.traps[trap].effect)}</small></div>'
        )
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
    out.append(status("decks: " + ", ".join(f"{p} {len(state.decks[p])}" for p in DECKS)))
    out.append(over(state))
    return "".join(out)
