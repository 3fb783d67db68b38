"""The strong players decide from what a player can see: replayed on a deal whose
unseen cards lie in another order, with the same generator, each decides alike."""

from __future__ import annotations

import random

import pytest

from dungeon_cli import bots, registry
from dungeon_cli.core import Draw, Phase
from dungeon_cli.shuffle import deal_piles


def _events(module, bot, order, seed, variant) -> list:
    state = module.game.start(variant, None, order)
    bot.begin(module, variant, {}, state)
    rng = random.Random(seed)
    events = []
    while not state.is_over:
        action = Draw(state.chance().known) if state.phase is Phase.CHANCE else bot.choose(state, rng)
        bot.observe(state, action)
        events.append(action)
        state = state.apply(action)
    return events


def _choice(module, order, events, seed, variant):
    bot = bots.make(module.game.name, "strong")
    bot.samples = 4  # the test's speed: what is checked is where the cards come from
    state = module.game.start(variant, None, order)
    bot.begin(module, variant, {}, state)
    for action in events:
        bot.observe(state, action)
        state = state.apply(action)
    return bot.choose(state, random.Random(seed))


def _reordered(game, order, events):
    """The deal with every card not yet turned up in ``events`` in reverse order."""
    seen = {a.outcome for a in events if isinstance(a, Draw)}
    out = {}
    for pile, cards in order.items():
        unseen = [i for i, c in enumerate(cards) if c not in seen]
        if game == "clear-the-dungeon" and pile == "power":
            unseen = list(range(sum(1 for c in cards if c in seen), len(cards)))  # jokers: drawn by count
        shuffled = list(cards)
        for i, j in zip(unseen, reversed(unseen)):
            shuffled[i] = cards[j]
        out[pile] = shuffled
    return out


@pytest.mark.parametrize(
    "game,variant",
    [("scoundrel", None), ("scoundrel", "strict-weapon"), ("clear-the-dungeon", None), ("clear-the-dungeon", "reserve")],
)
def test_strong_bot_decides_from_seen_cards_only(game, variant):
    module = registry.get(game)
    checked = 0
    for seed in range(2):
        order = deal_piles(seed, module.game.deck(variant, {}))
        bot = bots.make(game, "strong")
        bot.samples = 4
        events = _events(module, bot, order, seed, variant)
        for index, action in enumerate(events):
            if isinstance(action, Draw):
                continue
            other = _reordered(game, order, events[:index])
            if other == order:
                continue  # one card or none unseen: nothing to reorder
            mine = _choice(module, order, events[:index], seed, variant)
            theirs = _choice(module, other, events[:index], seed, variant)
            assert mine == theirs, f"seed {seed}, event {index}: the strong bot peeked"
            checked += 1
    assert checked > 4


def test_strong_bot_is_listed():
    for game in ("scoundrel", "clear-the-dungeon"):
        assert "strong" in bots.names(game)
