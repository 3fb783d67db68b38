"""Every game's declared ``GameInfo`` (kit/core.py) and its observation tensor, as the
adaptors give them (issue 38): the bounds hold over games played, the tensor has one
shape and stays within its bound, and two states the player cannot tell apart give
equal tensors. Nothing is trained."""

from __future__ import annotations

import random

import numpy as np
import pytest
from adaptor_extras import need

need("openspiel")
need("gym")

import gymnasium  # noqa: E402

import dungeon_cli.adaptors.gym  # noqa: E402, F401 (registers the environments)
from dungeon_cli import registry  # noqa: E402
from dungeon_cli.adaptors import encoding, openspiel  # noqa: E402
from dungeon_cli.engine import Dealer, SeededDealer, Setup  # noqa: E402
from dungeon_cli.kit.core import Draw, Phase  # noqa: E402

GAMES = [(game, variant) for game in registry.names() for variant in [None, *registry.get(game).game.variants]]
ID = [f"{g}-{v}" if v else g for g, v in GAMES]


@pytest.mark.parametrize(("game", "variant"), GAMES, ids=ID)
def test_the_declared_bounds_hold_over_games_played_and_the_tensor_keeps_its_shape(game, variant):
    module = registry.get(game)
    setup = Setup(game, variant)
    info = module.game.info(variant, setup.options)
    assert info.min_score <= info.max_score and not info.perfect_information
    for seed in range(6):
        for bot in (module.playout_bot(), None):  # the greedy (or random) bot, and random choices
            dealer = SeededDealer(seed)
            state = dealer.start(setup.replace(seed=seed))
            rng, events = random.Random(seed), 0
            while state.phase is not Phase.OVER:
                if state.phase is Phase.CHANCE:
                    assert len(state.chance().outcomes) <= info.max_chance_outcomes
                    state = state.apply(Draw(dealer.outcome(state)))
                else:
                    legal = state.legal_actions()
                    assert len(legal) <= info.num_distinct_actions
                    tensor = encoding.observation_tensor(state)
                    assert tensor.shape == (encoding.TENSOR_SIZE,) and tensor.dtype == np.float32
                    assert np.all(np.abs(tensor) <= encoding.TENSOR_BOUND) and tensor.any()
                    state = state.apply(bot.choose(state, rng) if bot is not None else rng.choice(legal))
                events += 1
            assert events <= info.max_game_length
            result = state.result()
            assert result is not None and info.min_score <= result.score <= info.max_score


@pytest.mark.parametrize("game", registry.names())
def test_states_the_player_cannot_tell_apart_give_equal_tensors_and_others_differ(game):
    """A seeded game and the same moves started with no known order are one information
    set (``State.observation``), as is a state and its resample: their tensors are
    equal. The next decision's state is another, and its tensor differs."""
    seed = 4
    setup = Setup(game, None, seed=seed)
    dealer = SeededDealer(seed)
    seeded, unseeded = dealer.start(setup), Dealer().start(setup.replace(seed=None))
    rng = random.Random(seed)
    before = None
    for _ in range(40):
        if seeded.phase is Phase.OVER:
            break
        if seeded.phase is Phase.CHANCE:
            outcome = Draw(dealer.outcome(seeded))
            seeded, unseeded = seeded.apply(outcome), unseeded.apply(outcome)
            continue
        assert seeded.observation() == unseeded.observation()
        tensor = encoding.observation_tensor(seeded)
        assert np.array_equal(tensor, encoding.observation_tensor(unseeded))
        assert np.array_equal(tensor, encoding.observation_tensor(seeded.resample(random.Random(1))))
        if before is not None:
            assert not np.array_equal(tensor, before)
        before = tensor
        action = rng.choice(seeded.legal_actions())
        seeded, unseeded = seeded.apply(action), unseeded.apply(action)


@pytest.mark.parametrize("game", registry.names())
def test_openspiel_and_gymnasium_give_the_tensor_with_the_declared_sizes(game):
    spiel = openspiel.load(game, seed=2)
    declared = spiel.setup.module.game.info(None, spiel.setup.options)
    assert spiel.observation_tensor_shape() == spiel.information_state_tensor_shape() == [encoding.TENSOR_SIZE]
    assert spiel.num_distinct_actions() == min(declared.num_distinct_actions, encoding.MAX_ACTIONS)
    assert spiel.max_chance_outcomes() == declared.max_chance_outcomes
    state = spiel.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.observation_tensor(0) == state.information_state_tensor(0) == list(encoding.observation_tensor(state.core))
    env = gymnasium.make(f"dungeon/{game}-v0", observation="tensor")
    observation, info = env.reset(seed=2)
    assert env.observation_space.contains(observation)
    assert np.array_equal(observation, encoding.observation_tensor(state.core))
    assert env.action_space.n == len(info["action_mask"]) == spiel.num_distinct_actions()


def test_the_research_page_shows_what_each_game_declares():
    from conftest import ROOT

    page = (ROOT / "docs" / "research.md").read_text(encoding="utf-8")
    labels = {
        "scoundrel": "Scoundrel",
        "clear-the-dungeon": "Clear the Dungeon",
        "rpg-solitaire": "RPG solitaire (3 decks)",
        "cassette-dungeons": "Cassette Dungeons! (its own set)",
        "toy": "the test suite's toy game",
    }
    for game, label in labels.items():
        info = registry.get(game).game.info(None, Setup(game, None).options)
        row = (
            f"| {label} | {info.min_score:,}..{info.max_score:,} | {info.max_game_length:,} "
            f"| {info.num_distinct_actions:,} | {info.max_chance_outcomes:,} |"
        )
        assert row in page, row
