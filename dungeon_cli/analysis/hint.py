"""``hint`` in ``dungeon play``: the strong player's choice at this point, and its
chance of winning (in RPG solitaire, played for its treasure: its expected treasure),
from what the player can see only, or the leading few when it cannot tell them apart.

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
from ..kit.core import AnyState, Phase
from ..kit.game_module import GameModule
from ..kit.player_view import PlayerView
from ..kit.sampling import race
from .judgements import Fair, fair_of, judged_by

SAMPLES = 200
SECONDS = 0.6  # past this the race stops: the best choice is named only if it was told apart by then


LEADING = 3  # the choices named when none is told apart


@dataclass
class Hint:
    action: Any
    text: str  # as the record would write it
    fair: Fair
    separated: bool = True  # every other choice was ruled out on the same deals: it is the best
    leading: tuple[Fair, ...] = ()  # the best few by their figures, this one first
    deals: int = 0  # the deals every choice still in was played on
    alike: tuple[str, ...] = ()  # other choices that did as this one on every deal: as good as it


def available(module: GameModule[Any, Any]) -> bool:
    """Whether the game has a player to ask (its strong bot): ``play`` offers ``hint``
    only then (``bots.has_strong``, the one place that says so)."""
    return bots.has_strong(module.game.name)


def hint(
    module: GameModule[Any, Any],
    variant: Optional[str],
    options: Mapping[str, Any],
    events: Sequence[tuple[AnyState, Any]],
    samples: int = SAMPLES,
    seconds: Optional[float] = SECONDS,
    start: Optional[AnyState] = None,
) -> Optional[Hint]:
    """The strong player's choice after ``events`` (every event of the game so far,
    draws included); None when the game has no strong player or no decision is due.

    The choices race over the deals (``sampling.race``): each deal is played by every
    choice still in, the same deal for all, and a choice drops out once the leader
    beats it on the same deals beyond doubt; the race ends when one is left, after
    ``samples`` deals, or at ``seconds``. The choice is ``separated`` (named as the
    best) only when every other was ruled out so (or every order was played and it
    did best): else the hint cannot tell in the time, and says the leading few. A game
    played for its score (RPG solitaire's treasure) is judged by its expected score.
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
    every = len(deals) < samples or strong.unseen(seen) == 0  # the deals are every order there is
    found = race(strong.evaluate_on, seen, cands, deals, deadline, exhaustive=every, name=lambda c: c.actions[0])
    top = found.order[0]
    exact = every and top.plays == len(deals)
    word = judged_by(module)
    text = module.notation.action_text

    def figures(cand: Any) -> Fair:
        return fair_of(text(seen, cand.actions[0]), cand, exact and cand.plays == len(deals), word)

    fair = figures(top)
    # a choice is named by its first action: the others that begin alike name the same one
    best: dict[str, Fair] = {}
    for cand in found.order[1:]:
        other = figures(cand)
        if other.choice != fair.choice:
            best.setdefault(other.choice, other)
    alike = tuple(dict.fromkeys(t for t in (text(seen, c.actions[0]) for c in found.alike) if t != fair.choice))
    leading = (fair, *list(best.values())[: LEADING - 1])
    return Hint(top.actions[0], fair.choice, fair, found.separated, leading, found.deals, alike)
