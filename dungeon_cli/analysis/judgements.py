"""What a judgement of a decision is, apart from how it is made: the figures that
``analyse`` prints, writes into a record and draws on a page, and that ``hint`` gives
at the prompt, so each reader takes them from one place.

*Fair* (``Fair``): from what the player could see at that moment only, orders of the
unseen cards are dealt consistently with everything seen, the same orders for every
choice, and each choice is played out on each by the game's strong player. Before the
decision: the best choice's chance of winning; after it: the played choice's. A 95%
interval (Wilson) says how far sampling can be trusted. A game played for its score
(``core.Objective.SCORE``: RPG solitaire's treasure) is judged by the expected score
instead, with its normal 95% interval (``Fair.word``).

*Hindsight* (``Hindsight``): with the deal known in full (the record's Seed, or every
card shown), the best result still reachable before and after the decision.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Optional, TypedDict

from notation import Record

from ..kit.core import AnyState, Objective, Result
from ..kit.game_module import GameModule
from ..plumbing.report import JsonObject
from ..services import move_classes as classes
from ..services.move_classes import MoveClass
from ..services.referee import Verdict
from ..services.sim_summary import wilson
from ..solver.lookahead import Stream

HINDSIGHT_SECONDS = 10.0  # per position; past it the figure is the best found, not proven

# The marks written into a record (notation/SPEC.md, "Analysis comments"): each class's.
BLUNDER, MISTAKE, INACCURACY, ONLY = "??", "?", "?!", "!"


@dataclass
class Fair:
    """A choice's figures over the sampled orders. ``word``: a game played for its score
    (``core.Objective.SCORE``) names it ("treasure"), and the choice is judged by its
    expected score, ``spread`` its standard deviation over the orders; None: by its
    chance of winning. ``scale``: the expected score that ``rate`` is a share of (the
    best choice's at that decision), so that the classes, the accuracy and the chart
    read a choice's expected score as they read a chance of winning."""

    choice: str  # the choice's first action, as a record writes it
    wins: int
    plays: int
    mean_score: float
    exact: bool = False  # every order was played, not a sample
    # the strong player's way through from here, its first action the choice (not written out)
    line: tuple[Any, ...] = field(default=(), repr=False, compare=False)
    word: Optional[str] = None
    spread: float = 0.0
    scale: float = 0.0

    @property
    def win_rate(self) -> float:
        return self.wins / self.plays if self.plays else 0.0

    @property
    def rate(self) -> float:
        """The chance of winning; by score, the expected score as a share of ``scale``
        (1 when the scale is 0: nothing to lose)."""
        if self.word is None:
            return self.win_rate
        return self.mean_score / self.scale if self.scale > 0 else 1.0

    @property
    def value(self) -> float:
        """What the choice is judged by: its chance of winning, or its expected score."""
        return self.win_rate if self.word is None else self.mean_score

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% interval of ``value``: Wilson's for a chance of winning, the normal
        one for an expected score (unbounded from fewer than two orders)."""
        if self.exact:
            return self.value, self.value
        if self.word is None:
            return wilson(self.wins, self.plays)
        if self.plays < 2:
            return -math.inf, math.inf
        half = 1.959964 * self.spread / math.sqrt(self.plays)
        return self.mean_score - half, self.mean_score + half

    @property
    def share_interval(self) -> tuple[float, float]:
        """``interval`` in the units of ``rate``."""
        low, high = self.interval
        if self.word is None:
            return low, high
        return (low / self.scale, high / self.scale) if self.scale > 0 else (1.0, 1.0)

    def figure(self) -> str:
        """The value as a table writes it: ``40%``, or ``23.1`` (an expected score)."""
        return percent(self.value) if self.word is None else f"{self.mean_score:.1f}"

    def as_json(self) -> JsonObject:
        low, high = self.interval
        out: JsonObject = {
            "choice": self.choice,
            "win_rate": round(self.win_rate, 4),
            "interval": [round(low, 4) if math.isfinite(low) else None, round(high, 4) if math.isfinite(high) else None],
            "mean_score": round(self.mean_score, 2),
            "samples": self.plays,
            "exact": self.exact,
        }
        if self.word is not None:
            out["judged_by"] = self.word  # the interval is the expected score's
        return out


@dataclass
class Hindsight:
    """The best win still reachable with the deal known (``result`` None: no win, or
    none found when not ``proven``); ``proven`` when the search finished."""

    result: Optional[Result]
    proven: bool

    @property
    def won(self) -> bool:
        return self.result is not None

    def as_json(self) -> JsonObject:
        return {"win": self.won, "score": self.result.score if self.result is not None else None, "proven": self.proven}

    def text(self) -> str:
        """Proven: the best win, or "no win". Cut short by its limit: the win found is a
        bound ("at least"), and none found says nothing: "undecided", never "no win"."""
        if self.proven:
            return f"{self.result}" if self.result is not None else "no win"
        return f"at least {self.result} (not proven)" if self.result is not None else "undecided (not proven)"


class Decision(TypedDict, total=False):
    """One decision of a record as ``Judge`` collects it (``move`` and ``line`` once its
    move line is read; ``before`` and ``after`` dealt again when the record shows the
    deal)."""

    seen: AnyState  # what the player saw (a PlayerView's state)
    before: AnyState
    action: Any
    after: AnyState
    text: str  # the action as the record writes it
    stream: Optional[Stream]  # the chance still to come, as the seed answers it
    event: int  # its place among the judge's events
    move: int
    line: int


@dataclass
class Judgement:
    move: int  # the move line's number
    line: int  # where the move line is, for comments
    action: str  # as the record writes it
    best: Optional[Fair] = None  # fair, before: the best choice
    played: Optional[Fair] = None  # fair, after: the choice played
    before: Optional[Hindsight] = None
    after: Optional[Hindsight] = None
    mark: str = ""
    cls: Optional[MoveClass] = None  # None: not judged fairly
    unlucky: bool = False  # a fair choice, and in hindsight a win was lost by it
    # the other choices' fair figures (best of each first action), for the only move
    others: list[Fair] = field(default_factory=list, repr=False)
    # what the judgement was made from (not written out): the player's view, the
    # state with the deal known, the action and the state it led to
    position: Optional[Decision] = field(default=None, repr=False)

    @property
    def loss(self) -> Optional[float]:
        """Points of fair winning chance lost by this decision (None: not judged fairly)."""
        if self.best is None or self.played is None:
            return None
        return max(0.0, 100 * (self.best.rate - self.played.rate))

    def as_json(self) -> JsonObject:
        loss = self.loss
        return {
            "move": self.move,
            "action": self.action,
            "mark": self.mark,
            "class": self.cls.value if self.cls is not None else None,
            "loss": None if loss is None else round(loss, 2),
            "unlucky": self.unlucky,
            "fair": None
            if self.best is None
            else {"before": self.best.as_json(), "after": self.played.as_json() if self.played else None},
            "hindsight": None
            if self.before is None
            else {
                "before": self.before.as_json(),
                "after": self.after.as_json() if self.after else None,
            },
        }


@dataclass
class Analysis:
    record: Record
    verdict: Verdict
    judgements: list[Judgement] = field(default_factory=list)
    hindsight_note: Optional[str] = None  # why there is no hindsight judgement
    fair_note: Optional[str] = None
    # what the better lines of ``annotate`` are made with: the walk's every event, the
    # analysis's generator and the search's limits
    events: list[tuple[AnyState, Any]] = field(default_factory=list, repr=False)
    seed: int = 0
    seconds: Optional[float] = HINDSIGHT_SECONDS
    nodes: Optional[int] = None

    @property
    def accuracy(self) -> Optional[float]:
        """The game's accuracy, 0..100, over the decisions judged fairly (None: none)."""
        return classes.game_accuracy(
            [(j.best.rate, j.played.rate) for j in self.judgements if j.best is not None and j.played is not None]
        )


def judged_by(module: GameModule[Any, Any]) -> Optional[str]:
    """The word of the score a game's decisions are judged by (``Fair.word``: "treasure"
    in RPG solitaire, whose objective is its score), None: by the chance of winning."""
    game = module.game
    return game.score_word if game.objective is Objective.SCORE else None


def fair_of(choice: str, tally: Any, exact: bool, word: Optional[str], scale: float = 0.0) -> Fair:
    """A choice's ``Fair`` figures from its tally (``kit.sampling.Tally``)."""
    return Fair(choice, tally.wins, tally.plays, tally.mean_score, exact, tuple(tally.actions), word, tally.spread, scale)


def percent(rate: float) -> str:
    return f"{100 * rate:.0f}%"
