"""One deal solved as ``dungeon solve`` asks it of the library (services/best_line.py):
the line is a record that verifies against its seed, with the verdict in its ``Solve``
tag and in the line said; a record whose deal cannot be solved is refused with the line
and the status the command gives (1 illegal, 2 a deal it does not show)."""

from __future__ import annotations

import io

import pytest
from conftest import FIXTURES

from dungeon_cli.engine import Setup
from dungeon_cli.services.best_line import BestLine, Unsolvable, from_record, from_seed
from dungeon_cli.services.referee import check
from dungeon_cli.services.session import Session
from notation import read


def _record(path):
    (record,) = read(io.BytesIO(path.read_bytes()))
    return record


def test_the_best_line_of_a_seed_is_a_record_that_verifies_with_its_verdict():
    line = BestLine("scoundrel", from_seed(Session(Setup("scoundrel", None, seed=7)), 7), 2_000, None)
    (record,) = read(io.BytesIO(line.text.encode()))
    assert check(record, seed_check=True).legal
    verdict = record.tag_value("Solve")
    assert verdict in ("optimum (proven)", "best found, not proven (node limit)")
    assert line.said.startswith("scoundrel seed 7: ") and f" is the {verdict}; " in line.said
    assert not line.interrupted


def test_a_seeded_record_is_solved_from_its_seed():
    path = FIXTURES / "scoundrel" / "legal" / "death-mid-room.dgn"
    deal = from_record(_record(path), "shown.dgn")
    assert deal.where == f"shown.dgn (seed {_record(path).tag_value('Seed')})"


@pytest.mark.parametrize(
    ("path", "status", "says"),
    [
        ("scoundrel/illegal/action-after-death.dgn", 1, "shown.dgn:5:24: error: Qs: the game is over"),
        ("rpg-solitaire/legal/escape-with-treasure.dgn", 2, "rpg-solitaire is solved from a seed, and this record has none"),
        ("clear-the-dungeon/legal/table-game-unfinished.dgn", 2, "cards never came up in this record, so the deal is not known"),
    ],
)
def test_a_record_whose_deal_cannot_be_solved_says_why_with_the_commands_status(path, status, says):
    with pytest.raises(Unsolvable) as refused:
        from_record(_record(FIXTURES / path), "shown.dgn")
    assert refused.value.status == status
    assert str(refused.value).startswith("shown.dgn") and says in str(refused.value)
