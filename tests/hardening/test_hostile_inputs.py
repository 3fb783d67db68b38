"""Every command, and every argument and option that takes a file to read, tried with
the same hostile inputs: by construction, not by enumeration (issue 23).

The commands come from click's own tree (``dungeon_cli.cli``, the games' commands
included), and each parameter must appear in the tables of tests/support/hostile.py: as an input (how to
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

import importlib.util
import subprocess
import sys
from collections import Counter
from contextlib import contextmanager
from pathlib import Path
from typing import Generator, Optional

import click
import pytest
from click.testing import CliRunner
from hostile import (
    CONTENT,
    ESCAPES,
    INPUTS,
    MEMORY_MB,
    OTHERS,
    OUT,
    QUICK,
    SHOWN,
    SLOW,
    TIMEOUT,
    WAYS,
    args_for,
    commands,
    expected,
    make,
    pending,
    snapshot,
)

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # bench/, for its peak RSS
from bench import memory  # noqa: E402


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
        path = make(tmp, case, way.kind)
        runs.append((label, tmp, path, snapshot(path), [memory.dungeon(), *args_for(way, path, tmp)]))

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
        assert snapshot(path) == before, label
        assert not (tmp / "page.html").exists(), label
    assert TRIED[case] == len(WAYS)


@contextmanager
def frames_to_spare(count: Optional[int]) -> Generator[None, None, None]:
    """Within, only ``count`` frames more than here (None: as ever): a deep tree of
    DEEP_TREE levels is then as deep as Python's default limit allows a real one."""
    if count is None:
        yield
        return
    depth, frame = 0, sys._getframe()
    while frame is not None:
        depth, frame = depth + 1, frame.f_back
    before = sys.getrecursionlimit()
    sys.setrecursionlimit(depth + count)
    try:
        yield
    finally:
        sys.setrecursionlimit(before)


@pytest.mark.parametrize("case", QUICK)
def test_every_way_in_refuses_a_hostile_input_with_a_message(tmp_path, monkeypatch, case):
    """In-process (CliRunner): none of these can hang or grow."""
    from dungeon_cli.cli import cli

    tried = 0
    for label, way in WAYS:
        if not expected(way, case):
            continue
        tmp = tmp_path / label.replace(" ", "_")
        tmp.mkdir()
        monkeypatch.chdir(tmp)
        path = make(tmp, case, way.kind)
        before = snapshot(path)
        try:
            with frames_to_spare(250 if case == "deep-tree" else None):
                result = CliRunner().invoke(cli, args_for(way, path, tmp), input="")
        finally:
            if case == "unreadable-directory":
                path.chmod(0o755)
        tried += 1
        out = result.output
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise AssertionError(f"dungeon {' '.join(args_for(way, path, tmp))}: {result.exception!r}") from result.exception
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
        assert snapshot(path) == before, label
        if case == "unreadable-directory":
            path.chmod(0o755)
        if case not in CONTENT:  # a page is written for an illegal record (up to its fault), never for no record
            assert not (tmp / "page.html").exists(), label
    TRIED[case] = tried
    assert tried >= 10, tried


def test_the_language_server_answers_every_hostile_message_and_goes_on(tmp_path):
    """``dungeon lsp`` reads no file it is named: its way in is the protocol's messages.
    Every class of hostile.lsp_messages (oversized and malformed messages, parameters
    out of range, URIs never opened: a FIFO and /dev/zero, control characters in a
    document's tags) sent to one server, each answered with its error or dropped where
    nothing can be answered, the next request answered with nothing raw in it, the memory
    bounded, shutdown then exit status 0, and no traceback (issue 41)."""
    pytest.importorskip("pygls", reason="dungeon lsp needs the lsp extra")
    from hostile import LSP_MAX_MB, LSP_OPEN_URI, lsp_messages
    from lsp_client import Client, try_hostile_messages

    c = Client(cwd=tmp_path)
    c.open(LSP_OPEN_URI, '[Game "scoundrel"]\n\n1. 9s 5d 4h Kc : run\n')
    cases = lsp_messages(tmp_path)
    outline = try_hostile_messages(c, cases)
    TRIED["language server messages"] = len(cases)
    assert [n for n in c.notes if "method" not in n] == []  # no answer but those expected
    assert outline[0]["name"] == "scoundrel\\x1b]0;owned\\x07 (seed 7\\u202e)" and outline[0]["detail"] == "win\\x9b 3"
    assert c.peak_mb() < LSP_MAX_MB, c.peak_mb()
    assert c.close() == 0
    assert c.proc.stderr is not None and "Traceback" not in c.proc.stderr.read().decode("utf-8", "replace")


def test_the_counts_per_class(capsys):
    """Prints how many ways in each class tried (the closing note of issue 23 lists them);
    run after the tests above, as pytest runs a file in order."""
    with capsys.disabled():
        print("\nhostile inputs tried, per class:", dict(TRIED), f"({len(WAYS)} ways in, {len(commands())} commands)")


def test_the_fuzz_laws_of_the_hostile_classes_hold_on_a_sample():
    """``make fuzz`` varies the walker's inputs (fuzz/laws.py: check_hostile,
    check_toml_nesting); a few of each here, so that a law that cannot pass is seen."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from fuzz import laws

    @settings(max_examples=12, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(st.sampled_from(WAYS), st.sampled_from(QUICK), st.binary(max_size=50), st.integers(0, 300))
    def hostile(way, case, noise, depth):
        laws.check_hostile(way[0], way[1], case, noise, depth)

    @settings(max_examples=20, deadline=None, database=None)
    @given(st.integers(0, 1500), st.sampled_from(["[", "{a = ", "'", '"""', "#", "b." * 70 + "b = 1"]))
    def nesting(depth, tail):
        laws.check_toml_nesting("a = " + "[{a = " * depth + tail)

    @settings(max_examples=3, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(st.lists(st.integers(0, 100), max_size=3), st.lists(st.binary(max_size=40), max_size=2))
    def language_server(picks, noise):
        laws.check_lsp(picks, noise)

    hostile()
    nesting()
    if importlib.util.find_spec("pygls") is not None:
        language_server()
