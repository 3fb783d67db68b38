"""``dungeon sim --cluster``: the same games on a Dask cluster as on one process."""

from __future__ import annotations

import pytest

distributed = pytest.importorskip("distributed", reason="Dask distributed is not installed (pip install '.[cluster]')")

from dungeon_cli.plumbing import workers  # noqa: E402
from dungeon_cli.services import simulate  # noqa: E402
from dungeon_cli.services.simulate import Spec  # noqa: E402

# One Dask cluster (conftest's session fixture) for every cluster test: on one xdist worker
# (`make test` runs --dist loadgroup), not one cluster of two processes a worker.
pytestmark = pytest.mark.xdist_group("cluster")


def test_cluster_plays_the_same_games(cluster):
    spec = Spec("scoundrel", "counting", records=True)
    assert simulate.run(spec, range(30), cluster=cluster) == simulate.run(spec, range(30))


def test_cli_on_cluster(run, cluster, tmp_path):
    args = ["sim", "scoundrel", "--games", "24", "--bot", "greedy", "--records"]
    here = run(args + [str(tmp_path / "here")])
    there = run(args + [str(tmp_path / "there"), "--cluster", cluster])
    assert there.exit_code == 0, there.output
    # The table's last column is games/s; the last line names the records' directory.
    strip = lambda out: [line.rsplit(None, 1)[0] if i < 3 else line for i, line in enumerate(out.splitlines()[:-1])]  # noqa: E731
    assert strip(there.output) == strip(here.output)
    records = sorted((tmp_path / "there").glob("*.dgn"))
    assert len(records) == 24
    assert [p.read_text() for p in records] == [(tmp_path / "here" / p.name).read_text() for p in records]
    assert run(["verify", "--seed-check", *map(str, records)]).exit_code == 0


def test_unreachable_scheduler_is_a_message(run, monkeypatch):
    monkeypatch.setattr(workers, "CLUSTER_TIMEOUT", 1.0)
    result = run(["sim", "scoundrel", "--games", "2", "--cluster", "tcp://127.0.0.1:9"])
    assert result.exit_code == 2  # trouble, not a finding (issue 41, item 21)
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in result.output
    assert "Traceback" not in result.output
