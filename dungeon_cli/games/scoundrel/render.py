"""Scoundrel's board as a few lines of text."""

from __future__ import annotations

from ...kit.core import Phase
from .rules import MAX_HP, ScoundrelState


def render(state: ScoundrelState) -> str:
    room = " ".join(str(c) for c in state.room) or "(empty)"
    if state.weapon is None:
        weapon = "none"
    elif state.slain:
        weapon = f"{state.weapon} (struck {' '.join(str(c) for c in state.slain)})"
    else:
        weapon = f"{state.weapon} (unused)"
    lines = [
        f"turn {state.turn}  health {state.hp}/{MAX_HP}  dungeon {len(state.dungeon)} cards",
        f"room: {room}",
        f"weapon: {weapon}",
    ]
    if state.phase is Phase.DECISION:
        notes = []
        if state.resolved:
            notes.append(f"{state.resolved} resolved")
        notes.append(f"resolve {state.to_resolve - state.resolved} more")
        if state.drank:
            notes.append("a potion was drunk here")
        if state.ran_last:
            notes.append("the last room was avoided")
        lines.append("; ".join(notes))
    elif state.phase is Phase.OVER:
        lines.append(f"game over: {state.result()}")
    return "\n".join(lines)
