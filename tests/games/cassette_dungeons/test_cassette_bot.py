"""The greedy bot that measures the default set's balance: a careful player wins sometimes."""

from __future__ import annotations

from cassette_play import play

from dungeon_cli.services.referee import check
from notation import parse


def test_the_default_set_is_won_sometimes_and_lost_sometimes():
    wins = sum(bool(play(seed, "knight").state.result().won) for seed in range(1, 61))
    assert 0.15 <= wins / 60 <= 0.7, wins


def test_every_bot_game_is_a_record_that_verifies_against_its_seed():
    for seed in range(1, 11):
        session = play(seed, "rogue")
        assert session.state.is_over
        verdict = check(parse(session.text())[0], seed_check=True)
        assert verdict.legal and verdict.result == session.state.result()
