"""Bots choose only legal actions, and Scoundrel's bots never read the deal."""

from __future__ import annotations

import random

import pytest

from dungeon_cli import bots, registry
from dungeon_cli.engine import SeededDealer, Setup, Visitor
from dungeon_cli.kit.core import Draw, Phase
from dungeon_cli.kit.shuffle import deal_piles
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
    module = registry.get(game)
    for seed in range(1 if name == "strong" else 8):  # strong: a few playouts a decision, one game
        dealer = SeededDealer(seed)
        session = Session(Setup(game, variant, seed=seed), dealer=dealer)
        rng = dealer.rng
        bot = bots.make(game, name)
        if name == "strong":
            bot.samples = 2
        bot.begin(module, variant, session.options, session.state)

        def choose(state):
            legal = state.legal_actions()
            action = bot.choose(state, rng)
            assert action in legal, f"seed {seed}: {name} chose {action!r}, not one of {legal}"
            if bot.watches:
                bot.observe(state, action)
            return action

        if bot.watches:
            session.watch(_Draws(bot))
        state = session.run(choose)
        assert state.result() is not None


class _Draws(Visitor):
    """Tells a watching bot of each draw (its own decisions it is told as it makes them)."""

    def __init__(self, bot):
        self.bot = bot

    def event(self, before, action, after):
        if isinstance(action, Draw):
            self.bot.observe(before, action)


def test_every_game_has_random_and_greedy():
    for game in registry.names():
        assert {"random", "greedy"} <= set(bots.names(game))
    assert "counting" in bots.names("scoundrel")


@pytest.mark.parametrize(
    "name", [n for n in bots.names("scoundrel") if n not in ("random", "strong")]
)  # strong: tests/bots/test_strong.py
def test_scoundrel_bots_decide_from_seen_cards_only(name):
    """At every decision of a game, deal the game again with the cards not yet turned
    up in another order: a bot that reads only what a player has seen decides alike.
    (The random bot draws on its generator instead, and picks among legal actions.)"""
    module = registry.get("scoundrel")
    checked = 0
    for seed in range(6):
        order = deal_piles(seed, module.game.deck(None, {}))["dungeon"]
        events = _events(module, bots.make("scoundrel", name), {"dungeon": order}, seed)
        for index, action in enumerate(events):
            if isinstance(action, Draw):
                continue
            seen = len({a.outcome for a in events[:index] if isinstance(a, Draw)})
            other = order[:seen] + order[seen:][::-1]
            bot = bots.make("scoundrel", name)
            state = module.game.start(None, None, {"dungeon": other})
            bot.begin(module, None, {}, state)
            for before in events[:index]:
                if bot.watches:
                    bot.observe(state, before)
                state = state.apply(before)
            assert bot.choose(state, random.Random(seed)) == action, f"seed {seed}, event {index}: {name} peeked"
            checked += 1
    assert checked > 50


def _events(module, bot, order, seed) -> list:
    """Every event of a game the bot plays from ``order``, draws included."""
    state = module.game.start(None, None, order)
    bot.begin(module, None, {}, state)
    rng = random.Random(seed)
    events = []
    while not state.is_over:
        action = Draw(state.chance().known) if state.phase is Phase.CHANCE else bot.choose(state, rng)
        if bot.watches:
            bot.observe(state, action)
        events.append(action)
        state = state.apply(action)
    return events
