"""Information sets through the game API (core.State.observation and resample), for every
registered game and the toy game: what the player has seen, and the unseen dealt anew.

A seeded game and the same game replayed on a start with no known order (the player's
view) are states the player cannot tell apart, so they must give equal observations; a
resampled state must give the same observation and legal actions and play to a legal end;
and on positions small enough to count the states consistent with what was seen, each
must come up about equally often.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any, Optional

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dungeon_cli import bots, registry
from dungeon_cli.engine.dealer import pick
from dungeon_cli.kit.core import Draw, Phase, State, state_fields
from dungeon_cli.kit.piles import Pile
from dungeon_cli.kit.shuffle import deal_piles

GAMES = registry.names()
GAME_VARIANTS = [(name, variant) for name in GAMES for variant in [None, *registry.get(name).game.variants]]


def _step(state: State, policy: random.Random, dice: random.Random) -> Any:
    """The next action of a game played by random legal choices: a known card as dealt,
    anything else chance decides (dice, a deck of unknown order) drawn from ``dice``."""
    if state.phase is Phase.CHANCE:
        chance = state.chance()
        return Draw(chance.known if chance.known is not None else pick(dice, chance))
    return policy.choice(state.legal_actions())


def _walk(name: str, variant: Optional[str], seed: int, policy_seed: int, steps: int) -> tuple[State, State]:
    """A seeded game after ``steps`` random steps (fewer if it ends), and the player's view
    of it: the same actions applied to a start with no known order."""
    game = registry.get(name).game
    seeded = game.start(variant, None, deal_piles(seed, game.deck(variant)))
    view = game.start(variant, None, None)
    policy, dice = random.Random(policy_seed), random.Random(f"{seed}/dice")
    for _ in range(steps):
        if seeded.is_over:
            break
        action = _step(seeded, policy, dice)
        seeded, view = seeded.apply(action), view.apply(action)
    return seeded, view


def _play_out(state: State, rng: random.Random) -> Any:
    """The result of ``state`` played to its end by random choices (apply refuses anything
    illegal, so an end reached is a legal one)."""
    for _ in range(10_000):
        if state.is_over:
            return state.final()
        state = state.apply(_step(state, rng, rng))
    raise AssertionError("the game did not end")


positions = st.tuples(
    st.sampled_from(GAME_VARIANTS),
    st.integers(0, 10_000),  # the deal
    st.integers(0, 10_000),  # the random player
    st.integers(0, 150),  # steps played
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions, st.integers(0, 2**32))
def test_a_resampled_state_looks_alike_and_plays_to_a_legal_end(position, rng_seed):
    (name, variant), seed, policy_seed, steps = position
    for state in _walk(name, variant, seed, policy_seed, steps):
        resampled = state.resample(random.Random(rng_seed))
        assert resampled.observation() == state.observation()
        hash(resampled.observation())
        assert (resampled.phase, resampled.turn) == (state.phase, state.turn)
        assert resampled.legal_actions() == state.legal_actions()
        assert dict(resampled.piles()) == dict(state.piles())
        assert _play_out(resampled, random.Random(rng_seed)) is not None


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions, st.integers(0, 2**32))
def test_the_seeded_game_and_the_players_view_are_one_information_set(position, rng_seed):
    """Equal observations, and from one generator the same resampled deal: what a search
    does from a resample depends on what the player saw, never on the seeded order."""
    (name, variant), seed, policy_seed, steps = position
    seeded, view = _walk(name, variant, seed, policy_seed, steps)
    assert seeded.observation() == view.observation()
    ends = [_play_out(state.resample(random.Random(rng_seed)), random.Random(rng_seed)) for state in (seeded, view)]
    assert ends[0] == ends[1]


def test_a_resample_uses_only_the_generator_it_is_handed():
    for name, variant in GAME_VARIANTS:
        seeded, _ = _walk(name, variant, 3, 3, 10)
        runs = [_play_out(seeded.resample(random.Random(9)), random.Random(1)) for _ in range(2)]
        assert runs[0] == runs[1], name


@pytest.mark.parametrize("name", GAMES)
def test_what_was_seen_tells_states_apart(name):
    """Over many seeded games cut at random, two states with one observation offer the
    same choices and hold the same cards; and the first deals of ten seeds are not all
    one observation."""
    by_observation: dict = {}
    for seed in range(40):
        for steps in (0, 3, 8, 20, 40):
            state, _ = _walk(name, None, seed, seed, steps)
            key = state.observation()
            facts = (state.phase, state.turn, tuple(map(repr, state.legal_actions())), tuple(sorted(state.piles().items())))
            assert by_observation.setdefault(key, facts) == facts
    game = registry.get(name).game
    firsts = {}
    for seed in range(10):
        state = game.start(None, None, deal_piles(seed, game.deck()))
        dice = random.Random(seed)
        while state.phase is Phase.CHANCE:
            state = state.apply(_step(state, dice, dice))
        firsts[seed] = state
    assert len({state.observation() for state in firsts.values()}) > 1


def test_a_seeded_pile_is_unseen_until_cards_go_under_it():
    pile = Pile.ordered(["a", "b", "c"])
    view = Pile.unknown(["c", "b", "a"])
    assert pile.seen() == view.seen()
    pile, view = pile.put_under(["x", "y"]), view.put_under(["x", "y"])
    assert pile.seen() == view.seen() == (frozenset({("a", 1), ("b", 1), ("c", 1)}), ("x", "y"))
    drawn = pile.draw("a").draw("b").draw("c")
    assert drawn.seen() == (frozenset(), ("x", "y"))
    resampled = view.resampled(random.Random(0))
    assert resampled.known[-2:] == ("x", "y") and sorted(resampled.known[:3]) == ["a", "b", "c"]
    assert resampled.seen() == view.seen() and resampled.next_known is not None


# -- each consistent state equally often -------------------------------------------------------


def _arrangements(cards: list) -> int:
    """Distinct orders of a multiset of cards."""
    out = math.factorial(len(cards))
    for n in Counter(cards).values():
        out //= math.factorial(n)
    return out


def _consistent(name: str, state: Any) -> int:
    """How many deals the player cannot tell from ``state`` (worked out from its piles)."""
    if name == "clear-the-dungeon":  # the columns are dealt from the unseen monsters
        return _arrangements(state.power.unseen()) * _arrangements(state.unseen.unseen())
    if name == "cassette-dungeons":  # every card in every order, each side of each
        total = 1
        for deck in state.decks.values():
            keys = deck.cards(state.cards.card_key)
            total *= _arrangements(keys) * math.prod(len(state.cards.sides(k)) for k in keys)
        return total
    total = 1
    for pile in _piles(state):
        total *= _arrangements(pile.unseen())
    return total


def _piles(state: State) -> list[Pile]:
    out = []
    for name in state_fields(type(state)):
        value = getattr(state, name)
        values = value.values() if isinstance(value, dict) else [value]
        out.extend(v for v in values if isinstance(v, Pile))
    return out


def _dealt(name: str, state: Any) -> tuple:
    """The deal a resampled state holds: every pile's order, as the dealer knows it."""
    if name == "clear-the-dungeon":
        return (state.power.known, tuple(s.known for s in state.stacks))
    if name == "cassette-dungeons":
        return tuple(deck.known for deck in state.decks.values())
    return tuple(pile.known for pile in _piles(state))


def _small_position(name: str) -> State:
    """A position of a seeded game with between 3 and 60 deals the player cannot tell
    apart (the player's view of it, so the seeded order plays no part), reached by the
    game's greedy bot (random play seldom lives long enough). Cassette Dungeons!' decks
    never run that low, so its position is its first choice with the decks cut down."""
    if name == "cassette-dungeons":
        return _small_cassette()
    player = bots.make(name, "greedy")
    for seed in range(500):
        seeded, view = _walk(name, None, seed, seed, 0)
        player.begin(registry.get(name), None, {}, seeded)
        policy, dice = random.Random(seed), random.Random(seed)
        while not seeded.is_over:
            if 3 <= _consistent(name, view) <= 60 and seeded.phase is Phase.DECISION:
                return view
            if seeded.phase is Phase.DECISION:
                action = player.choose(seeded, policy)
                player.observe(seeded, action)
            else:
                action = _step(seeded, policy, dice)
            seeded, view = seeded.apply(action), view.apply(action)
    raise AssertionError(f"no small position in {name}")


def _small_cassette() -> State:
    from dungeon_cli.games.cassette_dungeons.decks import unknown

    state: Any = registry.get("cassette-dungeons").game.start()
    dice = random.Random(0)
    while state.phase is Phase.CHANCE:
        state = state.apply(_step(state, dice, dice))
    small = state._copy()
    decks = state.decks
    keep = {"monsters": 3, "bosses": 2, "traps": 1}  # 3! orders, 2! orders and 2 x 2 sides: 48
    small.decks = {name: unknown(deck.cards(state.cards.card_key)[: keep.get(name, 0)]) for name, deck in decks.items()}
    return small


def _chi_square_limit(df: int, z: float = 3.09) -> float:
    """The chi-square value exceeded with probability 0.001 (Wilson-Hilferty)."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


@pytest.mark.parametrize("name", GAMES)
def test_every_consistent_deal_comes_up_equally_often(name):
    state = _small_position(name)
    count = _consistent(name, state)
    rng = random.Random(2024)
    draws = 200 * count
    seen = Counter(_dealt(name, state.resample(rng)) for _ in range(draws))
    assert len(seen) == count  # every consistent deal comes up, and nothing else does
    expected = draws / count
    chi_square = sum((n - expected) ** 2 / expected for n in seen.values())
    assert chi_square < _chi_square_limit(count - 1), (name, count, chi_square)


def test_the_rules_do_not_import_random():
    """Resampling takes its generator as an argument: the core, the piles and a game's
    rules (what ``dungeon verify`` of a Scoundrel record loads) import no generator."""
    import subprocess
    import sys

    probe = "import sys\nfrom dungeon_cli import registry\n"
    probe += "registry.get('scoundrel').game.start()\n"
    probe += "print('random' in sys.modules)\n"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout == "False\n", done.stderr
