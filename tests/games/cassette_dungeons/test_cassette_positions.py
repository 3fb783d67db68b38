"""Cassette Dungeons!' positions (NOTATION.md section 9; rules.md "Positions"): every
point of every legal fixture between two actions (each decision, each roll and reveal
in the middle of a turn, the end), dealt at a table and as its Seed deals, written as a
Position reads back as the same state."""

from __future__ import annotations

import pytest
from conftest import ROOT
from game_fixtures import fixtures
from position_round_trip import check_cuts, decisions, round_trip

from dungeon_cli.kit.core import Phase, Result
from dungeon_cli.services.referee import Referee
from notation import parse

GAME = "cassette-dungeons"


@pytest.mark.parametrize("seeded", [False, True], ids=["table", "seeded"])
@pytest.mark.parametrize("path", fixtures(GAME, "legal"), ids=lambda path: path.name)
def test_every_point_of_a_legal_fixture_reads_back_from_its_position(path, seeded):
    found = decisions(path, seeded, phases=tuple(Phase))
    assert found
    for module, start, state in found:
        assert round_trip(module, start, state) == {}, module.notation.write_position(state)


def test_the_rules_pages_example_of_a_position_verifies():
    page = (ROOT / "dungeon_cli" / "games" / "cassette_dungeons" / "rules.md").read_text(encoding="utf-8")
    section = page.split("## Positions", 1)[1].split("\n## ", 1)[0]
    example = "\n".join(line[4:] for line in section.splitlines() if line.startswith("    "))
    assert "[Position " in example and "5... " in example
    verdict = Referee().check(parse(example + "\n")[0])
    assert verdict.diagnostics == []
    assert str(verdict.state.result()) == str(Result(True, 9))  # the win of seeded-win.dgn, from the position


def test_a_record_cut_anywhere_between_two_actions_replays_to_the_same_end():
    counted = {path.name: check_cuts(path) for path in fixtures(GAME, "legal")}
    cut = {name for name, count in counted.items() if count}
    assert {"win.dgn", "death.dgn", "deck-rebuilt.dgn", "position-table-set.dgn", "position-reveal.dgn"} <= cut
