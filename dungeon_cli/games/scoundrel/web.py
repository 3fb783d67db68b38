"""Scoundrel's board as HTML for ``replay --html`` (the plug-in this game names as
``web``): health as a bar, the room's cards, the weapon with the monsters it struck. Everything a card set or a record could have put in a string
is escaped (``kit.htmlkit.esc``).
"""

from __future__ import annotations

from typing import Any

from ...kit.core import Phase
from ...kit.htmlkit import back, bar, card, over, row, status
from .rules import MAX_HP


def board(state: Any, defs: Any = None) -> str:
    out = [
        f'<div class="top">{bar(state.hp, MAX_HP, "health")}<span>dungeon {back(len(state.dungeon), "in the dungeon")}</span></div>'
    ]
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
        out.append(status("; ".join(notes)))
    out.append(over(state))
    return "".join(out)
