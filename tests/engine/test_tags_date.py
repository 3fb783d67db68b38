"""A Date tag names a day of the calendar, not only the shape YYYY-MM-DD (issue 41, item 24)."""

from __future__ import annotations

import pytest

from dungeon_cli.engine.tags import read_setup
from notation import parse


def problems(date: str) -> list[str]:
    record = parse(f'[Game "scoundrel"]\n[Date "{date}"]\n\n1. 9s 5d 4h Kc : run\n')[0]
    return [f"{d.line}:{d.col}: {d.message}" for d in read_setup(record)[1]]


@pytest.mark.parametrize(
    "date", ["2026-02-31", "2026-02-29", "1900-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "0000-01-01"]
)
def test_a_day_that_does_not_exist_is_an_error_at_its_value(date):
    assert problems(date) == [f"2:7: Date {date} is no day of the calendar"]


@pytest.mark.parametrize("date", ["2024-02-29", "2000-02-29", "2026-12-31", "2026-01-01", "0001-01-01"])
def test_every_real_day_passes(date):
    assert problems(date) == []


def test_verify_says_so(run, tmp_path):
    path = tmp_path / "g.dgn"
    path.write_text('[Game "scoundrel"]\n[Date "2026-02-31"]\n\n1. 9s 5d 4h Kc : run\n')
    result = run(["verify", str(path)])
    assert result.exit_code == 1 and f"{path}:2:7: error: Date 2026-02-31 is no day of the calendar" in result.stdout
