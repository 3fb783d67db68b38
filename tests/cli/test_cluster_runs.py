"""The big runs on a Dask cluster (``--cluster ADDRESS``): ``solve --seeds``, ``sim --bot
strong`` and ``analyse`` of a directory of records give what one process gives, the
results keyed by seed or by record whatever worker ran them and whenever it answered.
One path to the cluster for all three (``workers.on_cluster``)."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("distributed", reason="Dask distributed is not installed (pip install '.[cluster]')")

from dungeon_cli.plumbing import workers
from dungeon_cli.services import simulate, solve_seeds

# One Dask cluster (conftest's session fixture) for every cluster test: on one xdist worker
# (`make test` runs --dist loadgroup), not one cluster of two processes a worker.
pytestmark = pytest.mark.xdist_group("cluster")


def _settled(results):
    """A deal's result without its CPU seconds (the one field a machine changes)."""
    return [(r.seed, r.won, r.score, r.proven, r.positions, r.settled) for r in results]


def test_solve_seeds_on_the_cluster_counts_what_one_process_counts(cluster):
    task = solve_seeds.Task("scoundrel", None, "win", 20_000, None)
    here = [r for part in solve_seeds.stream(task, range(25)) for r in part]
    there = [r for part in solve_seeds.stream(task, range(25), cluster=cluster) for r in part]
    assert _settled(there) == _settled(here)
    assert [r.seed for r in there] == list(range(25))  # in seed order, whatever came back first


def test_solve_seeds_cli_on_the_cluster(run, cluster):
    args = ["solve", "scoundrel", "--seeds", "0-11", "--limit", "20k", "--format", "csv"]
    here, there = run(args), run([*args, "--cluster", cluster])
    assert there.exit_code == 0, there.output
    strip = lambda out: [line.rsplit(",", 1)[0] for line in out.splitlines()]  # noqa: E731 (seconds last)
    assert strip(there.stdout) == strip(here.stdout) and len(there.stdout.splitlines()) == 13
    assert "on tcp://127.0.0.1:" in there.stderr


def test_the_strong_player_on_the_cluster_plays_the_same_games(cluster):
    # three games, not six: a strong game is a chunk of its own, and two workers hold
    # CLUSTER_DEPTH (4) chunks each in flight, so three are all in flight at once as six
    # were, in order, at half the search
    spec = simulate.Spec("clear-the-dungeon", "strong", "reserve")
    assert simulate.run(spec, range(3), cluster=cluster) == simulate.run(spec, range(3))


def test_analyse_of_a_directory_on_the_cluster_judges_as_one_process(run, cluster, tmp_path):
    records = tmp_path / "records"
    assert run(["sim", "scoundrel", "--games", "3", "--bot", "greedy", "--records", str(records)]).exit_code == 0
    (records / "toy.dgn").write_text((records / "scoundrel-0.dgn").read_text())  # a file of its own, same record
    args = ["analyse", "--samples", "6", "--limit", "20k", "--format", "json", str(records)]
    here, there = run(args), run([*args, "--cluster", cluster])
    assert there.exit_code == 0, there.output
    judged = json.loads(there.stdout)["records"]
    assert json.loads(here.stdout)["records"] == judged
    assert [r["file"].rsplit("/", 1)[1] for r in judged] == ["scoundrel-0.dgn", "scoundrel-1.dgn", "scoundrel-2.dgn", "toy.dgn"]
    assert judged[0]["decisions"] == judged[3]["decisions"]  # a record's figures are its own, not its turn's


def test_analyse_on_a_scheduler_that_is_not_there_is_one_line(run, monkeypatch, tmp_path):
    monkeypatch.setattr(workers, "CLUSTER_TIMEOUT", 1.0)
    record = tmp_path / "a.dgn"
    assert run(["sim", "scoundrel", "--games", "1", "--records", str(tmp_path)]).exit_code == 0
    for args in (
        ["analyse", "--samples", "2", str(tmp_path), "--cluster", "tcp://127.0.0.1:9"],
        ["solve", "scoundrel", "--seeds", "0-3", "--cluster", "tcp://127.0.0.1:9"],
    ):
        result = run(args)
        assert result.exit_code == 2  # trouble, not a finding (issue 41, item 21), result.output
        assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in result.stderr
        assert "Traceback" not in result.output
    assert not record.exists()


def test_cluster_goes_with_seeds_in_solve(run):
    result = run(["solve", "--seed", "3", "scoundrel", "--cluster", "tcp://127.0.0.1:9"])
    assert result.exit_code == 2 and "--cluster goes with --seeds" in result.output
