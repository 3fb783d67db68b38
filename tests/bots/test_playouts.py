"""Playouts play exactly the games the rules core plays (dungeon_cli/bots/playouts.py)."""

from __future__ import annotations

import random

import pytest

from dungeon_cli import bots, registry
from dungeon_cli.bots import playouts
from dungeon_cli.engine import SeededDealer, Setup
from dungeon_cli.kit.bot import Seat
from dungeon_cli.kit.core import Draw, Phase
from dungeon_cli.kit.shuffle import bot_seed, rng_for, rng_for_bot, shuffled
from dungeon_cli.services import simulate

SEEDS = 2000
# Counting through the core plays about 400 games/s on an idle machine (half that on a
# busy one), so 2,000 seeds took 11 s a variant here: it is held to the core over 1,000.
FEWER = {"counting": 1000}


def _cases():
    for game in registry.names():
        for bot in registry.get(game).playouts:
            for variant in [None, *registry.get(game).game.variants]:
                yield pytest.param(game, bot, variant, id=f"{game}-{bot}-{variant or 'base'}")


def _core_generators(game: str, bot_name: str, variant, seed: int) -> tuple[random.Random, random.Random]:
    """The deal's generator and the bot's, as the rules core and the seated bot leave
    them after the game from ``seed``."""
    module = registry.get(game)
    dealer = SeededDealer(seed)
    setup = Setup(game, variant, seed=seed)
    state = dealer.start(setup)
    choices = rng_for_bot(seed)
    seat = Seat(bots.make(game, bot_name), module, variant, setup.options, choices)
    while state.phase is not Phase.OVER:
        action = Draw(state.chance().known) if state.phase is Phase.CHANCE else seat.choose()
        seat.event(action)
        state = state.apply(action)
    return dealer.rng, choices


def _batch_cases():
    for game in registry.names():
        for bot in registry.get(game).batch_playouts:
            for variant in [None, *registry.get(game).game.variants]:
                yield pytest.param(game, bot, variant, id=f"{game}-{bot}-{variant or 'base'}")


@pytest.mark.parametrize("game,bot,variant", list(_batch_cases()))
def test_batch_playout_plays_the_cores_games(game, bot, variant):
    """A batch playout gives each seed the core's result, score and moves, over 2,000
    seeds (1,000 for counting), played in batches of a few sizes so that games of one
    batch finish at different rooms: batches are independent of what shares them."""
    batch = playouts.find_batch(game, bot)
    spec = simulate.Spec(game, bot, variant)
    seeds = list(range(FEWER.get(bot, SEEDS)))
    got = batch(seeds, variant)
    assert len(got) == len(seeds)
    won = 0
    for seed, result in zip(seeds, got):
        core = simulate.play(spec, seed)
        assert result == (core.won, core.score, core.moves), f"seed {seed}"
        won += result[0]
    assert 0 < won < len(seeds)  # wins and losses both compared
    # draw for draw: the core's game draws nothing after the deal, which is all a batch
    # playout draws, and its bot nothing at all (checked on every seed a tenth of the way)
    deck = registry.get(game).game.deck(variant, {})
    for seed in seeds[::10]:
        dealt = rng_for(seed)
        for _, cards in deck:
            shuffled(dealt, cards)
        deal_rng, bot_rng = _core_generators(game, bot, variant, seed)
        assert deal_rng.getstate() == dealt.getstate(), f"seed {seed}"
        assert bot_rng.getstate() == rng_for_bot(seed).getstate(), f"seed {seed}"
    assert batch(seeds[7:20], variant) == got[7:20]
    assert batch([seeds[33]], variant) == [got[33]]
    assert batch([], variant) == []


@pytest.mark.parametrize("game,bot,variant", list(_cases()))
def test_playout_plays_the_cores_games(game, bot, variant):
    """Same result and moves as the core's game, and the deal's and the bot's generators
    left in the same states: not one random draw differs (checked on every seed a tenth
    of the way).
    Over 2,000 seeds of each variant (1,000 for counting: ``FEWER``)."""
    fast = playouts.find(game, bot)
    spec = simulate.Spec(game, bot, variant)
    seeds = FEWER.get(bot, SEEDS)
    won = 0
    for seed in range(seeds):
        rng, choices = rng_for(seed), rng_for_bot(seed)
        got = fast(rng, choices, variant)
        core = simulate.play(spec, seed)
        assert got == (core.won, core.score, core.moves), f"seed {seed}"
        if seed % 10 == 0:
            deal_rng, bot_rng = _core_generators(game, bot, variant, seed)
            assert rng.getstate() == deal_rng.getstate(), f"seed {seed}"
            assert choices.getstate() == bot_rng.getstate(), f"seed {seed}"
        won += got[0]
    assert seeds > won  # the comparison covered losses (all but a few random games lose)
    assert won or bot == "random"  # and the planning bots' wins


def test_a_run_is_the_same_with_and_without_records():
    """Without records a run plays out; with them it goes through the core."""
    for bot, seeds in (("random", range(300)), ("greedy", range(60)), ("counting", range(60))):
        for variant in (None, "strict-weapon"):
            plain = simulate.run(simulate.Spec("scoundrel", bot, variant), seeds)
            recorded = simulate.run(simulate.Spec("scoundrel", bot, variant, records=True), seeds)
            assert plain == [o._replace(record=None) for o in recorded], bot
            assert all(o.record is None for o in plain)


def test_reseeding_matches_a_new_generator():
    """The playout loop reseeds one generator through Random's base class, which is what
    ``random.Random(seed)`` does for an integer: the states must agree."""
    rng = random.Random()
    reseed = super(random.Random, rng).seed
    for seed in (0, 1, 7, 2**31 - 1, 2**32, 2**64 + 3, 10**30):
        reseed(seed)
        assert rng.getstate() == random.Random(seed).getstate(), seed
        reseed(bot_seed(seed))  # and the bot's, random.Random(f"{seed}/bot")
        assert rng.getstate() == rng_for_bot(seed).getstate(), seed


def test_a_negative_seed_is_refused_on_the_fast_path_too():
    with pytest.raises(ValueError, match="a seed is a whole number"):
        simulate.run(simulate.Spec("scoundrel", "random"), [3, -1])


def test_only_games_with_a_playout_use_one():
    assert playouts.find("scoundrel", "strong") is None
    assert playouts.find_batch("scoundrel", "strong") is None
    assert playouts.find("clear-the-dungeon", "random") is None
    assert playouts.find("scoundrel", "random") is not None
    assert playouts.find_batch("scoundrel", "greedy") is not None
    assert not playouts.has_any("clear-the-dungeon", "greedy")
    assert playouts.has_any("scoundrel", "counting")


def test_a_batch_playout_refuses_a_negative_seed():
    with pytest.raises(ValueError, match="a seed is a whole number"):
        simulate.run(simulate.Spec("scoundrel", "greedy"), [3, -1])
