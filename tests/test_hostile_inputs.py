"""Every command, and every argument and option that takes a file to read, tried with
the same hostile inputs: by construction, not by enumeration (issue 23).

The commands come from click's own tree (``dungeon_cli.cli``, the games' commands
included), and each parameter must appear in the tables below: as an input (how to
invoke it, with ``{}`` where the hostile path goes) or as something else (a number, a
choice, a file written, which the output door's tests try). A command or a parameter
added later and not in a table fails ``test_every_command_and_parameter_is_in_the_tables``,
so a new way in cannot go untried.

Each input is tried for: no traceback, no hang (real processes, bounded by a timeout,
for a FIFO and /dev/zero), memory within a bound (those processes' peak RSS), the input
unchanged, a non-zero exit and a message; and a name or text holding a terminal escape
or a bidi control never reaches the output raw. The quick cases run in-process with
click's CliRunner.
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import NamedTuple

import click
import pytest
from click.testing import CliRunner
from conftest import FIXTURES

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # bench/, for its peak RSS
from bench import memory  # noqa: E402

WIN = str(FIXTURES / "scoundrel" / "legal" / "runs.dgn")
ILLEGAL = '[Game "scoundrel"]\n\n1. 9s 5d 4h Kc : 5d x9s 4h\n2. (Kc) 7c 2s 9s : run\n'
TIMEOUT = 30  # seconds: every command here answers a bad input in well under one
MEMORY_MB = 120  # peak RSS of one process; verify of a small file is 17-20 MB
ESCAPES = ("\x1b", "\u202e", "\x07")


class Input(NamedTuple):
    """How an input parameter is tried: ``kind`` "file" (a record, a card set) or
    "dir" (a directory is what it wants), and the command line with ``{}``."""

    kind: str
    args: tuple[str, ...]


def inp(kind: str, *args: str) -> Input:
    return Input(kind, args)


# command path -> parameter name -> Input, for every parameter that reads a file.
INPUTS: dict[tuple[str, ...], dict[str, Input]] = {
    ("analyse",): {"files": inp("file", "analyse", "--samples", "2", "--limit", "1", "--", "{}")},
    ("analyze",): {"files": inp("file", "analyze", "--samples", "2", "--limit", "1", "--", "{}")},
    ("cards", "check"): {"files": inp("file", "cards", "check", "--", "{}")},
    ("diff",): {"files": inp("file", "diff", "--", "{}", WIN)},
    ("fmt",): {"files": inp("file", "fmt", "--check", "--", "{}")},
    ("git-setup",): {"directory": inp("dir", "git-setup", "--print", "--", "{}")},
    ("play",): {
        "resume": inp("file", "play", "--resume", "{}"),
        "cards_file": inp("file", "play", "cassette-dungeons", "--seed", "1", "--cards", "{}"),
    },
    ("replay",): {"file": inp("file", "replay", "--", "{}")},
    ("sim",): {"cards_file": inp("file", "sim", "cassette-dungeons", "--games", "1", "--cards", "{}")},
    ("solve",): {"target": inp("file", "solve", "--limit", "1s", "--", "{}")},
    ("summary",): {"files": inp("file", "summary", "--", "{}")},
    ("textconv",): {"file": inp("file", "textconv", "--", "{}")},
    ("verify",): {
        "files": inp("file", "verify", "--", "{}"),
        "cards_path": inp("dir", "verify", "--cards-path", "{}", WIN),
    },
}
# Ways in whose refusal the output half of issue 23 builds (git-setup checks its DIR
# there: "git-setup /nonexistent says git is not installed"): tried, and said, but not
# yet held. Remove an entry when its branch is merged.
PENDING = {
    ("git-setup directory", None): "branch doors-out: git-setup refuses a DIR that is not a directory",
    ("replay --html", "escapes"): "branch doors-out: replay --html prints a file name's escapes raw",
}


def pending(label: str, case: str) -> bool:
    return (label, None) in PENDING or (label, case) in PENDING


# Ways in that show a record's faults rather than fail on them: git stops a whole diff
# at a textconv that fails, so a file that can be read is shown with its diagnostics as
# comments, exit 0 (a file that cannot be read is still exit 2).
SHOWN = {"textconv file"}
CONTENT = ("long-line", "nested", "dash-option", "dash-short", "escapes")
# The page of replay --html reads the record too: tried as a second way into replay.
ALSO = [inp("file", "replay", "--html", "{page}", "--", "{}"), inp("file", "fmt", "--", "{}")]

# command path -> the parameters that read no file: values, and files written (OUT).
OUT = "a file or directory written: the output door's tests"
OTHERS: dict[tuple[str, ...], dict[str, str]] = {
    ("analyse",): {"samples": "", "seed": "", "limit": "", "first_move": "", "fmt": "", "output": OUT, "force": ""},
    ("analyze",): {"samples": "", "seed": "", "limit": "", "first_move": "", "fmt": "", "output": OUT, "force": ""},
    ("cards", "check"): {"quiet": ""},
    ("cards", "export"): {"file": OUT, "name": ""},
    ("daily",): {"game": "", "day": ""},
    ("diff",): {"every": "", "context": "", "by": "", "fmt": ""},
    ("fmt",): {"check": "", "diff": "", "annotate": ""},
    ("games",): {},
    ("git-setup",): {"show": "", "yes": ""},
    ("play",): {
        "game": "",
        "seed": "",
        "variant": "",
        "output": OUT,
        "table": "",
        "player": "",
        "daily": "",
        "hints": "",
    },
    ("replay",): {"number": "", "step": "", "html": OUT, "force": ""},
    ("rules",): {"game": "", "full": ""},
    ("sim",): {
        "game": "",
        "count": "",
        "bot": "",
        "seed": "",
        "jobs": "",
        "records": OUT,
        "variant": "",
        "cluster": "a scheduler's address",
        "plot": OUT,
        "force": "",
    },
    ("solve",): {
        "seed": "",
        "seed_range": "",
        "variant": "",
        "limit": "",
        "goal": "",
        "jobs": "",
        "fmt": "",
        "output": OUT,
        "force": "",
    },
    ("summary",): {"by": "", "fmt": ""},
    ("textconv",): {},
    ("verify",): {"seed_check": "", "fmt": "", "quiet": "", "verbose": ""},
}


def commands() -> dict[tuple[str, ...], click.Command]:
    """Every command of ``dungeon``, by path, from click's tree."""
    from dungeon_cli.cli import cli

    found: dict[tuple[str, ...], click.Command] = {}

    def walk(group: click.Group, path: tuple[str, ...], ctx: click.Context) -> None:
        for name in group.list_commands(ctx):
            command = group.get_command(ctx, name)
            assert command is not None, name
            if isinstance(command, click.Group):
                walk(command, (*path, name), click.Context(command, parent=ctx, info_name=name))
            else:
                found[(*path, name)] = command

    walk(cli, (), click.Context(cli, info_name="dungeon"))
    return found


def test_every_command_and_parameter_is_in_the_tables():
    """A command or parameter added later must say here how it reads, or that it does not."""
    tree = commands()
    assert set(tree) == set(OTHERS), f"commands not in the tables: {set(tree) ^ set(OTHERS)}"
    for path, command in tree.items():
        names = {p.name for p in command.params if p.name != "help"}
        listed = set(INPUTS.get(path, {})) | set(OTHERS[path])
        assert names == listed, f"dungeon {' '.join(path)}: parameters not in the tables: {names ^ listed}"
        for param in command.params:  # a file-typed parameter is an input or an output, never a mere value
            if isinstance(param.type, (click.Path, click.File)) and param.name not in INPUTS.get(path, {}):
                assert OTHERS[path][param.name] == OUT, f"dungeon {' '.join(path)} {param.name} takes a file"


# -- the hostile inputs ----------------------------------------------------------------


def _make(tmp: Path, case: str, kind: str) -> Path:
    """The hostile input ``case`` for a parameter that wants a ``kind``, under ``tmp``."""
    if case == "fifo":
        path = tmp / "pipe.dgn"
        os.mkfifo(path)
    elif case == "dev-zero":
        path = tmp / "zero.dgn"
        path.symlink_to("/dev/zero")
    elif case == "directory":
        path = tmp / "empty.dgn"
        path.mkdir()
    elif case == "unreadable-directory":
        path = tmp / "locked"
        path.mkdir()
        (path / "bad.dgn").write_text(ILLEGAL)
        path.chmod(0)
    elif case == "long-line":
        path = tmp / "long.dgn"
        path.write_text('[Game "scoundrel"]\n# ' + "x" * 65_536 + "\n\n1. 9s 5d 4h Kc : run\n")
    elif case == "nested":
        path = tmp / "deep.dgn"
        path.write_text("a = " + "[" * 500 + "]" * 500 + "\n" + '[Game "scoundrel"]\n\n1. {' * 500 + "\n")
    elif case == "dash-option":
        path = tmp / "--cards-path=bad.dgn"
        path.write_text(ILLEGAL)
    elif case == "dash-short":
        path = tmp / "-q.dgn"
        path.write_text(ILLEGAL)
    elif case == "escapes":
        path = tmp / "e\x1b]0;pwned\x07\x1b[2J\u202egnp.dgn"
        path.write_text(
            '[Game "scoundrel"]\n[Player "\x1b]0;pwned\x07\u202e"]\n# \x1b[2J\u202e\n\n1. 9s 5d 4h Kc : 5d x9s 4h\n2. \x1b[31m\n'
        )
    else:
        raise AssertionError(case)
    return path


SLOW = ("fifo", "dev-zero")  # real processes: a hang or the memory is the question
QUICK = ("directory", "unreadable-directory", "long-line", "nested", "dash-option", "dash-short", "escapes")


def _ways_in() -> list[tuple[str, Input]]:
    ways = [(f"{' '.join(path)} {name}", way) for path, params in INPUTS.items() for name, way in params.items()]
    return ways + [(f"{way.args[0]} {way.args[1]}", way) for way in ALSO]


WAYS = _ways_in()


def _snapshot(path: Path) -> tuple:
    info = os.lstat(path)
    if stat.S_ISREG(info.st_mode):
        return ("file", path.read_bytes(), info.st_mode)
    if stat.S_ISLNK(info.st_mode):
        return ("link", os.readlink(path))
    if stat.S_ISDIR(info.st_mode):
        return ("dir", sorted(os.listdir(path)) if os.access(path, os.R_OK) else None, info.st_mode)
    return ("other", stat.S_IFMT(info.st_mode))


def _args(way: Input, path: Path, tmp: Path) -> list[str]:
    name = path.name  # run in its directory: a name starting with - stays one
    return [a.replace("{page}", str(tmp / "page.html")).replace("{}", name) if "{" in a else a for a in way.args]


def _expected(way: Input, case: str) -> bool:
    """Whether the case is hostile for this parameter (a directory is what a "dir"
    parameter wants, and verify, fmt and summary take one too)."""
    if case == "directory":
        return way.kind == "file" and way.args[0] not in ("verify", "fmt", "summary")
    if case == "unreadable-directory":
        return way.kind == "file" and way.args[0] not in ("verify", "fmt", "summary") or os.geteuid() != 0
    return True


TRIED: Counter = Counter()


@pytest.mark.parametrize("case", SLOW)
def test_a_fifo_and_dev_zero_neither_hang_nor_fill_the_memory(tmp_path, case):
    """Real processes, each under a timeout and its peak RSS measured (a few at once)."""
    import json
    from concurrent.futures import ThreadPoolExecutor

    runs = []
    for label, way in WAYS:
        tmp = tmp_path / label.replace(" ", "_")
        tmp.mkdir()
        path = _make(tmp, case, way.kind)
        runs.append((label, tmp, path, _snapshot(path), [memory.dungeon(), *_args(way, path, tmp)]))

    def one(run):
        label, tmp, path, before, args = run
        try:
            return subprocess.run(
                [sys.executable, "-c", memory._WRAPPER, *args],
                cwd=tmp,
                capture_output=True,
                timeout=TIMEOUT,
                stdin=subprocess.DEVNULL,
            )
        except subprocess.TimeoutExpired:
            return None

    with ThreadPoolExecutor(4) as pool:
        done = list(pool.map(one, runs))
    for (label, tmp, path, before, args), got in zip(runs, done):
        assert got is not None, f"dungeon {' '.join(args[1:])}: still running after {TIMEOUT} s on a {case}"
        result = json.loads(got.stdout)
        TRIED[case] += 1
        out = result["stdout"] + result["stderr"]
        assert "Traceback" not in out, (label, out)
        if pending(label, case) and result["status"] == 0:
            continue
        assert result["status"] != 0 and out.strip(), (label, result)
        assert result["peak_kb"] / 1024 < MEMORY_MB, (label, result["peak_kb"] / 1024)
        assert _snapshot(path) == before, label
        assert not (tmp / "page.html").exists(), label
    assert TRIED[case] == len(WAYS)


@pytest.mark.parametrize("case", QUICK)
def test_every_way_in_refuses_a_hostile_input_with_a_message(tmp_path, monkeypatch, case):
    """In-process (CliRunner): none of these can hang or grow."""
    from dungeon_cli.cli import cli

    tried = 0
    for label, way in WAYS:
        if not _expected(way, case):
            continue
        tmp = tmp_path / label.replace(" ", "_")
        tmp.mkdir()
        monkeypatch.chdir(tmp)
        path = _make(tmp, case, way.kind)
        before = _snapshot(path)
        try:
            result = CliRunner().invoke(cli, _args(way, path, tmp), input="")
        finally:
            if case == "unreadable-directory":
                path.chmod(0o755)
        tried += 1
        out = result.output
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise AssertionError(f"dungeon {' '.join(_args(way, path, tmp))}: {result.exception!r}") from result.exception
        if pending(label, case) and result.exit_code == 0:
            continue
        if label in SHOWN and case in CONTENT:
            assert result.exit_code == 0 and "# dungeon textconv: " in out and "error" in out, (label, case, out)
        else:
            assert result.exit_code != 0 and out.strip(), (label, case, result.exit_code, out)
        if case in ("dash-option", "dash-short"):
            assert "No such option" not in out and (path.name in out or label in SHOWN), (label, out)
        if case == "escapes" and not pending(label, case):
            assert not any(ch in out for ch in ESCAPES), (label, out)
        if case == "unreadable-directory":
            path.chmod(0)
        assert _snapshot(path) == before, label
        if case == "unreadable-directory":
            path.chmod(0o755)
        if case not in CONTENT:  # a page is written for an illegal record (up to its fault), never for no record
            assert not (tmp / "page.html").exists(), label
    TRIED[case] = tried
    assert tried >= 10, tried


def test_the_counts_per_class(capsys):
    """Prints how many ways in each class tried (the closing note of issue 23 lists them);
    run after the tests above, as pytest runs a file in order."""
    with capsys.disabled():
        print("\nhostile inputs tried, per class:", dict(TRIED), f"({len(WAYS)} ways in, {len(commands())} commands)")
