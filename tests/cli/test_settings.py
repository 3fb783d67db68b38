"""``[tool.dungeon]`` in the nearest pyproject.toml: defaults for verify, fmt and diff
that the command line overrides, directories that stand for their records, and an
unknown key or a bad value as a clear error (exit 2)."""

from __future__ import annotations

import shutil

import pytest
from conftest import FIXTURES, ROOT

SEEDED_ILLEGAL = FIXTURES / "scoundrel" / "seed-check"
WIN = FIXTURES / "scoundrel" / "legal" / "runs.dgn"
ILLEGAL = '[Game "scoundrel"]\n\n1. 9s 5d 4h Kc : 5d x9s 4h\n2. (Kc) 7c 2s 9s : run\n'


@pytest.fixture
def project(tmp_path, monkeypatch):
    """A repository of records with its settings, entered from a subdirectory."""
    (tmp_path / "records" / "fixtures").mkdir(parents=True)
    shutil.copy(WIN, tmp_path / "records" / "win.dgn")
    (tmp_path / "records" / "fixtures" / "broken.dgn").write_text(ILLEGAL)
    (tmp_path / "records" / "notes.txt").write_text("not a record\n")
    (tmp_path / "sub").mkdir()
    monkeypatch.chdir(tmp_path / "sub")
    return tmp_path


def settings(project, text: str) -> None:
    (project / "pyproject.toml").write_text('[project]\nname = "records"\n\n[tool.dungeon]\n' + text)


def test_a_directory_stands_for_its_records(run, project):
    records = str(project / "records")
    result = run(["verify", records])
    assert result.exit_code == 1 and "broken.dgn:4:15: error:" in result.stdout
    settings(project, 'exclude = ["fixtures"]\n')
    assert run(["verify", "-v", records]).exit_code == 0
    settings(project, 'include = ["*.txt"]\n')
    assert "notes.txt:1:1: error:" in run(["verify", records]).stdout


def test_format_and_seed_check_defaults_and_the_command_line_wins(run, project, tmp_path):
    broken = project / "records" / "fixtures" / "broken.dgn"
    settings(project, 'format = "github"\n')
    assert run(["verify", str(broken)]).stdout.startswith("::error file=")
    assert run(["verify", "--format", "text", str(broken)]).stdout.startswith(f"{broken}:4:15:")
    seeded = SEEDED_ILLEGAL / "first-room-not-the-seeds.dgn"  # legal, but not what its Seed deals
    plain = run(["verify", "--format", "text", str(seeded)])
    settings(project, "seed-check = true\n")
    checked = run(["verify", str(seeded)])
    assert checked.exit_code == 1 and plain.exit_code == 0, (plain.stdout, checked.stdout)
    assert run(["verify", "--no-seed-check", str(seeded)]).exit_code == 0


def test_diff_reads_its_defaults_too(run, project):
    settings(project, 'format = "json"\ndiff-by = "seed"\n')
    result = run(["diff", str(WIN), str(WIN)])
    assert result.exit_code == 0 and result.stdout.startswith("{")
    assert run(["diff", "--format", "text", str(WIN), str(WIN)]).stdout == ""  # alike: nothing to say, as diff
    other = FIXTURES / "scoundrel" / "legal" / "win-seeded.dgn"
    assert run(["diff", "--format", "text", str(WIN), str(other)]).stdout.startswith("--- ")
    # run by git, the diff is read at a terminal: text unless told otherwise
    git_args = ["game.dgn", str(WIN), "1" * 40, "100644", str(WIN), "2" * 40, "100644"]
    assert run(["diff", *git_args]).stdout.startswith("--- a/game.dgn:")


def test_the_nearest_table_counts(run, project):
    settings(project, 'format = "github"\n')
    (project / "sub" / "pyproject.toml").write_text('[project]\nname = "no table here"\n')
    broken = project / "records" / "fixtures" / "broken.dgn"
    assert run(["verify", str(broken)]).stdout.startswith("::error")  # a pyproject without the table is passed over
    (project / "sub" / "pyproject.toml").write_text('[tool.dungeon]\nformat = "text"\n')
    assert run(["verify", str(broken)]).stdout.startswith(str(broken))


@pytest.mark.parametrize(
    "text, said",
    [
        (
            'exlcude = ["x"]\n',
            "unknown key 'exlcude' in [tool.dungeon] (keys: include, exclude, format, seed-check, diff-by, card-sets)",
        ),
        ('format = "xml"\n', "[tool.dungeon] format: one of text, json, github, not 'xml'"),
        ('include = "*.dgn"\n', "[tool.dungeon] include: a list of glob patterns"),
        ("seed-check = 1\n", "[tool.dungeon] seed-check: true or false"),
        ("format = \n", "not valid TOML"),
    ],
)
def test_a_bad_setting_is_a_clear_error(run, project, text, said):
    settings(project, text)
    for command in (["verify", str(WIN)], ["fmt", "--check", str(WIN)], ["diff", str(WIN), str(WIN)]):
        result = run(command)
        assert result.exit_code == 2, command
        assert said in result.stderr and str(project / "pyproject.toml") in result.stderr
        assert result.stderr.count("\n") == 1 and result.stdout == ""


def test_card_sets_are_found_where_the_project_keeps_them(run, project):
    sets = ROOT / "dungeon_cli" / "games" / "cassette_dungeons" / "sets" / "default.toml"
    (project / "card-sets").mkdir()
    shutil.copy(sets, project / "card-sets" / "ours.toml")
    record = project / "records" / "crypt.dgn"
    record.write_text('[Game "cassette-dungeons"]\n[Cards "ours.toml"]\n\ndeal: crypt\n')
    missing = run(["verify", str(record)])
    assert missing.exit_code == 1 and "card set ours.toml: no card set of that name" in missing.stdout, missing.stdout
    settings(project, 'card-sets = ["card-sets"]\n')  # relative to the pyproject.toml
    assert run(["verify", str(record)]).exit_code == 0
    shown = run(["textconv", str(record)])
    assert shown.exit_code == 0 and shown.stdout.endswith("\ndeal: crypt\n"), shown.stdout
    beside = project / "records" / "ours.toml"  # a set beside the record still comes first
    beside.write_text("not toml [")
    assert run(["verify", str(record)]).exit_code == 1
    settings(project, 'format = "text"\n')  # and a project without card-sets finds none
    beside.unlink()
    assert run(["verify", str(record)]).exit_code == 1


def test_verify_with_no_path_checks_the_records_under_the_current_directory(run, project, monkeypatch):
    monkeypatch.chdir(project)  # as ruff: no path is the current directory, named from it
    result = run(["verify"])
    assert result.exit_code == 1
    assert result.stdout.startswith("records/fixtures/broken.dgn:4:15: error:")
    settings(project, 'exclude = ["fixtures"]\n')
    result = run(["verify", "-v"])
    assert result.exit_code == 0 and result.stdout.splitlines()[0].startswith("records/win.dgn:4: scoundrel: legal")


def test_verify_with_no_path_and_no_records_says_so_and_passes(run, project):
    result = run(["verify"])  # entered from sub/, which holds none
    assert result.exit_code == 0 and result.stdout == ""
    assert result.stderr == "dungeon verify: warning: no records under the current directory: nothing to check\n"
    assert run(["verify", "."]).exit_code == 2  # a directory named outright still must hold records
