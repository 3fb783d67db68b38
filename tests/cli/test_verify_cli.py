"""``dungeon verify`` from the outside: bad input of every kind, output formats, -q/-v,
standard input and exit statuses. ``fmt`` gets the same bad input and must never
rewrite the file."""

from __future__ import annotations

import json
import re

import pytest
from conftest import FIXTURES, run_subprocess

HERE = FIXTURES / "scoundrel"
WIN = HERE / "legal" / "win-potion-bonus.dgn"
ILLEGAL = HERE / "illegal" / "strike-above-last-struck.dgn"
GAME = b'[Game "scoundrel"]\n\n'
TEN_MB = 10 * 1024 * 1024


def _big_line() -> bytes:
    return GAME + b"1. " + b"9h " * (TEN_MB // 3) + b"\n"


# name -> (file contents, exit status, exact diagnostics after "FILE:")
BAD_INPUT = {
    "empty file": (b"", 1, ['1:1: error: no record in this file: a record starts with [Game "..."]']),
    "binary file": (
        b"\x1f\x8b\x08\x00\x4f\x2d\x8b\x65\x00\x03" + bytes(range(256)),  # a gzip header
        1,
        ["1:4: error: binary data (a NUL byte): this is not a DGN text file"],
    ),
    "invalid UTF-8": (
        GAME + b"1. 9h Qs 7d As : 7d xAs 9h  # caf\xe9\n",
        1,
        ["3:34: error: invalid UTF-8 (byte 0xe9): DGN files are UTF-8 text"],
    ),
    "a 10 MB single line": (
        _big_line(),
        1,
        [f"3:1: error: line is {len(_big_line()) - len(GAME) - 1} bytes long: a DGN line holds at most 65536 bytes"],
    ),
    "10,000 nested brackets": (
        GAME + b"1. " + b"(" * 10000 + b"9h" + b")" * 10000 + b" Qs 7d As : 7d xAs 9h\n",
        1,
        ["3:4: error: '(((((((((((((((((((((...' is not a card: a card is a rank (A 2-9 T J Q K, or 10) and a suit (s h d c)"],
    ),
    "10,000 nested tag brackets": (
        b"[" * 10000 + b'Game "scoundrel"' + b"]" * 10000 + b"\n",
        1,
        ["1:2: error: a tag opens with a single '[': tags do not nest"],
    ),
    "10,000 nested checkpoint braces": (
        GAME + b"1. 9h Qs 7d As : 7d xAs 9h " + b"{" * 10000 + b"hp=20" + b"}" * 10000 + b"\n",
        1,
        ["3:28: error: a checkpoint is {key=value ...}, keys in lower case"],
    ),
    "unknown game": (
        b'[Game "chess"]\n\n1. e4 : e5\n',
        1,
        ["1:7: error: unknown game 'chess': 'dungeon games' lists the games this tool knows"],
    ),
    "missing Game tag": (
        b'[Seed "1"]\n\n1. 9h Qs 7d As : 7d xAs 9h\n',
        1,
        ['1:2: error: the Game tag is missing: [Game "..."] must be the first tag'],
    ),
    "tag with a bad escape": (
        b'[Game "scoundrel"]\n[Player "tab\\there"]\n',
        1,
        ["2:13: error: bad escape '\\t' in a tag value: only \\\" and \\\\ are escapes"],
    ),
    "card 1s": (
        GAME + b"1. 1s Qs 7d As : 7d xAs 9h\n",
        1,
        ["3:4: error: '1s' is not a card: a card is a rank (A 2-9 T J Q K, or 10) and a suit (s h d c)"],
    ),
    "card Zz": (
        GAME + b"1. Zz Qs 7d As : 7d xAs 9h\n",
        1,
        ["3:4: error: 'Zz' is not a card: a card is a rank (A 2-9 T J Q K, or 10) and a suit (s h d c)"],
    ),
    "a move number that skips": (
        GAME + b"1. 9h Qs 7d As : 7d xAs 9h\n3. (Qs) Jc 8c 2c : run\n",
        1,
        ["4:1: error: move 3 follows move 1: expected 2."],
    ),
    "a record that ends mid-turn": (
        GAME + b"1. 9h Qs 7d As : 7d xAs\n",
        1,
        ["3:24: error: turn 1 is not finished: 1 more card of this room must be resolved"],
    ),
}


@pytest.mark.parametrize("case", BAD_INPUT, ids=str)
def test_bad_input_gets_a_positioned_diagnostic(run, tmp_path, case):
    data, status, expected = BAD_INPUT[case]
    path = tmp_path / "bad.dgn"
    path.write_bytes(data)
    result = run(["verify", str(path)])
    assert result.exit_code == status
    assert result.stdout.splitlines() == [f"{path}:{line}" for line in expected]
    assert "Traceback" not in result.output


@pytest.mark.parametrize("case", BAD_INPUT, ids=str)
def test_fmt_never_rewrites_bad_input(run, tmp_path, case):
    data, status, expected = BAD_INPUT[case]
    path = tmp_path / "bad.dgn"
    path.write_bytes(data)
    before = path.stat().st_mtime_ns
    for args in (["fmt"], ["fmt", "--annotate"]):
        result = run(args + [str(path)])
        assert result.exit_code == 1
        assert f"{path}:{expected[0]}" in result.stderr.splitlines()
        assert f"cannot format {path}" in result.stderr
        assert result.stdout == ""
        assert "Traceback" not in result.output
    assert path.read_bytes() == data and path.stat().st_mtime_ns == before


@pytest.mark.parametrize("kind", ["missing", "directory"])
def test_unreadable_paths_are_usage_errors(run, tmp_path, kind):
    path = tmp_path / "nope.dgn"
    if kind == "directory":
        path.mkdir()
    message = "no such file" if kind == "missing" else "is a directory, not a DGN file"
    for command in ("verify", "fmt"):
        result = run([command, str(path)])
        assert result.exit_code == 2
        assert f"dungeon {command}: error: {path}: {message}" in result.stderr
        assert "Traceback" not in result.output
    assert path.is_dir() if kind == "directory" else not path.exists()


def test_unreadable_file_wins_over_an_illegal_one(run, tmp_path):
    result = run(["verify", str(ILLEGAL), str(tmp_path / "nope.dgn")])
    assert result.exit_code == 2
    assert result.stdout.startswith(f"{ILLEGAL}:")  # the readable file is still checked


# -- exit statuses and usage --------------------------------------------------------------


def test_exit_statuses(run):
    assert run(["verify", str(WIN)]).exit_code == 0
    assert run(["verify", str(WIN), str(ILLEGAL)]).exit_code == 1
    assert run(["verify", "--no-such-option", str(WIN)]).exit_code == 2
    # no path is the current directory's records (tests/cli/test_settings.py), not a usage error
    assert run(["verify", "--format", "xml", str(WIN)]).exit_code == 2


def test_real_process_exit_statuses_and_no_traceback(tmp_path):
    binary = tmp_path / "binary.dgn"
    binary.write_bytes(b"\x00\x01\x02")
    (empty := tmp_path / "empty").mkdir()
    for args, status in [
        (["verify", str(WIN)], 0),
        (["verify", str(ILLEGAL)], 1),
        (["verify", str(binary)], 1),
        (["verify", str(tmp_path / "missing.dgn")], 2),
        (["verify", str(tmp_path)], 1),  # a directory stands for its records: binary.dgn
        (["verify", str(empty)], 2),  # a directory holding none is not a DGN file
        (["verify", "--bogus"], 2),
    ]:
        proc = run_subprocess(args)
        assert proc.returncode == status, args
        assert b"Traceback" not in proc.stderr + proc.stdout


def test_several_files_are_all_checked(run):
    second = HERE / "illegal" / "run-twice-in-a-row.dgn"
    result = run(["verify", str(ILLEGAL), str(WIN), str(second)])
    assert result.exit_code == 1
    files = [line.split(":")[0] for line in result.stdout.splitlines()]
    assert files == [str(ILLEGAL), str(second)]


# -- standard input -----------------------------------------------------------------------


def test_stdin_is_read_for_dash(run):
    result = run(["verify", "-"], input=ILLEGAL.read_bytes())
    assert result.exit_code == 1
    assert result.stdout.startswith("<stdin>:6:25: error: xAs: weapon 7d last struck Qs")
    assert run(["verify", "-"], input=WIN.read_bytes()).exit_code == 0


def test_stdin_through_a_real_pipe():
    proc = run_subprocess(["verify", "-v", "-"], input=WIN.read_bytes())
    assert proc.returncode == 0
    assert proc.stdout.decode() == "<stdin>:5: scoundrel: legal, win 27, 20 moves\n"


# -- output formats -----------------------------------------------------------------------


def test_json_format(run):
    result = run(["verify", "--format", "json", str(ILLEGAL), str(WIN)])
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["summary"] == {"records": 2, "illegal": 1, "unreadable": 0}
    assert data["diagnostics"] == [
        {
            "file": str(ILLEGAL),
            "line": 6,
            "column": 25,
            "severity": "error",
            "message": "xAs: weapon 7d last struck Qs, so it cannot strike As (only monsters at most 12)",
        }
    ]
    assert [(r["file"], r["legal"], r["result"], r["over"], r["moves"]) for r in data["records"]] == [
        (str(ILLEGAL), False, None, False, 1),
        (str(WIN), True, "win 27", True, 20),
    ]


def test_json_format_for_a_legal_file_is_still_json(run):
    data = json.loads(run(["verify", "--format", "json", str(WIN)]).stdout)
    assert data["diagnostics"] == [] and data["summary"] == {"records": 1, "illegal": 0, "unreadable": 0}


def test_json_reports_a_file_without_records(run, tmp_path):
    empty = tmp_path / "empty.dgn"
    empty.write_bytes(b"")
    data = json.loads(run(["verify", "--format", "json", str(empty)]).stdout)
    assert data["diagnostics"][0]["message"].startswith("no record in this file")


def test_github_format_is_workflow_annotations(run):
    result = run(["verify", "--format", "github", str(ILLEGAL)])
    assert result.exit_code == 1
    assert result.stdout == (
        f"::error file={ILLEGAL},line=6,col=25::"
        "xAs: weapon 7d last struck Qs, so it cannot strike As (only monsters at most 12)\n"
    )


def test_github_format_escapes_what_annotations_reserve(run, tmp_path):
    path = tmp_path / "a,b:c.dgn"
    path.write_bytes(b'[Game "scoundrel"]\n[Player "x\\y"]\n')
    line = run(["verify", "--format", "github", str(path)]).stdout.strip()
    assert line.startswith("::error file=") and "a%2Cb%3Ac.dgn,line=2,col=11::" in line


# -- quiet and verbose --------------------------------------------------------------------


def test_quiet_prints_nothing_and_keeps_the_status(run, tmp_path):
    for args, status in [([str(ILLEGAL)], 1), ([str(WIN)], 0), ([str(tmp_path / "missing.dgn")], 2)]:
        result = run(["verify", "-q"] + args)
        assert (result.exit_code, result.output) == (status, "")


@pytest.mark.parametrize("fmt", ["text", "json", "github"])
def test_quiet_wins_over_every_format_and_verbose(run, fmt):
    result = run(["verify", "-q", "-v", "--format", fmt, str(ILLEGAL), str(WIN)])
    assert (result.exit_code, result.output) == (1, "")


def test_verbose_prints_each_record_and_a_summary(run):
    result = run(["verify", "-v", str(ILLEGAL), str(HERE / "legal" / "several-records.dgn")])
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[0].startswith(f"{ILLEGAL}:6:25: error:")
    assert lines[1:] == [
        f"{ILLEGAL}:4: scoundrel: ILLEGAL, unfinished, 1 move",
        f"{HERE / 'legal' / 'several-records.dgn'}:3: scoundrel: legal, loss -188, 1 move",
        f"{HERE / 'legal' / 'several-records.dgn'}:7: scoundrel (strict-weapon): legal, unfinished, 2 moves",
        f"{HERE / 'legal' / 'several-records.dgn'}:15: scoundrel: legal, unfinished, 0 moves",
    ]
    assert result.stderr == "4 records: 3 legal, 1 illegal\n"


def test_every_diagnostic_line_has_the_documented_shape(run):
    result = run(["verify"] + [str(p) for p in sorted((HERE / "illegal").glob("*.dgn"))])
    shape = re.compile(r"^[^:]+\.dgn:[0-9]+:[0-9]+: error: \S.*$")
    assert result.stdout and all(shape.match(line) for line in result.stdout.splitlines())


@pytest.mark.parametrize(
    "text, expected",
    [
        (
            '[Game "scoundrel"]\n[Seed "' + "1" * 5000 + '"]\n',
            "2:7: error: Seed has 5000 digits: too long to be read",
        ),
        (
            '[Game "scoundrel"]\n[Result "win ' + "1" * 5000 + '"]\n\n1. Ks 7s 2h 3c : Ks 7s\n',
            "2:9: error: Result says win 111111111111111111111111111111111..., but the moves give loss -188",
        ),
        (
            '[Game "scoundrel"]\n\n1. Ks 7s 2h 3c : Ks 7s {hp=' + "1" * 5000 + "}\n",
            "3:28: error: checkpoint hp=111111111111111111111... is wrong: after this move hp=0",
        ),
    ],
    ids=["seed", "result", "checkpoint"],
)
def test_huge_numbers_are_diagnosed_not_crashed_on(run, text, expected):
    # Python refuses int() of more than a few thousand digits: no traceback may follow.
    result = run(["verify", "--seed-check", "-"], input=text)
    errors = "".join(line + "\n" for line in result.stdout.splitlines() if ": warning: no Seed tag" not in line)
    assert (result.exit_code, errors) == (1, f"<stdin>:{expected}\n")


def test_seed_check_without_a_seed_warns_and_passes(run, tmp_path):
    """Issue 13: it passed silently, as if the deals had been checked."""
    path = tmp_path / "table.dgn"
    path.write_text('[Game "scoundrel"]\n\n1. 9s 5d 4h Kc : 5d x9s 4h\n')
    result = run(["verify", "--seed-check", str(path)])
    assert result.exit_code == 0 and result.stdout == ""
    assert result.stderr == f"{path}:1:1: warning: no Seed tag: --seed-check has no seed to check the deals against\n"


def test_seed_check_warning_is_in_the_format_asked_for(run, tmp_path):
    """Issue 25: under --format github and json the warning went to stderr only, where a
    workflow or a tool reading the JSON never sees it. Still exit 0: it is no finding."""
    import json

    path = tmp_path / "table.dgn"
    path.write_text('[Game "scoundrel"]\n\n1. 9s 5d 4h Kc : 5d x9s 4h\n')
    github = run(["verify", "--seed-check", "--format", "github", str(path)])
    assert (github.exit_code, github.stderr) == (0, "")
    assert github.stdout == (
        f"::warning file={path},line=1,col=1::no Seed tag: --seed-check has no seed to check the deals against\n"
    )
    as_json = run(["verify", "--seed-check", "--format", "json", str(path)])
    assert (as_json.exit_code, as_json.stderr) == (0, "")
    data = json.loads(as_json.stdout)
    assert data["diagnostics"] == [
        {
            "file": str(path),
            "line": 1,
            "column": 1,
            "severity": "warning",
            "message": "no Seed tag: --seed-check has no seed to check the deals against",
        }
    ]
    assert data["summary"] == {"records": 1, "illegal": 0, "unreadable": 0}


def test_json_lists_unreadable_files_with_their_error(run, tmp_path):
    import json

    result = run(["verify", "--format", "json", str(tmp_path / "gone.dgn")])
    data = json.loads(result.stdout)
    assert result.exit_code == 2
    assert data["diagnostics"] == [
        {
            "file": str(tmp_path / "gone.dgn"),
            "line": None,
            "column": None,
            "severity": "error",
            "message": f"{tmp_path / 'gone.dgn'}: no such file",
        }
    ]
    assert data["summary"]["unreadable"] == 1


def test_an_absent_variant_is_null_in_every_json(run, tmp_path):
    import json

    from conftest import EXAMPLES

    win = str(EXAMPLES / "scoundrel-win.dgn")
    assert json.loads(run(["verify", "--format", "json", win]).stdout)["records"][0]["variant"] is None
    assert json.loads(run(["summary", "--format", "json", win]).stdout)[0]["variant"] is None


def test_a_directory_stands_for_every_dgn_file_under_it(run, tmp_path):
    from conftest import EXAMPLES

    (tmp_path / "a" / "b").mkdir(parents=True)
    (tmp_path / ".hidden").mkdir()
    (tmp_path / "a" / "win.dgn").write_text((EXAMPLES / "scoundrel-win.dgn").read_text())
    (tmp_path / "a" / "b" / "loss.dgn").write_text((EXAMPLES / "scoundrel-loss.dgn").read_text().replace("1.", "1. ", 1))
    (tmp_path / "a" / "notes.txt").write_text("not a record")
    (tmp_path / ".hidden" / "x.dgn").write_text("junk")
    result = run(["verify", "-v", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert [line.split(":")[0] for line in result.stdout.splitlines()] == [
        str(tmp_path / "a/win.dgn"),
        str(tmp_path / "a/b/loss.dgn"),
    ]
    fmt = run(["fmt", "--check", str(tmp_path)])
    assert fmt.exit_code == 1 and f"would reformat {tmp_path / 'a/b/loss.dgn'}" in fmt.stderr
    assert run(["fmt", str(tmp_path)]).exit_code == 0
    assert run(["fmt", "--check", str(tmp_path)]).exit_code == 0
