"""Toy Dungeon's board: health, gold, the deck, and the card and roll of the turn."""

from __future__ import annotations

from dungeon_cli.kit.core import Phase

from .rules import ToyState, is_monster


def render(state: ToyState) -> str:  # type: ignore[override]
    lines = [f"turn {state.turn}  health {state.hp}/{state.max_hp}  gold {state.gold}  deck {len(state.deck)} cards"]
    if state.card is not None:
        kind = "monster" if is_monster(state.card) else "treasure"
        roll = "not rolled yet" if state.roll is None else str(state.roll)
        lines.append(f"card: {state.card} ({kind})  roll: {roll}")
    if state.phase is Phase.DECISION:
        lines.append("take it" if state.passed else "take or pass")
    elif state.phase is Phase.OVER:
        lines.append(f"game over: {state.result()}")
    return "\n".join(lines)
