"""What a simulation run's outcomes say: the win rate with its confidence interval, the
mean moves, the mean score of the wins and of the losses apart (a win's score and a
loss's mean different things), and the scores as a text histogram; and the one way a
rate is written as a percentage, here and in ``dungeon summary``. Separate from running the
games, which knows nothing of how they are reported."""

from __future__ import annotations

import math
from collections import Counter
from typing import TYPE_CHECKING, Iterable, Optional

if TYPE_CHECKING:  # a solve run's summary need not load the simulation
    from ..plumbing.report import JsonObject
    from .simulate import Outcome


def wilson(wins: int, games: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval for a win rate (95% by default): sound at 0 and at
    every win, where the normal approximation gives nonsense."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    low = 0.0 if wins == 0 else max(0.0, centre - half)  # exact at the ends, not 1e-19 off
    high = 1.0 if wins == games else min(1.0, centre + half)
    return low, high


class OutcomeTally:
    """A run's outcomes counted as they come: wins, moves and scores, and how many games
    ended on each score. Memory grows with the scores seen, not the games played."""

    def __init__(self, outcomes: Iterable[Outcome] = ()) -> None:
        self.games = 0
        self.wins = 0
        self.moves = 0
        self.win_score = 0
        self.loss_score = 0
        self.squares = 0  # the scores squared, for the mean score's interval
        self.scores: Counter[tuple[bool, int]] = Counter()
        self.add(outcomes)

    def add(self, outcomes: Iterable[Outcome]) -> None:
        scores = self.scores
        for o in outcomes:
            self.games += 1
            self.wins += o.won
            self.moves += o.moves
            if o.won:
                self.win_score += o.score
            else:
                self.loss_score += o.score
            self.squares += o.score * o.score
            scores[o.won, o.score] += 1

    def summary(self) -> JsonObject:
        games, wins = self.games, self.wins
        low, high = wilson(wins, games)
        return {
            "games": games,
            "wins": wins,
            "win_rate": wins / games if games else 0.0,
            "ci_low": low,
            "ci_high": high,
            "mean_moves": self.moves / games if games else 0.0,
            "mean_win_score": self.win_score / wins if wins else None,
            "mean_loss_score": self.loss_score / (games - wins) if games > wins else None,
            "mean_score": self.mean_score()[0],
        }

    def mean_score(self) -> tuple[Optional[float], float]:
        """The mean score over every game (RPG solitaire's expected treasure: a loss
        carries out 0) and the half width of its 95% interval (normal; 0 from one game)."""
        games = self.games
        if not games:
            return None, 0.0
        total = self.win_score + self.loss_score
        mean = total / games
        if games < 2:
            return mean, 0.0
        variance = max(0.0, (self.squares - games * mean * mean) / (games - 1))
        return mean, 1.959964 * math.sqrt(variance / games)

    def histogram(self, width: int = 40, max_rows: int = 16) -> list[str]:
        return score_rows(self.scores, width, max_rows)


def score_rows(scores: Counter[tuple[bool, int]], width: int = 40, max_rows: int = 16) -> list[str]:
    """How many games ended on each (won, score), as text rows ``label | bar count``,
    losses then wins (a game's score means something else in each: Clear the Dungeon
    scores both from 0 up). One row per score when few, else equal bins; bars share one
    scale."""
    rows: list[tuple[str, int]] = []
    for won in (False, True):
        values = sorted(score for w, score in scores if w == won)
        if not values:
            continue
        low, high = values[0], values[-1]
        step = max(1, math.ceil((high - low + 1) / max_rows))
        counts: dict[int, int] = {}
        for v in values:
            start = low + (v - low) // step * step
            counts[start] = counts.get(start, 0) + scores[won, v]
        word = "win" if won else "loss"
        for start in range(low, high + 1, step):
            label = f"{word} {start}" if step == 1 else f"{word} {start}..{min(start + step - 1, high)}"
            rows.append((label, counts.get(start, 0)))
    if not rows:
        return []
    pad = max(len(label) for label, _ in rows)
    most = max(count for _, count in rows)
    out = []
    for label, count in rows:
        bar = "#" * round(width * count / most) if count else ""
        if count and not bar:
            bar = "."
        out.append(f"{label.rjust(pad)} | {bar + ' ' if bar else ''}{count}")
    return out


def percent(rate: float) -> str:
    """1.2%, or 0.04% below one percent: a small interval's bound is not rounded to 0.
    Every table of rates (``sim``, ``solve --seeds``, ``summary``) writes them so."""
    return f"{100 * rate:.1f}%" if rate == 0 or rate >= 0.01 else f"{100 * rate:.2f}%"


def histogram(outcomes: Iterable[Outcome], width: int = 40, max_rows: int = 16) -> list[str]:
    return OutcomeTally(outcomes).histogram(width, max_rows)


def summarise(outcomes: Iterable[Outcome]) -> JsonObject:
    return OutcomeTally(outcomes).summary()


# The columns of ``sim``'s one-row table, and the row of a run
SIM_HEADERS = (
    "game",
    "bot",
    "variant",
    "games",
    "wins",
    "win rate",
    "95% CI",
    "mean moves",
    "mean win score",
    "mean loss score",
    "games/s",
)


def sim_row(tally: OutcomeTally, game: str, bot: str, variant: str | None, count: int, seconds: float) -> list[object]:
    """``sim``'s row of a run: what was played, by whom, the win rate with its interval,
    the mean moves and scores, and the speed (``count`` games in ``seconds``)."""
    s = tally.summary()
    return [
        game,
        bot,
        variant or "-",
        s["games"],
        s["wins"],
        percent(s["win_rate"]),
        f"{percent(s['ci_low'])}-{percent(s['ci_high'])}",
        f"{s['mean_moves']:.1f}",
        *("-" if s[key] is None else f"{s[key]:.1f}" for key in ("mean_win_score", "mean_loss_score")),
        f"{count / seconds:,.0f}" if seconds > 0 else "-",
    ]
