"""RPG solitaire's greedy bot.

Never resigns while anything else is legal. Keeps a gear card only when it beats the
stat it would replace. At the exit with a lockpick it picks the lock, and tries again
while the lock holds and lockpicks last. Otherwise it explores: it places the turn's room
card with as many doors as it may have (more doors, fewer dead ends), and otherwise it
walks one step along the shortest way to a room with a free door, or to
the exit when it holds a lockpick, going into a monster's room to fight it when that is
the way (``xe``). The rules end every game (the torch, rules page section 10);
``GIVE_UP`` is only a guard.
"""

from __future__ import annotations

import random
from collections import deque

from ...kit.bot import Bot
from .grid import OPPOSITE, SIDES, STEP, Pos, beyond, has_free_door
from .rules import DROP, KEEP, PICK, RESIGN, STAT_OF_SUIT, Action, Fight, MoveTo, Place, RpgState, higher

GIVE_UP = 400


class GreedyBot(Bot[RpgState]):
    name = "greedy"
    summary = "explores with the most doors, keeps better gear, picks the lock at the exit"

    def choose(self, state: RpgState, rng: random.Random) -> Action:
        s = state
        actions = s.legal_actions()
        if s.turn >= GIVE_UP:
            return RESIGN
        if KEEP in actions:
            gear = s.gear
            keep = gear is not None and gear.suit in STAT_OF_SUIT and higher(gear, s.stat(gear.suit))
            return KEEP if keep else DROP
        if PICK in actions:
            return PICK
        places = [a for a in actions if isinstance(a, Place)]
        if places:
            return max(places, key=lambda a: len(a.doors))
        moves = [a for a in actions if isinstance(a, (MoveTo, Fight))]
        if moves:
            return min(moves, key=lambda a: _distance(s, beyond(s.pos, a.side)))
        return next((a for a in actions if a is not RESIGN), RESIGN)


def _distance(state: RpgState, start: Pos) -> int:
    """Steps from ``start`` to the nearest room worth reaching (a free door, or the exit
    with a lockpick in hand), through joined rooms; a large number if there is none."""
    grid = state.grid
    seen = {start}
    queue = deque([(start, 0)])
    while queue:
        pos, steps = queue.popleft()
        room = grid.get(pos)
        if room is None:
            continue
        if has_free_door(grid, pos) or (room.is_exit and state.lockpicks):
            return steps
        x, y = pos
        for side in SIDES:  # the rooms joined to this one (``grid.joined``, both rooms known to be placed)
            dx, dy = STEP[side]
            nxt = (x + dx, y + dy)
            if nxt not in seen and nxt in grid and (side in room.doors or OPPOSITE[side] in grid[nxt].doors):
                seen.add(nxt)
                queue.append((nxt, steps + 1))
    return 10**6
