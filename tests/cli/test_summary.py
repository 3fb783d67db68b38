"""``dungeon summary``: tables (syrupy snapshots), groups, json and csv, and records
that fail to verify listed with exit status 1."""

from __future__ import annotations

import csv
import io
import json
import shutil
import statistics

import pytest
from conftest import EXAMPLES

from dungeon_cli import registry
from dungeon_cli.services import sim_summary
from dungeon_cli.services.referee import check
from dungeon_cli.shell.sample import sample_game
from notation import parse


@pytest.fixture
def records(tmp_path, monkeypatch):
    """The two shared Scoundrel examples plus a played record with Player, Date and a
    variant, and an illegal one; run from their directory so that names are short."""
    shutil.copy(EXAMPLES / "scoundrel-win.dgn", tmp_path / "win.dgn")
    shutil.copy(EXAMPLES / "scoundrel-loss.dgn", tmp_path / "loss.dgn")
    variant = next(iter(registry.get("scoundrel").game.variants))
    text = (
        (EXAMPLES / "scoundrel-loss.dgn")
        .read_text()
        .replace('[Game "scoundrel"]', f'[Game "scoundrel"]\n[Variant "{variant}"]\n[Date "2026-11-29"]\n[Player "Ann"]')
    )
    (tmp_path / "ann.dgn").write_text(text)
    (tmp_path / "bad.dgn").write_text(
        (EXAMPLES / "scoundrel-loss.dgn").read_text().replace("6. (3s) 3h Js Tc", "6. (3s) 3h Js 4d")
    )
    monkeypatch.chdir(tmp_path)
    return ["win.dgn", "loss.dgn", "ann.dgn", "bad.dgn"]


def test_one_row_per_record(run, records, snapshot_text):
    result = run(["summary", *records])
    assert result.exit_code == 1  # bad.dgn does not verify
    assert result.stdout == snapshot_text
    assert result.stderr == "does not verify: bad.dgn:10:15: error: 4d: no longer in the dungeon: it was dealt already\n"


def test_grouped_by_game_in_github_format(run, records, snapshot_text):
    result = run(["summary", "--by", "game", "--format", "github", *records])
    assert result.stdout == snapshot_text
    assert "not counted: 1 illegal" in result.stderr


@pytest.mark.parametrize("by", ["player", "variant"])
def test_grouped_by_player_and_variant(run, records, snapshot_text, by):
    result = run(["summary", "--by", by, "--format", "grid", *records[:3]])
    assert result.exit_code == 0
    assert result.stdout == snapshot_text


def test_json_rows_say_what_the_referee_says(run, records):
    result = run(["summary", "--format", "json", *records])
    rows = json.loads(result.stdout)
    assert [r["file"] for r in rows] == records
    for row, name in zip(rows, records):
        verdict = check(parse(open(name).read())[0])
        if verdict.legal:
            assert (row["result"], row["score"]) == (("win" if verdict.result.won else "loss"), verdict.result.score)
            figures = registry.get("scoundrel").figures(verdict.state)
            assert {k: row[k] for k in figures} == figures
        else:
            assert row["result"] == "illegal" and row["score"] is None


def test_groups_count_finished_legal_games(run, tmp_path):
    module = registry.get("scoundrel")
    played = [sample_game(module, seed)[0] for seed in range(1, 9)]
    names = []
    for index, session in enumerate(played):
        path = tmp_path / f"g{index}.dgn"
        path.write_text(session.text())
        names.append(str(path))
    rows = json.loads(run(["summary", "--by", "game", "--format", "json", *names]).stdout)
    wins = sorted(s.state.result().score for s in played if s.state.result().won)
    losses = sorted(s.state.result().score for s in played if not s.state.result().won)
    assert rows == [
        {
            "game": "scoundrel",
            "records": 8,
            "wins": len(wins),
            "win rate": round(len(wins) / 8, 3),
            "win mean": round(sum(wins) / len(wins), 2) if wins else None,
            "win median": float(statistics.median(wins)) if wins else None,
            "win best": max(wins) if wins else None,
            "loss mean": round(sum(losses) / len(losses), 2) if losses else None,
            "loss median": float(statistics.median(losses)) if losses else None,
            "loss best": max(losses) if losses else None,
        }
    ]


def test_groups_show_win_and_loss_scores_apart(run):
    """Issue 25: Clear the Dungeon's group showed "best 9" where 9 was a loss (a win
    scores 0-3) and a mean of wins and losses together. Each now has its own figures."""
    names = [str(EXAMPLES / "clear-the-dungeon-win.dgn"), str(EXAMPLES / "clear-the-dungeon-loss.dgn")]
    rows = json.loads(run(["summary", "--by", "game", "--format", "json", *names]).stdout)
    assert rows == [
        {
            "game": "clear-the-dungeon",
            "records": 2,
            "wins": 1,
            "win rate": 0.5,
            "win mean": 3.0,
            "win median": 3.0,
            "win best": 3,
            "loss mean": 9.0,
            "loss median": 9.0,
            "loss best": 9,
        }
    ]
    table = run(["summary", "--by", "game", *names]).stdout.splitlines()
    assert table[0].split() == "game records wins win rate win mean win median win best loss mean loss median loss best".split()
    assert table[2].split() == ["clear-the-dungeon", "2", "1", "50.0%", "3.0", "3.0", "3", "9.0", "9.0", "9"]


def test_summary_writes_a_rate_as_sim_does(run, tmp_path):
    """Issue 25: summary showed "33%" where sim shows "33.3%": one function writes both."""
    shutil.copy(EXAMPLES / "scoundrel-win.dgn", tmp_path / "win.dgn")
    for name in ("a", "b"):
        shutil.copy(EXAMPLES / "scoundrel-loss.dgn", tmp_path / f"{name}.dgn")
    rows = run(["summary", "--by", "game", *sorted(map(str, tmp_path.iterdir()))]).stdout.splitlines()
    assert rows[2].split()[3] == sim_summary.percent(1 / 3) == "33.3%"


def test_csv_has_a_header_and_a_row_per_record(run, records):
    result = run(["summary", "--format", "csv", *records])
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [r["file"] for r in rows] == records
    assert rows[2]["player"] == "Ann" and rows[2]["date"] == "2026-11-29"


def test_unfinished_records_and_files_of_several_records(run, tmp_path):
    module = registry.get("scoundrel")
    session, lines = sample_game(module, 4)
    path = tmp_path / "two.dgn"
    half = session.text().split("\n3.")[0].replace('[Result "', '[Note "') + "\n"
    path.write_text(session.text() + "\n" + half)
    result = run(["summary", "--format", "json", str(path)])
    assert result.exit_code == 0
    rows = json.loads(result.stdout)
    assert [r["result"] for r in rows] == ["win" if session.state.result().won else "loss", "unfinished"]
    assert rows[0]["file"].endswith("two.dgn:1") and rows[1]["file"].startswith(str(path) + ":")
    grouped = run(["summary", "--by", "game", str(path)])
    assert "not counted: 1 unfinished" in grouped.stderr


def test_any_tabulate_format_and_usage_errors(run, records):
    assert run(["summary", "--format", "latex", *records[:1]]).stdout.startswith("\\begin{tabular}")
    bad = run(["summary", "--format", "nope", *records[:1]])
    assert bad.exit_code == 2 and "'nope' is not one of" in bad.stderr
    missing = run(["summary", "missing.dgn", *records[:1]])
    assert missing.exit_code == 2 and "missing.dgn: no such file" in missing.stderr


def test_every_game_has_a_row(run, tmp_path):
    names = []
    for game in registry.names():
        path = tmp_path / f"{game}.dgn"
        path.write_text(sample_game(registry.get(game), 3)[0].text())
        names.append(str(path))
    rows = json.loads(run(["summary", "--format", "json", *names]).stdout)
    assert [r["game"] for r in rows] == registry.names()
    assert all(r["result"] in ("win", "loss") for r in rows)
