"""Cassette Dungeons' greedy bot: the game's own rules-of-thumb player
(``dungeon_cli.games.cassette_dungeons.greedy_player``, documented there), seen through the
``Bot`` interface so that ``dungeon sim`` runs it like any other."""

from __future__ import annotations

import random

from ...kit.bot import Bot
from .rules import Action, CassetteState


class GreedyBot(Bot[CassetteState]):
    name = "greedy"
    summary = "the game's own greedy player: best die placements, heals when not wasted, kindest path"

    def __init__(self) -> None:
        from .greedy_player import GreedyPlayer as Player

        self.player = Player()

    def choose(self, state: CassetteState, rng: random.Random) -> Action:
        assert isinstance(state, CassetteState)
        return self.player.choose(state)
