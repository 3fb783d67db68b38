"""``dungeon summary`` over any number of records holds no row per record (issue 23: a
5.3 MB file of 19,236 records peaked at 89 MB, 70 MB over verify): csv and json are
written a row at a time, --by keeps each group's tallies, and a drawn table (which sizes
its columns from every row) refuses beyond ``TABLE_ROWS`` records, naming the formats
that stream. The figures are measured in bench/memory.py (``hostile``)."""

from __future__ import annotations

import json
import statistics
import weakref
from collections import Counter

import pytest
from conftest import sample_games_file
from hypothesis import given
from hypothesis import strategies as st

from dungeon_cli.services import summary_table as shell_summary

COUNT = 40


@pytest.fixture(scope="module")
def many(tmp_path_factory):
    """One file of COUNT records of every game, finished and not."""
    return sample_games_file(tmp_path_factory.mktemp("many"), COUNT)


@pytest.fixture
def alive(monkeypatch):
    """The most rows alive at once while a summary runs."""
    rows: weakref.WeakSet = weakref.WeakSet()
    most = [0]
    made = shell_summary.SummaryRow.__init__

    def counted(self, *args, **kwargs):
        made(self, *args, **kwargs)
        rows.add(self)
        most[0] = max(most[0], len(rows))

    monkeypatch.setattr(shell_summary.SummaryRow, "__init__", counted)
    return most


@pytest.mark.parametrize("args", [["--format", "csv"], ["--format", "json"], ["--by", "game"], ["--by", "variant"]])
def test_summary_holds_no_row_per_record(run, many, alive, args):
    result = run(["summary", *args, str(many)])
    assert result.exit_code == 0, result.stderr
    assert alive[0] <= 2, f"{alive[0]} rows held at once over {COUNT} records"


def test_streamed_rows_are_the_whole_table(run, many):
    """csv and json, written a row at a time, say what the drawn table says."""
    rows = json.loads(run(["summary", "--format", "json", str(many)]).stdout)
    assert len(rows) == COUNT and rows[0]["file"].endswith("many.dgn:1")
    assert len({tuple(row) for row in rows}) == 1  # every row has every game's figure columns
    csv_lines = run(["summary", "--format", "csv", str(many)]).stdout.splitlines()
    assert csv_lines[0].split(",") == list(rows[0]) and len(csv_lines) == COUNT + 1
    table = run(["summary", "--format", "plain", str(many)]).stdout.splitlines()
    assert [line.split()[0] for line in table[1:]] == [row["file"] for row in rows]


def test_a_drawn_table_refuses_beyond_its_rows_and_names_the_formats_that_stream(run, many, monkeypatch):
    monkeypatch.setattr(shell_summary, "TABLE_ROWS", COUNT - 1)
    result = run(["summary", str(many)])
    assert result.exit_code == 2 and result.stdout == ""
    assert f"more than {COUNT - 1:,} records" in result.stderr
    assert "--format csv" in result.stderr and "--format json" in result.stderr
    assert run(["summary", "--format", "csv", str(many)]).exit_code == 0
    assert run(["summary", "--by", "game", str(many)]).exit_code == 0
    monkeypatch.setattr(shell_summary, "TABLE_ROWS", COUNT)
    assert run(["summary", str(many)]).exit_code == 0


def test_the_help_names_the_rows_a_table_holds(run):
    assert f"{shell_summary.TABLE_ROWS:,} records" in " ".join(run(["summary", "--help"]).stdout.split())


@given(st.lists(st.integers(-20, 40), min_size=1, max_size=60))
def test_a_groups_tallies_give_the_figures_of_its_scores(scores):
    counts = Counter(scores)
    assert shell_summary._median(counts, len(scores)) == float(statistics.median(scores))
    assert round(sum(s * n for s, n in counts.items()) / len(scores), 2) == round(float(statistics.mean(scores)), 2)
