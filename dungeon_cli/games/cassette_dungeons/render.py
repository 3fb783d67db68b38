"""Cassette Dungeons!' table as a few lines of text: the map (open information at the
table: every room, its arrows, what it holds, and where you stand), every card in play
with its slots, the hand, the dice and what the turn waits for."""

from __future__ import annotations

from typing import Optional

from ...kit.core import Phase
from .cardset import DICE, MapSide, Slot, room_holds
from .rules import DECKS, STRUCK, CassetteState, Go, Loot


def map_lines(side: MapSide, here: int) -> list[str]:
    """The map card: one line a room, in room order, with its arrows; ``*`` marks you."""
    lines = [f"map: {side.name} ({side.id})"]
    for number in sorted(side.rooms):
        room = side.rooms[number]
        arrows = "out (leave: win)" if number == side.boss else ", ".join(str(r) for r in room.exits) or "-"
        mark = "*" if number == here else " "
        you = "  <- you are here" if number == here else ""
        lines.append(f" {mark} room {number}: {room_holds(side, room)} -> {arrows}{you}")
    return lines


def render(state: CassetteState) -> str:
    cards = state.cards
    side = state.map_side
    head = f"turn {state.turn}  health {state.hp}/{cards.health}"
    if side is None:
        return head + "\nsetup: the map is not revealed yet"
    lines = [head + f"  {side.name} ({side.id}) room {state.room}, boss room {side.boss}"]
    lines += map_lines(side, state.room)
    if state.hero is None:
        lines.append("hero: not chosen yet (" + " ".join(cards.heroes) + ")")
    else:
        hero = cards.heroes[state.hero]
        lines.append(f"hero: {hero.name} ({hero.id})  " + _slots(state, hero.slots, state.hero_slots))
    for foe in state.foes:
        enemy = cards.enemy(foe.id)
        kind = "boss" if foe.boss else "monster"
        lines.append(f"{kind}: {enemy.name} ({foe.id})  " + _slots(state, enemy.slots, foe.slots, foe.id))
    for trap in state.traps:
        lines.append(f"trap: {cards.traps[trap].name} ({trap})  {cards.traps[trap].effect}")
    held = ", ".join(f"{c} ({cards.use_effect(c)})" for c in state.held) or "nothing"
    lines.append(f"held {len(state.held)}/{cards.hand}: {held}")
    dice = []
    for name in DICE:
        die = state.die(name)
        if die.value is None:
            dice.append(f"{name} -")
        elif die.where is None:
            dice.append(f"{name} {die.value} " + ("rolled" if name in state.rolled else "free"))
        else:
            dice.append(f"{name} {die.value} on {die.where[0]}.{die.where[1] + 1}")
    lines.append("dice: " + ", ".join(dice))
    lines.append("decks: " + ", ".join(f"{p} {len(state.decks[p])}" for p in DECKS))
    if state.phase is Phase.OVER:
        lines.append(f"game over: {state.result()}")
    elif state.phase is Phase.CHANCE:
        lines.append(f"waiting for {state.chance().what}")
    else:
        lines.append(f"next: {_next(state)}")
    return "\n".join(lines)


def _slots(state: CassetteState, slots: tuple[Slot, ...], filled: tuple[Optional[str], ...], card: Optional[str] = None) -> str:
    out = []
    for i, (slot, what) in enumerate(zip(slots, filled)):
        low = state.slot_min(card, i) if card is not None else slot.min
        if what is None:
            holder = "empty"
        elif what == STRUCK:
            holder = "struck"
        else:
            holder = f"{what}{state.die(what).value}"
        out.append(f"[{i + 1}] {low}+ {slot.effect}: {holder}")
    return "  ".join(out)


def _next(state: CassetteState) -> str:
    if state.step == "setup":
        return "choose a hero (@ID)"
    if state.step == "roll":
        return f"pick up dice and roll them (*wxyz), or go on{_go_on(state)}"
    if state.step == "place":
        return f"place the rolled dice (w>card.N), or go on{_go_on(state)}"
    return state.unfinished()


def _go_on(state: CassetteState) -> str:
    """What going on is typed as: every penalty of the step, or the loot or the paths."""
    from .notation import NOTATION, go_on  # the notation draws rooms with this module

    run = go_on(state)
    if run:
        now, texts = state, []
        for action in run:
            texts.append(NOTATION.action_text(now, action))
            now = now.apply(action)
        return f" ({' '.join(texts)})"
    ways = [NOTATION.action_text(state, a) for a in state.legal_actions() if isinstance(a, (Loot, Go))]
    return f" ({' or '.join(ways)})" if ways else ""
