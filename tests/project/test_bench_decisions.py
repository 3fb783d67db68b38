"""The bench's part that quotes the strong player's time per decision beside greedy's
(bench/decisions.py): every registered game, the toy game included, with both bots, and
a decision charged with what the bot spent observing before it."""

from __future__ import annotations

import sys
import time

from conftest import ROOT

from dungeon_cli import registry

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
from bench import decisions  # noqa: E402


def test_every_game_is_quoted_for_both_bots(monkeypatch):
    monkeypatch.setattr(decisions, "DECISIONS", 1)
    found = decisions.run()
    assert set(found) == set(registry.names()) and "toy" in found
    for game, row in found.items():
        for bot in ("greedy", "strong"):
            assert row[bot]["decisions"] == 1, (game, bot)
            assert 0 <= row[bot]["min_ms"] <= row[bot]["median_ms"], (game, row)


def test_observing_is_charged_to_the_next_decision(monkeypatch):
    from dungeon_cli.kit.player_view import PlayerView

    observe = PlayerView.observe  # the seat's view, told every event (issue 39)

    def slow(self, action):
        time.sleep(0.01)
        observe(self, action)

    monkeypatch.setattr(PlayerView, "observe", slow)
    times = decisions._times("toy", "strong")[:3]
    assert times and min(times) >= 0.01
