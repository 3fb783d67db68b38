"""Every output of every command, tried by construction with what has cost users their
files (issue 23): the output named as an input of the same run (and as a symlink to
it), stale temporary files with odd names beside it, a file already there without
--force, a directory that cannot be written, a full disk, and ``-`` for standard output.

A directory that cannot be written is tried twice: as a path under a regular file (no
one can create it, root included), and as a real read-only directory: a tmpfs mounted
read-only for the test (``rofs``). The tests run as root, for whom permission bits do not
stop a write (``chmod 0555`` would prove nothing), but a read-only file system stops
root too (EROFS); mounting needs root and ``mount``, and the case is skipped, saying
which is missing, where there is neither.

The outputs are found in click's command tree (the ``dungeon`` group, the games'
commands included): every option spelled like an output (``-o``, ``--output``,
``--html``, ``--plot``, ``--records``) and the arguments in ``IN_PLACE`` (what a command
rewrites or creates by name). Each must have an entry in ``WRITERS``, saying how to run
it; every command must be in ``COMMANDS``: a command or an output added later and not
covered fails ``test_every_output_of_the_command_tree_is_tried``.

What is asserted each time: no traceback, the input unchanged, a message naming the
file, and the documented exit status. A case that cannot apply to an output says why
(``skip``).
"""

from __future__ import annotations

import contextlib
import os
import resource
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional

import click
import pytest
from conftest import FIXTURES

EXE = str(Path(sys.executable).with_name("dungeon"))
RECORD = FIXTURES / "scoundrel" / "legal" / "unfinished.dgn"
# One turn of the same game, for analyse (which judges every decision): more than the
# 100 bytes the full disk allows, and quick.
SHORT = '# A game stopped after its first turn: one decision to judge, the rest unseen.\n[Game "scoundrel"]\n[Seed "3"]\n\n1. Ac 8h 2s 7s : run\n'
OUTPUT_OPTIONS = {"-o", "--output", "--html", "--plot", "--records"}
# Arguments that name a file the command writes (not an option's value).
IN_PLACE = {("fmt", "files"), ("cards export", "file"), ("git-setup", "directory")}
# Commands that write no file (standard output and error only), checked to stay so.
WRITES_NOTHING = {"verify", "games", "rules", "summary", "diff", "textconv", "daily", "cards check"}


@dataclass
class Writer:
    """How to run a command so that it writes ``out``: ``args(inp, out, force)``, where
    ``inp`` is a file the run reads (a record, or a card set for ``sim``)."""

    args: Callable[[str, str, bool], list[str]]
    ok: int = 0  # the exit status of a run that writes
    refused: tuple = (2,)  # the exit status of a refusal
    input_kind: str = "record"  # what ``inp`` is: "record", "short" (a record of one turn) or "cards"
    stdin: Optional[str] = None
    head: str = ""  # how the output starts (for '-')
    skip: dict = field(default_factory=dict)  # case -> why it does not apply


def force(flag: bool) -> list[str]:
    return ["--force"] if flag else []


def analyse(name: str) -> Writer:
    return Writer(
        lambda inp, out, f: [name, "--samples", "1", "--limit", "1k", inp, "-o", out, *force(f)],
        input_kind="short",
        head="# A game stopped",
    )


WRITERS = {
    ("analyse", "output"): analyse("analyse"),
    ("solve", "output"): Writer(
        lambda inp, out, f: ["solve", inp, "--limit", "2k", "-o", out, *force(f)], head='[Game "scoundrel"]'
    ),
    ("replay", "html"): Writer(lambda inp, out, f: ["replay", inp, "--html", out, *force(f)], head="<!doctype html>"),
    ("sim", "plot"): Writer(
        lambda inp, out, f: ["sim", "cassette-dungeons", "--games", "2", "--cards", inp, "--plot", out, *force(f)],
        input_kind="cards",
        head="<svg",
    ),
    ("sim", "records"): Writer(
        lambda inp, out, f: ["sim", "scoundrel", "--games", "2", "--records", out],
        skip={
            "input": "sim reads no record: --records names a directory of new files",
            "symlink": "sim reads no record: --records names a directory of new files",
            "stdout": "--records names a directory",
        },
    ),
    ("play", "output"): Writer(
        lambda inp, out, f: ["play", "cassette-dungeons", "--seed", "1", "--cards", inp, "--player", "P" * 100, "-o", out],
        refused=(1, 2),  # play's documented status for a file it cannot create is 1
        input_kind="cards",
        stdin="",
        head='[Game "cassette-dungeons"]',
        skip={"stale": "tried in test_output_door (play's autosave, with its own moves)"},
    ),
    ("fmt", "files"): Writer(
        lambda inp, out, f: ["fmt", out],
        refused=(2,),
        head="# A game stopped",
        skip={
            "input": "fmt rewrites its input in place: that is what it is for (atomically)",
            "symlink": "fmt follows a symlink to the record (documented): the record is rewritten, the link kept",
            "exists": "fmt rewrites a file that exists: that is what it is for",
        },
    ),
    ("cards export", "file"): Writer(
        lambda inp, out, f: ["cards", "export", out],
        head="# ",
        skip={
            "input": "cards export reads no file",
            "symlink": "cards export reads no file",
            "stale": "cards export never replaces a file: no --force",
        },
    ),
    ("git-setup", "directory"): Writer(
        lambda inp, out, f: ["git-setup", out],
        skip={
            case: "git-setup writes .gitattributes in a repository: tried in test_output_door (symlink, Latin-1, names)"
            for case in ("input", "symlink", "stale", "exists", "readonly", "rofs", "full", "stdout")
        },
    ),
}
CASES = ["input", "symlink", "stale", "exists", "readonly", "rofs", "full", "stdout"]


def command_tree() -> dict[str, click.Command]:
    from dungeon_cli.cli import cli

    found: dict[str, click.Command] = {}

    def walk(command: click.Command, path: list[str], ctx: click.Context) -> None:
        if isinstance(command, click.Group):
            for name in command.list_commands(ctx):
                sub = command.get_command(ctx, name)
                assert sub is not None
                walk(sub, [*path, name], click.Context(sub, parent=ctx, info_name=name))
        else:
            found[" ".join(path)] = command

    walk(cli, [], click.Context(cli, info_name="dungeon"))
    return found


def outputs_of(name: str, command: click.Command) -> set[tuple[str, str]]:
    out = set()
    for param in command.params:
        if isinstance(param, click.Option) and OUTPUT_OPTIONS & set(param.opts):
            out.add((name, param.name))
        elif (name, param.name) in IN_PLACE:
            out.add((name, param.name))
    return out


def test_every_output_of_the_command_tree_is_tried():
    tree = command_tree()
    derived = set().union(*(outputs_of(name, command) for name, command in tree.items()))
    assert derived == set(WRITERS), "an output without an entry in WRITERS (or an entry for none)"
    writers = {name for name, _ in WRITERS}
    assert set(tree) == writers | WRITES_NOTHING, "a command neither in WRITERS nor in WRITES_NOTHING"
    assert not writers & WRITES_NOTHING


# -- the cases ---------------------------------------------------------------------------------


def make_input(kind: str, tmp_path: Path, run) -> Path:
    if kind == "cards":
        path = tmp_path / "set.toml"
        assert run(["cards", "export", str(path)]).exit_code == 0
    else:
        path = tmp_path / "in.dgn"
        path.write_bytes(SHORT.encode() if kind == "short" else RECORD.read_bytes())
    return path


def said(result) -> str:
    return result.output


def assert_clean(result, *paths_unchanged: tuple[Path, bytes]) -> None:
    assert "Traceback" not in said(result), said(result)
    for path, data in paths_unchanged:
        assert path.read_bytes() == data, f"{path} was changed"


ODD = [".{}.\u00b2.x.tmp", ".{}.99999999999999999999.x.tmp"]


@contextlib.contextmanager
def read_only_directory(where: Path, fill: Callable[[Path], None]):
    """A directory on a tmpfs filled by ``fill`` and then remounted read-only: what root
    cannot write in either (skipped where there is no root or no mount)."""
    if os.geteuid() != 0:
        pytest.skip("mounting a read-only tmpfs needs root (as a user, test_faults_disk tries chmod)")
    if shutil.which("mount") is None or shutil.which("umount") is None:
        pytest.skip("no mount(8) here to make a read-only directory")
    where.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m,mode=0755", "tmpfs", str(where)], capture_output=True)
    if done.returncode:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode(errors='replace').strip()}")
    try:
        fill(where)
        done = subprocess.run(["mount", "-o", "remount,ro", str(where)], capture_output=True)
        assert done.returncode == 0, done.stderr
        with pytest.raises(OSError, match="Read-only file system"):
            (where / "probe").write_text("root cannot write here\n")
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], capture_output=True)


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("key", list(WRITERS), ids=["/".join(k) for k in WRITERS])
def test_a_hostile_output(run, tmp_path, monkeypatch, key, case):
    writer = WRITERS[key]
    if case in writer.skip:
        pytest.skip(writer.skip[case])
    monkeypatch.chdir(tmp_path)
    inp = make_input(writer.input_kind, tmp_path, run)
    original = inp.read_bytes()

    def go(out: str, forced: bool):
        stdin = original if out == "-" and key == ("fmt", "files") else writer.stdin  # fmt -: standard input to output
        return run(writer.args(str(inp), out, forced), input=stdin)

    if case in ("input", "symlink"):
        out = inp
        if case == "symlink":
            out = tmp_path / "link.out"
            out.symlink_to(inp.name)
        result = go(str(out), True)
        assert_clean(result, (inp, original))
        assert result.exit_code in writer.refused, said(result)
        assert str(out) in said(result)
    elif case == "stale":
        out = inp if key == ("fmt", "files") else tmp_path / ("recs" if key == ("sim", "records") else "out.x")
        if key == ("sim", "records"):
            out.mkdir()
            planted = [odd.format("scoundrel-0.dgn") for odd in ODD] + ["scoundrel-\u00b2.dgn"]
            where = out
        else:
            if not out.exists():
                out.write_text("old\n")
            planted = [odd.format(out.name) for odd in ODD]
            where = tmp_path
        for name in planted:
            (where / name).write_text("not ours\n")
        result = go(str(out), True)
        assert_clean(result)
        assert result.exit_code == writer.ok, said(result)
        assert all((where / name).read_text() == "not ours\n" for name in planted)
    elif case == "exists":
        out = tmp_path / "out.x"
        if key == ("sim", "records"):
            out.mkdir()
            (out / "scoundrel-1.dgn").write_text("mine\n")
            kept = out / "scoundrel-1.dgn"
        else:
            out.write_text("mine\n")
            kept = out
        result = go(str(out), False)
        assert_clean(result, (kept, b"mine\n"), (inp, original))
        assert result.exit_code in writer.refused, said(result)
        assert "exists already" in said(result) or "already holds" in said(result)
    elif case == "readonly":  # a path under a regular file: no one can write there, root included
        blocker = tmp_path / "notes.txt"
        blocker.write_text("a file\n")
        out = blocker / ("recs" if key == ("sim", "records") else "out.x")
        if key == ("fmt", "files"):
            pytest.skip("fmt rewrites a file that exists; a read-only directory is tried in test_hardening_streams")
        result = go(str(out), True)
        assert_clean(result, (blocker, b"a file\n"), (inp, original))
        assert result.exit_code in writer.refused, said(result)
        assert str(out) in said(result) or str(blocker) in said(result)
    elif case == "rofs":  # a real read-only directory, which stops root too
        name = "recs" if key == ("sim", "records") else "in.dgn" if key == ("fmt", "files") else "out.x"

        def fill(where: Path) -> None:
            if key == ("fmt", "files"):  # fmt rewrites a record that is there, not canonical
                (where / name).write_bytes(original.replace(b"1. Ac", b"1.  Ac"))

        with read_only_directory(tmp_path / "ro", fill) as where:
            out = where / name
            before = sorted(p.name for p in where.iterdir())
            kept = out.read_bytes() if out.exists() else None
            result = go(str(out), True)
            assert_clean(result, (inp, original))
            assert result.exit_code in writer.refused, said(result)
            assert str(out) in said(result), said(result)
            assert "Read-only file system" in said(result) or "cannot be written" in said(result), said(result)
            assert sorted(p.name for p in where.iterdir()) == before
            assert (out.read_bytes() if out.exists() else None) == kept
    elif case == "full":  # a real process whose files may hold 100 bytes: every output here is larger
        out = inp if key == ("fmt", "files") else tmp_path / ("recs" if key == ("sim", "records") else "out.x")
        if key == ("fmt", "files"):
            inp.write_bytes(original.replace(b"1. Ac", b"1.  Ac"))  # not canonical: fmt writes
            original = inp.read_bytes()
        before = set(tmp_path.iterdir())
        done = subprocess.run(
            [EXE, *writer.args(str(inp), str(out), True)],
            input=(writer.stdin or "").encode(),
            capture_output=True,
            cwd=tmp_path,
            timeout=120,
            preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (100, 100)),
        )
        err = done.stderr.decode("utf-8", "replace")
        assert "Traceback" not in err, err
        assert done.returncode != 0, err
        assert inp.read_bytes() == original
        left = set(tmp_path.iterdir()) - before
        if key == ("sim", "records"):
            assert left == {out} and all(p.stat().st_size > 0 for p in out.iterdir())  # whole records or none
            assert not [p for p in out.iterdir() if p.name.startswith(".")]
        elif key == ("play", "output"):
            assert not [p for p in left if p.name.startswith(".")]  # play keeps what it claimed, whole
        else:
            assert left == set(), f"left behind: {left}"
        assert "File too large" in err
    elif case == "stdout":
        result = go("-", False)
        assert_clean(result, (inp, original))
        assert result.exit_code == writer.ok, said(result)
        assert result.stdout.lstrip().startswith(writer.head), result.stdout[:200]
        assert not (tmp_path / "-").exists()
