"""``dungeon fmt`` from the outside: in place, --check, --diff, --annotate, standard
input, and the files it refuses to touch."""

from __future__ import annotations

import os

import pytest
from conftest import FIXTURES, run_subprocess

HERE = FIXTURES / "scoundrel"
MESSY = (
    b'\xef\xbb\xbf[Game   "scoundrel"]\r\n'
    b'[Seed "3"]   # dealt by play\r\n'
    b"1.  ac 8H\t2\xe2\x99\xa0 7S :  run\r\n"
    b"2. 4s 6s 7d 9c\r\n"
    b"     : 7d x9c x6s\r\n"
)
CANONICAL = '[Game "scoundrel"]\n[Seed "3"]  # dealt by play\n\n1. Ac 8h 2s 7s : run\n2. 4s 6s 7d 9c\n    : 7d x9c x6s\n'
ANNOTATED = (
    '[Game "scoundrel"]\n'
    '[Seed "3"]  # dealt by play\n'
    "\n"
    "1. Ac 8h 2s 7s : run {hp=20 weapon=- left=44}\n"
    "2. 4s 6s 7d 9c\n"
    "    : 7d x9c x6s {hp=18 weapon=7d/6s left=40}\n"
)


@pytest.fixture
def messy(tmp_path):
    path = tmp_path / "game.dgn"
    path.write_bytes(MESSY)
    return path


def test_rewrites_in_place_then_leaves_alone(run, messy):
    result = run(["fmt", str(messy)])
    assert result.exit_code == 0
    assert messy.read_bytes() == CANONICAL.encode()
    assert result.stdout == ""
    assert result.stderr == f"reformatted {messy}\n1 file reformatted, 0 left unchanged\n"
    again = run(["fmt", str(messy)])
    assert again.exit_code == 0
    assert again.stderr == "0 files reformatted, 1 left unchanged\n"
    assert messy.read_bytes() == CANONICAL.encode()


def test_in_place_keeps_the_file_mode_and_leaves_no_temporary_file(run, messy):
    os.chmod(messy, 0o640)
    run(["fmt", str(messy)])
    assert oct(messy.stat().st_mode & 0o777) == oct(0o640)
    assert sorted(p.name for p in messy.parent.iterdir()) == ["game.dgn"]


def test_check_changes_nothing_and_says_what_would_change(run, messy, tmp_path):
    canonical = tmp_path / "canonical.dgn"
    canonical.write_text(CANONICAL, encoding="utf-8")
    result = run(["fmt", "--check", str(messy), str(canonical)])
    assert result.exit_code == 1
    assert messy.read_bytes() == MESSY
    assert result.stdout == ""
    assert result.stderr == f"would reformat {messy}\n1 file would be reformatted, 1 left unchanged\n"
    assert run(["fmt", "--check", str(canonical)]).exit_code == 0


def test_check_counts_a_file_it_could_not_format_in_its_summary(run, messy, tmp_path):
    """Issue 25: a file left alone for its errors, or one that could not be read, was
    counted nowhere ("0 files would be reformatted, 1 left unchanged" of two files)."""
    canonical = tmp_path / "canonical.dgn"
    canonical.write_text(CANONICAL, encoding="utf-8")
    bad = tmp_path / "bad.dgn"
    bad.write_text(CANONICAL + "3. 2c 3c 4c 5c : xQs\n", encoding="utf-8")
    result = run(["fmt", "--check", str(bad), str(canonical)])
    assert result.exit_code == 1
    assert result.stderr.splitlines()[-1] == "0 files would be reformatted, 1 left unchanged, 1 could not be formatted"
    result = run(["fmt", "--check", str(bad), str(messy), str(tmp_path / "gone.dgn")])
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == "1 file would be reformatted, 0 left unchanged, 2 could not be formatted"


def test_diff_prints_a_unified_diff_and_changes_nothing(run, messy):
    result = run(["fmt", "--diff", str(messy)])
    assert result.exit_code == 0
    assert messy.read_bytes() == MESSY
    lines = result.stdout.splitlines()
    assert lines[0] == f"--- {messy}\t(original)"
    assert lines[1] == f"+++ {messy}\t(formatted)"
    assert "+1. Ac 8h 2s 7s : run" in lines
    assert any(line.startswith("-1.  ac 8H") for line in lines)


def test_check_and_diff_together(run, messy):
    result = run(["fmt", "--check", "--diff", str(messy)])
    assert result.exit_code == 1
    assert result.stdout.startswith("---")
    assert messy.read_bytes() == MESSY


def test_annotate_writes_every_checkpoint(run, messy):
    assert run(["fmt", "--annotate", str(messy)]).exit_code == 0
    assert messy.read_text(encoding="utf-8") == ANNOTATED
    assert run(["verify", str(messy)]).exit_code == 0  # the checkpoints it wrote hold
    assert run(["fmt", "--annotate", "--check", str(messy)]).exit_code == 0
    # plain fmt keeps checkpoints that are written
    assert run(["fmt", "--check", str(messy)]).exit_code == 0


def test_annotate_replaces_a_partial_checkpoint(run, tmp_path):
    path = tmp_path / "partial.dgn"
    path.write_text(CANONICAL.replace(": run\n", ": run {hp=20}\n"), encoding="utf-8")
    assert run(["fmt", "--annotate", str(path)]).exit_code == 0
    assert path.read_text(encoding="utf-8") == ANNOTATED


def test_stdin_to_stdout(run):
    result = run(["fmt", "-"], input=MESSY)
    assert result.exit_code == 0
    assert result.stdout == CANONICAL
    assert result.stderr == ""


def test_stdin_check_and_annotate(run):
    assert run(["fmt", "--check", "-"], input=MESSY).exit_code == 1
    assert run(["fmt", "--check", "-"], input=CANONICAL.encode()).exit_code == 0
    assert run(["fmt", "--annotate", "-"], input=MESSY).stdout == ANNOTATED


def test_stdin_through_a_real_pipe():
    proc = run_subprocess(["fmt", "-"], input=MESSY)
    assert proc.returncode == 0
    assert proc.stdout == CANONICAL.encode()


@pytest.mark.parametrize(
    "fixture",
    [
        "illegal/strike-above-last-struck.dgn",  # a rule broken
        "illegal/unknown-game.dgn",  # a game it does not know
        "illegal/card-Zz.dgn",  # a word the game does not know
        "illegal/move-number-skips.dgn",  # a notation error
        "illegal/record-ends-mid-turn.dgn",
        "illegal/checkpoint-wrong-value.dgn",
    ],
)
def test_refuses_what_verify_rejects_and_says_why_on_stderr(run, tmp_path, fixture):
    # fmt writes only what it fully understands: the records that verify accepts.
    source = HERE / fixture
    path = tmp_path / source.name
    messy = source.read_bytes().replace(b"\n1. ", b"\n1.   ")
    path.write_bytes(messy)
    verify = run(["verify", str(path)])
    for args in (["fmt"], ["fmt", "--check"], ["fmt", "--diff"], ["fmt", "--annotate"]):
        result = run(args + [str(path)])
        assert result.exit_code == 1
        assert result.stdout == ""
        assert result.stderr.startswith(verify.stdout)
        assert f"error: cannot format {path}: it has errors; it was left as it was\n" in result.stderr
    assert path.read_bytes() == messy


def test_refuses_on_stdin_without_writing_to_stdout(run):
    result = run(["fmt", "-"], input=(HERE / "illegal" / "unknown-game.dgn").read_bytes())
    assert result.exit_code == 1
    assert result.stdout == ""
    assert "<stdin>:" in result.stderr


def test_one_bad_file_does_not_stop_the_others(run, tmp_path, messy):
    bad = tmp_path / "bad.dgn"
    bad.write_bytes(b'[Game "scoundrel"]\n1. 1s : run\n')
    result = run(["fmt", str(bad), str(messy)])
    assert result.exit_code == 1
    assert messy.read_bytes() == CANONICAL.encode()
    assert bad.read_bytes() == b'[Game "scoundrel"]\n1. 1s : run\n'


def test_unreadable_file_is_exit_2_and_the_rest_is_formatted(run, tmp_path, messy):
    result = run(["fmt", str(tmp_path / "missing.dgn"), str(messy)])
    assert result.exit_code == 2
    assert messy.read_bytes() == CANONICAL.encode()


def test_usage_errors(run):
    assert run(["fmt"]).exit_code == 2
    assert run(["fmt", "--bogus", "x.dgn"]).exit_code == 2
