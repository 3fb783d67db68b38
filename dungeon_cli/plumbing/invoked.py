"""How the user runs this tool, for the commands a message suggests ("go on with:
dungeon play --resume FILE"): ``dungeon`` where that is what the shell's PATH finds,
else the path it was started by (``make play`` runs ``.venv/bin/dungeon``, which is not
on PATH until the virtualenv is activated)."""

from __future__ import annotations

import os
import shlex
import shutil
import sys


def command() -> str:
    started = sys.argv[0] if sys.argv else ""
    if os.path.basename(started) != "dungeon":  # python -m dungeon_cli, a test runner
        return "dungeon"
    found = shutil.which("dungeon")
    try:
        if found is not None and os.path.samefile(found, started):
            return "dungeon"
    except OSError:
        pass
    return shlex.quote(started)
