"""Every registered game as an OpenSpiel game (dungeon_cli/adaptors/openspiel.py), held
to OpenSpiel's own checks and played by OpenSpiel's own ISMCTS bot; each game it plays
is a record that `dungeon verify --seed-check` accepts."""

from __future__ import annotations

import random

import pytest
from adaptor_extras import need

need("openspiel")

import pyspiel  # noqa: E402

from dungeon_cli import registry  # noqa: E402
from dungeon_cli.adaptors import encoding, ismcts, openspiel  # noqa: E402
from dungeon_cli.engine import SeededDealer, Setup  # noqa: E402
from dungeon_cli.kit.core import Phase  # noqa: E402
from dungeon_cli.kit.shuffle import rng_for_bot  # noqa: E402

GAMES = [(game, variant) for game in registry.names() for variant in [None, *registry.get(game).game.variants]]


def _id(case) -> str:
    game, variant = case
    return f"{game}-{variant}" if variant else game


@pytest.mark.parametrize("case", GAMES, ids=_id)
@pytest.mark.parametrize("seed", [None, 7], ids=["own-chance", "seeded"])
def test_openspiel_random_simulation_test_passes(case, seed):
    game, variant = case
    pyspiel.random_sim_test(openspiel.load(game, variant, seed), num_sims=3, serialize=False, verbose=False)


def test_every_registered_game_is_registered_by_its_name():
    names = openspiel.register()
    assert names == [openspiel.short_name(g) for g in registry.names()]
    assert "dungeon_clear_the_dungeon" in names and "dungeon_toy" in names
    registered = {g.short_name for g in pyspiel.registered_games()}
    assert set(names) <= registered
    assert openspiel.register() == names  # twice is once


def test_a_variant_the_game_lacks_is_refused_with_the_setup_message():
    with pytest.raises(Exception, match="has no variant 'nope'"):
        openspiel.load("scoundrel", "nope")


def test_chance_nodes_are_the_dealers_outcomes_with_their_probabilities():
    state = openspiel.load("scoundrel").new_initial_state()
    assert state.is_chance_node()
    chance = state.core.chance()
    outcomes = state.chance_outcomes()
    assert [i for i, _ in outcomes] == list(range(len(chance.outcomes))) == list(range(44))
    assert [p for _, p in outcomes] == [float(p) for _, p in chance.probabilities()]
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 3) == str(chance.outcomes[3])


def test_a_seeded_game_deals_the_seeds_cards_with_probability_one():
    """The first room of seed 7 is what `dungeon play scoundrel --seed 7` shows."""
    state = openspiel.load("scoundrel", seed=7).new_initial_state()
    dealt = []
    while state.is_chance_node():
        ((action, p),) = state.chance_outcomes()
        assert p == 1.0
        dealt.append(state.action_to_string(pyspiel.PlayerId.CHANCE, action))
        state.apply_action(action)
    assert dealt == ["9c", "7h", "2c", "3c"]


def test_a_seeded_game_refuses_another_card_than_the_seeds():
    """Every die the seed rolls is the seed's: the toy game's die, a chance node whose
    outcomes are not known in advance."""
    state = openspiel.load("toy", seed=3).new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            ((action, _),) = state.chance_outcomes()
            if state.core.chance().known is None:
                other = (action + 1) % len(state.core.chance().outcomes)
                with pytest.raises(Exception, match="the seed deals"):
                    state.clone().apply_action(other)
                return
            state.apply_action(action)
        else:
            state.apply_action(state.legal_actions()[0])
    pytest.fail("the toy game rolled no die")


def _decisions(state):
    """The states of one game at each decision, the first legal action taken each time."""
    out = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            out.append(state.clone())
            state.apply_action(state.legal_actions()[-1])
    return out


@pytest.mark.parametrize("game", registry.names())
def test_the_information_state_is_the_observation_and_resampling_keeps_it(game):
    for state in _decisions(openspiel.load(game, seed=11).new_initial_state())[:6]:
        assert state.information_state_string(0) == encoding.observation_text(state.core)
        for _ in range(3):
            other = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
            assert other.information_state_string(0) == state.information_state_string(0)
            assert other.legal_actions() == state.legal_actions()
            assert other.current_player() == 0
            with pytest.raises(ValueError, match="no record"):
                openspiel.record(other)


def test_the_information_state_does_not_show_the_seeds_deal():
    """A seeded game and the same cards dealt by chance look alike to the player: the
    deal to come is not in the information state."""
    seeded = openspiel.load("scoundrel", seed=5).new_initial_state()
    free = openspiel.load("scoundrel").new_initial_state()
    while not seeded.is_terminal():
        if seeded.is_chance_node():
            ((action, _),) = seeded.chance_outcomes()
            card = seeded.core.chance().known
            seeded.apply_action(action)
            free.apply_action(free.core.chance().outcomes.index(card))
        else:
            assert seeded.information_state_string(0) == free.information_state_string(0)
            choice = seeded.legal_actions()[0]
            seeded.apply_action(choice)
            free.apply_action(choice)
    assert seeded.returns() == free.returns()


def test_a_resampled_deal_is_another_deal():
    """Resampling deals the unseen cards afresh: over a few draws, the next card differs."""
    state = _decisions(openspiel.load("scoundrel", seed=2).new_initial_state())[0]
    rng = random.Random(0)
    nexts = set()
    for _ in range(20):
        other = state.resample(rng)
        other.apply_action(other.legal_actions()[0])
        if other.is_chance_node():
            nexts.add(other.core.chance().known)
    assert len(nexts) > 1


@pytest.mark.parametrize("game", registry.names())
def test_ismcts_plays_records_that_verify_against_their_seeds(game, run, tmp_path):
    """OpenSpiel's search bot through our API, two games of each; the 200-game runs are
    `python -m dungeon_cli.adaptors.ismcts GAME --games 200` (docs/research.md)."""
    for seed in (1, 2):
        state = ismcts.play(game, seed, simulations=4)
        assert state.is_terminal() and state.core.phase is Phase.OVER
        text = openspiel.record(state)
        assert f'[Seed "{seed}"]' in text and f'[Result "{state.core.result()}"]' in text
        (tmp_path / f"{game}-{seed}.dgn").write_text(text)
    done = run(["verify", "--seed-check", "-v", str(tmp_path)])
    assert done.exit_code == 0, done.output
    assert done.output.count(": legal, ") == 2


def test_the_record_of_an_unseeded_game_verifies_without_a_seed(run, tmp_path):
    state = openspiel.load("clear-the-dungeon").new_initial_state()
    rng = random.Random(4)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    text = openspiel.record(state)
    assert "[Seed" not in text
    (tmp_path / "g.dgn").write_text(text)
    assert run(["verify", str(tmp_path / "g.dgn")]).exit_code == 0


def test_game_parameters_are_the_setups():
    game = openspiel.load("clear-the-dungeon", "reserve", 9)
    assert game.setup == Setup("clear-the-dungeon", "reserve", seed=9)
    assert str(game) == "dungeon_clear_the_dungeon(seed=9,seed_high=0,variant=reserve)"
    assert pyspiel.load_game("dungeon_clear_the_dungeon(seed=9,variant=reserve)").setup == game.setup
    declared = game.setup.module.game.info("reserve")
    assert game.num_distinct_actions() == declared.num_distinct_actions
    assert (game.min_utility(), game.max_utility()) == (declared.min_score, declared.max_score) == (0, 42)
    assert game.max_game_length() == declared.max_game_length < 200_000
    assert game.num_players() == 1


@pytest.mark.parametrize("seed", [2**31 - 1, 2**31, 2**32 - 1, 2**40 + 5])
def test_a_seed_of_2_31_or_more_is_dealt_as_play_deals_it(seed, run, tmp_path):
    """OpenSpiel's integer parameters stop below 2**31 (before: "Unable to cast"), where
    about half the daily seeds lie: a larger seed is ``seed_high * 2**31 + seed``, which
    ``load`` splits, and the record verifies against the whole seed."""
    game = openspiel.load("scoundrel", seed=seed)
    assert game.setup.seed == seed
    assert game.get_parameters()["seed_high"] == seed // 2**31
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.chance_outcomes()[0][0] if state.is_chance_node() else state.legal_actions()[0])
    (tmp_path / "big.dgn").write_text(openspiel.record(state))
    assert f'[Seed "{seed}"]' in openspiel.record(state)
    assert run(["verify", "--seed-check", str(tmp_path / "big.dgn")]).exit_code == 0


def test_the_ismcts_command_refuses_what_it_cannot_play_with_a_message(tmp_path):
    from click.testing import CliRunner

    runner = CliRunner()
    unknown = runner.invoke(ismcts.main, ["chess", "--records", str(tmp_path)])
    assert unknown.exit_code == 2 and "unknown game 'chess'" in unknown.output
    variant = runner.invoke(ismcts.main, ["toy", "--variant", "nope", "--records", str(tmp_path)])
    assert variant.exit_code == 2 and "toy has no variant 'nope'" in variant.output
    (tmp_path / "toy-2.dgn").write_text("mine\n")
    clash = runner.invoke(ismcts.main, ["toy", "--games", "2", "--records", str(tmp_path)])
    assert clash.exit_code == 2 and "toy-2.dgn exists already" in clash.output
    assert (tmp_path / "toy-2.dgn").read_text() == "mine\n" and not (tmp_path / "toy-1.dgn").exists()
    done = runner.invoke(
        ismcts.main, ["toy", "--games", "2", "--first-seed", "5", "--simulations", "3", "--records", str(tmp_path)]
    )
    assert done.exit_code == 0, done.output
    assert done.output.startswith("toy: 2 games, ")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["toy-2.dgn", "toy-5.dgn", "toy-6.dgn"]


def _played(game, moves: int):
    state = game.new_initial_state()
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply_action(state.chance_outcomes()[0][0] if state.is_chance_node() else state.legal_actions()[-1])
    return state


@pytest.mark.parametrize("game_name", registry.names())
def test_games_and_states_pickle_deep_copy_and_serialise(game_name):
    """Before, pickling a game or a state, ``copy.deepcopy`` of a state and OpenSpiel's
    own ``serialize_game_and_state`` all failed (a class named ``DungeonGame[...]``
    pickle could not find, then a game restored without its setup)."""
    import copy
    import pickle

    game = openspiel.load(game_name, seed=5)
    state = _played(game, 12)
    again = pickle.loads(pickle.dumps(game))
    assert str(again) == str(game) and again.setup == game.setup
    for copied in (
        pickle.loads(pickle.dumps(state)),
        copy.deepcopy(state),
        pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1],
    ):
        assert copied.history() == state.history() and str(copied) == str(state)
        assert openspiel.record(copied) == openspiel.record(state)
        assert copied.legal_actions() == state.legal_actions()
    resampled = state.resample(random.Random(1))
    assert pickle.loads(pickle.dumps(resampled)).information_state_string(0) == resampled.information_state_string(0)


def test_a_pickled_state_is_loaded_in_a_fresh_process(tmp_path):
    import pickle
    import subprocess
    import sys

    state = _played(openspiel.load("scoundrel", seed=3), 10)
    (tmp_path / "state.pickle").write_bytes(pickle.dumps(state))
    code = (
        "import pickle, sys; state = pickle.loads(open(sys.argv[1], 'rb').read());"
        "from dungeon_cli.adaptors import openspiel; print(openspiel.record(state), end='')"
    )
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path / "state.pickle")], capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode() == openspiel.record(state)


def test_ismcts_deals_its_worlds_from_a_generator_of_its_own(monkeypatch):
    """The worlds ISMCTS samples come from the bot's own generator (``rng_for_bot``),
    not from ``random.Random(seed)``, the deal's: that one shuffles the documented order
    exactly as the deal did, so a resample of a start from it is the deal itself."""
    handed = []
    resample = openspiel.SpielState.resample

    def spy(self, rng):
        handed.append(rng.getstate())
        return resample(self, rng)

    monkeypatch.setattr(openspiel.SpielState, "resample", spy)
    ismcts.play("scoundrel", 7, simulations=2)
    assert handed and handed[0] == rng_for_bot(7).getstate()
    start = registry.get("scoundrel").game.start(None, {}, None)
    deal = SeededDealer(7).start(Setup("scoundrel", seed=7))
    assert start.resample(random.Random(7)).dungeon.known == deal.dungeon.known  # why not Random(seed)
    assert start.resample(rng_for_bot(7)).dungeon.known != deal.dungeon.known
