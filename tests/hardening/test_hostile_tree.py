"""A hostile or broken tree around the records (issue 23): a pyproject.toml up the tree
that is /dev/zero or a FIFO, TOML nested 500 deep, a FIFO or an unreadable directory
under a directory argument; and the project settings every command shares (card-sets
honoured by all, a typo said alike by git's two drivers, card-sets never "/").

Real processes where a hang or the memory is the question (a timeout bounds each)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import FIXTURES, ROOT

WIN = FIXTURES / "scoundrel" / "legal" / "runs.dgn"
ILLEGAL = '[Game "scoundrel"]\n\n1. 9s 5d 4h Kc : 5d x9s 4h\n2. (Kc) 7c 2s 9s : run\n'
DEEP = "a = " + "[" * 500 + "]" * 500 + "\n"
DOTTED = ".".join(["a"] * 20_000) + " = 1\n"  # 40 KB: tomllib took minutes and over 1.4 GB (issue 41, item 12)
SET = ROOT / "dungeon_cli" / "games" / "cassette_dungeons" / "sets" / "default.toml"
DUNGEON = str(Path(sys.executable).with_name("dungeon"))


def dungeon(args, cwd, input=b"", timeout=60):
    return subprocess.run([DUNGEON, *args], cwd=cwd, input=input, capture_output=True, timeout=timeout)


def _said_once(done) -> str:
    err = done.stderr.decode()
    assert "Traceback" not in err, err
    return err


@pytest.mark.parametrize("kind", ["dev-zero", "fifo", "deep", "dotted"])
def test_a_pyproject_up_the_tree_that_is_no_settings_file_stops_nothing_for_ever(tmp_path, kind):
    """Every command, git's textconv and diff driver included: /dev/zero was a
    MemoryError traceback, a FIFO a hang, 500 levels a RecursionError."""
    top = tmp_path / "top"
    (top / "repo").mkdir(parents=True)
    shutil.copy(WIN, top / "repo" / "win.dgn")
    settings = top / "pyproject.toml"
    if kind == "dev-zero":
        settings.symlink_to("/dev/zero")
    elif kind == "fifo":
        os.mkfifo(settings)
    else:
        settings.write_text("[tool.dungeon]\n" + (DEEP if kind == "deep" else DOTTED))
    cwd = top / "repo"
    said = {"dev-zero": "is a device", "fifo": "is a FIFO"}.get(kind, "nested more than 64 deep")
    for args in (["verify", "win.dgn"], ["fmt", "--check", "win.dgn"], ["summary", "win.dgn"], ["replay", "win.dgn"]):
        done = dungeon(args, cwd)
        err = _said_once(done)
        assert done.returncode == 2 and said in err and "pyproject.toml" in err, (args, err)
    for args in (["textconv", "win.dgn"], ["diff", "win.dgn", "win.dgn", "abc", "100644", "win.dgn", "def", "100644"]):
        done = dungeon(args, cwd)  # git's drivers warn and go on: git would stop the whole diff
        err = _said_once(done)
        assert done.returncode == 0 and "warning" in err and said in err, (args, err)


@pytest.mark.parametrize("text", [DEEP, DOTTED], ids=["brackets", "dotted"])
def test_toml_nested_500_deep_is_a_message_in_cards_check_and_in_a_record_naming_it(tmp_path, text):
    (tmp_path / "deep.toml").write_text(text)
    done = dungeon(["cards", "check", "deep.toml"], tmp_path)
    assert done.returncode == 1 and "deep.toml:1:" in done.stdout.decode() and "nested more than 64 deep" in done.stdout.decode()
    _said_once(done)
    (tmp_path / "g.dgn").write_text('[Game "cassette-dungeons"]\n[Cards "deep.toml"]\n\ndeal: crypt\n')
    done = dungeon(["verify", "g.dgn"], tmp_path)
    _said_once(done)
    assert done.returncode == 1 and "g.dgn:2:8: error: card set deep.toml: no card set of that name" in done.stdout.decode()


@pytest.mark.parametrize("command", [["verify"], ["fmt", "--check"], ["summary"]])
def test_a_fifo_under_a_directory_argument_is_refused_at_once(tmp_path, command):
    """A FIFO named *.dgn hung verify DIR, fmt --check DIR and summary."""
    records = tmp_path / "records"
    records.mkdir()
    shutil.copy(WIN, records / "win.dgn")
    os.mkfifo(records / "pipe.dgn")
    done = dungeon([*command, "records"], tmp_path, timeout=30)
    err = _said_once(done)
    assert done.returncode == 2 and "records/pipe.dgn: is a FIFO, not a DGN file" in err, err


@pytest.mark.parametrize("command", [["verify"], ["fmt", "--check"], ["summary"]])
def test_an_unreadable_directory_under_a_directory_argument_is_named(run, tmp_path, monkeypatch, command):
    """A subdirectory that cannot be listed was passed over: exit 0 with an illegal
    record inside. (Root reads any directory: there, listing it is made to fail.)"""
    monkeypatch.chdir(tmp_path)
    records = tmp_path / "records"
    (records / "locked").mkdir(parents=True)
    shutil.copy(WIN, records / "win.dgn")
    (records / "locked" / "bad.dgn").write_text(ILLEGAL)
    locked = str(records / "locked")
    if os.geteuid() == 0:
        scandir, access = os.scandir, os.access

        def refuse(path="."):
            if os.path.abspath(path) == locked:
                raise PermissionError(13, "Permission denied", path)
            return scandir(path)

        monkeypatch.setattr(os, "scandir", refuse)
        monkeypatch.setattr(os, "access", lambda path, mode: os.path.abspath(path) != locked and access(path, mode))
    else:
        os.chmod(locked, 0)
    try:
        result = run([*command, "records"])
    finally:
        os.chmod(locked, 0o755)
    assert result.exit_code == 2, result.output
    assert "records/locked: is a directory that cannot be read (permission denied), not a DGN file" in result.output


def test_summary_takes_a_directory_as_verify_does(run, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "records" / "old").mkdir(parents=True)
    shutil.copy(WIN, tmp_path / "records" / "win.dgn")
    shutil.copy(WIN, tmp_path / "records" / "old" / "again.dgn")
    (tmp_path / "records" / "notes.txt").write_text("not a record\n")
    result = run(["summary", "records"])
    assert result.exit_code == 0, result.output
    assert "records/win.dgn" in result.stdout and "records/old/again.dgn" in result.stdout
    assert "notes.txt" not in result.output


@pytest.fixture
def project(tmp_path, monkeypatch):
    """A project whose records name a card set kept in its card-sets directory."""
    (tmp_path / "card-sets").mkdir()
    (tmp_path / "records").mkdir()
    shutil.copy(SET, tmp_path / "card-sets" / "ours.toml")
    (tmp_path / "pyproject.toml").write_text('[tool.dungeon]\ncard-sets = ["card-sets"]\n')
    monkeypatch.chdir(tmp_path)
    lines = (FIXTURES / "cassette-dungeons" / "legal" / "death.dgn").read_text().split("\n")
    lines.insert(next(i for i, line in enumerate(lines) if line.startswith("[Game")) + 1, '[Cards "ours.toml"]')
    (tmp_path / "records" / "done.dgn").write_text("\n".join(lines))
    (tmp_path / "records" / "open.dgn").write_text('[Game "cassette-dungeons"]\n[Cards "ours.toml"]\n\ndeal: crypt\n')
    return tmp_path


def test_card_sets_are_honoured_by_every_command_that_reads_a_record(project):
    """verify, fmt, diff and textconv honoured [tool.dungeon] card-sets; replay, replay
    --html, summary, analyse and play --resume called the same record illegal. (Real
    processes: the card-set directories are a process's, and one run must not lend
    them to the next.)"""
    record = "records/done.dgn"
    for args in (
        ["verify", record],
        ["replay", record],
        ["summary", record],
        ["replay", "--move", "1", record],
        ["replay", "--html", "page.html", record],
        ["analyse", "--samples", "4", record],
        ["play", "--resume", "records/open.dgn"],
    ):
        done = dungeon(args, project, input=b"quit\n", timeout=120)
        out = done.stdout.decode() + _said_once(done)
        assert "no such file" not in out and "not analysed" not in out and "cannot be resumed" not in out, (args, out)
        assert done.returncode in (0, 1) if args[0] == "play" else done.returncode == 0, (args, out)


def test_a_settings_typo_makes_the_diff_driver_warn_as_textconv_does(project):
    """git stops the whole diff at a driver that exits 2 ("fatal: external diff died")."""
    (project / "pyproject.toml").write_text('[tool.dungeon]\nexlcude = ["x"]\n')
    args = ["records/done.dgn", "records/done.dgn", "abc", "100644", "records/done.dgn", "def", "100644"]
    for command in (["diff", *args], ["textconv", "records/done.dgn"]):
        done = dungeon(command, project)
        err = _said_once(done)
        assert done.returncode == 0 and "warning:" in err and "unknown key 'exlcude'" in err, (command, err)
    done = dungeon(["diff", "records/done.dgn", "records/done.dgn"], project)  # at a terminal: an error
    assert done.returncode == 2 and "error:" in done.stderr.decode()


@pytest.mark.parametrize("value", ["/", "/etc", "..", "../elsewhere", "~/sets", ""])
def test_card_sets_never_names_a_directory_outside_the_project(run, project, value):
    (project / "pyproject.toml").write_text(f'[tool.dungeon]\ncard-sets = ["{value}"]\n')
    result = run(["verify", "records/done.dgn"])
    assert result.exit_code == 2 and "card-sets: directories under the project" in result.output, result.output
