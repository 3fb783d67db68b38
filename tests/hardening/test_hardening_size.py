"""Size: ``dungeon verify`` streams. A file of one 100 MB line fails cleanly (the line is
reported and skipped without being held: seconds, and the memory of a small file), and
a file of many records verifies in the memory one record needs, however long the file.
``make bench`` (``bench/memory.py``) measures the same up to a gigabyte.

Peak memory is the ``ru_maxrss`` of a real ``dungeon`` process, measured by a fresh
wrapper process so that nothing else this test run started counts.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT
from processes import children_cpu

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
from bench import memory  # noqa: E402

MB = 1 << 20
LIMIT = 65536
SMALL_FILE_PEAK_MB = 64  # a small file needs about 20 MB; this leaves room, not 100 MB


def long_line_file(path: Path, shape: str) -> tuple[int, list[str]]:
    """A file whose line 3 is about 100 MB; its length in bytes as reported, and what
    verify must say about the file (without the path)."""
    body = b"9s " * (100 * MB // 3)
    with open(path, "wb") as handle:
        if shape == "move":
            handle.write(b'[Game "scoundrel"]\n\n1. ' + body + b": run\n2. Kc : run\n")
            length = 3 + len(body) + 5
            return length, [
                f"3:1: error: line is {length} bytes long: a DGN line holds at most {LIMIT} bytes",
                "4:1: error: move 2 follows a line that could not be read, where move 1 should be",
            ]
        if shape == "crlf-no-final-newline":
            handle.write(b'[Game "scoundrel"]\r\n\r\n# ' + body)
            length = 2 + len(body)
            return length, [f"3:1: error: line is {length} bytes long: a DGN line holds at most {LIMIT} bytes"]
        if shape == "tag":
            handle.write(b'[Game "scoundrel"]\n[Player "' + body + b'"]\n')
            length = 9 + len(body) + 2
            return length, [f"2:1: error: line is {length} bytes long: a DGN line holds at most {LIMIT} bytes"]
        if shape == "whole-file":
            handle.write(body)
            length = len(body)
            return length, [f"1:1: error: line is {length} bytes long: a DGN line holds at most {LIMIT} bytes"]
    raise ValueError(shape)


@pytest.mark.parametrize("shape", ["move", "crlf-no-final-newline", "tag", "whole-file"])
def test_verify_on_a_file_of_one_100_mb_line_fails_cleanly(tmp_path, shape):
    path = tmp_path / "long.dgn"
    _, expected = long_line_file(path, shape)
    before = children_cpu()
    got = memory.peak_rss([memory.dungeon(), "verify", str(path)])
    # CPU seconds, not wall time, which a loaded machine stretches (tests/README.md)
    assert children_cpu() - before < 20
    assert got["status"] == 1 and got["stderr"] == ""
    assert got["stdout"].splitlines() == [f"{path}:{line}" for line in expected]
    assert got["peak_kb"] / 1024 < SMALL_FILE_PEAK_MB, f"peak {got['peak_kb'] / 1024:.0f} MB"


def test_every_command_on_a_100_mb_line_says_so_and_exits_1(run, tmp_path):
    path = tmp_path / "long.dgn"
    length, _ = long_line_file(path, "move")
    message = f"line is {length} bytes long"
    for args in (["fmt", "--check"], ["replay"], ["summary"]):
        result = run([*args, str(path)])
        assert result.exit_code == 1, args
        assert message in result.output or message in result.stderr, (args, result.output[-300:])
        assert "Traceback" not in result.output


def test_verify_memory_does_not_grow_with_the_file(tmp_path):
    """2 MB and 48 MB of legal records (each with a block of comments, which a record
    keeps, so that 48 MB verify in seconds): the peak differs by less than a record."""
    pool = memory.game_pool(16)
    peaks = {}
    for size in (2, 48):
        path = tmp_path / f"{size}.dgn"
        records = memory.write_records(path, size * MB, pool, padding=48 * 1024)
        got = memory.measure(path, records)
        assert got["status"] == 0, got
        peaks[size] = got["peak_rss_mb"]
        path.unlink()
    assert peaks[48] - peaks[2] < 8, peaks


def test_fmt_memory_does_not_grow_with_the_file(tmp_path):
    """fmt read the whole file and every record before writing one (a 40 MB file peaked
    at 2.1 GB): now a record at a time, in place and under --check, as verify does."""
    pool = memory.game_pool(16)
    peaks: dict = {}
    for size in (2, 40):
        path = tmp_path / f"{size}.dgn"
        memory.write_records(path, size * MB, pool, padding=48 * 1024)
        for args in (["fmt", "--check"], ["fmt"]):
            got = memory.peak_rss([memory.dungeon(), *args, str(path)])
            assert got["status"] in (0, 1), got
            peaks[(size, args[-1])] = got["peak_kb"] / 1024
        path.unlink()
    for mode in ("--check", "fmt"):
        assert peaks[(40, mode)] - peaks[(2, mode)] < 8, peaks


def test_fmt_on_dev_zero_stops_at_once():
    """Piped in, /dev/zero is read and found binary; named, it is refused unread (a
    device is no DGN file: dungeon_cli/plumbing/inputs.py)."""
    with open("/dev/zero", "rb") as zero:
        done = subprocess.run([memory.dungeon(), "fmt", "-"], stdin=zero, capture_output=True, timeout=30)
    assert done.returncode == 1 and b"binary data (a NUL byte)" in done.stderr
    done = subprocess.run([memory.dungeon(), "fmt", "--check", "/dev/zero"], capture_output=True, timeout=30)
    assert done.returncode == 2 and b"/dev/zero: is a device, not a DGN file" in done.stderr


def test_one_record_of_a_million_moves_stays_in_bounded_memory(tmp_path):
    """One record of a million moves took 1.2 GB (and 53 s) in verify: a record holds at
    most 10,000 moves (notation/SPEC.md), the rest is read but not kept."""
    path = tmp_path / "million.dgn"
    with open(path, "w") as handle:
        handle.write('[Game "scoundrel"]\n\n')
        handle.writelines(f"{i}. 9s 5d 4h Kc : run\n" for i in range(1, 1_000_001))
    small = tmp_path / "small.dgn"
    small.write_text('[Game "scoundrel"]\n\n1. 9s 5d 4h Kc : run\n')
    for command in ("verify", "fmt"):
        big = memory.peak_rss([memory.dungeon(), command, str(path)])
        little = memory.peak_rss([memory.dungeon(), command, str(small)])
        assert big["status"] == 1
        assert "a record holds at most 10,000 moves" in big["stdout"] + big["stderr"]
        assert big["peak_kb"] / 1024 - little["peak_kb"] / 1024 < 16, (big["peak_kb"], little["peak_kb"])


def test_replay_memory_does_not_grow_with_the_file(tmp_path):
    """replay held every record's replay (every state of every game) until the end."""
    pool = memory.game_pool(16)
    peaks = {}
    for size in (1, 16):
        path = tmp_path / f"{size}.dgn"
        memory.write_records(path, size * MB, pool, padding=16 * 1024)
        got = memory.peak_rss([memory.dungeon(), "replay", str(path)])
        assert got["status"] == 0, got["stderr"]
        peaks[size] = got["peak_kb"] / 1024
    assert peaks[16] - peaks[1] < 8, peaks


@pytest.mark.parametrize(
    "kind, said",
    [
        ("continuation", "a record holds at most 100,000 tokens: the tokens from here on are not read"),
        ("tags", "a record holds at most 1,000 tags: the tags from here on are not read"),
        ("comments", "a record holds at most 1 MB of comments: the comments from here on are not read"),
    ],
)
def test_what_a_record_holds_is_bounded_like_its_moves(tmp_path, kind, said):
    """One move spread over continuation lines of 18 MB took 1.09 GB in verify and
    fmt --check, 10^6 tags 324 MB (issue 23): a record holds at most so many tags,
    tokens and bytes of comments, and both commands stay near the memory of a small
    file, say the limit and leave the file alone."""
    path = tmp_path / f"{kind}.dgn"
    with open(path, "w") as handle:
        if kind == "tags":
            handle.write('[Game "scoundrel"]\n')
            handle.writelines(f'[T{i} "x"]\n' for i in range(300_000))
            handle.write("\n1. 9s 5d 4h Kc : run\n")
        elif kind == "continuation":
            handle.write('[Game "scoundrel"]\n\n1. 9s 5d 4h Kc : run\n')
            line = "  " + "9s " * 20_000 + "\n"
            handle.writelines(line for _ in range(100))  # 6 MB, two million tokens
        else:
            handle.write('[Game "scoundrel"]\n\n1. 9s 5d 4h Kc : run\n')
            handle.writelines("# " + "x" * 60_000 + "\n" for _ in range(100))
    before = path.read_bytes()
    small = tmp_path / "small.dgn"
    small.write_text('[Game "scoundrel"]\n\n1. 9s 5d 4h Kc : run\n')
    base = memory.peak_rss([memory.dungeon(), "verify", str(small)])["peak_kb"] / 1024
    for args in (["verify"], ["fmt", "--check"]):
        got = memory.peak_rss([memory.dungeon(), *args, str(path)])
        assert got["status"] in (1, 2) and said in got["stdout"] + got["stderr"], got
        assert got["peak_kb"] / 1024 - base < 30, (args, got["peak_kb"] / 1024, base)
    assert path.read_bytes() == before


def test_diff_textconv_and_the_page_hold_one_record_at_a_time(tmp_path):
    """Every command over any file holds its memory near verify's or refuses (issue
    23): diff held every pair's walks (2.56 GB for 5.3 MB), textconv every record's
    states (1.48 GB for 20 MB), replay --html drew a 310 MB page (1.2 GB). A quarter
    of a megabyte of records shows the growth (130, 40 and 70 MB over verify before)."""
    pool = memory.game_pool()
    path = tmp_path / "many.dgn"
    memory.write_records(path, MB // 4, pool)
    before = path.read_bytes()
    base = memory.peak_rss([memory.dungeon(), "verify", str(path)])
    assert base["status"] == 0, base
    for args in (["diff", str(path), str(path)], ["textconv", str(path)]):
        got = memory.peak_rss([memory.dungeon(), *args])
        assert got["status"] == 0, got
        assert got["peak_kb"] / 1024 - base["peak_kb"] / 1024 < 12, (args, got["peak_kb"] / 1024, base["peak_kb"] / 1024)
    page = tmp_path / "page.html"
    got = memory.peak_rss([memory.dungeon(), "replay", "--html", str(page), str(path)])
    assert got["status"] == 2 and "holds more than 2,000 moves: a page shows at most that many" in got["stderr"], got
    assert not page.exists() and path.read_bytes() == before
