"""Clear the Dungeon's board as text: the columns (face-down cards as backs), the hand,
the damage pile and the power deck."""

from __future__ import annotations

from ...kit.core import Phase
from .rules import COLUMNS, DAMAGE_LIMIT, MONSTERS, DungeonState, column_name

BACK = "##"
EMPTY = ".."


def render(state: DungeonState) -> str:
    header = (
        f"turn {state.turn}  power deck {len(state.power)}  "
        f"damage pile {len(state.damage)} ({DAMAGE_LIMIT} loses)  defeated {len(state.defeated)}/{len(MONSTERS)}"
    )
    lines = [header, "   " + "  ".join(f"c{i + 1}" for i in range(COLUMNS))]
    depth = max(1, max(state.hidden) + (1 if any(state.tops) else 0))
    for row in range(depth):
        cells = []
        for column in range(COLUMNS):
            top = state.tops[column]
            stack = ([str(top)] if top is not None else []) + [BACK] * state.hidden[column]
            if row < len(stack):
                cells.append(stack[row])
            else:
                cells.append(EMPTY if row == 0 else "  ")
        lines.append(("   " + "  ".join(cells)).rstrip())
    if state.hand:
        lines.append(f"hand: {' '.join(str(c) for c in state.hand)}")
    elif state.phase is Phase.CHANCE and state.revealing is None:
        lines.append("hand: (not drawn yet)")
    if state.reserve and state.damage:
        lines.append(f"damage pile top: {state.damage[-1]} (may join an attack as r{state.damage[-1]})")
    if state.phase is Phase.CHANCE and state.revealing is not None:
        lines.append(f"{column_name(state.revealing)} turns up its next card")
    elif state.phase is Phase.OVER:
        reasons = {
            "win": "every monster is defeated",
            "damage": f"the damage pile reached {DAMAGE_LIMIT} cards",
            "deck": "the power deck is empty",
        }
        lines.append(f"game over: {state.result()} ({reasons.get(state.ended_by or '', '')})")
    return "\n".join(lines)
