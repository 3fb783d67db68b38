"""The Cassette card set's balance read from records any player has played
(bench/cassette_balance.py ``--records``): each game once, with the hero it chose, and
the boss it met, as the greedy tally finds them by playing."""

from __future__ import annotations

import sys

from conftest import ROOT

from dungeon_cli import registry
from dungeon_cli.services.simulate import Spec, play

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
from bench import cassette_balance  # noqa: E402


def test_records_are_tallied_as_the_games_were_played(tmp_path):
    cards = registry.get("cassette-dungeons").game.default
    wins = 0
    for seed in range(1, 7):
        outcome = play(Spec("cassette-dungeons", "greedy", None, records=True), seed)
        (tmp_path / f"cassette-dungeons-{seed}.dgn").write_text(outcome.record, encoding="utf-8")
        wins += outcome.won
    won, played, bosses = cassette_balance.tally_records(str(tmp_path), cards)
    assert sum(played.values()) == 6 and sum(won.values()) == wins
    assert set(played) == set(cards.heroes)
    # the greedy bot of `sim` takes the first hero, as the tally's own greedy games do for it
    first = next(iter(cards.heroes))
    assert played[first] == 6
    heroes, _ = cassette_balance.tally(None, cards, 6, 1, {})
    assert won[first] == heroes[first]
    # a game is won only past the boss room: every win met a boss
    assert sum(c["won"] for c in bosses.values()) == wins <= sum(c["met"] for c in bosses.values()) <= 6


def test_an_illegal_record_is_refused_with_its_path(tmp_path):
    import pytest

    (tmp_path / "bad.dgn").write_text('[Game "cassette-dungeons"]\n[Seed "1"]\n\n1. : @nobody\n', encoding="utf-8")
    cards = registry.get("cassette-dungeons").game.default
    with pytest.raises(SystemExit, match="bad.dgn"):
        cassette_balance.tally_records(str(tmp_path), cards)
