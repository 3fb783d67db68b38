"""The review in real git, in a temporary repository: ``dungeon git-setup`` writes the
attribute and the driver (and asks before replacing anything), the textconv diff shows
the state on both sides, git's external diff and difftool show the parting turn."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from review_games import pair

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
BIN = str(Path(sys.executable).parent)  # where the installed `dungeon` is


def _env(home: Path) -> dict:
    env = dict(os.environ)
    env["PATH"] = BIN + os.pathsep + env.get("PATH", "")
    env["HOME"] = str(home)  # no user's ~/.gitconfig
    env["GIT_CONFIG_NOSYSTEM"] = "1"
    env["GIT_AUTHOR_NAME"] = env["GIT_COMMITTER_NAME"] = "Reviewer"
    env["GIT_AUTHOR_EMAIL"] = env["GIT_COMMITTER_EMAIL"] = "reviewer@example.org"
    for name in ("GIT_DIR", "GIT_WORK_TREE", "GIT_EXTERNAL_DIFF", "GIT_PAGER", "PAGER"):
        env.pop(name, None)
    return env


def sh(args, cwd: Path, input: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(args, cwd=cwd, env=_env(cwd.parent), capture_output=True, text=True, input=input, timeout=120)


@pytest.fixture
def repo(tmp_path) -> Path:
    root = tmp_path / "records"
    root.mkdir()
    assert sh(["git", "init", "-q"], root).returncode == 0
    a, b = pair("scoundrel", seed=7, turn=3)
    (root / "game.dgn").write_text(a)
    sh(["git", "add", "."], root)
    assert sh(["git", "commit", "-qm", "a game"], root).returncode == 0
    (root / "game.dgn").write_text(b)  # the pull request plays turn 3 otherwise
    return root


def test_git_setup_writes_the_attribute_and_the_driver_once(repo):
    done = sh(["dungeon", "git-setup"], repo)
    assert done.returncode == 0, done.stderr
    assert (repo / ".gitattributes").read_text() == "*.dgn diff=dgn\n"
    assert sh(["git", "config", "diff.dgn.textconv"], repo).stdout == "dungeon textconv\n"
    assert sh(["git", "config", "diff.dgn.command"], repo).stdout == "dungeon diff\n"
    assert sh(["git", "check-attr", "diff", "game.dgn"], repo).stdout == "game.dgn: diff: dgn\n"
    again = sh(["dungeon", "git-setup"], repo)
    assert again.returncode == 0 and "added" not in again.stdout and "set " not in again.stdout
    assert (repo / ".gitattributes").read_text() == "*.dgn diff=dgn\n"


def test_git_setup_changes_nothing_there_without_asking(repo):
    (repo / ".gitattributes").write_text("*.dgn diff=plain\n")
    sh(["git", "config", "diff.dgn.textconv", "cat"], repo)
    done = sh(["dungeon", "git-setup"], repo)  # not at a terminal: nobody to ask
    assert done.returncode == 1
    assert "left      diff.dgn.textconv = cat" in done.stdout
    assert "left      .gitattributes: records keep diff=plain" in done.stdout
    assert (repo / ".gitattributes").read_text() == "*.dgn diff=plain\n"
    assert sh(["git", "config", "diff.dgn.textconv"], repo).stdout == "cat\n"
    yes = sh(["dungeon", "git-setup", "--yes"], repo)
    assert yes.returncode == 0
    assert "replaced  diff.dgn.textconv = dungeon textconv" in yes.stdout
    assert sh(["git", "check-attr", "diff", "game.dgn"], repo).stdout == "game.dgn: diff: dgn\n"


def test_git_setup_print_and_outside_a_repository(tmp_path):
    shown = sh(["dungeon", "git-setup", "--print"], tmp_path)
    assert shown.returncode == 0
    assert shown.stdout.splitlines()[:2] == [
        "echo '*.dgn diff=dgn' >> .gitattributes",
        "git config diff.dgn.textconv 'dungeon textconv'",
    ]
    outside = sh(["dungeon", "git-setup"], tmp_path)
    assert outside.returncode == 2
    assert outside.stderr.count("\n") == 1 and "not inside a git repository" in outside.stderr


def test_the_printed_settings_are_what_git_setup_writes(repo, tmp_path):
    other = tmp_path / "other"
    other.mkdir()
    sh(["git", "init", "-q"], other)
    for line in sh(["dungeon", "git-setup", "--print"], repo).stdout.splitlines():
        assert sh(["bash", "-c", line], other).returncode == 0
    sh(["dungeon", "git-setup"], repo)
    for key in ("diff.dgn.textconv", "diff.dgn.command", "difftool.dungeon.cmd"):
        assert sh(["git", "config", key], other).stdout == sh(["git", "config", key], repo).stdout
    assert (other / ".gitattributes").read_text() == (repo / ".gitattributes").read_text()


def test_textconv_diff_shows_the_state_on_both_sides(repo):
    sh(["dungeon", "git-setup"], repo)
    done = sh(["git", "diff", "--no-ext-diff"], repo)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "-3. (Qs) 4c Qc 8d : 8d x4c Qs {hp=-8 weapon=8d/4c left=34}" in lines
    assert "+3. (Qs) 4c Qc 8d : run {hp=4 weapon=9d/9c left=38}" in lines
    assert " 2. (9c) Js 9d Qs : 9d x9c Js {hp=4 weapon=9d/9c left=37}" in lines
    # git log -p and git show use the textconv too; a spelling change alone shows nothing
    sh(["git", "commit", "-qam", "turn 3 otherwise"], repo)
    assert "+3. (Qs) 4c Qc 8d : run {hp=4" in sh(["git", "show"], repo).stdout
    text = (repo / "game.dgn").read_text()
    (repo / "game.dgn").write_text(text.replace("run", "run   ").replace("9d", "9D"))
    assert sh(["git", "diff", "--no-ext-diff"], repo).stdout == ""


def test_textconv_leaves_the_file_alone(repo):
    before = (repo / "game.dgn").read_bytes()
    done = sh(["dungeon", "textconv", "game.dgn"], repo)
    assert "{hp=" in done.stdout
    assert (repo / "game.dgn").read_bytes() == before


def test_external_diff_shows_the_parting_turn(repo):
    sh(["dungeon", "git-setup"], repo)
    done = sh(["git", "diff"], repo)  # diff.dgn.command: git's seven arguments
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert out.startswith("--- a/game.dgn:1  scoundrel  Seed 7  loss -175 after 3 turns\n+++ b/game.dgn:1")
    assert "they part at turn 3" in out
    assert "  after it: hp -8 -> 4 (+12), weapon 8d/4c -> 9d/9c, left 34 -> 38 (+4)" in out
    # without git-setup's driver, by hand: GIT_EXTERNAL_DIFF and --ext-diff
    sh(["git", "config", "--unset", "diff.dgn.command"], repo)
    env_diff = subprocess.run(
        ["git", "diff", "--ext-diff"],
        cwd=repo,
        env={**_env(repo.parent), "GIT_EXTERNAL_DIFF": "dungeon diff --format github"},
        capture_output=True,
        text=True,
    )
    assert env_diff.returncode == 0, env_diff.stderr
    assert env_diff.stdout.startswith("::notice file=game.dgn,line=7,title=dungeon diff%3A the same deal (Seed 7)::")


def test_external_diff_of_added_and_deleted_records(repo):
    sh(["dungeon", "git-setup"], repo)
    sh(["git", "add", "game.dgn"], repo)
    (repo / "new.dgn").write_text(pair(seed=2)[0])
    sh(["git", "add", "new.dgn"], repo)
    added = sh(["git", "diff", "--cached", "--", "new.dgn"], repo)
    assert added.returncode == 0 and "only in b/new.dgn" in added.stdout
    sh(["git", "commit", "-qm", "more"], repo)
    sh(["git", "rm", "-q", "new.dgn"], repo)
    gone = sh(["git", "diff", "--cached", "--", "new.dgn"], repo)
    assert gone.returncode == 0 and "only in a/new.dgn" in gone.stdout


def test_difftool(repo):
    sh(["dungeon", "git-setup"], repo)
    done = sh(["git", "difftool", "-y", "-t", "dungeon"], repo)
    assert done.returncode == 0, done.stderr
    assert "they part at turn 3" in done.stdout


def _at_a_terminal(args: list[str], cwd: Path, answers: list[tuple[bytes, bytes]]) -> tuple[int, str]:
    """Run at a real pseudo-terminal; for each (question, answer), wait for the
    question on the screen, then type the answer."""
    import pty
    import time

    master, slave = pty.openpty()
    proc = subprocess.Popen(args, cwd=cwd, env=_env(cwd.parent), stdin=slave, stdout=slave, stderr=slave, start_new_session=True)
    os.close(slave)
    screen = b""
    try:
        for question, answer in answers:
            end = time.monotonic() + 60
            while question not in screen:
                assert time.monotonic() < end, f"waited for {question!r}; the screen shows {screen[-800:]!r}"
                screen += os.read(master, 65536)
            os.write(master, answer)
        status = proc.wait(timeout=60)
        while True:
            try:
                data = os.read(master, 65536)
            except OSError:
                break
            if not data:
                break
            screen += data
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)
    return status, screen.decode("utf-8", "replace")


def test_git_setup_asks_at_a_terminal(repo):
    sh(["git", "config", "diff.dgn.textconv", "cat"], repo)
    sh(["git", "config", "diff.dgn.command", "mydiff"], repo)
    status, screen = _at_a_terminal(
        ["dungeon", "git-setup"],
        repo,
        [
            (b"diff.dgn.textconv is 'cat'; replace it with 'dungeon textconv'? [y/N]", b"y\r"),
            (b"diff.dgn.command is 'mydiff'; replace it with 'dungeon diff'? [y/N]", b"\r"),
        ],
    )
    assert status == 1, screen
    assert "replaced  diff.dgn.textconv = dungeon textconv" in screen
    assert "left      diff.dgn.command = mydiff" in screen
    assert sh(["git", "config", "diff.dgn.textconv"], repo).stdout == "dungeon textconv\n"
    assert sh(["git", "config", "diff.dgn.command"], repo).stdout == "mydiff\n"


def test_textconv_finds_a_card_set_where_the_record_lives_not_beside_gits_copy(tmp_path):
    """git hands textconv a copy of the old blob in its temporary directory: the
    [Cards] set committed beside the record was looked up there ("no such file" on
    every git diff and git log -p), and a stray set.toml there was read (issue 23)."""
    from conftest import FIXTURES

    root = tmp_path / "records"
    (root / "games").mkdir(parents=True)
    assert sh(["git", "init", "-q"], root).returncode == 0
    assert sh(["dungeon", "cards", "export", "games/set.toml"], root).returncode == 0
    lines = (FIXTURES / "cassette-dungeons" / "legal" / "death.dgn").read_text().split("\n")
    lines.insert(next(i for i, line in enumerate(lines) if line.startswith("[Game")) + 1, '[Cards "set.toml"]')
    (root / "games" / "g.dgn").write_text("\n".join(lines))
    (root / ".gitattributes").write_text("*.dgn diff=dgn\n")
    sh(["git", "add", "."], root)
    assert sh(["git", "commit", "-qm", "a game"], root).returncode == 0
    (root / "games" / "g.dgn").write_text("\n".join(lines).replace("[Cards", '[Player "me"]\n[Cards', 1))
    temp = tmp_path / "temp"
    temp.mkdir()
    (temp / "set.toml").write_text("[set]\nname = 'stray'\nhealth = 'x'\n")
    env = _env(tmp_path)
    env["TMPDIR"] = str(temp)
    done = subprocess.run(
        ["git", "-c", "diff.dgn.textconv=dungeon textconv", "diff", "HEAD", "--", "games/g.dgn"],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert '+[Player "me"]' in done.stdout
    assert "set.toml" in done.stdout and "no such file" not in done.stdout and "stray" not in done.stdout
    assert "error" not in done.stdout, done.stdout
