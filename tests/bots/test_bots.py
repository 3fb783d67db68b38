"""Bots choose only legal actions (that they never read the deal: tests/bots/test_fair.py)."""

from __future__ import annotations

import pytest

from dungeon_cli import bots, registry
from dungeon_cli.engine import SeededDealer, Setup, Visitor
from dungeon_cli.kit.bot import Seat
from dungeon_cli.kit.shuffle import rng_for_bot
from dungeon_cli.services.session import Session

GAMES = registry.names()


def _cases():
    for game in GAMES:
        variants = [None, *registry.get(game).game.variants]
        for name in bots.names(game):
            for variant in variants:
                yield pytest.param(game, name, variant, id=f"{game}-{name}-{variant or 'base'}")


@pytest.mark.parametrize("game,name,variant", list(_cases()))
def test_bot_chooses_only_legal_actions(game, name, variant):
    """Seated (the player's view, its own generator), a bot's every choice is legal in
    the real game."""
    module = registry.get(game)
    for seed in range(1 if name == "strong" else 8):  # strong: a few playouts a decision, one game
        session = Session(Setup(game, variant, seed=seed), dealer=SeededDealer(seed))
        bot = bots.make(game, name)
        if name == "strong":
            bot.samples = 2
        seat = Seat(bot, module, variant, session.options, rng_for_bot(seed))
        session.watch(_Told(seat))

        def choose(state):
            legal = state.legal_actions()
            action = seat.choose()
            assert action in legal, f"seed {seed}: {name} chose {action!r}, not one of {legal}"
            return action

        state = session.run(choose)
        assert state.result() is not None


class _Told(Visitor):
    """Tells the seat every event of the session (its own decisions among them)."""

    def __init__(self, seat):
        self.seat = seat

    def event(self, before, action, after):
        self.seat.event(action)


def test_every_game_has_random_and_greedy():
    for game in registry.names():
        assert {"random", "greedy"} <= set(bots.names(game))
    assert "counting" in bots.names("scoundrel")
