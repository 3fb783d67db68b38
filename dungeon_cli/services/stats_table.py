"""``dungeon stats``: a player's games over time, per group of records (game, variant,
player, month): games, wins, the win rate with its 95% interval, the mean treasure of
a game played for its score (RPG solitaire), mean accuracy of the analysed ones, the
costliest class of mistake, and streaks.

Each record is judged by the referee as ``summary`` judges it (a result is computed
from the moves, never read from a ``Result`` tag), and counted only when it is a
finished legal game. Accuracy and move classes are read from what ``analyse -o``
wrote (the ``Accuracy`` tag, the classes in its comments: ``services.move_classes``); a
record without them counts as not analysed: stats never analyses. A group keeps
tallies only, so any number of records costs the same memory.

Streaks are counted in the order the records are read: a directory's files by name
(``play`` names them by date and time), a file's records from the top.
"""

from __future__ import annotations

import re
from typing import Any, Iterable, Optional

from notation import Record

from .move_classes import MoveClass, accuracy_tag, record_notes
from .summary_table import SummaryRow, TableRun
from .table_text import render_fitted

BY = ("game", "variant", "player", "month")
COSTLY = (MoveClass.INACCURACY, MoveClass.MISTAKE, MoveClass.BLUNDER)
_MONTH = re.compile(r"([0-9]{4}-[0-9]{2})-[0-9]{2}")


def month(date: str) -> str:
    """``YYYY-MM`` of a ``Date`` tag's ``YYYY-MM-DD``; "" when it has none or another form."""
    found = _MONTH.fullmatch(date)
    return found[1] if found else ""


class PlayedGame:
    """What stats keeps of one record: the group's fields and how the game went."""

    __slots__ = ("game", "variant", "player", "month", "row", "accuracy", "losses", "scored")

    def __init__(self, row: SummaryRow, record: Record):
        self.row = row  # the record's row, as summary judges it
        self.game, self.variant, self.player = self.row.game, self.row.variant, self.row.player
        self.month = month(self.row.date)
        self.accuracy: Optional[float] = accuracy_tag(record)
        self.losses: list[tuple[MoveClass, int]] = [
            (note.cls, note.loss or 0) for note in record_notes(record) if note.cls in COSTLY
        ]
        self.scored = scored_by(self.game)


def scored_by(game: str) -> Optional[str]:
    """The word of the score a game is played for ("treasure": RPG solitaire's
    objective, ``core.Objective.SCORE``), None for a game played to win (or unknown)."""
    from .. import registry
    from ..kit.core import Objective

    if game not in registry.names():
        return None
    rules = registry.get(game).game
    return rules.score_word if rules.objective is Objective.SCORE else None


class StatsTally:
    """One group's figures, added to a game at a time."""

    def __init__(self) -> None:
        self.games = self.wins = 0
        self.analysed = 0
        self.accuracy = 0.0  # sum over the analysed games
        self.classes = {cls: [0, 0] for cls in COSTLY}  # count, points lost
        self.best = self.worst = 0  # longest run of wins, of losses
        self.run = 0  # the run in progress: > 0 wins, < 0 losses
        self.scored = 0  # games of a game played for its score, and their total score
        self.score = 0
        self.word: Optional[str] = None

    def add(self, game: PlayedGame) -> None:
        won = bool(game.row.won)
        self.games += 1
        self.wins += won
        if game.scored is not None:
            self.scored += 1
            self.score += game.row.score or 0
            self.word = self.word or game.scored
        if won:
            self.run = self.run + 1 if self.run > 0 else 1
            self.best = max(self.best, self.run)
        else:
            self.run = self.run - 1 if self.run < 0 else -1
            self.worst = max(self.worst, -self.run)
        if game.accuracy is not None:
            self.analysed += 1
            self.accuracy += game.accuracy
        for cls, loss in game.losses:
            self.classes[cls][0] += 1
            self.classes[cls][1] += loss

    def figures(self) -> dict[str, Any]:
        from .sim_summary import wilson

        low, high = wilson(self.wins, self.games)
        costly = max(COSTLY, key=lambda cls: (self.classes[cls][1], self.classes[cls][0]))
        count, points = self.classes[costly]
        return {
            "games": self.games,
            "wins": self.wins,
            "win rate": round(self.wins / self.games, 4),
            "ci low": round(low, 4),
            "ci high": round(high, 4),
            "best streak": self.best,
            "worst streak": self.worst,
            "streak": f"{'won' if self.run > 0 else 'lost'} {abs(self.run)}",
            "analysed": self.analysed,
            "accuracy": round(self.accuracy / self.analysed, 1) if self.analysed else None,
            "inaccuracies": self.classes[MoveClass.INACCURACY][0],
            "mistakes": self.classes[MoveClass.MISTAKE][0],
            "blunders": self.classes[MoveClass.BLUNDER][0],
            "costliest": costly.value if points else None,
            "points lost": points if points else None,
        }


class Groups:
    """A tally per group of ``by`` (fields of ``BY``), in the order the groups are met;
    a variant is told apart by its game too (two games may name a variant alike)."""

    def __init__(self, by: Iterable[str]) -> None:
        fields = [field for field in BY if field in set(by)]
        self.by = tuple(["game"] + fields if "variant" in fields and "game" not in fields else fields)
        self.groups: dict[tuple[str, ...], StatsTally] = {}

    def add(self, game: PlayedGame) -> None:
        key = tuple(getattr(game, field) for field in self.by)
        tally = self.groups.get(key)
        if tally is None:
            tally = self.groups[key] = StatsTally()
        tally.add(game)

    def table(self) -> list[dict[str, Any]]:
        """A row a group. Where a group holds games played for their score (RPG
        solitaire's treasure), every row has its mean after the win rate's interval
        ("mean treasure": over those games only; None in a group without one)."""
        words = {tally.word for tally in self.groups.values() if tally.word is not None}
        column = f"mean {words.pop()}" if len(words) == 1 else "mean score" if words else None
        out = []
        for key, tally in self.groups.items():
            item: dict[str, Any] = {}
            for field, value in zip(self.by, key):
                item[field] = value or ("standard" if field == "variant" else "-")
            for name, value in tally.figures().items():
                item[name] = value
                if name == "ci high" and column is not None:
                    item[column] = round(tally.score / tally.scored, 1) if tally.scored else None
            out.append(item)
        return out


class StatsRun(TableRun):
    """``dungeon stats`` over records as they come: a tally per group of ``by``, and with
    ``over_time`` one per player and month too (the picture's lines), of the finished
    legal games only."""

    def __init__(self, by: Iterable[str], fmt: str, over_time: bool = False) -> None:
        super().__init__("stats", fmt)
        self.groups = Groups(by)
        self.over_time = Groups(("player", "month")) if over_time else None

    def add(self, name: str, record: Optional[Record]) -> None:
        row = self.row(name, record)
        if record is None or not row.legal:
            return
        if not row.over:
            self.unfinished += 1
            return
        game = PlayedGame(row, record)
        self.groups.add(game)
        if self.over_time is not None:
            self.over_time.add(game)
        self.at_most(len(self.groups.groups), "groups")  # as summary's drawn table (it drew any number)

    def table(self, width: Optional[int]) -> tuple[str, list[str]]:
        """The groups' table fitted to ``width`` columns (None: every column), and the
        columns left out."""
        return render_fitted(self.groups.table(), self.fmt, width, STATS_SHORT, STATS_DROP)


# At a terminal narrower than the table: shorter headings first, then these columns left
# out, the least telling first (issue 40: 200 columns in a 120-column terminal)
STATS_SHORT = {
    "best streak": "best run",
    "worst streak": "worst run",
    "streak": "run",
    "inaccuracies": "?!",
    "mistakes": "?",
    "blunders": "??",
    "points lost": "lost",
    "mean treasure": "treasure",
}
STATS_DROP = (
    "points lost",
    "costliest",
    "ci low",
    "ci high",
    "inaccuracies",
    "blunders",
    "streak",
    "worst streak",
    "best streak",
    "mean treasure",
)
