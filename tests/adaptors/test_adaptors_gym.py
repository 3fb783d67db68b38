"""Every game and variant as a Gymnasium environment (dungeon_cli/adaptors/gym.py): it
passes Gymnasium's own env checker, and a seeded episode is the game `dungeon play GAME
--seed N` plays when it is fed the same moves."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import warnings

import pytest
from adaptor_extras import need

need("gym")

import gymnasium  # noqa: E402
import numpy as np  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402

from dungeon_cli import registry  # noqa: E402
from dungeon_cli.adaptors import encoding  # noqa: E402
from dungeon_cli.adaptors import gym as dungeon_gym  # noqa: E402

IDS = dungeon_gym.register()


def test_every_game_and_variant_has_an_id():
    expected = [
        f"dungeon/{game}-{variant}-v0" if variant else f"dungeon/{game}-v0"
        for game in registry.names()
        for variant in [None, *registry.get(game).game.variants]
    ]
    assert IDS == expected
    assert "dungeon/clear-the-dungeon-reserve-v0" in IDS and "dungeon/toy-v0" in IDS


@pytest.mark.parametrize("env_id", IDS)
def test_gymnasiums_env_checker_passes_with_warnings_as_errors(env_id):
    env = gymnasium.make(env_id)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped)


def _episode(env_id: str, seed: int, choose: random.Random) -> tuple[list[str], object]:
    """A seeded episode of random legal ids; the moves as a player types them."""
    env = gymnasium.make(env_id).unwrapped
    _, info = env.reset(seed=seed)
    lines = []
    terminated = False
    while not terminated:
        mask = info["action_mask"]
        legal = np.flatnonzero(mask)
        assert list(legal) == list(range(len(env.session.state.legal_actions())))
        action = int(choose.choice(list(legal)))
        state = env.session.state
        lines.append(env.setup.module.notation.action_text(state, state.legal_actions()[action]))
        _, reward, terminated, truncated, info = env.step(action)
        assert not truncated and not info["illegal"]
    result = env.session.state.result()
    assert reward == result.score and info["won"] == result.won
    return lines, env


@pytest.mark.parametrize("env_id", IDS)
def test_a_seeded_episode_is_dungeon_play_fed_the_same_moves(env_id, run):
    game, variant = next(
        (g, v) for g in registry.names() for v in [None, *registry.get(g).game.variants] if dungeon_gym.env_id(g, v) == env_id
    )
    for seed in (3, 12):
        lines, env = _episode(env_id, seed, random.Random(seed))
        args = ["play", game, "--seed", str(seed)] + (["--variant", variant] if variant else [])
        played = run(args, input="".join(line + "\n" for line in lines))
        assert played.exit_code == 0, played.output
        assert played.output == env.record()
        assert f'[Seed "{seed}"]' in played.output and "[Result " in played.output


def test_a_masked_action_changes_nothing():
    env = gymnasium.make("dungeon/scoundrel-v0").unwrapped
    observation, info = env.reset(seed=7)
    legal = int(info["action_mask"].sum())
    again, reward, terminated, truncated, info = env.step(legal)  # one past the last legal id
    assert (again, reward, terminated, truncated, info["illegal"]) == (observation, 0.0, False, False, True)
    fresh = gymnasium.make("dungeon/scoundrel-v0").unwrapped
    fresh.reset(seed=7)
    assert env.session.count == fresh.session.count == 4  # the first room dealt, nothing played
    assert env.record() == fresh.record()


@pytest.mark.parametrize("action", [0.0, 1.7, True, "0", np.float64(0.0), np.array([0]), np.array(0.0)], ids=repr)
def test_an_action_that_is_not_a_whole_number_is_illegal(action):
    """Before, ``int(action)`` made 1.7 the id 1 and True the id 1, and played them."""
    env = gymnasium.make("dungeon/scoundrel-v0").unwrapped
    observation, _ = env.reset(seed=7)
    again, reward, terminated, truncated, info = env.step(action)
    assert (again, reward, terminated, info["illegal"]) == (observation, 0.0, False, True)
    assert env.session.count == 4  # nothing played
    _, _, _, _, info = env.step(np.int64(0))
    assert not info["illegal"] and env.session.count > 4
    env.reset(seed=7)
    _, _, _, _, info = env.step(np.array(0))
    assert not info["illegal"]


@pytest.mark.parametrize("env_id", IDS)
def test_the_tensor_observation_passes_the_env_checker(env_id):
    env = gymnasium.make(env_id, observation="tensor")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped)


def test_reset_without_a_seed_deals_from_the_environments_generator():
    env = gymnasium.make("dungeon/toy-v0").unwrapped
    env.reset(seed=1)
    first = [env.reset()[0] for _ in range(3)]
    env.reset(seed=1)
    assert [env.reset()[0] for _ in range(3)] == first


def test_the_observation_is_what_the_player_has_seen():
    env = gymnasium.make("dungeon/clear-the-dungeon-v0").unwrapped
    observation, _ = env.reset(seed=5)
    assert observation == encoding.observation_text(env.session.state)
    assert env.observation_space.contains(observation)


def test_render_ansi_is_the_games_board():
    env = gymnasium.make("dungeon/scoundrel-v0", render_mode="ansi").unwrapped
    env.reset(seed=7)
    assert env.render() == registry.get("scoundrel").render(env.session.state)


ENCODE = """
import random, sys
import gymnasium
from dungeon_cli.adaptors import gym
for env_id in gym.register():
    env = gymnasium.make(env_id).unwrapped
    _, info = env.reset(seed=8)
    choose, done, n = random.Random(8), False, 0
    while not done:
        legal = [i for i, m in enumerate(info["action_mask"]) if m]
        _, _, done, _, info = env.step(choose.choice(legal))
    print(env.record())
"""


def test_action_ids_mean_the_same_moves_whatever_the_hash_seed():
    """The encoding is the core's order of legal actions: no set or hash order in it."""
    records = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run([sys.executable, "-c", ENCODE], capture_output=True, text=True, env=env, timeout=300)
        assert done.returncode == 0, done.stderr
        records.append(done.stdout)
    assert records[0] == records[1] and records[0].count("[Game ") == len(IDS)
