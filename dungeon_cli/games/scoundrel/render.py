"""Scoundrel's board as a few lines of text."""

from __future__ import annotations

from ...kit.core import Phase
from .rules import MAX_HP, ScoundrelState, value


def render(state: ScoundrelState) -> str:
    room = " ".join(str(c) for c in state.room) or "(empty)"
    if state.weapon is None:
        weapon = "none"
    elif state.slain:
        limit = f"{'<' if state.strict else '<='} {value(state.slain[-1])}"  # what it may strike next
        weapon = f"{state.weapon} (struck {' '.join(str(c) for c in state.slain)}; strikes {limit})"
    else:
        weapon = f"{state.weapon} (unused)"
    lines = [
        f"turn {state.turn}  health {state.hp}/{MAX_HP}  dungeon {len(state.dungeon)} card{'' if len(state.dungeon) == 1 else 's'}",
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
