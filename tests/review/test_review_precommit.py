"""The pre-commit hooks of .pre-commit-hooks.yaml, run by the real ``pre-commit
try-repo`` against a temporary repository holding a legal and an illegal record.

pre-commit builds the hooks' environment by installing this project with pip, which
needs its dependencies from a package index: where that cannot be done (no network),
the tests skip and say so, rather than fail for the machine's sake.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import FIXTURES, ROOT

PRE_COMMIT = Path(sys.executable).with_name("pre-commit")
pytestmark = [
    pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed"),
    pytest.mark.skipif(not PRE_COMMIT.exists(), reason="pre-commit is not installed (pip install -e '.[test]')"),
    pytest.mark.skipif(not (ROOT / ".git").exists(), reason="try-repo needs this project as a git repository"),
]
ILLEGAL = '[Game "scoundrel"]\n\n1. 9s 5d 4h Kc : 5d x9s 4h\n2. (Kc) 7c 2s 9s : run\n'
SPELT = '[Game "scoundrel"]\n\n1. 9S 5♦ 4h kc : 5D x9♠ 4H\n'


@pytest.fixture(scope="module")
def home(tmp_path_factory) -> Path:
    """pre-commit's cache, shared by the tests here: the environment is built once."""
    return tmp_path_factory.mktemp("pre-commit-home")


def _run(args, cwd: Path, home: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    # The user's git config stays out; pip's cache (under HOME) is welcome.
    env.update(PRE_COMMIT_HOME=str(home), GIT_CONFIG_GLOBAL=os.devnull, GIT_CONFIG_NOSYSTEM="1")
    env.update(GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.org", GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@example.org")
    env.pop("GIT_DIR", None)
    return subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=900)


def try_repo(repo: Path, home: Path, *files: str) -> subprocess.CompletedProcess:
    """Both hooks on ``files``. (try-repo builds the environment anew on every call,
    ten seconds and more: the tests here make two.)"""
    done = _run([str(PRE_COMMIT), "try-repo", str(ROOT), "--files", *files], repo, home)
    if done.returncode == 3 and "Installing environment" in done.stdout + done.stderr:
        log = home / "pre-commit.log"
        tail = log.read_text()[-400:] if log.exists() else done.stdout[-400:]
        pytest.skip(f"pre-commit could not build the hooks' environment (pip needs a package index): {tail}")
    return done


@pytest.fixture
def repo(tmp_path, home) -> Path:
    root = tmp_path / "records"
    root.mkdir()
    _run(["git", "init", "-q"], root, home)
    shutil.copy(FIXTURES / "scoundrel" / "legal" / "runs.dgn", root / "legal.dgn")
    (root / "illegal.dgn").write_text(ILLEGAL)
    (root / "spelt.dgn").write_text(SPELT)
    (root / "notes.txt").write_text("not a record\n")
    _run(["git", "add", "."], root, home)
    return root


def test_hooks_fail_on_the_illegal_and_the_misspelt_record_and_change_nothing(repo, home):
    before = (repo / "spelt.dgn").read_bytes()
    bad = try_repo(repo, home, "legal.dgn", "illegal.dgn", "spelt.dgn", "notes.txt")
    assert bad.returncode == 1, bad.stdout + bad.stderr
    verify, fmt = _sections(bad.stdout)
    assert "Failed" in verify and "Failed" in fmt
    assert "illegal.dgn:4:15: error: 9s: no longer in the dungeon: it was dealt already" in verify
    assert "spelt.dgn" not in verify and " legal.dgn" not in verify and "notes.txt" not in bad.stdout
    assert "would reformat spelt.dgn" in fmt and "would reformat legal.dgn" not in fmt
    assert (repo / "spelt.dgn").read_bytes() == before  # --check: the file is left alone


def test_hooks_pass_legal_canonical_records(repo, home):
    good = try_repo(repo, home, "legal.dgn", "notes.txt")
    assert good.returncode == 0, good.stdout + good.stderr
    verify, fmt = _sections(good.stdout)
    assert verify.startswith("dungeon verify") and "Passed" in verify
    assert fmt.startswith("dungeon fmt --check") and "Passed" in fmt


def _sections(output: str) -> tuple[str, str]:
    """The verify hook's part of the output and the fmt hook's."""
    verify = output[output.index("dungeon verify.") :]
    fmt = output[output.index("dungeon fmt --check.") :]
    return (
        verify[: verify.index("dungeon fmt --check.")] if "dungeon fmt --check." in verify else verify,
        fmt[: fmt.index("dungeon verify.")] if "dungeon verify." in fmt else fmt,
    )


def test_a_record_named_like_an_option_is_checked_as_a_record(tmp_path, home):
    """pre-commit appends file names to the hook's command line: a record named
    ``--cards-path=x.dgn`` or ``-q.dgn`` was read by click as an option, which let an
    illegal record pass and redirected the card-set lookup, or failed both hooks with
    "No such option" having checked nothing (issue 23). The hooks pass ``--`` first."""
    root = tmp_path / "odd"
    root.mkdir()
    _run(["git", "init", "-q"], root, home)
    shutil.copy(FIXTURES / "scoundrel" / "legal" / "runs.dgn", root / "legal.dgn")
    (root / "--cards-path=bad.dgn").write_text(ILLEGAL)
    (root / "-q.dgn").write_text(ILLEGAL)
    _run(["git", "add", "--", "."], root, home)
    done = _run([str(PRE_COMMIT), "try-repo", str(ROOT), "--all-files"], root, home)
    if done.returncode == 3 and "Installing environment" in done.stdout + done.stderr:
        pytest.skip("pre-commit could not build the hooks' environment (pip needs a package index)")
    assert done.returncode == 1, done.stdout + done.stderr
    verify, fmt = _sections(done.stdout)
    assert "No such option" not in done.stdout + done.stderr
    assert "--cards-path=bad.dgn:4:15: error: 9s: no longer in the dungeon" in verify
    assert "-q.dgn:4:15: error: 9s: no longer in the dungeon" in verify
    assert "Failed" in fmt and "would reformat" not in fmt.replace("would reformat -q.dgn", "")
