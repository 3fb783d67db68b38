"""Toy Dungeon's positions (NOTATION.md section 9), the worked example of a game's
positions in docs/architecture.md "Adding a game": every decision of every legal
fixture written as a Position reads back as the same state."""

from __future__ import annotations

import pytest
from game_fixtures import fixtures
from position_round_trip import decisions, round_trip

GAME = "toy"


@pytest.mark.parametrize("path", fixtures(GAME, "legal"), ids=lambda path: path.name)
@pytest.mark.parametrize("seeded", [False, True], ids=["table", "seeded"])
def test_every_decision_of_a_legal_fixture_reads_back_from_its_position(path, seeded):
    found = decisions(path, seeded)
    assert found
    for module, start, state in found:
        assert round_trip(module, start, state) == {}, module.notation.write_position(state)
