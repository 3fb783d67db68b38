"""The project's ``[tool.dungeon]`` settings applied to a command's options: what the
command line leaves unsaid comes from the settings, and a directory stands for the
records under it. A settings file that cannot be used stops the command (exit 2): a
check run with other options than the project asked for would be a wrong answer."""

from __future__ import annotations

import sys
from typing import Optional


def project_defaults(command: str, files: tuple[str, ...], fmt: Optional[str] = None, seed_check: Optional[bool] = None):
    """(files, format, seed_check) with the settings filled in."""
    from ..settings import SettingsError, expand, load

    try:
        settings = load()
    except SettingsError as exc:
        sys.stderr.write(f"dungeon {command}: error: {exc}\n")
        sys.exit(2)
    use(settings)
    fmt = fmt or settings.get("format", "text")
    seed_check = settings.get("seed-check", False) if seed_check is None else seed_check
    return tuple(expand(files, settings)), fmt, seed_check


def use(settings: dict) -> None:
    """What the settings change below the command line: where a file a record names
    (a card set) is looked for when it is not beside the record."""
    from ..games.base import use_project_file_dirs

    use_project_file_dirs(settings.get("card-sets") or [])
