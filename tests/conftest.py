"""Shared test helpers: paths, running the CLI in-process, reading fixtures."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, settings

# Hypothesis times each example and its generation: on a machine whose cores are busy
# with other work (a CI runner, two suites at once) those timings say nothing about the
# code, and a test failed on "input generation is slow". What the properties assert is
# unchanged; only the clock is taken out of the verdict.
settings.register_profile("dungeon", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("dungeon")

# A suite started in the background by a shell without job control (`make test &` in a
# script) inherits SIGINT ignored, and so would every process it starts: the Ctrl-C tests
# would then see commands that cannot be interrupted, and test nothing. A terminal's
# foreground job has SIGINT at its default, and so do the processes the tests start (a
# handler of Python's own is reset to the default in a child; "ignored" would be kept).
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

ROOT = Path(__file__).resolve().parent.parent
# The suite runs on the compiled build as well (make test-compiled, docs/compiled.md).
COMPILED = os.environ.get("DUNGEON_EXPECT_COMPILED") == "1"
FIXTURES = ROOT / "fixtures"
TESTS = ROOT / "tests"
TOY = "toy=toy_game"

# The test suite's toy game (tests/support/toy_game) is a registered game in this process and
# in every process the tests start: through the environment, as any game from outside
# the package is (dungeon_cli/registry.py), before anything imports the registry.
os.environ["DUNGEON_GAMES"] = ",".join(filter(None, [os.environ.get("DUNGEON_GAMES"), TOY]))
os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(TESTS / "support"), os.environ.get("PYTHONPATH")]))
SHARED = ROOT.parent / "shared"
# Copies of the contract's example records, so that a clone without ../shared still runs
# every test that merely needs a real game (test_smoke checks the copies are faithful).
EXAMPLES = FIXTURES / "examples"
NO_CONTRACT = f"the contract ({SHARED}) is not beside this clone"
# The rules pages each game ships in its package, the one copy of each (`dungeon rules
# GAME --full` prints it; README.md and docs/ link to it), and every page of documentation.
GAME_PAGES = sorted((ROOT / "dungeon_cli" / "games").glob("*/*.md"))
DOC_PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("**/*.md")), *GAME_PAGES]


def contract_examples(pattern: str) -> list:
    """The contract's own example records, or one skipped case saying why there are none:
    its tests hold the contract itself, which a bare clone does not have."""
    found = sorted((SHARED / "examples").glob(pattern))
    return found or [pytest.param(None, marks=pytest.mark.skip(reason=NO_CONTRACT))]


EXPECT = re.compile(r"^#\s*expect:\s*(.*)$")


def expected_diagnostics(path: Path) -> list[str]:
    """The ``# expect: LINE:COL: error: MESSAGE`` lines an illegal fixture carries."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        m = EXPECT.match(line.strip())
        if m:
            out.append(m.group(1))
    return out


@pytest.fixture
def run():
    """Run the CLI in-process: run(args, input=None) -> click Result."""
    from dungeon_cli.cli import cli

    def _run(args, input=None):
        return CliRunner().invoke(cli, args, input=input, catch_exceptions=False)

    return _run


@pytest.fixture(scope="session")
def cluster():
    """A Dask cluster on this machine: two worker processes, the scheduler on the
    loopback address (its address given to the test). One for the whole session: the
    tests of sim, solve --seeds and analyse on a cluster share it."""
    distributed = pytest.importorskip("distributed", reason="Dask distributed is not installed (pip install '.[cluster]')")
    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
    ) as local:
        yield local.scheduler_address


def run_subprocess(args, input=None, cwd=None, env=None):
    """Run ``dungeon`` as a real process (exit codes, stdin/stdout plumbing)."""
    full_env = dict(os.environ)
    full_env.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "dungeon_cli", *args],
        input=input,
        capture_output=True,
        cwd=cwd,
        env=full_env,
        timeout=120,
    )


# -- snapshots: one plain-text file per case, so that they diff well in review ----------

from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode  # noqa: E402


class TextSnapshot(SingleFileSnapshotExtension):
    _write_mode = WriteMode.TEXT
    file_extension = "txt"


@pytest.fixture
def snapshot_text(snapshot):
    """``assert text == snapshot_text`` stores the text in its own .txt file."""
    return snapshot.use_extension(TextSnapshot)


def sample_games_file(directory: Path, count: int) -> Path:
    """One file of ``count`` sampled records, the games taken in turn (finished and
    not): the many-record input of the tests that hold a command to a record at a time."""
    from dungeon_cli import registry
    from dungeon_cli.shell.sample import sample_game

    names = registry.names()
    texts = [sample_game(registry.get(names[i % len(names)]), i)[0].text() for i in range(count)]
    path = directory / "many.dgn"
    path.write_text("\n".join(texts))
    return path
