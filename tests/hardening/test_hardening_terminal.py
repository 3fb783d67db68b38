"""What a record holds never reaches the terminal raw: escapes in tags, comments and
file names are printed escaped by every command and in every output format; CSV cells
cannot run as spreadsheet formulas; '|' cannot add a column to a pipe table; a file name
holding a line end does not split a diagnostic."""

from __future__ import annotations

import csv
import io
import json

import pytest

ESC = "\x1b]0;pwned\x07\x1b]52;c;ZWNobyBoaQ==\x07\x1b[2J"
LEGAL = (
    '[Game "scoundrel"]\n'
    f'[Player "Eve{ESC} | =HYPERLINK(\\"http://x\\")"]\n'
    '[Date "2026-01-01"]\n'
    "\n"
    f"1.  9s 5d 4h Kc :  5d x9s 4h  # note {ESC}\n"
)
ILLEGAL = f'[Game "scoundrel"]\n[Variant "strict{ESC}"]\n\n1. 9s 5d 4h Kc : 5d x9s 4h\n'


def _raw(text: str) -> bool:
    return any(ch in text for ch in "\x1b\x07\x9b")


@pytest.fixture
def files(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "legal.dgn").write_text(LEGAL)
    (tmp_path / "illegal.dgn").write_text(ILLEGAL)
    return tmp_path


COMMANDS = [
    ["verify", "-v", "legal.dgn", "illegal.dgn"],
    ["verify", "--format", "github", "legal.dgn", "illegal.dgn"],
    ["verify", "--format", "json", "legal.dgn", "illegal.dgn"],
    ["replay", "legal.dgn"],
    ["replay", "illegal.dgn"],
    ["fmt", "--diff", "legal.dgn"],
    ["fmt", "--check", "legal.dgn", "illegal.dgn"],
    *[["summary", "--format", f, "legal.dgn", "illegal.dgn"] for f in ("simple", "github", "grid", "json", "csv", "html")],
    ["summary", "--by", "player", "legal.dgn"],
]


@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_no_escape_from_a_record_reaches_the_terminal(run, files, args):
    result = run(args)
    assert not _raw(result.stdout), result.stdout
    assert not _raw(result.stderr), result.stderr
    if "--by" not in args:  # (an unfinished game makes no group row)
        assert "\\x1b" in result.output or "\\u001b" in result.output  # shown, escaped


def test_cards_check_escapes_a_card_sets_name_and_file_name(run, tmp_path):
    from conftest import ROOT

    text = (ROOT / "dungeon_cli/games/cassette_dungeons/sets/default.toml").read_text()
    path = tmp_path / f"set{ESC}.toml"
    path.write_text(text)
    result = run(["cards", "check", str(path)])
    assert not _raw(result.output)
    missing = run(["cards", "check", str(tmp_path / f"gone{ESC}.toml")])
    assert not _raw(missing.output) and missing.exit_code == 2


def test_csv_cells_never_run_as_formulas(run, files):
    result = run(["summary", "--format", "csv", "legal.dgn"])
    (row,) = list(csv.DictReader(io.StringIO(result.stdout)))
    assert row["player"].startswith("'Eve") is False  # starts with E: nothing to neutralise
    (files / "f.dgn").write_text(LEGAL.replace("Eve", "=cmd|' /C calc'!A0 "))
    (files / "g.dgn").write_text(LEGAL.replace("Eve", "@SUM(1+1)"))
    (files / "h.dgn").write_text(LEGAL.replace("Eve", "+1"))
    rows = list(csv.DictReader(io.StringIO(run(["summary", "--format", "csv", "f.dgn", "g.dgn", "h.dgn"]).stdout)))
    assert [r["player"][:2] for r in rows] == ["'=", "'@", "'+"]
    assert all(r["score"] in ("", "0") or not r["score"].startswith("'") for r in rows)


def test_a_pipe_in_a_name_does_not_add_a_column(run, files):
    lines = run(["summary", "--format", "github", "legal.dgn"]).stdout.splitlines()
    header, rule, row = lines[:3]
    assert row.replace("\\|", "").count("|") == header.count("|")


def test_json_keeps_the_values_and_escapes_them(run, files):
    data = json.loads(run(["summary", "--format", "json", "legal.dgn"]).stdout)
    assert data[0]["player"].startswith("Eve\x1b]0;pwned")  # the value itself is intact


def test_a_file_name_with_a_line_end_does_not_split_a_diagnostic(run, tmp_path):
    path = tmp_path / "two\nlines.dgn"
    path.write_text(ILLEGAL)
    result = run(["verify", str(path)])
    assert result.exit_code == 1
    (line,) = result.stdout.splitlines()
    assert line.startswith(f"{tmp_path}/two\\nlines.dgn:2:")
    missing = run(["verify", str(tmp_path / "no\nsuch.dgn")])
    assert len(missing.stderr.splitlines()) == 1


def test_play_resume_of_a_bad_record_escapes_it(run, files):
    result = run(["play", "--resume", "illegal.dgn"], input="")
    assert result.exit_code == 1
    assert not _raw(result.output) and "\\x1b" in result.stderr


def _at_a_terminal(args: list[str], cwd, stdin: str = "") -> tuple[int, str]:
    """Run ``dungeon ARGS`` with standard output (and error) a pseudo-terminal and standard
    input a pipe (the scripting mode): its exit status and all it wrote."""
    import os
    import subprocess
    import sys

    main, side = os.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "dungeon_cli", *args], cwd=cwd, stdin=subprocess.PIPE, stdout=side, stderr=side
    )
    os.close(side)
    assert proc.stdin is not None
    proc.stdin.write(stdin.encode())
    proc.stdin.close()
    chunks = []
    while True:
        try:
            chunk = os.read(main, 65536)
        except OSError:  # EIO: the terminal's other side is closed
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(main)
    return proc.wait(timeout=60), b"".join(chunks).decode("utf-8", "replace")


UNFINISHED = f'[Game "scoundrel"]\n[Seed "3"]\n[Player "Eve{ESC}\u202e\x9b2J"]\n# {ESC}\n\n1. Ac 8h 2s 7s : run  # {ESC}\n'


@pytest.mark.parametrize(
    "args, stdin",
    [
        (["play", "--resume", "u.dgn"], ""),  # the scripting mode writes the record to standard output
        (["fmt", "-"], UNFINISHED),
        (["solve", "u.dgn", "--limit", "2k"], ""),  # (its record keeps no Player tag: a guard)
        (["analyse", "--samples", "1", "--limit", "1k", "u.dgn", "-o", "-"], ""),
        (["diff", "--format", "json", "u.dgn", "v.dgn"], ""),
    ],
)
def test_a_record_written_to_a_terminal_keeps_no_escape_raw(tmp_path, args, stdin):
    """A record written to standard output is the record in a file or a pipe (the tests of
    play, fmt and solve compare it byte for byte); at a terminal its escapes are escaped."""
    (tmp_path / "u.dgn").write_text(UNFINISHED)
    (tmp_path / "v.dgn").write_text(UNFINISHED.replace("Eve", "Bob"))
    status, shown = _at_a_terminal(args, tmp_path, stdin)
    assert status in (0, 1), shown
    # (the tool's own escapes, analyse's progress line, may be there: the record's may not)
    assert not any(raw in shown for raw in ("\x1b]", "\x07", "\x1b[2J", "\u202e", "\x9b")), shown
    assert "\\x1b]0;pwned" in shown or "\\u001b]0;pwned" in shown or args[0] == "solve", shown
