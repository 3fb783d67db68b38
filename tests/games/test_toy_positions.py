"""Toy Dungeon's positions (NOTATION.md section 9), the worked example of a game's
positions in docs/architecture.md "Adding a game": every decision of every legal
fixture written as a Position reads back as the same state, and the record cut at any
point between two actions replays to the same end."""

from __future__ import annotations

import pytest
from game_fixtures import fixtures
from position_round_trip import check_cuts, decisions, round_trip

GAME = "toy"


@pytest.mark.parametrize("path", fixtures(GAME, "legal"), ids=lambda path: path.name)
@pytest.mark.parametrize("seeded", [False, True], ids=["table", "seeded"])
def test_every_decision_of_a_legal_fixture_reads_back_from_its_position(path, seeded):
    found = decisions(path, seeded)
    assert found
    for module, start, state in found:
        assert round_trip(module, start, state) == {}, module.notation.write_position(state)


def test_a_record_cut_anywhere_between_two_actions_replays_to_the_same_end():
    counted = {path.name: check_cuts(path) for path in fixtures(GAME, "legal")}
    assert all(counted.values()), counted
