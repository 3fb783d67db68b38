"""``dungeon verify`` in bounded memory: peak resident memory on files of records from a
few megabytes to a gigabyte, and on a file of one 100 MB line; and ``dungeon sim`` on
ten thousand and on a million games.

Each file is generated in a temporary directory and deleted afterwards. The records are
legal games of every registered game (seeded, played by random legal choices), written
one after another; in the large files each record also carries a block of comment
lines ("padded"), so that a gigabyte verifies in minutes rather than the better part of
an hour (comments are read and kept with their record like any line, but not
replayed). A smaller file of bare records ("plain") measures the same claim where
replay dominates. Peak memory is the ``ru_maxrss`` of the ``dungeon verify -q`` process,
measured by a fresh wrapper process (``RUSAGE_CHILDREN``), so nothing else run by the
bench counts.

Bounded means: the peak on the largest file is within ``SLACK_MB`` of the peak on the
smallest one of the same kind. ``python -m bench.memory [SIZE_MB]`` runs it alone.

Beside them, every other command over the files of issue 23 (``hostile``): ``diff f f``
of 5.3 MB of records, ``textconv`` of 20 MB, ``replay --html`` of 5.3 MB (refused: a
page draws at most 2,000 moves), ``summary`` and ``replay`` of 5.3 MB, one move spread
over 18 MB of continuation lines in ``verify`` and ``fmt --check``, and a million tags.
Each must stay within ``HOSTILE_SLACK_MB`` of ``verify`` on a small file, or refuse
with a message (the largest, one record of 100,000 tokens, the most a record holds, is
about 17 MB over). ``summary`` (csv, json, --by, and a drawn table, which refuses beyond
2,000 records), ``replay --move`` and ``analyse`` (of records it refuses, which it judges
quickly) over the 5.3 MB file are held to the same bound: they hold a record at a time.
``python -m bench.memory hostile`` runs these alone.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

MB = 1 << 20
SLACK_MB = 16
HOSTILE_SLACK_MB = 20
_WRAPPER = (
    "import json, resource, subprocess, sys, time\n"
    "start = time.perf_counter()\n"
    "done = subprocess.run(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.PIPE)\n"
    "seconds = time.perf_counter() - start\n"
    "peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss\n"
    "print(json.dumps({'peak_kb': peak, 'seconds': seconds, 'status': done.returncode,"
    " 'stdout': done.stdout.decode(errors='replace')[-10000:],"
    " 'stderr': done.stderr.decode(errors='replace')[-500:]}))\n"
)


def peak_rss(args: list[str]) -> dict:
    """Run ``args`` in a fresh wrapper process: its peak RSS (kB), seconds, exit status,
    and the ends of its output."""
    out = subprocess.run([sys.executable, "-c", _WRAPPER, *args], capture_output=True, check=True)
    return json.loads(out.stdout)


def dungeon() -> str:
    return str(Path(sys.executable).with_name("dungeon"))


def game_pool(count: int = 64) -> list[bytes]:
    """Legal records of every registered game, short enough to verify quickly."""
    from dungeon_cli import registry
    from dungeon_cli.shell.sample import sample_game

    pool = []
    names = registry.names()
    seed = 0
    while len(pool) < count:
        name = names[seed % len(names)]
        session, lines = sample_game(registry.get(name), seed)
        if len(lines) <= 60:
            pool.append(session.text().encode("utf-8"))
        seed += 1
    return pool


def write_records(path: Path, size: int, pool: list[bytes], padding: int = 0) -> int:
    """Records from ``pool`` over and over until ``size`` bytes; each followed by
    ``padding`` bytes of comment lines of about 1 KB. How many records were written."""
    comment = b"# " + b"padding so that a gigabyte verifies in minutes; " * 20 + b"\n"
    block = comment * max(0, padding // len(comment))
    written = records = 0
    with open(path, "wb", buffering=4 * MB) as handle:
        while written < size:
            record = pool[records % len(pool)]
            chunk = record + block + b"\n"
            handle.write(chunk)
            written += len(chunk)
            records += 1
    return records


def write_long_line(path: Path, size: int) -> None:
    """A record whose move line is ``size`` bytes of tokens."""
    with open(path, "wb", buffering=4 * MB) as handle:
        handle.write(b'[Game "scoundrel"]\n\n1. ')
        chunk = b"9s " * (MB // 3)
        for _ in range(size // len(chunk)):
            handle.write(chunk)
        handle.write(b": run\n")


def measure(path: Path, records: int) -> dict:
    size = path.stat().st_size
    got = peak_rss([dungeon(), "verify", "-q", str(path)])
    return {
        "bytes": size,
        "records": records,
        "status": got["status"],
        "seconds": round(got["seconds"], 2),
        "mb_per_s": round(size / MB / got["seconds"], 2),
        "peak_rss_mb": round(got["peak_kb"] / 1024, 1),
    }


def run(big_mb: int = 1024, plain_mb: int = 8, line_mb: int = 100) -> dict:
    pool = game_pool()
    results: dict = {}
    with tempfile.TemporaryDirectory(prefix="dungeon-memory-") as tmp:
        tmpdir = Path(tmp)
        for kind, sizes, padding in (("padded", (16, big_mb), 48 * 1024), ("plain", (2, plain_mb), 0)):
            for size_mb in sizes:
                path = tmpdir / f"{kind}-{size_mb}.dgn"
                records = write_records(path, size_mb * MB, pool, padding)
                results[f"{kind} {size_mb} MB"] = measure(path, records)
                print(json.dumps({f"{kind} {size_mb} MB": results[f"{kind} {size_mb} MB"]}), flush=True)
                path.unlink()
            small, big = (results[f"{kind} {s} MB"]["peak_rss_mb"] for s in sizes)
            results[f"{kind}: bounded"] = big - small <= SLACK_MB
            if any(results[f"{kind} {s} MB"]["status"] != 0 for s in sizes):
                raise AssertionError(f"dungeon verify rejected a {kind} file of legal records")
        for size_mb in (16, max(16, big_mb // 4)):  # fmt, in place, a record at a time
            path = tmpdir / f"fmt-{size_mb}.dgn"
            write_records(path, size_mb * MB, pool, 48 * 1024)
            got = peak_rss([dungeon(), "fmt", str(path)])
            results[f"fmt {size_mb} MB"] = {
                "status": got["status"],
                "seconds": round(got["seconds"], 2),
                "peak_rss_mb": round(got["peak_kb"] / 1024, 1),
            }
            path.unlink()
        small, big = (results[f"fmt {s} MB"]["peak_rss_mb"] for s in (16, max(16, big_mb // 4)))
        results["fmt: bounded"] = big - small <= SLACK_MB
        path = tmpdir / "million-moves.dgn"  # one huge record, beside the small files above
        with open(path, "w") as handle:
            handle.write('[Game "scoundrel"]\n\n')
            handle.writelines(f"{i}. 9s 5d 4h Kc : run\n" for i in range(1, 1_000_001))
        got = peak_rss([dungeon(), "verify", "-q", str(path)])
        results["one record of 1,000,000 moves"] = {
            "status": got["status"],
            "seconds": round(got["seconds"], 2),
            "peak_rss_mb": round(got["peak_kb"] / 1024, 1),
        }
        path.unlink()
        path = tmpdir / "long-line.dgn"
        write_long_line(path, line_mb * MB)
        got = peak_rss([dungeon(), "verify", str(path)])
        results[f"one {line_mb} MB line"] = {
            "bytes": path.stat().st_size,
            "status": got["status"],
            "seconds": round(got["seconds"], 2),
            "peak_rss_mb": round(got["peak_kb"] / 1024, 1),
        }
        path.unlink()
    results.update(hostile(pool))
    for games in (10_000, 1_000_000):  # dungeon sim tallies as it goes
        got = peak_rss([dungeon(), "sim", "scoundrel", "--games", str(games)])
        results[f"sim {games:,} games"] = {
            "status": got["status"],
            "seconds": round(got["seconds"], 2),
            "peak_rss_mb": round(got["peak_kb"] / 1024, 1),
        }
    small, big = (results[f"sim {g:,} games"]["peak_rss_mb"] for g in (10_000, 1_000_000))
    results["sim: bounded"] = big - small <= SLACK_MB
    return results


def hostile(pool: list[bytes], records_mb: float = 5.3, textconv_mb: int = 20) -> dict:
    """Every command but verify over large files, beside verify over a small one."""
    results: dict = {}
    with tempfile.TemporaryDirectory(prefix="dungeon-memory-") as tmp:
        tmpdir = Path(tmp)
        small = tmpdir / "small.dgn"
        write_records(small, 16 * 1024, pool)
        base = peak_rss([dungeon(), "verify", "-q", str(small)])["peak_kb"] / 1024
        results["verify, a small file"] = {"peak_rss_mb": round(base, 1)}
        records = tmpdir / "records.dgn"
        write_records(records, int(records_mb * MB), pool)
        big = tmpdir / "big.dgn"
        write_records(big, textconv_mb * MB, pool)
        cont = tmpdir / "continuation.dgn"
        with open(cont, "w") as handle:
            handle.write('[Game "scoundrel"]\n\n1. 9s 5d 4h Kc : run\n')
            line = "  " + "9s " * 20_000 + "\n"
            handle.writelines(line for _ in range(18 * MB // len(line)))
        illegal = tmpdir / "illegal.dgn"  # judged quickly: analyse of legal records takes seconds each
        bad = b'[Game "scoundrel"]\n[Seed "3"]\n\n1. Ac 8h 2s 7s : 2d\n\n'
        illegal.write_bytes(bad * int(records_mb * MB // len(bad)))
        tags = tmpdir / "tags.dgn"
        with open(tags, "w") as handle:
            handle.write('[Game "scoundrel"]\n')
            handle.writelines(f'[T{i} "x"]\n' for i in range(1_000_000))
            handle.write("\n1. 9s 5d 4h Kc : run\n")
        runs = {
            f"diff f f, {records_mb} MB": ["diff", str(records), str(records)],
            f"textconv, {textconv_mb} MB": ["textconv", str(big)],
            f"replay --html, {records_mb} MB": ["replay", "--html", str(tmpdir / "page.html"), str(records)],
            f"replay, {records_mb} MB": ["replay", str(records)],
            f"summary, {records_mb} MB (a drawn table: refused beyond 2,000 records)": ["summary", str(records)],
            f"summary --format csv, {records_mb} MB": ["summary", "--format", "csv", str(records)],
            f"summary --format json, {records_mb} MB": ["summary", "--format", "json", str(records)],
            f"summary --by game, {records_mb} MB": ["summary", "--by", "game", str(records)],
            f"replay --move 1, {records_mb} MB": ["replay", "--move", "1", str(records)],
            f"analyse, {records_mb} MB of records it refuses (illegal)": ["analyse", str(illegal)],
            "verify, one move over 18 MB of continuation lines": ["verify", str(cont)],
            "fmt --check, one move over 18 MB of continuation lines": ["fmt", "--check", str(cont)],
            "verify, a million tags": ["verify", str(tags)],
            "fmt --check, a million tags": ["fmt", "--check", str(tags)],
        }
        for name, args in runs.items():
            got = peak_rss([dungeon(), *args])
            peak = got["peak_kb"] / 1024
            results[name] = {
                "status": got["status"],
                "seconds": round(got["seconds"], 2),
                "peak_rss_mb": round(peak, 1),
                "over_small_verify_mb": round(peak - base, 1),
                "refused": got["stderr"].strip().splitlines()[-1][:120] if got["status"] == 2 else None,
            }
            print(json.dumps({name: results[name]}), flush=True)
        results["hostile: bounded"] = all(results[n]["over_small_verify_mb"] <= HOSTILE_SLACK_MB for n in runs)
    return results


if __name__ == "__main__":
    if sys.argv[1:] == ["hostile"]:
        print(json.dumps(hostile(game_pool()), indent=2))
    else:
        big = int(sys.argv[1]) if len(sys.argv) > 1 else 1024
        print(json.dumps(run(big), indent=2))
