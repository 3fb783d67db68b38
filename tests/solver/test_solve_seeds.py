"""``dungeon solve GAME --seeds A-B``: every deal of a range solved and counted, as
``solver.solve`` decides each one, the same whatever ``--jobs``, in a table, JSON or
CSV; a limit's undecided deals listed; usage errors; Ctrl-C counts the deals solved."""

from __future__ import annotations

import csv
import io
import json

import pytest
from processes import Watched

from dungeon_cli import solver
from dungeon_cli.engine import SeededDealer, Setup
from dungeon_cli.services import solve_seeds

# seeds 255-262 of Scoundrel hold a deal no line wins (259); Clear the Dungeon's first
# twenty a few winnable among many that are not; with reserve, every one of them
CASES = [
    ("scoundrel", None, "255-262", "win"),
    ("scoundrel", "strict-weapon", "255-262", "win"),
    ("scoundrel", None, "259-261", "best"),
    ("clear-the-dungeon", None, "0-19", "win"),
    ("clear-the-dungeon", None, "0-19", "best"),
    ("clear-the-dungeon", "reserve", "0-19", "win"),
    ("clear-the-dungeon", "reserve", "0-9", "best"),
    # games without solver hooks: the search over the rules (solver.searched)
    ("rpg-solitaire", None, "0-5", "win"),
    ("cassette-dungeons", None, "0-5", "win"),
    ("toy", None, "0-9", "best"),
    ("toy", "frail", "0-9", "win"),
]


def _seeds(text: str) -> range:
    first, last = text.split("-")
    return range(int(first), int(last) + 1)


def _args(game, variant, seeds, goal, *more):
    return ["solve", game, "--seeds", seeds, "--goal", goal, *(["--variant", variant] if variant else []), *more]


def _by_hand(game, variant, seed, goal):
    dealer = SeededDealer(seed)
    start = dealer.start(Setup(game, variant, seed=seed))
    return solver.solve(start, game, goal=goal, stream=solver.Stream.of(dealer))


@pytest.mark.parametrize("game,variant,seeds,goal", CASES)
def test_each_deal_is_what_solver_solve_says(run, game, variant, seeds, goal):
    result = run(_args(game, variant, seeds, goal, "--format", "json"))
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    expected = {"winnable": 0, "no_win": 0, "undecided": 0}
    for row, seed in zip(report["results"], _seeds(seeds), strict=True):
        found = _by_hand(game, variant, seed, goal)
        assert (row["seed"], row["won"], row["score"], row["proven"], row["positions"]) == (
            seed,
            found.result.won,
            found.result.score,
            found.proven,
            found.nodes,
        )
        verdict = "winnable" if found.result.won else "no_win" if found.proven else "undecided"
        assert row["verdict"] == verdict.replace("_", " ")
        expected[verdict] += 1
    assert {k: report[k] for k in expected} == expected
    assert report["deals"] == len(_seeds(seeds))
    if game == "scoundrel" and goal == "win":
        assert expected["no_win"] == 1  # seed 259
    # the table says the same counts
    table = run(_args(game, variant, seeds, goal)).stdout
    w = expected["winnable"]
    assert f"{w} ({100 * w / report['deals']:.1f}%)" in table.splitlines()[2]


def test_jobs_2_counts_what_jobs_1_counts(run):
    def without_time(args):
        result = run(args)
        assert result.exit_code == 0, result.output
        report = json.loads(result.stdout)
        for row in report["results"]:
            del row["seconds"]
        return report

    for game, variant, seeds in (("clear-the-dungeon", "reserve", "0-39"), ("scoundrel", None, "255-270")):
        one = without_time(_args(game, variant, seeds, "win", "--format", "json", "--jobs", "1"))
        two = without_time(_args(game, variant, seeds, "win", "--format", "json", "--jobs", "2"))
        assert one == two
        text = [run(_args(game, variant, seeds, "win", "--jobs", jobs)).stdout for jobs in ("1", "2")]
        assert text[0] == text[1]


def test_the_table(run, snapshot_text):
    result = run(["solve", "clear-the-dungeon", "--seeds", "0-29"])
    assert result.exit_code == 0
    assert result.stdout == snapshot_text
    assert "clear-the-dungeon: 30 deals," in result.stderr and "s of CPU in the solver" in result.stderr


def test_the_table_with_best(run, snapshot_text):
    result = run(["solve", "clear-the-dungeon", "--variant", "reserve", "--seeds", "0-9", "--goal", "best"])
    assert result.exit_code == 0
    assert result.stdout == snapshot_text
    assert "best results (the optima proven):" in result.stdout and "the highest: win " in result.stdout


def test_undecided_deals_are_counted_and_listed(run):
    result = run(["solve", "scoundrel", "--seeds", "255-262", "--limit", "100"])
    assert result.exit_code == 0, result.output
    report = json.loads(run(["solve", "scoundrel", "--seeds", "255-262", "--limit", "100", "--format", "json"]).stdout)
    undecided = [row["seed"] for row in report["results"] if row["verdict"] == "undecided"]
    assert undecided and report["undecided_seeds"] == undecided and report["undecided"] == len(undecided)
    assert f"undecided (the limit came first): seeds {', '.join(map(str, undecided))}" in result.stdout
    assert report["limit"] == {"positions": 100, "seconds": None}


def test_json_shape(run):
    report = json.loads(run(["solve", "clear-the-dungeon", "--seeds", "3-5", "--format", "json"]).stdout)
    assert report["game"] == "clear-the-dungeon" and report["variant"] is None and report["goal"] == "win"
    assert report["seeds"] == {"first": 3, "last": 5}
    assert set(report) >= {"deals", "winnable", "no_win", "undecided", "undecided_seeds", "results", "limit"}
    assert [row["seed"] for row in report["results"]] == [3, 4, 5]
    assert set(report["results"][0]) == {"seed", "won", "score", "proven", "verdict", "positions", "seconds"}
    best = json.loads(run(["solve", "clear-the-dungeon", "--seeds", "3-5", "--goal", "best", "--format", "json"]).stdout)
    assert sum(entry["deals"] for entry in best["best"]) == 3


def test_csv_is_one_row_a_deal(run):
    result = run(["solve", "clear-the-dungeon", "--variant", "reserve", "--seeds", "7", "--format", "csv"])
    assert result.exit_code == 0
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert len(rows) == 1 and list(rows[0]) == ["seed", "won", "score", "proven", "positions", "seconds"]
    assert rows[0]["seed"] == "7" and rows[0]["won"] in ("true", "false") and rows[0]["proven"] == "true"
    found = _by_hand("clear-the-dungeon", "reserve", 7, "win")
    assert int(rows[0]["score"]) == found.result.score and int(rows[0]["positions"]) == found.nodes
    float(rows[0]["seconds"])


def test_parse_seeds():
    from dungeon_cli.cli.solve import parse_seeds

    assert parse_seeds("0-9999") == range(10_000)
    assert parse_seeds("7") == range(7, 8)
    assert parse_seeds(" 3-3 ") == range(3, 4)


@pytest.mark.parametrize(
    "args,message",
    [
        (["scoundrel", "--seeds", "0-9", "--seed", "3"], "--seeds or --seed, not both"),
        (["scoundrel", "--seeds", "0-9", "-o", "out.dgn"], "--seeds writes no record"),
        (["scoundrel", "--seeds", "9-0"], "'9-0' is not a range of seeds: 0 comes before 9"),
        (["scoundrel", "--seeds", "0..9"], "'0..9' is not a range of seeds"),
        (["scoundrel", "--seeds", "-3"], "is not a range of seeds"),
        (["chess", "--seeds", "0-9"], "unknown game 'chess'"),
        (["scoundrel", "--seeds", "0-9", "--variant", "easy"], "no variant 'easy'"),
        (["scoundrel", "--seeds", "0-9", "--limit", "soon"], "'soon' is not a limit"),
        (["scoundrel", "--seeds", "0-9", "--goal", "lose"], "'lose' is not one of 'win', 'best'"),
        (["scoundrel", "--seed", "3", "--jobs", "2"], "--jobs goes with --seeds"),
        (["scoundrel", "--seed", "3", "--goal", "win"], "--goal goes with --seeds"),
        (["scoundrel", "--seed", "3", "--format", "csv"], "--format goes with --seeds"),
    ],
)
def test_usage_errors(run, args, message):
    result = run(["solve", *args])
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert result.output.count("Error:") == 1


def test_a_record_file_is_not_a_game(run, tmp_path):
    (tmp_path / "game.dgn").write_text('[Game "scoundrel"]\n[Seed "7"]\n\n')
    result = run(["solve", str(tmp_path / "game.dgn"), "--seeds", "0-9"])
    assert result.exit_code == 2
    assert "--seeds solves a game's deals: give a GAME, not the record" in result.output


def test_count_and_verdicts():
    count = solve_seeds.Count(
        [
            solve_seeds.Solved(1, True, 5, True, 10, 0.1, True),
            solve_seeds.Solved(2, False, -3, True, 10, 0.1, True),
            solve_seeds.Solved(3, False, None, False, 100, 0.1, False),
            solve_seeds.Solved(4, True, 9, False, 100, 0.1, True),  # a win found, not proven best: winnable
            solve_seeds.Solved(5, False, -8, False, 100, 0.1, True),  # no win proven, best loss cut short
        ],
        best=True,
    )
    assert count.summary() == {"deals": 5, "winnable": 2, "no_win": 2, "undecided": 1, "undecided_seeds": [3]}
    assert count.highest() == (True, 5, 1)  # proven optima only
    assert count.positions == 320


def test_ctrl_c_counts_the_deals_solved(tmp_path):
    run = Watched(["solve", "scoundrel", "--seeds", "0-99999", "--jobs", "2"], tmp_path)
    run.finished()  # before: 4 s, and on a loaded machine no deal was solved yet
    out, err = run.ctrl_c()
    assert run.proc.returncode == 130, err
    assert b"Traceback" not in err and b"dungeon solve: error: interrupted: the first " in err
    assert b"winnable" in out and b"scoundrel  -          0-" in out


def test_no_win_proven_stays_no_win_when_the_best_loss_is_cut_short():
    """With --goal best, a deal proven to have no win whose best loss the limit then cut
    short is still counted as no win (settled), not as undecided."""
    start = SeededDealer(259).start(Setup("scoundrel", None, seed=259))  # no win possible
    first = solver.Search(solver.hooks("scoundrel").model(), wins_only=True).solve(start)
    assert first.proven and not first.result.won
    cut = solve_seeds.solve_one(solve_seeds.Task("scoundrel", None, "best", max_nodes=first.nodes + 1), 259)
    assert not cut.proven and cut.settled
    assert cut.verdict == "no win"
    whole = solve_seeds.solve_one(solve_seeds.Task("scoundrel", None, "best"), 259)
    assert whole.proven and whole.settled and whole.verdict == "no win"
