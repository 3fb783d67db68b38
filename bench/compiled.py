"""``make bench``'s anchor (issue 37): verify against python-chess in the install a user of
a published wheel gets, the compiled wheel (docs/compiled.md) in a fresh virtualenv, with
the pure install beside it (``pip install`` of the tree into another fresh virtualenv).

Each install runs bench/throughput.py's measurement in a process of its own (the mix of
the four games and each game alone, python-chess interleaved with it in the same process,
ratios from the fastest and from the median pass), the tree's bench/ put on the path
after the installed packages, so that the installed dungeon is the one measured.

``python -m bench.compiled [--wheel WHEEL] [--repeats N]``: the wheel is the newest of
dist/compiled/ (``make compiled-wheel``) unless given. Writes bench/out/compiled.json.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench" / "out"
NAMES = ("mix", "scoundrel", "clear-the-dungeon", "rpg-solitaire", "cassette-dungeons")

DRIVER = """
import json, sys
sys.path.append(sys.argv[1])
import dungeon_compiled
from bench import throughput
figures = throughput.run(int(sys.argv[2]))
figures["compiled"] = dungeon_compiled.describe()
print(json.dumps(figures))
"""


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


def _measure(python: Path, repeats: int) -> dict:
    done = subprocess.run([str(python), "-P", "-c", DRIVER, str(ROOT), str(repeats)], capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(done.stderr[-3000:])
    return json.loads(done.stdout.strip().splitlines()[-1])


def run(wheel: Path, repeats: int = 5) -> dict:
    with tempfile.TemporaryDirectory(prefix="dungeon-bench-") as tmp:
        compiled = _venv(Path(tmp) / "compiled", str(wheel))
        pure = _venv(Path(tmp) / "pure", str(ROOT))
        out = {"wheel": wheel.name, "repeats": repeats, "compiled": _measure(compiled, repeats), "pure": _measure(pure, repeats)}
    if "compiled: yes" not in out["compiled"]["compiled"]:
        raise AssertionError(f"the compiled wheel does not run compiled: {out['compiled']['compiled']}")
    return out


def table(out: dict) -> str:
    rows = [
        "verify vs python-chess (bytes/s ratio, min pass / median pass)",
        f"{'corpus':<20}{'compiled':>18}{'pure':>18}{'compiled/pure':>16}",
    ]
    for name in NAMES:
        c, p = out["compiled"][f"vs python-chess: {name}"], out["pure"][f"vs python-chess: {name}"]
        rows.append(
            f"{name:<20}{c['ratio_min']:>8.2f}x /{c['ratio_median']:>6.2f}x{p['ratio_min']:>8.2f}x /{p['ratio_median']:>6.2f}x"
            f"{c['ratio_min'] / p['ratio_min']:>15.2f}x"
        )
    for side in ("compiled", "pure"):
        floor = out[side]["vs the floor checker: scoundrel"]
        rows.append(
            f"{side}: {floor['slower_min']:.2f}x / {floor['slower_median']:.2f}x slower than the floor checker (scoundrel)"
        )
        rows.append(f"{side}: dungeon verify CLI on the mix: {out[side]['dungeon verify CLI, mix (s)']:.2f} s")
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.compiled")
    parser.add_argument("--wheel", type=Path, help="the compiled wheel (default: the newest in dist/compiled/)")
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    wheel = args.wheel or max((ROOT / "dist" / "compiled").glob("*.whl"), key=lambda p: p.stat().st_mtime)
    out = run(wheel, args.repeats)
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "compiled.json").write_text(json.dumps(out, indent=2) + "\n")
    print(table(out))


if __name__ == "__main__":
    main()
