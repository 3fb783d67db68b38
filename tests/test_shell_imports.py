"""``dungeon verify`` starts fast: nothing it loads imports prompt-toolkit or tabulate
(they load with the commands that use them)."""

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
print(sorted({m.split(".")[0] for m in sys.modules} & {"prompt_toolkit", "tabulate", "dungeon_cli"}))
print("dungeon_cli.shell" in sys.modules)
"""


def test_verify_imports_neither_prompt_toolkit_nor_tabulate_nor_the_shell():
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(EXAMPLES / "scoundrel-win.dgn")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-2:] == ["['dungeon_cli']", "False"]
