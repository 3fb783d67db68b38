"""``make bench``: every speed and memory target, measured side by side in one run.

Run with ``python -m bench [NAME...]``; prints a table and writes bench/out/latest.json.
Our own modules are byte-compiled first, as any installed package is, so that start-up
is measured as a user meets it (this machine sets PYTHONDONTWRITEBYTECODE).
"""

from __future__ import annotations

import compileall
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _benches() -> dict:
    from . import startup, throughput

    benches = {"throughput": throughput.run, "startup": startup.run}
    try:
        from . import completion  # the interactive shell's latency, where present

        benches["completion"] = completion.run
    except ImportError:
        pass
    try:
        from . import memory  # verify's peak memory on files up to a gigabyte

        benches["memory"] = memory.run
    except ImportError:
        pass
    try:
        from . import review  # dungeon diff and textconv beside verify

        benches["review"] = review.run
    except ImportError:
        pass
    try:
        from . import stats  # dungeon stats beside verify of the same 10,000 records

        benches["stats"] = stats.run
    except ImportError:
        pass
    try:
        from . import sim  # dungeon sim beside pyscoundrel, --jobs speed-up, solver times

        benches["sim"] = sim.run
    except ImportError:
        pass
    try:
        from . import strong  # the strong player, dungeon analyse, the solver per deal

        benches["strong"] = strong.run
    except ImportError:
        pass
    try:
        from . import decisions  # the strong player's time per decision beside greedy's, every game

        benches["decisions"] = decisions.run
    except ImportError:
        pass
    try:
        from . import lsp_latency  # dungeon lsp's diagnostics after a change (the lsp extra)

        benches["lsp"] = lsp_latency.run
    except ImportError:
        pass
    from . import ctrl_c  # Ctrl-C to the exit in wall seconds: solve --seeds, sim --bot strong

    benches["ctrl_c"] = ctrl_c.run
    from . import jobs  # --jobs 2 against --jobs 1: verify, sim, solve --seeds

    benches["jobs"] = jobs.run
    return benches


def main(argv: list[str]) -> int:
    for package in ("dungeon_cli", "notation"):
        compileall.compile_dir(str(ROOT / package), quiet=1, force=True)
    benches = _benches()
    chosen = argv or list(benches)
    results = {}
    for name in chosen:
        print(f"== {name}", flush=True)
        results[name] = benches[name]()
        print(json.dumps(results[name], indent=2), flush=True)
    out = ROOT / "bench" / "out"
    out.mkdir(exist_ok=True)
    (out / "latest.json").write_text(json.dumps(results, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
