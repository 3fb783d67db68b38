"""Where the shell keeps its own files: the user's data directory, never the working
tree (``$XDG_DATA_HOME/dungeon``, else ``~/.local/share/dungeon``)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Optional


def data_dir() -> Path:
    base = os.environ.get("XDG_DATA_HOME")
    if not base or not os.path.isabs(base):  # the XDG spec ignores a relative path
        base = os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "dungeon"


def history_file(game: str) -> Optional[Path]:
    """The input history of ``play GAME``; None when the directory cannot be made."""
    directory = data_dir() / "history"
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return directory / game
