"""A record does not choose what verify reads: ``[Cards "PATH"]`` names a built-in set
or a file under the record's directory (or a ``--cards-path`` directory), never an
absolute path, ``..`` or a symlink leading out; and a file that is not a card set is
never quoted in a message."""

from __future__ import annotations

import os
import shutil

import pytest
from conftest import FIXTURES, ROOT

DEFAULT_SET = ROOT / "dungeon_cli" / "games" / "cassette_dungeons" / "sets" / "default.toml"
LEGAL = sorted((FIXTURES / "cassette-dungeons" / "legal").glob("*.dgn"))[0].read_text()


def record(where, spec: str):
    path = where / "game.dgn"
    path.write_text(LEGAL.replace('[Game "cassette-dungeons"]', f'[Game "cassette-dungeons"]\n[Cards "{spec}"]', 1))
    return path


@pytest.mark.parametrize("spec", ["/etc/passwd", "/proc/self/environ", "../secret.toml", "sets/../../secret.toml", "~/x.toml"])
def test_absolute_and_parent_paths_are_refused_without_reading(run, tmp_path, spec):
    (tmp_path / "secret.toml").write_text('API_KEY = "hunter2"\n')
    (tmp_path / "records").mkdir()
    result = run(["verify", str(record(tmp_path / "records", spec))])
    assert result.exit_code == 1
    assert "never an absolute path or '..'" in result.stdout
    assert "hunter2" not in result.stdout and "API_KEY" not in result.stdout and "root:x" not in result.stdout


def test_a_symlink_leading_out_is_refused(run, tmp_path):
    (tmp_path / "secret.toml").write_text('API_KEY = "hunter2"\n')
    (tmp_path / "records").mkdir()
    os.symlink(tmp_path / "secret.toml", tmp_path / "records" / "set.toml")
    result = run(["verify", str(record(tmp_path / "records", "set.toml"))])
    assert result.exit_code == 1 and "leads outside" in result.stdout and "API_KEY" not in result.stdout


def test_a_file_that_is_not_a_card_set_is_not_quoted(run, tmp_path):
    (tmp_path / "notes.toml").write_text('API_KEY = "hunter2"\n')
    result = run(["verify", str(record(tmp_path, "notes.toml"))])
    assert result.exit_code == 1
    assert "no card set of that name" in result.stdout and "API_KEY" not in result.stdout


def test_cards_path_names_where_sets_are_found(run, tmp_path):
    sets = tmp_path / "sets"
    sets.mkdir()
    shutil.copy(DEFAULT_SET, sets / "mine.toml")
    (tmp_path / "records").mkdir()
    path = record(tmp_path / "records", "mine.toml")
    assert run(["verify", str(path)]).exit_code == 1  # not beside the record
    assert run(["verify", "--cards-path", str(sets), str(path)]).exit_code == 0
    assert run(["verify", str(path)]).exit_code == 1  # the directories were the one command's only


def test_a_set_beside_the_record_still_works(run, tmp_path):
    shutil.copy(DEFAULT_SET, tmp_path / "mine.toml")
    assert run(["verify", str(record(tmp_path, "mine.toml"))]).exit_code == 0


def project_with(tmp_path, card_sets: str):
    (tmp_path / "pyproject.toml").write_text(f'[project]\nname = "records"\n\n[tool.dungeon]\ncard-sets = ["{card_sets}"]\n')
    (tmp_path / "records").mkdir()


@pytest.mark.parametrize("where", ["/", "..", "inside/../.."])
def test_a_card_sets_directory_leading_out_of_the_project_is_refused(run, tmp_path, monkeypatch, where):
    """A committed ``card-sets -> /`` passed the setting's check, and a record's
    ``[Cards "etc/passwd"]`` was then opened (issue 41, item 2)."""
    project = tmp_path / "project"
    project.mkdir()
    project_with(project, "card-sets")
    (project / "inside").mkdir()
    os.symlink(where if where != ".." else str(tmp_path), project / "card-sets")
    (tmp_path / "secret.toml").write_text('API_KEY = "hunter2"\n')
    monkeypatch.chdir(project)
    path = record(project / "records", "etc/passwd")
    result = run(["verify", str(path)])
    assert result.exit_code == 2, result.stdout
    assert "card-sets: leads outside the project" in result.stderr and "root:x" not in result.stdout + result.stderr
    assert result.stderr.count("\n") == 1


def test_a_missing_file_and_one_that_is_not_a_card_set_are_said_in_the_same_words(run, tmp_path):
    """ "no such file" and "not a card-set file" told whether any path exists."""
    (tmp_path / "notes.toml").write_text('API_KEY = "hunter2"\n')
    (tmp_path / "text.toml").write_text("not toml [\n")
    (tmp_path / "dir.toml").mkdir()
    said = {}
    for name in ("notes.toml", "text.toml", "dir.toml", "gone.toml"):
        result = run(["verify", str(record(tmp_path, name))])
        assert result.exit_code == 1
        said[name] = result.stdout.replace(name, "NAME")
    assert len(set(said.values())) == 1, said
    assert "NAME: no card set of that name" in said["gone.toml"]
