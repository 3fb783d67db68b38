"""The pre-commit hooks of .pre-commit-hooks.yaml, run by the real ``pre-commit run``
against a temporary repository holding a legal and an illegal record, the hooks taken
from this tree as a user's ``.pre-commit-config.yaml`` takes them from a tag.

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
    pytest.mark.skipif(not (ROOT / ".git").exists(), reason="the hooks are taken from this project as a git repository"),
    # one worker builds the hooks' environment once for the three tests (`make test` runs --dist loadgroup)
    pytest.mark.xdist_group("pre-commit"),
]
ILLEGAL = '[Game "scoundrel"]\n\n1. 9s 5d 4h Kc : 5d x9s 4h\n2. (Kc) 7c 2s 9s : run\n'
SPELT = '[Game "scoundrel"]\n\n1. 9S 5♦ 4h kc : 5D x9♠ 4H\n'


@pytest.fixture(scope="module")
def home(tmp_path_factory) -> Path:
    """pre-commit's cache, shared by the tests here: the hooks' environment is built
    once. (``pre-commit try-repo`` keeps its cache in a temporary directory of its own,
    so each of the three tests built it anew: three pip installs of the project, the
    suite's slowest tests.)"""
    return tmp_path_factory.mktemp("pre-commit-home")


def _run(args, cwd: Path, home: Path, env_extra: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    # The user's git config stays out; pip's cache (under HOME) is welcome.
    env.update(PRE_COMMIT_HOME=str(home), GIT_CONFIG_GLOBAL=os.devnull, GIT_CONFIG_NOSYSTEM="1")
    env.update(GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.org", GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@example.org")
    env.pop("GIT_DIR", None)
    env.pop("GIT_INDEX_FILE", None)
    env.update(env_extra or {})
    return subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=900)


@pytest.fixture(scope="module")
def config(tmp_path_factory, home) -> Path:
    """A ``.pre-commit-config.yaml`` naming both hooks of this tree as it is, uncommitted
    changes included: a clone of the tree with them committed (what ``try-repo`` does),
    at that commit."""
    where = tmp_path_factory.mktemp("hooks")
    shadow = where / "shadow-repo"
    assert _run(["git", "clone", "-q", str(ROOT), str(shadow)], where, home).returncode == 0
    head = _run(["git", "rev-parse", "HEAD"], ROOT, home).stdout.strip()
    _run(["git", "checkout", "-q", head, "-b", "_pc_tmp"], shadow, home)
    into_shadow = {
        "GIT_INDEX_FILE": _run(["git", "rev-parse", "--git-path", "index"], shadow, home).stdout.strip(),
        "GIT_OBJECT_DIRECTORY": _run(["git", "rev-parse", "--git-path", "objects"], shadow, home).stdout.strip(),
    }
    into_shadow = {k: str(shadow / v) if not Path(v).is_absolute() else v for k, v in into_shadow.items()}
    # the tree's staged and changed files, into the clone's index and objects
    staged = _run(["git", "diff", "--staged", "--name-only", "--no-ext-diff", "-z"], ROOT, home).stdout.split("\0")
    if any(staged):
        _run(["git", "add", "--", *filter(None, staged)], ROOT, home, into_shadow)
    _run(["git", "add", "-u"], ROOT, home, into_shadow)
    _run(["git", "commit", "-q", "--allow-empty", "-m", "the tree as it is"], shadow, home)
    rev = _run(["git", "rev-parse", "HEAD"], shadow, home).stdout.strip()
    path = where / ".pre-commit-config.yaml"
    path.write_text(
        f"repos:\n- repo: {shadow}\n  rev: {rev}\n  hooks:\n  - id: dungeon-fmt\n  - id: dungeon-verify\n", encoding="utf-8"
    )
    return path


def run_hooks(config: Path, repo: Path, home: Path, *files: str) -> subprocess.CompletedProcess:
    """Both hooks on ``files`` (``--all-files`` when none)."""
    which = ["--files", *files] if files else ["--all-files"]
    done = _run([str(PRE_COMMIT), "run", "--config", str(config), *which], repo, home)
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


def test_hooks_fail_on_the_illegal_and_the_misspelt_record_and_change_nothing(config, repo, home):
    before = (repo / "spelt.dgn").read_bytes()
    bad = run_hooks(config, repo, home, "legal.dgn", "illegal.dgn", "spelt.dgn", "notes.txt")
    assert bad.returncode == 1, bad.stdout + bad.stderr
    verify, fmt = _sections(bad.stdout)
    assert "Failed" in verify and "Failed" in fmt
    assert "illegal.dgn:4:15: error: 9s: no longer in the dungeon: it was dealt already" in verify
    assert "spelt.dgn" not in verify and " legal.dgn" not in verify and "notes.txt" not in bad.stdout
    assert "would reformat spelt.dgn" in fmt and "would reformat legal.dgn" not in fmt
    assert (repo / "spelt.dgn").read_bytes() == before  # --check: the file is left alone


def test_hooks_pass_legal_canonical_records(config, repo, home):
    good = run_hooks(config, repo, home, "legal.dgn", "notes.txt")
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


def test_a_record_named_like_an_option_is_checked_as_a_record(config, tmp_path, home):
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
    done = run_hooks(config, root, home)
    assert done.returncode == 1, done.stdout + done.stderr
    verify, fmt = _sections(done.stdout)
    assert "No such option" not in done.stdout + done.stderr
    assert "--cards-path=bad.dgn:4:15: error: 9s: no longer in the dungeon" in verify
    assert "-q.dgn:4:15: error: 9s: no longer in the dungeon" in verify
    assert "Failed" in fmt and "would reformat" not in fmt.replace("would reformat -q.dgn", "")
