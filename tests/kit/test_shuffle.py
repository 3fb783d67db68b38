"""The seeded shuffle is pinned: the same seed deals the same cards on every platform and
Python version. The values below were computed once and checked by hand against the
algorithm documented in dungeon_cli/kit/shuffle.py; a change here changes every seeded game."""

from __future__ import annotations

import random

import pytest

from dungeon_cli.games.scoundrel.rules import CARDS
from dungeon_cli.kit.shuffle import below, deal_piles, rng_for, shuffled

# The Scoundrel dungeon before shuffling (the documented input order of the shuffle).
UNSHUFFLED = (
    "As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks "
    "Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc "
    "2h 3h 4h 5h 6h 7h 8h 9h Th "
    "2d 3d 4d 5d 6d 7d 8d 9d Td"
)

# seed -> the first twelve cards of the dungeon, top first: the first room is the first
# four, and each later room is the card carried over plus the next three.
FIRST_CARDS = {
    0: "9h Qs 7d As Jc 8c 2c 8s 6c 9c Ks 7s",
    1: "5h 3s Qs 8h 8d 9d 6s Ts 5c 9h 3h 8c",
    7: "9c 7h 2c 3c Js 9d Qs 4c Qc 8d 4d 6d",
    42: "Ts 4s Js 9h 6d 6c 7h 2h 5s 2d Jc Qs",
    20261129: "Qc Jc 9s 5d 5s 9h 2h 7h",
    2**32 - 1: "Td 3h 9d 8h Ts Jc Th 5h",
    2**64 + 3: "5c Th 2d 5d 2c Tc 3d Jc",
}


def dungeon(seed: int) -> list[str]:
    return [str(c) for c in deal_piles(seed, [("dungeon", CARDS)])["dungeon"]]


def test_the_input_order_is_fixed():
    assert " ".join(str(c) for c in CARDS) == UNSHUFFLED


@pytest.mark.parametrize("seed", FIRST_CARDS, ids=str)
def test_first_rooms_of_a_seed_are_pinned(seed):
    expected = FIRST_CARDS[seed].split()
    deal = dungeon(seed)
    assert deal[: len(expected)] == expected
    assert sorted(deal) == sorted(UNSHUFFLED.split())  # a permutation: nothing lost or doubled


def test_a_hand_traced_shuffle():
    # Random(0).getrandbits(2) gives 3, 1, 3, 3, 1, ... Fisher-Yates from the end over
    # "abc": i=2 needs below(3): 3 is rejected, 1 is taken: swap 2 and 1 -> a c b;
    # i=1 needs below(2), also 2 bits: 3, 3 rejected, 1 taken: swap 1 and 1 -> a c b.
    rng = random.Random(0)
    assert [rng.getrandbits(2) for _ in range(5)] == [3, 1, 3, 3, 1]
    assert shuffled(random.Random(0), "abc") == ["a", "c", "b"]


def test_below_is_rejection_sampling_over_bit_length_bits():
    rng = random.Random(5)
    assert [below(rng, 6) for _ in range(10)] == [4, 2, 5, 2, 5, 5, 5, 4, 0, 3]
    rng = random.Random(5)
    assert all(0 <= below(rng, n) < n for n in range(1, 200))


def test_shuffle_of_a_range_is_pinned():
    assert shuffled(random.Random(0), list(range(10))) == [7, 8, 1, 5, 3, 4, 2, 0, 9, 6]


def test_the_shuffle_does_not_change_its_input():
    items = list(range(10))
    shuffled(random.Random(1), items)
    assert items == list(range(10))


def test_several_piles_share_one_generator_in_order():
    # Pile "b" is shuffled by the generator after pile "a" has used it: alone, it differs.
    assert deal_piles(9, [("a", "abcdef"), ("b", "uvwxyz")]) == {
        "a": list("fabced"),
        "b": list("yzxwuv"),
    }
    assert deal_piles(9, [("b", "uvwxyz")]) == {"b": list("zuvwyx")}


def test_negative_seeds_are_refused():
    with pytest.raises(ValueError):
        rng_for(-1)


@pytest.mark.parametrize("seed", [0, 7, 42])
def test_play_deals_the_pinned_rooms(run, seed):
    # `run` avoids the first room; the second is then the next four fresh cards.
    result = run(["play", "scoundrel", "--seed", str(seed)], input="run\n")
    assert result.exit_code == 0
    cards = FIRST_CARDS[seed].split()
    assert f"1. {' '.join(cards[:4])} : run" in result.stdout.splitlines()
    assert f'[Seed "{seed}"]' in result.stdout.splitlines()
