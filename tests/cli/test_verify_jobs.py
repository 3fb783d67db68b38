"""``dungeon verify --jobs N`` spreads the files over N processes and says exactly what
``--jobs 1`` says, in the same order, with the same exit status."""

from __future__ import annotations

import pytest
from conftest import FIXTURES, run_subprocess


def _files(tmp_path) -> list[str]:
    files = sorted(str(p) for p in FIXTURES.glob("*/legal/*.dgn"))[:40]
    files += sorted(str(p) for p in FIXTURES.glob("*/illegal/*.dgn"))[:40]
    files.insert(10, str(tmp_path / "missing.dgn"))  # unreadable: exit 2, said where it stands
    return files


@pytest.mark.parametrize("options", [[], ["-v"], ["--format", "json"], ["--format", "github"], ["-q"]])
def test_jobs_2_says_what_jobs_1_says(tmp_path, options):
    files = _files(tmp_path)
    one = run_subprocess(["verify", "--jobs", "1", *options, *files])
    two = run_subprocess(["verify", "--jobs", "2", *options, *files])
    assert one.returncode == 2
    assert (two.returncode, two.stdout, two.stderr) == (one.returncode, one.stdout, one.stderr)
    if "-q" not in options:
        assert one.stdout or one.stderr


def test_jobs_with_standard_input_reads_it_once(tmp_path):
    win = next(FIXTURES.glob("scoundrel/legal/win-seeded.dgn")).read_bytes()
    proc = run_subprocess(["verify", "--jobs", "2", "-v", "-"], input=win)
    assert proc.returncode == 0, proc.stderr
    assert b"legal" in proc.stdout


def test_jobs_past_any_machine_say_what_jobs_1_says(tmp_path):
    """--jobs 2**63 was an OverflowError traceback (a semaphore of that many): the files
    are spread over the CPUs there are, at most one process a file."""
    files = _files(tmp_path)
    one = run_subprocess(["verify", "--jobs", "1", *files])
    many = run_subprocess(["verify", "--jobs", str(2**63), *files])
    assert b"Traceback" not in many.stderr
    assert (many.returncode, many.stdout, many.stderr) == (one.returncode, one.stdout, one.stderr)
