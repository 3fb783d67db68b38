"""The project's ``[tool.dungeon]`` settings applied to a command's options: what the
command line leaves unsaid comes from the settings, and a directory stands for the
records under it. A settings file that cannot be used stops the command (exit 2): a
check run with other options than the project asked for would be a wrong answer.

Every command that reads a record loads them here, once, through ``project_settings``:
a record that names a card set kept in the project's ``card-sets`` is the same record
for verify, fmt, replay, summary, analyse, diff, textconv, solve and play --resume.
"""

from __future__ import annotations

import sys
from typing import Any, Optional


def project_settings(command: str, warn: bool = False) -> dict[str, Any]:
    """The settings, applied (card-set directories). A file that cannot be used is exit
    2, or with ``warn`` a warning and no settings: git stops a whole diff at a textconv
    or diff driver that fails, so those say it and go on."""
    from ..plumbing.settings import SettingsError, load

    try:
        settings = load()
    except SettingsError as exc:
        from ..kit.terminal_text import safe

        if not warn:
            sys.stderr.write(f"dungeon {command}: error: {safe(str(exc))}\n")
            sys.exit(2)
        sys.stderr.write(f"dungeon {command}: warning: {safe(str(exc))}\n")
        settings = {}
    use(settings)
    return settings


def project_defaults(
    command: str, files: tuple[str, ...], fmt: Optional[str] = None, seed_check: Optional[bool] = None
) -> tuple[tuple[str, ...], str, bool]:
    """(files, format, seed_check) with the settings filled in."""
    from ..plumbing.settings import expand

    settings = project_settings(command)
    fmt = fmt or settings.get("format", "text")
    seed_check = settings.get("seed-check", False) if seed_check is None else seed_check
    return tuple(expand(files, settings)), fmt, seed_check


def use(settings: dict[str, Any]) -> None:
    """What the settings change below the command line: where a file a record names
    (a card set) is looked for when it is not beside the record."""
    from ..kit.game_module import use_project_file_dirs

    use_project_file_dirs(settings.get("card-sets") or [])
