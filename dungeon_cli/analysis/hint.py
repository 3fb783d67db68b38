"""``hint`` in ``dungeon play``: the strong player's choice at this point, and its
chance of winning, from what the player can see only.

The session's states know the deal in a seeded game (that is how its dealer deals), so
the hint never reads them: it replays the game's events into a ``PlayerView`` (a pile
it has not seen is a multiset there) and asks the strong player about that view. Its
samples come from a generator of its own, seeded by the position's length, so asking
twice gives the same answer and nothing of the deal's generator is touched.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any, Mapping, Optional, Sequence, cast

from .. import bots
from ..kit.bot import Bot
from ..kit.core import Phase, State
from ..kit.game_module import GameModule
from ..kit.player_view import PlayerView
from ..kit.sampling import halving
from . import Fair

SAMPLES = 200
SECONDS = 0.6  # past this the best choice so far is named, with the deals it was played on


LEADING = 3  # the choices named when none is told apart


@dataclass
class Hint:
    action: Any
    text: str  # as the record would write it
    fair: Fair
    separated: bool = True  # its interval lies above every other choice's: it is the best
    leading: tuple[Fair, ...] = ()  # the best few by their figures, this one first


def available(module: GameModule[Any, Any]) -> bool:
    """Whether the game has a player to ask (its strong bot): ``play`` offers ``hint``
    only then (``bots.has_strong``, the one place that says so)."""
    return bots.has_strong(module.game.name)


def hint(
    module: GameModule[Any, Any],
    variant: Optional[str],
    options: Mapping[str, Any],
    events: Sequence[tuple[State, Any]],
    samples: int = SAMPLES,
    seconds: Optional[float] = SECONDS,
    start: Optional[State] = None,
) -> Optional[Hint]:
    """The strong player's choice after ``events`` (every event of the game so far,
    draws included); None when the game has no strong player or no decision is due.
    The choices are halved over the deals (``sampling.halving``), so the one named has
    been played on all ``samples`` deals, or on as many as ``seconds`` allowed. It is
    ``separated`` only when its 95% interval lies above every other choice's (or every
    order was played): else the hint cannot tell in the time, and says the leading few.
    ``start``: the state a game from a Position began at (``events`` are those since)."""
    began = time.monotonic()
    strong = bots.strong(module.game.name)
    if strong is None:
        return None
    view = PlayerView(module, variant, options, start)
    for _, action in events:
        view.observe(action)
    seen = view.state
    if seen.phase is not Phase.DECISION:
        return None
    cast(Bot[Any], strong).begin(module, variant, options, module.game.start(variant, options, None))
    rng = random.Random(f"hint/{len(events)}")
    deals = strong.deals(seen, rng, samples, exhaustive=True)
    deadline = None if seconds is None else began + seconds
    cands = strong.candidates(seen)
    top = halving(strong.evaluate_on, seen, cands, deals, deadline)
    exact = top.plays == len(deals) and (len(deals) < samples or strong.unseen(seen) == 0)
    action = top.actions[0]
    text = module.notation.action_text(seen, action)
    fair = Fair(text, top.wins, top.plays, top.mean_score, exact)
    # a choice is named by its first action: the others that begin alike name the same one
    figures = [Fair(module.notation.action_text(seen, c.actions[0]), c.wins, c.plays, c.mean_score, exact) for c in cands]
    others = [f for f in figures if f.choice != text]
    separated = exact or all(other.plays and fair.interval[0] > other.interval[1] for other in others)
    best: dict[str, Fair] = {}
    for other in sorted(others, key=lambda f: (f.plays > 0, f.rate, f.mean_score), reverse=True):
        best.setdefault(other.choice, other)
    return Hint(action, text, fair, separated, (fair, *list(best.values())[: LEADING - 1]))
