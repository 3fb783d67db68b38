"""RPG solitaire's map as plain text: the rooms with their doors, you, the monsters still
standing and the exit, inside 80 columns.

Each square is 3 characters wide between walls; a door is a gap in a wall. A dungeon
wider or taller than the window is cut around you, and the cut is said in words, so the
map never wraps on a terminal.
"""

from __future__ import annotations

import textwrap

from ...kit.core import Phase
from .grid import SIDE_NAMES, Pos, free_doors
from .rules import AGAIN, CHOOSE, ENDINGS, RpgState, lockpicks_text, monster_text

MAX_COLS = 19  # 19 squares: 19 * 4 + 1 = 77 characters
MAX_ROWS = 9

LEGEND = "E entrance  X exit  J Q K rooms  @ you  M monster  . slain  gap: a door"
WIDTH = 80


def _cell(state: RpgState, pos: Pos) -> str:
    room = state.grid.get(pos)
    if room is None:
        return "   "
    letter = "E" if room.entrance else "X" if room.is_exit else room.card.text[0]
    you = "@" if pos == state.pos else " "
    mark = "M" if room.monster is not None else "." if room.cleared else " "
    return letter + you + mark


def _window(state: RpgState) -> tuple[range, range, list[str]]:
    xs = [p[0] for p in state.grid]
    ys = [p[1] for p in state.grid]
    notes = []
    lo_x, hi_x = min(xs), max(xs)
    lo_y, hi_y = min(ys), max(ys)
    x0, x1 = _cut(lo_x, hi_x, state.pos[0], MAX_COLS)
    y0, y1 = _cut(lo_y, hi_y, state.pos[1], MAX_ROWS)
    if (x0, x1, y0, y1) != (lo_x, hi_x, lo_y, hi_y):
        cut = [
            name
            for name, hidden in (("north", y1 < hi_y), ("east", x1 < hi_x), ("south", y0 > lo_y), ("west", x0 > lo_x))
            if hidden
        ]
        notes.append("(map cut around you: more rooms lie " + ", ".join(cut) + ")")
    return range(x0, x1 + 1), range(y1, y0 - 1, -1), notes


def _cut(lo: int, hi: int, at: int, size: int) -> tuple[int, int]:
    if hi - lo + 1 <= size:
        return lo, hi
    start = min(max(lo, at - size // 2), hi - size + 1)
    return start, start + size - 1


def _map(state: RpgState) -> list[str]:
    grid = state.grid
    cols, rows, notes = _window(state)

    def horizontal_wall(y_below: int) -> str:
        """The line between row y_below + 1 (above) and y_below (below)."""
        out = []
        for x in cols:
            above, below = (x, y_below + 1), (x, y_below)
            corner_cells = [(x - 1, y_below), (x, y_below), (x - 1, y_below + 1), (x, y_below + 1)]
            out.append("+" if any(c in grid for c in corner_cells) else " ")
            if above in grid or below in grid:
                has_door = (below in grid and "n" in grid[below].doors) or (above in grid and "s" in grid[above].doors)
                out.append("- -" if has_door else "---")
            else:
                out.append("   ")
        last = cols[-1] + 1
        corner_cells = [(last - 1, y_below), (last, y_below), (last - 1, y_below + 1), (last, y_below + 1)]
        out.append("+" if any(c in grid for c in corner_cells) else " ")
        return "".join(out).rstrip()

    def room_row(y: int) -> str:
        out = []
        for x in list(cols) + [cols[-1] + 1]:
            left, right = (x - 1, y), (x, y)
            if left in grid or right in grid:
                door = (left in grid and "e" in grid[left].doors) or (right in grid and "w" in grid[right].doors)
                out.append(" " if door else "|")
            else:
                out.append(" ")
            if x <= cols[-1]:
                out.append(_cell(state, (x, y)))
        return "".join(out).rstrip()

    lines = [horizontal_wall(rows[0])]
    for y in rows:
        lines.append(room_row(y))
        lines.append(horizontal_wall(y - 1))
    return lines + notes


def render(state: RpgState) -> str:
    head = (
        f"turn {state.turn} of {state.last_turn}  room deck {len(state.stock['rooms'])}  "
        f"lockpicks {state.lockpicks}  treasure {state.treasure}"
    )
    stats = f"you: armor {state.armor or '-'}  health {state.health or '-'}  attack {state.attack or '-'}"
    lines = [head, stats, ""] + _map(state) + [LEGEND]
    room = state.room
    if room.monster is not None:
        back = SIDE_NAMES.get(state.back_side or "", "")
        lines.append(f"here: monster {monster_text(room.monster)} (armor/health/attack); the way out is back {back}")
    if state.news and state.phase is not Phase.OVER:  # at the end, the last turn's line says it
        lines.append("this turn: " + "; ".join(state.news))
    if state.phase is Phase.OVER:
        result = state.result()
        assert state.ending is not None  # every game over names its ending
        lines.append(f"game over: {ENDINGS[state.ending]} ({result})")
    elif state.phase is Phase.DECISION:
        step = state.step
        assert step is not None  # a decision waits on the turn's first step
        if step[0] == CHOOSE:
            assert state.gear is not None  # a CHOOSE step waits on a drawn gear card
            old = state.stat(state.gear.suit)
            lines.append(f"drawn {state.gear}, higher than your {old or 'nothing'}: keep or drop")
        elif state.step == (AGAIN,):
            lines.append(f"the lock held: pick again ({lockpicks_text(state.lockpicks)} left), stop, or resign")
        else:
            free = " ".join(free_doors(state.grid, state.pos)) if room.monster is None else ""
            ways = [s for s in "nesw" if state.move_problem(s) is None]
            fights = [f"x{s}" for s in "nesw" if state.fight_problem(s) is None]
            if state.hand is None:
                options = ["no room card is left to place"]
            else:
                options = [f"place it beyond a free door ({free})" if free else "no room can be placed from here"]
            if ways:
                options.append(f"move ({' '.join(ways)})")
            if fights:
                options.append(f"go in and fight ({' '.join(fights)})")
            if room.is_exit and state.lockpicks:
                options.append("pick the lock")
            what = f"room card {state.hand}" if state.hand is not None else "no room card"
            lines.append(f"{what}: " + "; ".join(options + ["resign"]))
    out: list[str] = []
    for line in lines:
        out.extend(textwrap.wrap(line, WIDTH, subsequent_indent="  ") if len(line) > WIDTH else [line])
    return "\n".join(out)
