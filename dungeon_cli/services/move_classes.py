"""Move classes and a game's accuracy, from the fair judgement's loss of winning chance,
and their written form in an analysed record (notation/SPEC.md, "Analysis comments").

A decision's *loss* is the best choice's fair chance of winning before it minus the
played choice's after it, in percentage points. The classes and the accuracy figure
are functions of losses only (no game rules, no sampling here), so a tool that reads
analysed records (``dungeon stats``, puzzles) reads them back with ``read_comment``
and ``accuracy_tag`` instead of analysing again.

Thresholds, in points (notation/SPEC.md says why, with the table): lichess classes a
fall of 5 / 10 / 15 points of win percentage (0.1 / 0.2 / 0.3 of its winning chances
on -1..1) as an inaccuracy / mistake / blunder. These games are won far less often (the
strong player wins about 38% of Scoundrel deals, and its fair figure early in a deal is
a few percent), so a fall of 10 points is a large share of a player's chance and the
small steps are kept; but the figures are sampled (100 orders: about ±10 points at
40%), so no class worse than ``good`` is given unless the fall is clear (the played
choice's 95% interval lies wholly below the best choice's figure), and a blunder is a
fall of 20 points: half of a strong player's whole chance at a Scoundrel deal's start.
"""

from __future__ import annotations

import enum
import math
import re
import statistics
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable, Optional, Sequence

if TYPE_CHECKING:
    from notation import Record

# Losses, in percentage points of the fair chance of winning.
EXCELLENT_BELOW = 2.0  # a loss under this: excellent (one sampled order in fifty)
GOOD_BELOW = 5.0
INACCURACY_FROM = 5.0
MISTAKE_FROM = 10.0
BLUNDER_FROM = 20.0
ONLY_MARGIN = MISTAKE_FROM  # every other choice would have been a clear mistake at least

ACCURACY_TAG = "Accuracy"


class MoveClass(enum.StrEnum):
    """A judged decision's class; its value is the word an analysed record writes."""

    ONLY = "only"  # the best, and every other choice clearly loses MISTAKE_FROM or more
    BEST = "best"
    EXCELLENT = "excellent"
    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"

    @property
    def mark(self) -> str:
        """The PGN-style mark written before the class ("" for none)."""
        return _MARKS.get(self, "")

    @property
    def marked(self) -> bool:
        return self in _MARKS


_MARKS = {
    MoveClass.ONLY: "!",
    MoveClass.INACCURACY: "?!",
    MoveClass.MISTAKE: "?",
    MoveClass.BLUNDER: "??",
}
MARKS = {cls.mark: cls for cls in _MARKS}  # a mark's class, for readers


def classify(loss: float, clear: bool, only: bool = False) -> MoveClass:
    """A decision's class from its ``loss`` (points); ``clear``: the fall lies beyond the
    sampling's 95% interval; ``only``: the played choice was the one clearly best (see
    ``is_only``). An unclear fall is never worse than ``good``."""
    if loss <= 0:
        return MoveClass.ONLY if only else MoveClass.BEST
    if loss < EXCELLENT_BELOW:
        return MoveClass.EXCELLENT
    if loss < INACCURACY_FROM or not clear:
        return MoveClass.GOOD
    if loss < MISTAKE_FROM:
        return MoveClass.INACCURACY
    if loss < BLUNDER_FROM:
        return MoveClass.MISTAKE
    return MoveClass.BLUNDER


def is_only(best_rate: float, others: Iterable[tuple[float, float]]) -> bool:
    """The best choice (its fair rate, 0..1) is the only move when there are other
    choices and each (its rate and the top of its 95% interval) is clearly below it by
    ``ONLY_MARGIN`` points or more: anything else would have been a clear mistake."""
    seen = False
    for rate, high in others:
        seen = True
        if high >= best_rate or 100 * (best_rate - rate) < ONLY_MARGIN:
            return False
    return seen


def move_accuracy(loss: float) -> float:
    """One decision's accuracy, 0..100, from its loss in points: lichess's curve on win
    percentage, ``103.1668·e^(−0.04354·Δ) − 3.1669``, clamped (no loss: 100)."""
    if loss <= 0:
        return 100.0
    return max(0.0, min(100.0, 103.1668100711649 * math.exp(-0.04354415386753951 * loss) - 3.166924740191411))


def game_accuracy(chances: Sequence[tuple[float, float]]) -> Optional[float]:
    """One figure for a game, 0..100, from each judged decision's fair chance of winning
    before (the best choice) and after (the played one), as rates 0..1, in order; None
    when no decision was judged fairly.

    lichess's mix, adapted: the mean of (1) the decisions' accuracies weighted by the
    game's volatility around each (the standard deviation of the chance over a sliding
    window of the chances, clamped to 0.5..12 points) and (2) their harmonic mean (each
    accuracy at least 1, so one total loss weighs heavily without making the figure 0).
    The chance sequence is every decision's "before" and the last one's "after"; the
    window is a tenth of the decisions, 2 to 8, padded at the start as lichess does."""
    if not chances:
        return None
    losses = [max(0.0, 100 * (before - after)) for before, after in chances]
    accuracies = [move_accuracy(loss) for loss in losses]
    points = [100 * before for before, _ in chances] + [100 * chances[-1][1]]
    size = max(2, min(8, len(chances) // 10))
    windows = [points[:size]] * (min(size, len(points)) - 2) + [
        points[i : i + size] for i in range(0, max(1, len(points) - size + 1))
    ]
    weights = [max(0.5, min(12.0, statistics.pstdev(w))) for w in windows[: len(accuracies)]]
    weighted = sum(a * w for a, w in zip(accuracies, weights)) / sum(weights)
    harmonic = len(accuracies) / sum(1 / max(1.0, a) for a in accuracies)
    return (weighted + harmonic) / 2


def accuracy_text(accuracy: float) -> str:
    """The Accuracy tag's value: percent, one decimal."""
    return f"{accuracy:.1f}"


def accuracy_tag(record: Record) -> Optional[float]:
    """The record's ``[Accuracy "NN.N"]`` as written by ``analyse -o``; None when it has
    none or its value is not a figure 0..100."""
    value = record.tag_value(ACCURACY_TAG)
    if value is None or not _ACCURACY.fullmatch(value):
        return None
    figure = float(value)
    return figure if 0 <= figure <= 100 else None


_ACCURACY = re.compile(r"\d{1,3}(?:\.\d)?")


@dataclass(frozen=True)
class Note:
    """One judged decision as an analysis comment writes it."""

    action: str
    cls: Optional[MoveClass]  # None: judged in hindsight only
    before: Optional[int] = None  # fair chance of winning, percent, best choice before
    after: Optional[int] = None  # the played choice's after
    better: Optional[str] = None  # the better choice, when another did better
    unlucky: bool = False  # a fair choice, but a win reachable with the deal known was lost

    @property
    def mark(self) -> str:
        return self.cls.mark if self.cls is not None else ""

    @property
    def loss(self) -> Optional[int]:
        """Points of winning chance lost (as written: whole percents)."""
        if self.before is None or self.after is None:
            return None
        return max(0, self.before - self.after)


_CLASS_WORDS = "|".join(c.value for c in MoveClass)
_NOTE = re.compile(
    r"(?:(?P<mark>\?\?|\?!|\?|!) )?(?:(?P<cls>" + _CLASS_WORDS + r") )?(?:(?P<unlucky>unlucky) )?"
    r"(?P<action>[^\s:][^:]*?):(?P<rest>.*)"
)
_FAIR = re.compile(r"fair win (\d+)% -> (\d+)%")
# a game judged by its expected score (RPG solitaire's treasure): read as the share of the best kept
_FAIR_SCORE = re.compile(r"fair [a-z]+ (-?\d+(?:\.\d+)?) -> (-?\d+(?:\.\d+)?)")
# an action may be several tokens (Clear the Dungeon's attack)
_BETTER = re.compile(r"\(better (\S.*?) (?:\d+%|-?\d+(?:\.\d+)?)\)")


def read_comment(text: str) -> list[Note]:
    """The judged decisions in one analysis comment (its text, with or without the
    leading ``#``); [] when it is not one (an ordinary comment)."""
    text = text.strip()
    if text.startswith("#"):
        text = text[1:].strip()
    notes = []
    for part in text.split("; "):
        found = _NOTE.fullmatch(part.strip())
        if found is None:
            return []
        cls = MoveClass(found["cls"]) if found["cls"] else None
        if found["mark"] and (cls is None or cls.mark != found["mark"]):
            return []  # a mark must agree with its class: not an analysis comment
        rest = found["rest"]
        fair = _FAIR.search(rest) or _score_note(rest)
        if cls is None and found["unlucky"] is None:
            return []
        if (cls is None) != (fair is None) or (fair is None and "hindsight" not in rest):
            return []
        better = _BETTER.search(rest)
        notes.append(
            Note(
                action=found["action"],
                cls=cls,
                before=int(fair[1]) if fair else None,
                after=int(fair[2]) if fair else None,
                better=better[1] if better else None,
                unlucky=found["unlucky"] is not None,
            )
        )
    return notes


def _score_note(rest: str) -> Optional[tuple[str, str, str]]:
    """``fair treasure 23.1 -> 20.4`` read as ``fair win`` is: the best choice at 100
    and the played one at its share of the best's expected score, in whole percents
    (the points of a loss are those the analysis classed it by)."""
    found = _FAIR_SCORE.search(rest)
    if found is None:
        return None
    best, played = float(found[1]), float(found[2])
    share = round(100 * played / best) if best > 0 else 100
    return (found[0], "100", str(max(0, share)))


def write_note(note_head: Note, figures: str) -> str:
    """One decision's comment text: ``[MARK ][CLASS ][unlucky ]ACTION: FIGURES``."""
    words = [
        w for w in (note_head.mark, note_head.cls.value if note_head.cls else "", "unlucky" if note_head.unlucky else "") if w
    ]
    return " ".join(words + [f"{note_head.action}: {figures}"])


def record_notes(record: Record) -> list[Note]:
    """Every judged decision noted in a record's comments, in order."""
    found: list[Note] = []
    for move in record.moves:
        for text in list(move.comments) + [t for _, t in move.segments if t]:
            found.extend(read_comment(text))
    return found
