"""Every command docs/review.md and README.md's review section show is run, in a git
repository holding the records they name, and does what the text beside it says; the
output the page prints is the output; the GitHub workflow's steps run as written.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT
from seven import ADA

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
PAGE = ROOT / "docs" / "review.md"
BIN = str(Path(sys.executable).parent)

BOB = """[Game "scoundrel"]
[Seed "7"]
[Player "Bob"]
[Result "loss -126"]

1. 9c 7h 2c 3c : 2c 3c 7h
2. (9c) Js 9d Qs : 9d xJs x9c
3. (Qs) 4c Qc 8d : x4c 8d xQs
4. (Qc) 4d 6d 2h : 4d 6d 2h
5. (Qc) 9s As Td : xQc Td x9s
6. (As) 7c Ks 3d : x7c 3d xKs
"""
ILLEGAL = '[Game "scoundrel"]\n\n1. 9s 5d 4h Kc : 5d x9s 4h\n2. (Kc) 7c 2s 9s : run\n'
SPELT = '[Game "scoundrel"]\n\n1. 9S 5♦ 4h kc : 5D x9♠ 4H\n'


def env(where: Path) -> dict:
    out = dict(os.environ)
    out["PATH"] = BIN + os.pathsep + out.get("PATH", "")
    out.update(HOME=str(where.parent), GIT_CONFIG_NOSYSTEM="1", GIT_PAGER="cat", PAGER="cat")
    out.update(GIT_AUTHOR_NAME="r", GIT_AUTHOR_EMAIL="r@example.org", GIT_COMMITTER_NAME="r", GIT_COMMITTER_EMAIL="r@example.org")
    for name in ("GIT_DIR", "GIT_WORK_TREE", "GIT_EXTERNAL_DIFF"):
        out.pop(name, None)
    return out


def shell(command: str, where: Path, extra: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        ["bash", "-c", command],
        cwd=where,
        env={**env(where), **(extra or {})},
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
    )


def setup(where: Path) -> str:
    """The repository the page talks about: game.dgn committed as Ada played it and
    changed to Bob's game in the work tree; the base commit's hash."""
    where.mkdir()
    (where / "ada.dgn").write_text(ADA)
    (where / "bob.dgn").write_text(BOB)
    other = BOB.replace('[Seed "7"]', '[Seed "8"]')  # a record of another deal, as far as pairing goes
    (where / "monday.dgn").write_text(ADA + "\n" + other)
    (where / "tuesday.dgn").write_text(other + "\n" + BOB)  # the other deal alike, Seed 7 played otherwise
    (where / "records").mkdir()
    (where / "records" / "drafts").mkdir()
    (where / "records" / "drafts" / "broken.dgn").write_text(ILLEGAL)
    (where / "records" / "old-spelt.dgn").write_text(SPELT)
    (where / "records" / "win.dgn").write_text(ADA)
    (where / "game.dgn").write_text(ADA)
    assert shell("git init -q && git add . && git commit -qm base", where).returncode == 0
    base = shell("git rev-parse HEAD", where).stdout.strip()
    (where / "game.dgn").write_text(BOB)
    return base


def commands(text: str) -> list[str]:
    found = []
    for block in re.findall(r"```sh\n(.*?)```", text, re.S):
        for line in block.splitlines():
            line = re.split(r"\s{2,}#", line.strip())[0]
            if line and not line.startswith("#"):
                found.append(line)
    return found


def readme_section() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index("## Reviewing records")
    return text[start : text.index("\n## ", start + 1)]


SETUP = "dungeon git-setup"
# command -> (exit status, texts the output holds, a command the page shows before it)
CHECKS: dict[str, tuple[int, tuple[str, ...], str]] = {
    "dungeon diff ada.dgn bob.dgn": (1, ("they part at turn 5", "win 30 -> loss -126: score -156"), ""),
    "dungeon diff --all --context 1 ada.dgn bob.dgn": (
        1,
        ("@@ turn 4 to turn 21 @@", "\n  4. (Qc) 4d 6d 2h : 4d 6d 2h {hp=16 weapon=6d left=31}\n", "- 21. (Th) 5s : x5s Th"),
        "",
    ),
    "dungeon diff --by seed monday.dgn tuesday.dgn": (
        1,
        ("--- monday.dgn:1 ", "+++ tuesday.dgn:13 ", "the same deal (Seed 7)"),  # the pair alike says nothing
        "",
    ),
    "dungeon diff --format json ada.dgn bob.dgn": (1, ('"kind": "same-deal"', '"score_difference": -156'), ""),
    "dungeon diff --merge ada.dgn bob.dgn -o both.dgn": (0, (), ""),
    "dungeon verify --seed-check both.dgn": (0, (), "dungeon diff --merge ada.dgn bob.dgn -o both.dgn"),
    "dungeon replay both.dgn --html both.html": (0, ("both.html: 1 game",), "dungeon diff --merge ada.dgn bob.dgn -o both.dgn"),
    "dungeon git-setup": (0, ("added     .gitattributes: *.dgn diff=dgn", "set       diff.dgn.command = dungeon diff"), ""),
    "dungeon git-setup --print": (0, ("git config diff.dgn.textconv 'dungeon textconv'",), ""),
    "git diff": (0, ("--- a/game.dgn:1", "+ 5. (Qc) 9s As Td : xQc Td x9s {hp=10 weapon=Td/9s left=28}"), SETUP),
    "git diff --no-ext-diff": (
        0,
        ("-5. (Qc) 9s As Td : run {hp=16 weapon=6d left=32}", "+5. (Qc) 9s As Td : xQc Td x9s {hp=10 weapon=Td/9s left=28}"),
        SETUP,
    ),
    "git log -p -- game.dgn": (
        0,
        ("+5. (Qc) 9s As Td : xQc Td x9s {hp=10", "-5. (Qc) 9s As Td : run {hp=16"),
        SETUP + " && git commit -qam bob",
    ),
    "git difftool -y -t dungeon": (0, ("they part at turn 5",), SETUP),
    "dungeon textconv game.dgn": (0, ("5. (Qc) 9s As Td : xQc Td x9s {hp=10 weapon=Td/9s left=28}",), ""),
    "dungeon verify records/": (0, (), "cp pyproject.toml.page pyproject.toml"),
}


def test_every_command_shown_has_a_check():
    shown = commands(PAGE.read_text(encoding="utf-8")) + commands(readme_section())
    assert sorted(set(shown)) == sorted(CHECKS), "a command on the page without a check, or a check for none"


@pytest.mark.parametrize("command", sorted(CHECKS))
def test_command_does_what_the_page_says(command, tmp_path):
    where = tmp_path / "records-repo"
    setup(where)
    status, says, before = CHECKS[command]
    (where / "pyproject.toml.page").write_text(toml_block())
    if before:
        assert shell(before, where).returncode == 0
    done = shell(command, where)
    output = done.stdout + done.stderr
    assert done.returncode == status, f"{command}: exit {done.returncode}\n{output}"
    assert "Traceback" not in output
    for text in says:
        assert text in output, f"{command}: {text!r} not in\n{output}"


def test_the_output_shown_is_the_output(tmp_path):
    where = tmp_path / "repo"
    setup(where)
    text = PAGE.read_text(encoding="utf-8")
    shown = re.search(r"```sh\ndungeon diff ada.dgn bob.dgn\n```\n\n```\n(.*?)```", text, re.S).group(1)
    assert shell("dungeon diff ada.dgn bob.dgn", where).stdout == shown
    setup_shown = re.search(r"```sh\ndungeon git-setup .*?```\n\n```\n(.*?)```", text, re.S).group(1)
    assert shell("dungeon git-setup", where).stdout == setup_shown
    annotation = re.search(r"`(::notice file=game.dgn,line=10,.*?)`", text).group(1)
    base = shell("git rev-parse HEAD", where).stdout.strip()
    assert (
        shell(
            f"git config --unset diff.dgn.command; GIT_EXTERNAL_DIFF='dungeon diff --format github' git diff --ext-diff {base} -- game.dgn",
            where,
        ).stdout
        == annotation + "\n"
    )


def toml_block() -> str:
    return re.search(r"```toml\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S).group(1)


def test_the_settings_shown_do_what_they_say(tmp_path):
    where = tmp_path / "repo"
    setup(where)
    assert shell("dungeon verify records/", where).returncode == 1  # drafts/broken.dgn
    (where / "pyproject.toml").write_text(toml_block())
    done = shell("dungeon verify -v --format text records/", where)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "records/win.dgn:1: scoundrel: legal" in done.stdout and "old-spelt" not in done.stdout and "drafts" not in done.stdout


def test_the_workflow_runs_as_written(tmp_path):
    """The workflow's own steps, after its checkout and install, in a pull request that
    adds an illegal record, a misspelt one, and plays game.dgn otherwise."""
    where = tmp_path / "repo"
    base = setup(where)
    text = PAGE.read_text(encoding="utf-8")
    workflow = re.search(r"```yaml\nname: records\n(.*?)```", text, re.S).group(1)
    steps = re.findall(r"- name: (.*?)\n\s+run: (.*?)\n", workflow)
    assert [name for name, _ in steps] == ["every record legal", "every record canonical", "where changed games part"]
    assert "BASE: ${{ github.event.pull_request.base.sha }}" in workflow
    (where / "illegal.dgn").write_text(ILLEGAL.replace("2s 9s", "2s 5d"))
    (where / "spelt.dgn").write_text(SPELT.replace("4H\n", "4H\n2. (kc) 7C 2s 8h : run\n"))
    shell("git add . && git commit -qm 'the pull request'", where)
    outputs = {name: shell(run, where, {"BASE": base}) for name, run in steps}
    legal = outputs["every record legal"]
    assert legal.returncode == 1
    assert "::error file=./illegal.dgn,line=4,col=15::5d: no longer in the dungeon: it was dealt already\n" in legal.stdout
    canonical = outputs["every record canonical"]
    assert canonical.returncode == 1 and "+++ ./spelt.dgn\t(formatted)\n" in canonical.stdout
    assert "+2. (Kc) 7c 2s 8h : run" in canonical.stdout
    parts = outputs["where changed games part"]
    assert parts.returncode == 0, parts.stderr
    lines = parts.stdout.splitlines()
    assert lines[0].startswith("::notice file=game.dgn,line=10,title=dungeon diff%3A the same deal (Seed 7)::")
    assert len(lines) == 3, lines  # game.dgn, and the two records added
    assert (
        "::notice file=spelt.dgn,line=1,title=dungeon diff%3A new record::a new record: unfinished after 2 turns {hp=20 weapon=5d/9s left=41}"
        in lines
    )
