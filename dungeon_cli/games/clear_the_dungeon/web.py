"""Clear the Dungeon's board as HTML for ``replay --html`` (the plug-in this game names as
``web``): the four columns (face-up monster over its face-down cards), the bars of monsters defeated and of the damage pile, the hand. Everything a card set or a record could have put in a string
is escaped (``kit.htmlkit.esc``).
"""

from __future__ import annotations

from typing import Any

from ...kit.core import Phase
from ...kit.htmlkit import back, bar, card, over, row, status
from .rules import COLUMNS, DAMAGE_LIMIT, MONSTERS


def board(state: Any, defs: Any = None) -> str:
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
        f"{bar(len(state.damage), DAMAGE_LIMIT, 'damage pile', 'bad')}<span>power deck {back(len(state.power), 'in the power deck')}</span></div>"
    )
    out.append(row("hand", "".join(card(c) for c in state.hand) or '<span class="none">no cards</span>'))
    if state.damage:
        out.append(row("damage pile top", card(state.damage[-1])))
    if state.defeated:
        out.append(row("defeated", f'<span class="stack">{"".join(card(c) for c in state.defeated)}</span>'))
    if state.phase is Phase.CHANCE and state.revealing is not None:
        out.append(status(f"column {state.revealing + 1} turns up its next card"))
    out.append(over(state))
    return "".join(out)
