"""The outputs of every command and the hostile cases tried on them (issue 23):
shared by tests/hardening/test_hostile_outputs.py (every output, by construction) and by ``make
fuzz`` (the same outputs, with the odd names varied). Nothing here imports pytest or
conftest (``make fuzz`` imports it)."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"  # not conftest's: make fuzz imports this too


class NotHere(Exception):
    """A case this machine cannot try (no root, no mount), and why."""


EXE = str(Path(sys.executable).with_name("dungeon"))
RECORD = FIXTURES / "scoundrel" / "legal" / "unfinished.dgn"
ANALYSED = FIXTURES / "analysed" / "scoundrel.dgn"  # analyse -o's records: a puzzle to make
# One turn of the same game, for analyse (which judges every decision): more than the
# 100 bytes the full disk allows, and quick.
SHORT = '# A game stopped after its first turn: one decision to judge, the rest unseen.\n[Game "scoundrel"]\n[Seed "3"]\n\n1. Ac 8h 2s 7s : run\n'
OUTPUT_OPTIONS = {"-o", "--output", "--html", "--plot", "--records"}
# Arguments that name a file the command writes (not an option's value).
IN_PLACE = {("fmt", "files"), ("cards export", "file"), ("git-setup", "directory")}
# Commands that write no file (standard output and error only), checked to stay so.
# lsp: tests/lsp/test_lsp.py holds the tree unchanged
WRITES_NOTHING = {"verify", "games", "rules", "summary", "textconv", "daily", "cards check", "lsp"}


@dataclass
class Writer:
    """How to run a command so that it writes ``out``: ``args(inp, out, force)``, where
    ``inp`` is a file the run reads (a record, or a card set for ``sim``)."""

    args: Callable[[str, str, bool], list[str]]
    ok: int = 0  # the exit status of a run that writes
    refused: tuple = (2,)  # the exit status of a refusal
    input_kind: str = "record"  # what ``inp`` is: "record", "short" (a record of one turn), "analysed" or "cards"
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
    ("analyse", "html"): Writer(
        lambda inp, out, f: ["analyse", "--samples", "1", "--limit", "1k", inp, "--html", out, *force(f)],
        input_kind="short",
        head="<!doctype html>",
    ),
    ("solve", "output"): Writer(
        lambda inp, out, f: ["solve", inp, "--limit", "2k", "-o", out, *force(f)], head='[Game "scoundrel"]'
    ),
    # cut -o: the record's own comments come first, then its tags
    ("cut", "output"): Writer(lambda inp, out, f: ["cut", inp, "--at", "2", "-o", out, *force(f)]),
    # diff --merge of a record and itself: the record, as it was
    ("diff", "output"): Writer(lambda inp, out, f: ["diff", "--merge", inp, inp, "-o", out, *force(f)]),
    ("puzzles", "output"): Writer(
        lambda inp, out, f: ["puzzles", inp, "-o", out, *force(f)], input_kind="analysed", head='[Game "scoundrel"]'
    ),
    ("stats", "plot"): Writer(lambda inp, out, f: ["stats", inp, "--plot", out, *force(f)], head="<svg"),
    ("replay", "html"): Writer(lambda inp, out, f: ["replay", inp, "--html", out, *force(f)], head="<!doctype html>"),
    # replay --step -o: refused before the stepper starts (FILE itself, a file there, no
    # directory); it writes only after a 't' at a terminal (tests/shell/test_try_back_pty.py)
    ("replay", "output"): Writer(
        lambda inp, out, f: ["replay", inp, "--step", "-o", out, *force(f)],
        skip={
            case: "replay --step -o writes only after a 't' at a terminal: tests/shell/test_step_tree.py, test_try_back_pty.py"
            for case in ("stale", "rofs", "full", "stdout")
        },
    ),
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


def make_input(kind: str, tmp_path: Path, run) -> Path:
    if kind == "cards":
        path = tmp_path / "set.toml"
        assert run(["cards", "export", str(path)]).exit_code == 0
    else:
        path = tmp_path / "in.dgn"
        path.write_bytes(
            SHORT.encode() if kind == "short" else ANALYSED.read_bytes() if kind == "analysed" else RECORD.read_bytes()
        )
    return path


ODD = [".{}.\u00b2.x.tmp", ".{}.99999999999999999999.x.tmp"]


@contextlib.contextmanager
def read_only_directory(where: Path, fill: Callable[[Path], None]):
    """A directory on a tmpfs filled by ``fill`` and then remounted read-only: what root
    cannot write in either (skipped where there is no root or no mount)."""
    if os.geteuid() != 0:
        raise NotHere("mounting a read-only tmpfs needs root (as a user, test_faults_disk tries chmod)")
    if shutil.which("mount") is None or shutil.which("umount") is None:
        raise NotHere("no mount(8) here to make a read-only directory")
    where.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m,mode=0755", "tmpfs", str(where)], capture_output=True)
    if done.returncode:
        raise NotHere(f"cannot mount a tmpfs here: {done.stderr.decode(errors='replace').strip()}")
    try:
        fill(where)
        done = subprocess.run(["mount", "-o", "remount,ro", str(where)], capture_output=True)
        assert done.returncode == 0, done.stderr
        try:
            (where / "probe").write_text("root cannot write here\n")
        except OSError as exc:
            assert "Read-only file system" in str(exc), exc
        else:
            raise AssertionError(f"{where} was written, read-only as it was mounted")
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], capture_output=True)
