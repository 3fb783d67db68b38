"""``dungeon textconv``: what ``fmt --annotate`` writes, on standard output, the file
untouched; a broken record shown as far as it goes (git stops a whole diff at a
textconv that fails); every line printable."""

from __future__ import annotations

import pytest
from conftest import FIXTURES, run_subprocess

LEGAL = sorted(FIXTURES.glob("*/legal/*.dgn"))


@pytest.mark.parametrize("path", LEGAL, ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_it_is_fmt_annotate_without_touching_the_file(run, path):
    before = path.read_bytes()
    shown = run(["textconv", str(path)])
    assert shown.exit_code == 0
    annotated = run(["fmt", "--annotate", "-"], input=before)
    assert shown.stdout == annotated.stdout
    assert path.read_bytes() == before


def test_a_record_that_breaks_a_rule_is_annotated_as_far_as_it_goes(run, tmp_path):
    path = tmp_path / "game.dgn"
    path.write_text('[Game "scoundrel"]\n\n1. 9s 5d 4h Kc : 5d x9s 4h\n2. (Kc) 7c 2s 9s : run\n')
    result = run(["textconv", str(path)])
    assert result.exit_code == 0
    assert result.stdout == (
        '[Game "scoundrel"]\n\n'
        "1. 9s 5d 4h Kc : 5d x9s 4h {hp=20 weapon=5d/9s left=40}\n"
        "2. (Kc) 7c 2s 9s : run\n"
        "# dungeon textconv: 4:15: error: 9s: no longer in the dungeon: it was dealt already\n"
    )


def test_a_file_the_reader_cannot_make_records_of_is_shown_as_it_is(run, tmp_path):
    path = tmp_path / "game.dgn"
    path.write_bytes(b'[Game "scoundrel"]\n\n1. 9s 5d 4h Kc : 5d x9s 4h\nwhat\x1b[2J\n')
    result = run(["textconv", str(path)])
    assert result.exit_code == 0
    assert result.stdout == (
        '# dungeon textconv: 4:1: error: this line is not a tag, a move or a comment: a tag is [Name "value"], '
        "a move starts with its number (1.), the setup with deal:\n"
        '[Game "scoundrel"]\n\n1. 9s 5d 4h Kc : 5d x9s 4h\nwhat\\x1b[2J\n'
    )


def test_text_from_the_record_is_escaped(run, tmp_path):
    path = tmp_path / "game.dgn"
    path.write_text('[Game "scoundrel"]\n[Player "\x1b]0;title\x07"]\n\n1. 9s 5d 4h Kc : 5d x9s 4h  # \x1b[31mred\n')
    out = run(["textconv", str(path)]).stdout
    assert "\x1b" not in out and "\x07" not in out
    assert '[Player "\\x1b]0;title\\x07"]' in out


def test_standard_input_and_trouble(tmp_path):
    legal = (FIXTURES / "scoundrel" / "legal" / "runs.dgn").read_bytes()
    piped = run_subprocess(["textconv", "-"], input=legal)
    assert piped.returncode == 0 and b"{hp=" in piped.stdout
    for path, said in [(tmp_path / "nope.dgn", "no such file"), (tmp_path, "is a directory")]:
        done = run_subprocess(["textconv", str(path)])
        assert done.returncode == 2
        assert said in done.stderr.decode() and done.stderr.count(b"\n") == 1 and b"Traceback" not in done.stderr
