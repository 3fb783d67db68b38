"""How a choice did over sampled deals, for the players that sample the unseen cards
(each game's ``strong`` bot) and the analysis that reads their figures: one tally,
whatever the game's choices are."""

from __future__ import annotations


class Tally:
    """Wins, total score and plays of one choice over the deals it was played on."""

    __slots__ = ("wins", "score", "plays")

    def __init__(self) -> None:
        self.wins = 0
        self.score = 0
        self.plays = 0

    @property
    def win_rate(self) -> float:
        return self.wins / self.plays if self.plays else 0.0

    @property
    def mean_score(self) -> float:
        return self.score / self.plays if self.plays else 0.0

    def key(self) -> tuple:
        """Best first: the most wins, then the highest total score."""
        return (self.wins, self.score)
