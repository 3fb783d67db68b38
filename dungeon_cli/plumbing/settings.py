"""Project settings: the ``[tool.dungeon]`` table of the nearest pyproject.toml.

A repository of records wants the same options on every run, by every reviewer and in
CI, without each command line repeating them; ruff and black read their settings the
same way. The nearest pyproject.toml with a ``[tool.dungeon]`` table, from the current
directory up, is read; the command line overrides it. An unknown key is an error, not
ignored: a misspelt ``exlcude`` silently checking every file would be worse than none.
"""

from __future__ import annotations

import os
from typing import Any, Callable, Iterator, Optional

from notation.model import printable

FORMATS = ("text", "json", "github")
KEYS = {
    "include": 'glob patterns of the files a directory stands for (default ["*.dgn"])',
    "exclude": "glob patterns of files and directories to leave out",
    "format": "the default output format of verify and diff: " + ", ".join(FORMATS),
    "seed-check": "verify checks every deal against its Seed, as --seed-check",
    "diff-by": "how dungeon diff pairs the records of two files: order or seed",
    "card-sets": "directories where a [Cards] path not found beside its record is looked for",
}


class SettingsError(ValueError):
    """A settings file that cannot be used: the message names the file and key."""


def find(start: Optional[str] = None) -> Optional[str]:
    """The nearest pyproject.toml that has a [tool.dungeon] table. (os.path, not
    pathlib: every ``dungeon verify`` pays for this search's imports.) A pyproject.toml
    that is a FIFO, a device or over a megabyte is a SettingsError: it might have been
    the project's settings, and reading it would hang or fill the memory."""
    directory = os.path.abspath(start or os.getcwd())
    while True:
        candidate = os.path.join(directory, "pyproject.toml")
        if b"[tool.dungeon]" in _bytes(candidate):
            return candidate
        parent = os.path.dirname(directory)
        if parent == directory:
            return None
        directory = parent


def _bytes(path: str) -> bytes:
    from .inputs import MAX_TOML_BYTES, Unreadable, read_bytes

    if not os.path.lexists(path) or os.path.isdir(path):
        return b""  # none here (or a directory of that name)
    try:
        return read_bytes(path, "settings file", MAX_TOML_BYTES)
    except Unreadable as exc:
        if "permission denied" in str(exc) or "no such file" in str(exc):
            return b""  # unreadable, or a dangling symlink: not this project's settings
        raise SettingsError(str(exc)) from None


def load(start: Optional[str] = None) -> dict[str, Any]:
    """The checked settings (keys as in the file); {} when there are none."""
    path = find(start)
    if path is None:
        return {}
    import tomllib

    from .inputs import loads_toml

    try:
        data = loads_toml(_bytes(path).decode("utf-8-sig"))  # a byte-order mark is no part of the text
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise SettingsError(f"{printable(path)}: not valid TOML: {exc}") from None
    tool = data.get("tool", {})
    table = tool.get("dungeon", {}) if isinstance(tool, dict) else {}
    if not isinstance(table, dict):
        raise SettingsError(f"{printable(path)}: [tool.dungeon] is a table")
    settings = check(table, printable(str(path)))
    if "card-sets" in settings:  # relative to the file that names them, as ruff's paths are
        settings["card-sets"] = _under_the_project(path, settings["card-sets"])
    return settings


def _under_the_project(path: str, directories: list[str]) -> list[str]:
    """The card-set directories, resolved: a record reads what lies under them, so one that
    leads out of the project (a committed ``card-sets -> /``) is refused, and the directory
    kept is the resolved one (a symlink changed later is not followed)."""
    home = os.path.realpath(os.path.dirname(path))
    out = []
    for directory in directories:
        real = os.path.realpath(os.path.join(home, directory))
        if os.path.commonpath([home, real]) != home:
            raise SettingsError(
                f"{printable(path)}: [tool.dungeon] card-sets: leads outside the project: {printable(directory)!r} "
                "(a symlink); card sets stay under the directory of the pyproject.toml"
            )
        out.append(real)
    return out


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
    if key in ("include", "exclude", "card-sets"):
        if not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
            return (
                'a list of directories, like ["card-sets"]' if key == "card-sets" else 'a list of glob patterns, like ["*.dgn"]'
            )
        if key == "card-sets":
            for directory in value:  # the project's own: a record may read what lies under them
                parts = directory.replace("\\", "/").split("/")
                if not directory or os.path.isabs(directory) or directory.startswith("~") or ".." in parts:
                    return f'directories under the project, like ["card-sets"], never {printable(directory)!r}'
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
    names and ``exclude`` does not, in a stable order. A directory with none stays, to
    be reported as the directory it is; so does a directory under it that cannot be
    listed (permission denied), to be reported rather than passed over as if empty."""
    if not any(path != "-" and os.path.isdir(path) for path in paths):
        return list(paths)  # no directory: nothing to match (and fnmatch not imported)
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
        found = len(out)
        for root, dirs, names in _walk(path, onerror=lambda exc: out.append(exc.filename)):
            dirs[:] = sorted(
                d for d in dirs if not excluded(os.path.relpath(os.path.join(root, d), path)) and not d.startswith(".")
            )
            for name in sorted(names):
                if name.startswith("."):
                    continue  # hidden, as black and ruff leave them
                full = os.path.join(root, name)
                rel = os.path.relpath(full, path)
                if any(fnmatch.fnmatch(name, p) or fnmatch.fnmatch(rel, p) for p in include) and not excluded(rel):
                    out.append(full)
        if len(out) == found:
            out.append(path)
    return out


def _walk(top: str, onerror: Callable[[OSError], None]) -> Iterator[tuple[str, list[str], list[str]]]:
    """``os.walk(top)`` top-down, without recursion: Python 3.11's recurses once a level,
    and a tree about 980 levels deep (a pull request can hold one) was a RecursionError
    in every command that takes a directory. The caller may prune ``dirs`` in place, as
    with os.walk; a directory that cannot be listed goes to ``onerror``; a symlink to a
    directory is listed among ``dirs`` and not entered."""
    stack = [top]
    while stack:
        root = stack.pop()
        dirs: list[str] = []
        names: list[str] = []
        links: set[str] = set()
        try:
            with os.scandir(root) as entries:
                for entry in entries:
                    try:
                        is_dir = entry.is_dir()
                    except OSError:
                        is_dir = False
                    (dirs if is_dir else names).append(entry.name)
                    if is_dir and entry.is_symlink():
                        links.add(entry.name)
        except OSError as exc:
            onerror(exc)
            continue
        yield root, dirs, names
        stack.extend(os.path.join(root, d) for d in reversed(dirs) if d not in links)
