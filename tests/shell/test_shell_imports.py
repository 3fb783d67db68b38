"""``dungeon verify`` starts fast: nothing it loads imports prompt-toolkit, tabulate,
NumPy, or the language server's pygls and lsprotocol (they load with the commands that
use them), nor, for one file, the process pool of ``--jobs``."""

from __future__ import annotations

import subprocess
import sys

from conftest import EXAMPLES

PROBE = """
import sys
from dungeon_cli.cli import cli
try:
    cli(["verify", sys.argv[1]], prog_name="dungeon")
except SystemExit:
    pass
print(sorted({m.split(".")[0] for m in sys.modules} & {"prompt_toolkit", "tabulate", "numpy", "pygls", "lsprotocol", "pygments", "dungeon_cli"}))
print("dungeon_cli.shell" in sys.modules)
print("dungeon_cli.plumbing.workers" in sys.modules)
"""


def test_verify_imports_neither_prompt_toolkit_nor_tabulate_nor_the_shell_nor_pygls():
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(EXAMPLES / "scoundrel-win.dgn")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    # nor, for one file, the workers that spread many over processes (verify --jobs)
    assert done.stdout.splitlines()[-3:] == ["['dungeon_cli']", "False", "False"]


SIM_PROBE = """
import sys
from dungeon_cli.cli import cli
try:
    cli(["sim", "scoundrel", "--bot", sys.argv[1], "--games", "3"], prog_name="dungeon")
except SystemExit:
    pass
print("numpy" in sys.modules)
"""


def test_only_the_batch_playouts_load_numpy():
    """The random bot's playout and the core's bots run without it; greedy's playout
    loads it (the probe would pass vacuously if the name were wrong)."""
    seen = {}
    for bot in ("random", "strong", "greedy"):
        done = subprocess.run([sys.executable, "-c", SIM_PROBE, bot], capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        seen[bot] = done.stdout.splitlines()[-1]
    assert seen == {"random": "False", "strong": "False", "greedy": "True"}
