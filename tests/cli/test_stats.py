"""``dungeon stats``: a player's games over time (issue 28), on records of all four
games: counts and win rates as the referee judges the records, the Wilson interval,
streaks in the order read, accuracy and move classes read from what ``analyse -o``
writes (never analysed again), the groups, the formats and the picture."""

from __future__ import annotations

import csv
import io
import json

import pytest

from dungeon_cli import registry
from dungeon_cli.services.move_classes import MoveClass, Note, write_note
from dungeon_cli.services.sim_summary import wilson
from dungeon_cli.services.simulate import Spec, play

GAMES = registry.names()


def outcome(game: str, seed: int):
    return play(Spec(game, "random", records=True), seed)


def dressed(text: str, player: str = "", date: str = "", accuracy: str = "", notes=()) -> str:
    """A record with the tags a player's records carry, and analysis comments on its
    first move line, as ``analyse -o`` writes them."""
    lines = text.splitlines()
    tags = [f'[{name} "{value}"]' for name, value in (("Player", player), ("Date", date), ("Accuracy", accuracy)) if value]
    lines[1:1] = tags
    if notes:
        first = next(i for i, line in enumerate(lines) if line.startswith("1."))
        words = [
            write_note(Note(action, cls, 60, 60 - loss), f"fair win 60% -> {60 - loss}% (better x 60%)")
            for action, cls, loss in notes
        ]
        lines[first] += "  # " + "; ".join(words)
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def played():
    """Per game, twelve random games (seed, won, text): wins and losses both."""
    return {game: [outcome(game, seed) for seed in range(12)] for game in GAMES}


def write(path, texts):
    path.write_text("\n".join(texts))
    return path


def by_key(table, *fields):
    return {tuple(row[f] for f in fields): row for row in table}


def test_every_game_counted_as_the_referee_judges_it(run, tmp_path, played):
    for game, games in played.items():
        write(tmp_path / f"{game}.dgn", [o.record for o in games])
    result = run(["stats", str(tmp_path), "--format", "json"])
    assert result.exit_code == 0, result.stderr
    table = by_key(json.loads(result.stdout), "game")
    assert set(table) == {(g,) for g in GAMES}
    for game, games in played.items():
        row = table[(game,)]
        wins = sum(o.won for o in games)
        assert (row["games"], row["wins"]) == (len(games), wins)
        low, high = wilson(wins, len(games))
        assert row["ci low"] == pytest.approx(low, abs=1e-4) and row["ci high"] == pytest.approx(high, abs=1e-4)
        assert row["analysed"] == 0 and row["accuracy"] is None  # stats never analyses


def test_streaks_in_the_order_read(run, tmp_path, played):
    games = [o for g in GAMES for o in played[g]]
    won = next(o for o in games if o.won)
    lost = next(o for o in games if not o.won)
    order = [won, won, lost, won, won, won, lost, lost]  # runs: W2 L1 W3 L2
    for i, o in enumerate(order):
        (tmp_path / f"{i:02}.dgn").write_text(dressed(o.record, player="ann"))
    result = run(["stats", str(tmp_path), "--by", "player", "--format", "json"])
    row = json.loads(result.stdout)[0]
    assert (row["player"], row["games"], row["wins"]) == ("ann", 8, 5)
    assert (row["best streak"], row["worst streak"], row["streak"]) == (3, 2, "lost 2")


def test_players_and_months_apart(run, tmp_path, played):
    texts = []
    for game in GAMES:
        for i, o in enumerate(played[game]):
            texts.append(dressed(o.record, player=("ann", "bo")[i % 2], date=f"2026-{1 + i % 3:02}-15"))
    texts.append(dressed(played[GAMES[0]][0].record, player="bo"))  # no Date: no month
    write(tmp_path / "all.dgn", texts)
    result = run(["stats", str(tmp_path / "all.dgn"), "--by", "month", "--by", "player", "--format", "json"])
    table = by_key(json.loads(result.stdout), "player", "month")  # fields in BY's order whatever the flags'
    assert list(json.loads(result.stdout)[0])[:2] == ["player", "month"]
    expected: dict = {}
    for game in GAMES:
        for i, o in enumerate(played[game]):
            key = (("ann", "bo")[i % 2], f"2026-{1 + i % 3:02}")
            games, wins = expected.get(key, (0, 0))
            expected[key] = (games + 1, wins + o.won)
    expected[("bo", "-")] = (1, int(played[GAMES[0]][0].won))
    assert {k: (r["games"], r["wins"]) for k, r in table.items()} == expected


def test_accuracy_and_the_costliest_mistakes_from_the_analysis(run, tmp_path, played):
    a, b, c = played[GAMES[0]][0], played[GAMES[1]][1], played[GAMES[2]][2]
    write(
        tmp_path / "analysed.dgn",
        [
            dressed(a.record, accuracy="80.0", notes=[("x", MoveClass.BLUNDER, 25), ("y", MoveClass.MISTAKE, 12)]),
            dressed(b.record, accuracy="60.5", notes=[("x", MoveClass.MISTAKE, 15), ("y", MoveClass.INACCURACY, 6)]),
            dressed(c.record),  # not analysed: counted, no accuracy
        ],
    )
    result = run(["stats", str(tmp_path / "analysed.dgn"), "--by", "player", "--format", "json"])
    row = json.loads(result.stdout)[0]
    assert (row["games"], row["analysed"], row["accuracy"]) == (3, 2, 70.2)
    assert (row["inaccuracies"], row["mistakes"], row["blunders"]) == (1, 2, 1)
    assert (row["costliest"], row["points lost"]) == ("mistake", 27)  # 12 + 15 beats one blunder of 25


ILLEGAL = '[Game "scoundrel"]\n\n1. 9s 5d 4h Kc : 5d x9s 4h\n2. (Kc) 7c 2s 9s : run\n'


def test_a_record_that_does_not_verify_is_said_and_skipped_as_summary_does(run, tmp_path, played):
    good = played[GAMES[0]][0]
    write(tmp_path / "mixed.dgn", [good.record, ILLEGAL])
    (tmp_path / "empty.dgn").write_text("# no record here\n")
    result = run(["stats", str(tmp_path), "--format", "json"])
    assert result.exit_code == 1
    assert json.loads(result.stdout)[0]["games"] == 1
    summary = run(["summary", str(tmp_path), "--by", "game"])
    said = [line for line in result.stderr.splitlines() if line.startswith("does not verify: ")]
    assert said and said == [line for line in summary.stderr.splitlines() if line.startswith("does not verify: ")]
    assert any(":1:1: error: no record in this file" in line for line in said)
    assert any(f"mixed.dgn:{len(good.record.splitlines()) + 5}:15: error: 9s" in line for line in said)  # file:line:col
    assert "not counted: 2 illegal" in result.stderr


def test_csv_cells_are_no_formulas(run, tmp_path, played):
    write(tmp_path / "f.dgn", [dressed(played[GAMES[0]][0].record, player="=HYPERLINK(1)")])
    result = run(["stats", str(tmp_path / "f.dgn"), "--by", "player", "--format", "csv"])
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert rows[0]["player"] == "'=HYPERLINK(1)"


def test_the_picture_of_the_months(run, tmp_path, played):
    texts = [
        dressed(o.record, player="<ann>", date=f"2026-0{1 + i % 2}-01", accuracy="75.0") for i, o in enumerate(played[GAMES[0]])
    ]
    write(tmp_path / "p.dgn", texts)
    out = tmp_path / "trend.svg"
    result = run(["stats", str(tmp_path / "p.dgn"), "--plot", str(out)])
    assert result.exit_code == 0, result.stderr
    svg = out.read_text()
    assert svg.startswith("<svg") and svg.count("<polyline") == 2  # the win rate and the accuracy
    assert "2026-01" in svg and "2026-02" in svg and "&lt;ann&gt;" in svg and "<ann>" not in svg
    again = run(["stats", str(tmp_path / "p.dgn"), "--plot", str(out)])
    assert again.exit_code == 2 and "exists already" in again.stderr  # never over a file unasked


def test_stats_holds_no_record_per_game(run, tmp_path, monkeypatch):
    """A record at a time: the groups keep tallies, so at most the record in hand (and
    the one before, until it is collected) is alive, however many there are."""
    import weakref

    from conftest import sample_games_file

    from dungeon_cli.services import summary_table as shell_summary

    many = sample_games_file(tmp_path, 40)
    rows: weakref.WeakSet = weakref.WeakSet()
    most = [0]
    made = shell_summary.SummaryRow.__init__

    def counted(self, *args, **kwargs):
        made(self, *args, **kwargs)
        rows.add(self)
        most[0] = max(most[0], len(rows))

    monkeypatch.setattr(shell_summary.SummaryRow, "__init__", counted)
    result = run(["stats", str(many), "--by", "player", "--by", "month", "--plot", str(tmp_path / "t.svg")])
    assert result.exit_code == 0, result.stderr
    assert most[0] <= 2, f"{most[0]} records held at once over 40"


def test_a_drawn_table_holds_at_most_table_rows_groups_as_summarys(run, tmp_path, played, monkeypatch):
    """stats drew any number of rows, where summary stops at 2,000 (issue 41, item 16):
    past it, exit 2 naming csv and json, which write them all."""
    from dungeon_cli.services import summary_table

    monkeypatch.setattr(summary_table, "TABLE_ROWS", 3)
    texts = [dressed(o.record, player=f"p{i}") for i, o in enumerate(played[GAMES[0]][:5])]
    write(tmp_path / "five.dgn", texts)
    drawn = run(["stats", str(tmp_path / "five.dgn"), "--by", "player"])
    assert drawn.exit_code == 2 and drawn.stdout == ""
    assert drawn.stderr.startswith("dungeon stats: error: more than 3 groups: a simple table is drawn whole"), drawn.stderr
    rows = run(["stats", str(tmp_path / "five.dgn"), "--by", "player", "--format", "csv"])
    assert rows.exit_code == 0 and len(list(csv.DictReader(io.StringIO(rows.stdout)))) == 5
    assert run(["stats", str(tmp_path / "five.dgn")]).exit_code == 0  # one group: drawn


def test_rpg_groups_give_the_mean_treasure(run, tmp_path, played):
    """Issue 39: RPG solitaire is played for its treasure: stats gives the mean treasure
    carried out of its games (0 for a loss), and no figure for the other games'."""
    games = [play(Spec("rpg-solitaire", "greedy", records=True), seed) for seed in range(8)]  # some escape
    assert any(o.won for o in games) and not all(o.won for o in games)
    write(tmp_path / "rpg.dgn", [o.record for o in games])
    write(tmp_path / "scoundrel.dgn", [o.record for o in played["scoundrel"]])
    result = run(["stats", str(tmp_path), "--format", "json"])
    table = by_key(json.loads(result.stdout), "game")
    assert table[("rpg-solitaire",)]["mean treasure"] == round(sum(o.score for o in games) / len(games), 1)
    assert table[("scoundrel",)]["mean treasure"] is None
    assert "mean treasure" not in run(["stats", str(tmp_path / "scoundrel.dgn"), "--format", "json"]).stdout
