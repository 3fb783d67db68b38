"""``make bench``'s anchor (issue 37): the compiled wheel (docs/compiled.md) installed in a
fresh virtualenv, the install a user of a published wheel gets, measured against the pure
install (``pip install`` of the tree into another fresh virtualenv) side by side in one run:

- verify against python-chess (bench/throughput.py: the mix of the four games and each
  game alone, python-chess interleaved with it in the same process, CPU time, ratios from
  the fastest and from the median pass) and against the floor checker (bench/floor.py),
  on one corpus of ``corpus.SIM_CORPUS`` made once (by the compiled install's ``dungeon
  sim --records``, the same records the pure one writes) into a temporary directory that
  both installs read;
- the start-up of ``dungeon verify`` of one small record, wall time, against ``python -c
  "import click"`` in a virtualenv holding click alone (bench/startup.py), the three
  interleaved run by run;
- the language server's diagnostics after a change on a 100-turn record
  (bench/lsp_latency.py), median and 90th percentile;
- the strong player's time per decision (bench/decisions.py), per game, median and mean;
- ``dungeon sim GAME --bot random`` and ``--bot greedy``: games/s of ``simulate.run``
  (what the command runs), CPU time, per game.

Each figure is measured in a process of the install's own python, the tree's bench/ put on
the path after the installed packages, from a directory outside the tree (so that the
installed dungeon is the one measured); the language server, decisions and sim are
measured in rounds, a compiled process then a pure one, their times pooled.

``python -m bench.compiled [--wheel WHEEL] [--quick]``: the wheel is the newest of
dist/compiled/ (``make compiled-wheel``) unless given; ``--quick`` is a smoke run of a
minute or two (a small corpus, few repeats: its figures say little). Writes
bench/out/compiled.json and prints one table.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench" / "out"
GAMES = ("scoundrel", "clear-the-dungeon", "rpg-solitaire", "cassette-dungeons")
NAMES = ("mix",) + GAMES
SIDES = ("compiled", "pure")

# Issue 37's targets: verify's bytes/s over python-chess's (at least), slower than the floor
# checker (at most), start-up over `import click` (at most), the language server (at most).
TARGETS = {
    ("compiled", "mix"): 5.0,
    ("compiled", "game"): 4.0,
    ("pure", "mix"): 2.8,  # no worse than before the compiled build
    ("compiled", "floor"): 2.5,
    ("compiled", "startup"): 1.2,
    ("compiled", "lsp_ms"): 30.0,
}


class Settings:
    """How much of each measurement a run makes: the full run about 15 minutes on this
    two-core machine, ``quick()`` a minute or two."""

    def __init__(self, quick: bool = False):
        self.quick = quick
        plain, strong = (30, 1) if quick else (None, None)
        from .corpus import SHARED, SIM_CORPUS

        self.corpus = tuple((g, b, (strong if b == "strong" else plain) or n) for g, b, n in SIM_CORPUS)
        # the full run reads a corpus written before, where $DUNGEON_BENCH_CORPUS names one (make bench)
        shared = os.environ.get(SHARED) if not quick else None
        self.corpus_dir = Path(shared).resolve() if shared else None
        if self.corpus_dir is not None:  # what it holds, as write_sim_corpus listed it
            self.corpus = tuple(tuple(row) for row in json.loads((self.corpus_dir / "corpus.json").read_text(encoding="utf-8")))
        self.repeats = 1 if quick else 3  # throughput's passes (5 took 18 min in all at load 3)
        self.startup_runs = 5 if quick else 60
        self.rounds = 1 if quick else 3  # compiled-then-pure rounds of lsp, decisions and sim
        self.lsp_changes = 3 if quick else 20  # a round's
        self.decisions = 2 if quick else 20  # a round's, each game: the first with a choice of seeds 0, 1, ...
        self.sim_games = {"random": 20 if quick else 2000, "greedy": 10 if quick else 400}  # a round's, each game


# What the driver runs in a venv's python: one piece, its figures as JSON on the last line.
DRIVER = """
import json, sys
sys.path.append(sys.argv[1])
import dungeon_compiled
from bench import compiled
figures = compiled.piece(sys.argv[2], json.loads(sys.argv[3]))
figures["compiled"] = dungeon_compiled.describe()
print(json.dumps(figures))
"""


def piece(name: str, args: dict) -> dict:
    """One measurement, in this process (the venv's python the driver started)."""
    if name == "throughput":
        from . import throughput

        return throughput.run(args["repeats"], Path(args["corpus"]))
    if name == "lsp":
        from . import lsp_latency

        sys.path.insert(0, str(ROOT / "tests" / "support"))
        from lsp_client import Client

        client = Client()
        try:
            return {"ms": [t * 1000 for t in lsp_latency.measure(client, lsp_latency.hundred_turns(), args["changes"])]}
        finally:
            client.close()
    if name == "decisions":
        from . import decisions

        decisions.DECISIONS = args["decisions"]
        return {game: [t * 1000 for t in decisions._times(game, "strong")] for game in args["games"]}
    if name == "sim":
        from dungeon_cli.services import simulate

        out = {}
        for game in args["games"]:
            for bot, games in args["sim_games"].items():
                spec = simulate.Spec(game, bot)
                simulate.run(spec, range(2))  # imports and first calls out of the timing
                start = time.process_time()
                simulate.run(spec, range(games))
                out[f"{game} {bot}"] = games / (time.process_time() - start)
        return out
    raise ValueError(f"no piece {name!r}")


def _venv(where: Path, install: str) -> Path:
    subprocess.run([sys.executable, "-m", "venv", str(where)], check=True)
    python = where / "bin" / "python"
    done = subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", install, "chess>=1.10"],
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        raise RuntimeError(f"pip install {install} failed:\n{done.stderr[-2000:]}")
    subprocess.run([str(python), "-m", "compileall", "-q", str(where / "lib")], check=True, stdout=subprocess.DEVNULL)
    return python


def _measure(python: Path, name: str, args: dict, cwd: Path) -> dict:
    command = [str(python), "-P", "-c", DRIVER, str(ROOT), name, json.dumps(args)]
    done = subprocess.run(command, capture_output=True, text=True, cwd=cwd)
    if done.returncode != 0:
        raise RuntimeError(f"{name} in {python}: {done.stderr[-3000:]}")
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    if ("compiled: yes" in figures["compiled"]) != (python.parent.parent.name == "compiled"):
        raise AssertionError(f"{python} runs {figures['compiled']}")
    return figures


def _rounds(pythons: dict[str, Path], name: str, args: dict, rounds: int, cwd: Path) -> dict[str, list[dict]]:
    """The piece ``name`` in ``rounds`` rounds, a compiled process then a pure one."""
    out: dict[str, list[dict]] = {side: [] for side in pythons}
    for _ in range(rounds):
        for side, python in pythons.items():
            out[side].append(_measure(python, name, args, cwd))
    return out


def lsp_figures(rounds: list[dict]) -> dict:
    ms = sorted(t for r in rounds for t in r["ms"])
    return {"changes": len(ms), "median_ms": round(statistics.median(ms), 1), "p90_ms": round(ms[int(0.9 * len(ms))], 1)}


def decision_figures(rounds: list[dict]) -> dict:
    out = {}
    for game in GAMES:
        ms = [t for r in rounds for t in r[game]]
        out[game] = {
            "decisions": len(ms),
            "median_ms": round(statistics.median(ms), 3),
            "mean_ms": round(statistics.fmean(ms), 3),
        }
    return out


def sim_figures(rounds: list[dict]) -> dict:
    """games/s of each game and bot: the best round's (the most games/s: the least time) and
    the median round's."""
    keys = [k for k in rounds[0] if k != "compiled"]
    return {
        k: {
            "n": len(rounds),
            "best": round(max(r[k] for r in rounds), 1),
            "median": round(statistics.median(r[k] for r in rounds), 1),
        }
        for k in keys
    }


def startup_figures(times: dict[str, list[float]], baseline: str) -> dict:
    out = {}
    for name, values in times.items():
        out[name] = {
            "min_ms": round(1000 * min(values), 1),
            "median_ms": round(1000 * statistics.median(values), 1),
            "ratio_min": round(min(values) / min(times[baseline]), 3),
            "ratio_median": round(statistics.median(values) / statistics.median(times[baseline]), 3),
        }
    return out


SMALL_CASE = "dungeon verify small.dgn ({})"


def run(wheel: Path, settings: Settings, say=print) -> dict:
    from . import startup
    from .corpus import write_sim_corpus

    began = time.perf_counter()

    def step(what: str) -> None:
        say(f"[{time.perf_counter() - began:6.0f} s] {what}")

    out: dict = {"wheel": wheel.name, "quick": settings.quick, "corpus": [list(row) for row in settings.corpus]}
    with tempfile.TemporaryDirectory(prefix="dungeon-bench-") as name:
        tmp = Path(name)
        step("installing the compiled wheel, the pure tree and click alone, each in a fresh virtualenv")
        pythons = {"compiled": _venv(tmp / "compiled", f"{wheel}[lsp]"), "pure": _venv(tmp / "pure", f"{ROOT}[lsp]")}
        click = startup.click_alone(tmp, pythons["pure"].parent)
        work = tmp / "work"
        work.mkdir()
        if settings.corpus_dir is not None:
            step(f"the corpus written before, under {settings.corpus_dir}")
            corpus = settings.corpus_dir
        else:
            step("writing the corpus (dungeon sim --records, the compiled install's)")
            corpus = write_sim_corpus(tmp / "corpus", str(pythons["compiled"].with_name("dungeon")), settings.corpus)
        for side in SIDES:
            step(f"verify against python-chess and the floor checker: {side}")
            out[f"throughput {side}"] = _measure(
                pythons[side], "throughput", {"repeats": settings.repeats, "corpus": str(corpus)}, work
            )
        step("start-up")
        small = work / "small.dgn"
        small.write_text(startup.SMALL, encoding="utf-8")
        cases = {startup.BASELINE: [str(click / "python"), "-c", "import click"]}
        cases.update({SMALL_CASE.format(side): [str(pythons[side].with_name("dungeon")), "verify", str(small)] for side in SIDES})
        out["startup"] = startup_figures(startup.interleaved(cases, str(work), settings.startup_runs), startup.BASELINE)
        step("the language server")
        lsp = _rounds(pythons, "lsp", {"changes": settings.lsp_changes}, settings.rounds, work)
        out["lsp"] = {side: lsp_figures(lsp[side]) for side in SIDES}
        step("the strong player's decisions")
        args = {"decisions": settings.decisions, "games": list(GAMES)}
        found = _rounds(pythons, "decisions", args, settings.rounds, work)
        out["decisions"] = {side: decision_figures(found[side]) for side in SIDES}
        step("dungeon sim --bot random, greedy")
        found = _rounds(pythons, "sim", {"games": list(GAMES), "sim_games": settings.sim_games}, settings.rounds, work)
        out["sim"] = {side: sim_figures(found[side]) for side in SIDES}
    out["seconds"] = round(time.perf_counter() - began)
    out["targets"] = targets(out)
    return out


def targets(out: dict) -> list[dict]:
    """Each of issue 37's targets: the figures (min, median) and whether both meet it."""
    rows = []

    def add(what: str, figures: tuple[float, float], target: float, at_least: bool) -> None:
        met = all(f >= target if at_least else f <= target for f in figures)
        rows.append({"what": what, "min": figures[0], "median": figures[1], "target": target, "at_least": at_least, "met": met})

    for side, name in [("compiled", n) for n in NAMES] + [("pure", "mix")]:
        figure = out[f"throughput {side}"][f"vs python-chess: {name}"]
        target = TARGETS[(side, "mix" if name == "mix" else "game")]
        add(f"{side} verify vs python-chess, {name}", (figure["ratio_min"], figure["ratio_median"]), target, True)
    floor = out["throughput compiled"]["vs the floor checker: scoundrel"]
    add(
        "compiled slower than the floor checker",
        (floor["slower_min"], floor["slower_median"]),
        TARGETS[("compiled", "floor")],
        False,
    )
    verify = out["startup"][SMALL_CASE.format("compiled")]
    add(
        "compiled start-up over import click",
        (verify["ratio_min"], verify["ratio_median"]),
        TARGETS[("compiled", "startup")],
        False,
    )
    lsp = out["lsp"]["compiled"]
    add("compiled lsp diagnostics, median ms", (lsp["median_ms"], lsp["median_ms"]), TARGETS[("compiled", "lsp_ms")], False)
    return rows


def table(out: dict) -> str:
    c, p = out["throughput compiled"], out["throughput pure"]
    rows = [
        f"wheel {out['wheel']}{' (--quick: a smoke run, figures say little)' if out['quick'] else ''}, {out['seconds']} s",
        "corpus: " + ", ".join(f"{g} {b} {n}" for g, b, n in out["corpus"]),
        "",
        "verify vs python-chess (bytes/s ratio, fastest pass / median pass)",
        f"{'corpus':<20}{'compiled':>18}{'pure':>18}{'compiled/pure':>16}",
    ]
    for name in NAMES:
        cf, pf = c[f"vs python-chess: {name}"], p[f"vs python-chess: {name}"]
        rows.append(
            f"{name:<20}{cf['ratio_min']:>8.2f}x /{cf['ratio_median']:>6.2f}x{pf['ratio_min']:>8.2f}x /{pf['ratio_median']:>6.2f}x"
            f"{cf['ratio_min'] / pf['ratio_min']:>15.2f}x"
        )
    cf, pf = c["vs the floor checker: scoundrel"], p["vs the floor checker: scoundrel"]
    rows.append(
        f"{'slower than floor':<20}{cf['slower_min']:>8.2f}x /{cf['slower_median']:>6.2f}x"
        f"{pf['slower_min']:>8.2f}x /{pf['slower_median']:>6.2f}x   (scoundrel)"
    )
    rows.append(f"{'verify CLI, mix':<20}{c['dungeon verify CLI, mix (s)']:>16.2f} s{p['dungeon verify CLI, mix (s)']:>16.2f} s")
    rows += ["", "start-up, wall ms (min / median) and over import click (min / median)"]
    for name, f in out["startup"].items():
        rows.append(
            f"{name:<44}{f['min_ms']:>7.1f} /{f['median_ms']:>7.1f} ms{f['ratio_min']:>7.2f}x /{f['ratio_median']:>5.2f}x"
        )
    rows += ["", "lsp diagnostics after a change, 100 turns (median / p90 ms)"]
    for side in SIDES:
        f = out["lsp"][side]
        rows.append(f"{side:<20}{f['median_ms']:>8.1f} /{f['p90_ms']:>7.1f} ms   ({f['changes']} changes)")
    rows += ["", "strong player, ms a decision (median / mean)", f"{'game':<20}{'compiled':>21}{'pure':>21}{'pure/compiled':>15}"]
    for game in GAMES:
        cf, pf = out["decisions"]["compiled"][game], out["decisions"]["pure"][game]
        rows.append(
            f"{game:<20}{cf['median_ms']:>10.3f} /{cf['mean_ms']:>8.1f}{pf['median_ms']:>10.3f} /{pf['mean_ms']:>8.1f}"
            f"{pf['mean_ms'] / cf['mean_ms']:>14.2f}x"
        )
    rows += [
        "",
        "sim games/s, CPU (best round / median round)",
        f"{'game, bot':<28}{'compiled':>18}{'pure':>18}{'compiled/pure':>15}",
    ]
    for key in out["sim"]["compiled"]:
        cf, pf = out["sim"]["compiled"][key], out["sim"]["pure"][key]
        rows.append(
            f"{key:<28}{cf['best']:>8.0f} /{cf['median']:>8.0f}{pf['best']:>8.0f} /{pf['median']:>8.0f}{cf['best'] / pf['best']:>14.2f}x"
        )
    rows += ["", "targets (issue 37): both the min and the median figure must meet each"]
    for t in out["targets"]:
        sign = ">=" if t["at_least"] else "<="
        rows.append(
            f"{t['what']:<52}{t['min']:>8.2f} /{t['median']:>7.2f}  {sign} {t['target']:<5} {'met' if t['met'] else 'NOT MET'}"
        )
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.compiled")
    parser.add_argument("--wheel", type=Path, help="the compiled wheel (default: the newest in dist/compiled/)")
    parser.add_argument("--quick", action="store_true", help="a smoke run of a minute or two (small corpus, few repeats)")
    args = parser.parse_args()
    wheel = args.wheel or max((ROOT / "dist" / "compiled").glob("*.whl"), key=lambda p: p.stat().st_mtime)
    out = run(wheel.resolve(), Settings(args.quick), lambda line: print(line, file=sys.stderr, flush=True))
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "compiled.json").write_text(json.dumps(out, indent=2) + "\n")
    print(table(out))


if __name__ == "__main__":
    main()
