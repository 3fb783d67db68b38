"""The greedy bot that measures the default set's balance: a careful player wins sometimes."""

from __future__ import annotations

from dungeon_cli import registry
from dungeon_cli.bots.cassette_harness import main, play, win_rate
from dungeon_cli.referee import check
from notation import parse

MODULE = registry.get("cassette-dungeons")


def test_the_default_set_is_won_sometimes_and_lost_sometimes():
    rate = win_rate(MODULE, 60, first_seed=1, hero="knight")
    assert 0.15 <= rate <= 0.7, rate


def test_every_bot_game_is_a_record_that_verifies_against_its_seed():
    for seed in range(1, 11):
        session = play(MODULE, seed, "rogue")
        assert session.state.is_over
        verdict = check(parse(session.text())[0], seed_check=True)
        assert verdict.legal and verdict.result == session.state.result()


def test_the_measuring_command_prints_a_rate_per_hero(capsys):
    main(["--games", "5", "--hero", "bard"])
    out = capsys.readouterr().out
    assert out.startswith("bard") and "of 5 seeded games won" in out
