"""``verify`` of v1.1 records (no variation, no Position) on this tree beside the last
commit before DGN 1.2's tree work began (issue 36: "make bench shows verify on v1.1
records no slower than before, min and median, both quoted").

Both sides are installed as a user installs them: the anchor is a ``pip install`` (not
editable) of that commit, taken out of git, into a fresh venv kept in a cache directory
(``$XDG_CACHE_HOME/dungeon-bench`` or ``~/.cache/dungeon-bench``, made once); this tree
is a regular install of the working tree (``startup.regular_install``) into a fresh venv.
The records are the bench's corpus, as ``dungeon sim --records`` writes them
(``corpus.SIM_CORPUS``: the four games).

Two measures, each run side by side in pairs, the order within a pair swapped each time,
so that whatever else the machine does weighs on both alike:

- in-process: a worker in each venv reads and referees pieces of each game's records
  (``notation.read``, ``Referee.check``, what ``verify`` runs), in CPU time; a pass is
  every piece of every game on both sides; the ratio of the passes' totals, this tree
  over the anchor, from the fastest pass of each and from the median pass;
- the command: ``dungeon verify -q`` of one file of the mixed corpus, wall time, start-up
  included, pair by pair.

A ratio at most 1.0 is no slower. ``python -m bench.tree_verify``; the figures go to
``bench/out/tree_verify.json``.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The last commit before the tree: a5953dd ("DGN 1.2 in the notation: a record is a
# tree") is the first commit of issue 36's work on the first-parent line; this is its parent.
ANCHOR = "a1b8ab7"
PIECES = 5  # each game's records cut into this many pieces
PASSES = 7
CLI_PAIRS = 7

# Run in each venv, isolated (-I: neither the working directory nor PYTHONPATH is on the
# path, so the venv's installed package is the one imported). A line of stdin names a
# file; the answer is the CPU time of reading and refereeing it, its records, and how
# many of them were illegal.
WORKER = """
import io, sys, time
from notation import read
from dungeon_cli.services.referee import Referee
referee = Referee()
for line in sys.stdin:
    data = open(line.rstrip("\\n"), "rb").read()
    start = time.process_time()
    records = illegal = 0
    for record in read(io.BytesIO(data)):
        illegal += not referee.check(record).legal
        records += 1
    print(time.process_time() - start, records, illegal, flush=True)
"""


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "dungeon-bench"


def anchor_install(commit: str = ANCHOR) -> Path:
    """The anchor's venv ``bin``: made once, a regular install of ``commit``."""
    full = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--verify", f"{commit}^{{commit}}"], check=True, capture_output=True, text=True
    ).stdout.strip()
    where = cache_dir() / f"anchor-{full[:12]}"
    bin_dir = where / "venv" / "bin"
    if (where / "ready").exists():
        return bin_dir
    if where.exists():
        subprocess.run(["rm", "-rf", str(where)], check=True)
    source = where / "source"
    source.mkdir(parents=True)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", full], check=True, capture_output=True)
    subprocess.run(["tar", "-x", "-C", str(source)], input=archive.stdout, check=True)
    from .startup import pip_install

    python = pip_install(source, where / "venv", commit)
    subprocess.run([python, "-m", "compileall", "-q", str(where / "venv" / "lib")], check=True, stdout=subprocess.DEVNULL)
    (where / "ready").write_text(full + "\n")
    return bin_dir


class Worker:
    """One side's worker process, asked a file at a time."""

    def __init__(self, bin_dir: Path, cwd: str):
        self.proc = subprocess.Popen(
            [str(bin_dir / "python"), "-I", "-c", WORKER],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=cwd,
        )

    def verify(self, path: Path) -> tuple[float, int, int]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(f"{path}\n")
        self.proc.stdin.flush()
        answer = self.proc.stdout.readline().split()
        if len(answer) != 3:
            raise RuntimeError(f"the worker of {self.proc.args[0]} ended without an answer")
        return float(answer[0]), int(answer[1]), int(answer[2])

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=60)


def _pieces(records: list[str], count: int) -> list[list[str]]:
    size = -(-len(records) // count)
    return [records[i : i + size] for i in range(0, len(records), size)]


def _ratios(this: list[float], anchor: list[float]) -> dict:
    return {
        "ratio_min": min(this) / min(anchor),
        "ratio_median": statistics.median(this) / statistics.median(anchor),
        "this_s": [round(t, 4) for t in this],
        "anchor_s": [round(t, 4) for t in anchor],
    }


def _wall(argv: list[str], cwd: str) -> float:
    start = time.perf_counter()
    done = subprocess.run(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
    took = time.perf_counter() - start
    if done.returncode != 0:
        raise AssertionError(f"{argv}: exit {done.returncode}: {done.stderr.decode(errors='replace')}")
    return took


def run(passes: int = PASSES, cli_pairs: int = CLI_PAIRS, corpus: dict[str, list[str]] | None = None) -> dict:
    from .corpus import joined, mixed, sim_corpus
    from .startup import regular_install

    anchor = anchor_install()
    corpus = corpus if corpus is not None else sim_corpus()
    with tempfile.TemporaryDirectory(prefix="dungeon-tree-verify-") as tmp:
        this = regular_install(Path(tmp))
        work = Path(tmp) / "work"
        work.mkdir()
        files: list[tuple[str, Path]] = []
        for game, records in corpus.items():
            for index, piece in enumerate(_pieces(records, PIECES)):
                path = work / f"{game}-{index}.dgn"
                path.write_bytes(joined(piece))
                files.append((game, path))
        sides = {"this": Worker(this, str(work)), "anchor": Worker(anchor, str(work))}
        try:
            for _, path in files:  # warm each side; every record is legal on both
                for name, worker in sides.items():
                    _, records, illegal = worker.verify(path)
                    if illegal:
                        raise AssertionError(f"{name}: {illegal} of {records} records of {path.name} illegal")
            totals: dict[str, list[float]] = {"this": [], "anchor": []}
            by_game: dict[str, dict[str, list[float]]] = {game: {"this": [], "anchor": []} for game in corpus}
            for number in range(passes):
                spent = {(side, game): 0.0 for side in sides for game in corpus}
                for index, (game, path) in enumerate(files):
                    order = ("this", "anchor") if (number + index) % 2 == 0 else ("anchor", "this")
                    for side in order:
                        spent[side, game] += sides[side].verify(path)[0]
                for side in sides:
                    totals[side].append(sum(spent[side, game] for game in corpus))
                    for game in corpus:
                        by_game[game][side].append(spent[side, game])
        finally:
            for worker in sides.values():
                worker.close()
        mix = work / "mix.dgn"
        mix.write_bytes(joined(mixed(corpus)))
        exes = {"this": str(this / "dungeon"), "anchor": str(anchor / "dungeon")}
        walls: dict[str, list[float]] = {"this": [], "anchor": []}
        for side in exes:  # warm the file cache
            _wall([exes[side], "verify", "-q", str(mix)], str(work))
        for number in range(cli_pairs):
            for side in ("this", "anchor") if number % 2 == 0 else ("anchor", "this"):
                walls[side].append(_wall([exes[side], "verify", "-q", str(mix)], str(work)))
    in_process = {"all four games": _ratios(totals["this"], totals["anchor"])}
    in_process.update((game, _ratios(t["this"], t["anchor"])) for game, t in by_game.items())
    every = in_process["all four games"]
    return {
        "anchor": ANCHOR + " (the parent of a5953dd, the first commit of DGN 1.2's tree), pip install into a cached venv",
        "this": "regular install of the working tree into a fresh venv",
        "records": {game: len(records) for game, records in corpus.items()},
        "bytes": len(joined(mixed(corpus))),
        "in-process, CPU time, this / anchor": in_process,
        "dungeon verify -q of the mix, wall time, this / anchor": _ratios(walls["this"], walls["anchor"]),
        "passes": passes,
        "cli_pairs": cli_pairs,
        "no slower (ratio_min and ratio_median <= 1.0, all four games)": max(every["ratio_min"], every["ratio_median"]) <= 1.0,
    }


def table(found: dict) -> str:
    """The figures as lines a person reads."""
    lines = [f"verify of v1.1 records, this tree / {ANCHOR} (<= 1.00: no slower)", f"{'':34} {'min':>6} {'median':>7}"]
    for name, figure in found["in-process, CPU time, this / anchor"].items():
        lines.append(f"{'in-process, ' + name:34} {figure['ratio_min']:6.3f} {figure['ratio_median']:7.3f}")
    cli = found["dungeon verify -q of the mix, wall time, this / anchor"]
    lines.append(f"{'dungeon verify -q, the mix':34} {cli['ratio_min']:6.3f} {cli['ratio_median']:7.3f}")
    return "\n".join(lines)


def main() -> int:
    found = run()
    out = ROOT / "bench" / "out"
    out.mkdir(exist_ok=True)
    (out / "tree_verify.json").write_text(json.dumps(found, indent=2) + "\n")
    print(table(found))
    return 0


if __name__ == "__main__":
    sys.exit(main())
