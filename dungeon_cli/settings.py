"""Project settings: the ``[tool.dungeon]`` table of the nearest pyproject.toml.

A repository of records wants the same options on every run, by every reviewer and in
CI, without each command line repeating them; ruff and black read their settings the
same way. The nearest pyproject.toml with a ``[tool.dungeon]`` table, from the current
directory up, is read; the command line overrides it. An unknown key is an error, not
ignored: a misspelt ``exlcude`` silently checking every file would be worse than none.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Optional

FORMATS = ("text", "json", "github")
KEYS = {
    "include": "glob patterns of the files a directory stands for (default [\"*.dgn\"])",
    "exclude": "glob patterns of files and directories to leave out",
    "format": "the default output format of verify and diff: " + ", ".join(FORMATS),
    "seed-check": "verify checks every deal against its Seed, as --seed-check",
    "diff-by": "how dungeon diff pairs the records of two files: order or seed",
}


class SettingsError(ValueError):
    """A settings file that cannot be used: the message names the file and key."""


def find(start: Optional[Path] = None) -> Optional[Path]:
    """The nearest pyproject.toml that has a [tool.dungeon] table."""
    here = (start or Path.cwd()).resolve()
    for directory in (here, *here.parents):
        candidate = directory / "pyproject.toml"
        if candidate.is_file() and b"[tool.dungeon]" in _bytes(candidate):
            return candidate
    return None


def _bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError:
        return b""


def load(start: Optional[Path] = None) -> dict[str, Any]:
    """The checked settings (keys as in the file); {} when there are none."""
    if os.environ.get("DUNGEON_NO_SETTINGS"):
        return {}
    path = find(start)
    if path is None:
        return {}
    import tomllib

    try:
        data = tomllib.loads(path.read_bytes().decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise SettingsError(f"{path}: not valid TOML: {exc}") from None
    table = data.get("tool", {}).get("dungeon", {})
    if not isinstance(table, dict):
        raise SettingsError(f"{path}: [tool.dungeon] is a table")
    return check(table, str(path))


def check(table: dict[str, Any], where: str) -> dict[str, Any]:
    for key, value in table.items():
        if key not in KEYS:
            known = ", ".join(KEYS)
            raise SettingsError(f"{where}: unknown key '{key}' in [tool.dungeon] (keys: {known})")
        problem = _problem(key, value)
        if problem:
            raise SettingsError(f"{where}: [tool.dungeon] {key}: {problem}")
    return dict(table)


def _problem(key: str, value: Any) -> Optional[str]:
    if key in ("include", "exclude"):
        if not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
            return "a list of glob patterns, like [\"*.dgn\"]"
    elif key == "format":
        if value not in FORMATS:
            return f"one of {', '.join(FORMATS)}, not {value!r}"
    elif key == "seed-check":
        if not isinstance(value, bool):
            return "true or false"
    elif key == "diff-by":
        if value not in ("order", "seed"):
            return f"order or seed, not {value!r}"
    return None


def expand(paths: tuple[str, ...], settings: dict[str, Any]) -> list[str]:
    """Paths with each directory replaced by the files under it that ``include``
    names and ``exclude`` does not, in a stable order."""
    import fnmatch

    include = settings.get("include", ["*.dgn"])
    exclude = settings.get("exclude", [])

    def excluded(rel: str) -> bool:
        name = os.path.basename(rel)
        return any(fnmatch.fnmatch(rel, p) or fnmatch.fnmatch(name, p) for p in exclude)

    out: list[str] = []
    for path in paths:
        if path == "-" or not os.path.isdir(path):
            out.append(path)
            continue
        for root, dirs, names in os.walk(path):
            dirs[:] = sorted(d for d in dirs if not excluded(os.path.relpath(os.path.join(root, d), path)) and not d.startswith("."))
            for name in sorted(names):
                full = os.path.join(root, name)
                rel = os.path.relpath(full, path)
                if any(fnmatch.fnmatch(name, p) or fnmatch.fnmatch(rel, p) for p in include) and not excluded(rel):
                    out.append(full)
    return out
