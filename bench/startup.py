"""Start-up time: ``dungeon --version`` and ``dungeon verify`` on one small record, beside
``python -c "import click"``, in a regular install made here, many interleaved runs,
all in one run of this script.

The install is what a user gets from ``pip install .``: a fresh virtual environment
(from the interpreter running the bench), the project copied out of the working tree
and installed into it with its dependencies, every module byte-compiled. Not the
editable install of ``make``'s ``.venv``: its path hook runs in every Python that
starts there, ``python -c pass`` included, and would flatter every ratio. Each case is
run from that environment, from a directory of its own; one run of each case per round.
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = 1.2  # each dungeon case, at most this times `python -c "import click"` (issue 26)
BASELINE = 'python -c "import click", click alone'

SMALL = """[Game "scoundrel"]

1. 9s 5d 4h Kc : 5d x9s 4h
2. (Kc) 7c 2s 8h : run
"""


def pip_install(source: Path, venv: Path, what: str) -> str:
    """A fresh venv at ``venv`` with ``source`` installed as a user installs it (not
    editable); its python."""
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = str(venv / "bin" / "python")
    done = subprocess.run(
        [python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", str(source)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"pip install of {what} failed:\n{done.stderr}")
    return python


def regular_install(where: Path) -> Path:
    """A fresh venv under ``where`` with this working tree installed as a user installs
    it (not editable), bytecode compiled; its ``bin`` directory."""
    source = where / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md", "setup.py", "dungeon_compiled.py"):
        shutil.copy2(ROOT / name, source / name)
    # a copy: building in the tree would leave build/ there; build_backend/ is the build's own backend
    for package in ("dungeon_cli", "notation", "build_backend"):
        shutil.copytree(ROOT / package, source / package, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    venv = where / "venv"
    bin_dir = venv / "bin"
    python = pip_install(source, venv, "the working tree")
    site = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    # pip compiles what it installs; compileall again, so that nothing is left to
    # compile at run time (this machine sets PYTHONDONTWRITEBYTECODE).
    subprocess.run([python, "-m", "compileall", "-q", site], check=True, stdout=subprocess.DEVNULL)
    return bin_dir


def click_alone(where: Path, like: Path) -> Path:
    """A fresh venv under ``where`` holding click alone, the version ``like``'s python has,
    bytecode compiled; its ``bin`` directory. The baseline: a program that only imports
    its command-line library."""
    version = subprocess.run(
        [str(like / "python"), "-c", "import importlib.metadata as m; print(m.version('click'))"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    venv = where / "click-venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = str(venv / "bin" / "python")
    subprocess.run(
        [python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", f"click=={version}"],
        check=True,
        capture_output=True,
    )
    subprocess.run([python, "-m", "compileall", "-q", str(venv / "lib")], check=True, stdout=subprocess.DEVNULL)
    return venv / "bin"


def _wall(argv: list[str], cwd: str) -> float:
    start = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, cwd=cwd)
    return time.perf_counter() - start


def interleaved(cases: dict[str, list[str]], cwd: str, runs: int) -> dict[str, list[float]]:
    """Each case's wall times over ``runs`` rounds, one run of each case per round, so that
    whatever else the machine is doing weighs on every case alike; each case run once
    first (it works; the file cache warm)."""
    for argv in cases.values():
        done = subprocess.run(argv, capture_output=True, check=False, cwd=cwd)
        if done.returncode != 0:
            raise AssertionError(f"{argv}: exit {done.returncode}: {done.stderr.decode(errors='replace')}")
    times: dict[str, list[float]] = {name: [] for name in cases}
    for _ in range(runs):
        for name, argv in cases.items():
            times[name].append(_wall(argv, cwd))
    return times


def run(runs: int = 80) -> dict:
    with tempfile.TemporaryDirectory(prefix="dungeon-startup-") as tmp:
        bin_dir = regular_install(Path(tmp))
        python, exe = str(bin_dir / "python"), str(bin_dir / "dungeon")
        alone = str(click_alone(Path(tmp), bin_dir) / "python")
        work = Path(tmp) / "work"
        work.mkdir()
        small = str(work / "small.dgn")
        Path(small).write_text(SMALL, encoding="utf-8")
        cases = {
            "python -c pass": [python, "-c", "pass"],
            'python -c "import click", dungeon\'s venv': [python, "-c", "import click"],
            BASELINE: [alone, "-c", "import click"],
            "dungeon --version": [exe, "--version"],
            "dungeon verify small.dgn": [exe, "verify", small],
        }
        times = interleaved(cases, str(work), runs)
    mins = {name: min(values) for name, values in times.items()}
    medians = {name: statistics.median(values) for name, values in times.items()}
    ratios = {name: {"min": mins[name] / mins[BASELINE], "median": medians[name] / medians[BASELINE]} for name in cases}
    return {
        "install": "regular: pip install of the working tree into a fresh venv, bytecode compiled (not editable)",
        "python": sys.version.split()[0],
        "runs": runs,
        "min_s": mins,
        "median_s": medians,
        "ratio_to_import_click": ratios,
        "target": TARGET,
        "met": {
            name: ratios[name]["min"] <= TARGET and ratios[name]["median"] <= TARGET
            for name in ("dungeon --version", "dungeon verify small.dgn")
        },
    }


if __name__ == "__main__":
    import json

    print(json.dumps(run(), indent=2))
