"""Reading card-set files: the I/O half of card sets (``cardset.build`` is the pure half).

The notation layer and the CLI call this; the rules core only ever sees a built
``CardSet``. Every problem comes back with a line and column: tomllib's own position
for a syntax error, else the position of the key path where the problem lies.
"""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from typing import Optional

from notation.model import printable

from ...kit.game_module import record_file_roots
from ...plumbing import inputs
from ...plumbing.inputs import Unreadable as Unreadable  # named here too: the card set's readers catch it
from ...plumbing.inputs import loads_toml
from .cardset import CardSet, build, key_text
from .tomlpos import key_positions, locate

BUILTIN = ("default",)
_AT = re.compile(r"^(.*) \(at line (\d+), column (\d+)\)$")
_AT_END = re.compile(r"^(.*) \(at end of document\)$")


@dataclass(frozen=True)
class SetProblem:
    line: int
    col: int
    message: str


def parse_text(text: str, name: str = "") -> tuple[Optional[CardSet], list[SetProblem]]:
    """The card set a TOML text describes, or None and its problems, in text order."""
    try:
        doc = loads_toml(text)
    except tomllib.TOMLDecodeError as exc:
        return None, [_syntax(str(exc), text)]
    cards, problems = build(doc, name)
    if not problems:
        return cards, []
    positions = key_positions(text)
    out = []
    for problem in problems:
        where = locate(positions, problem.path) or (1, 1)
        prefix = f"{key_text(problem.path)}: " if problem.path else ""
        out.append(SetProblem(where[0], where[1], prefix + problem.message))
    out.sort(key=lambda p: (p.line, p.col))
    return None, out


def read_text(path: str) -> str:
    """The text of a card-set file, through the one door every file comes in by: a
    record may name any path, so only a regular file of at most a megabyte is read
    (``/dev/zero`` would fill the memory, a FIFO would wait for ever); ``-`` and
    ``/dev/stdin`` are standard input, for ``dungeon cards check -``."""
    return inputs.read_text(path, "card-set file")


def builtin_text(name: str) -> str:
    return resources.files(__package__).joinpath("sets").joinpath(f"{name}.toml").read_text(encoding="utf-8")


@cache
def builtin(name: str = "default") -> CardSet:
    """A set shipped with the package; a broken one is a bug, so it raises."""
    cards, problems = parse_text(builtin_text(name), name)
    if cards is None:
        raise RuntimeError(f"built-in card set {name} is broken: {problems[0]}")
    return cards


def load(spec: str, base: Optional[str] = None) -> tuple[Optional[CardSet], list[SetProblem]]:
    """The set a ``[Cards "..."]`` value names: a built-in name, or a path resolved against
    ``base`` (a directory) when given, else the working directory. Unreadable if the file
    cannot be read."""
    if spec in BUILTIN:
        return builtin(spec), []
    path = spec if base is None or os.path.isabs(spec) else os.path.join(base, spec)
    try:
        stamp = os.stat(path).st_mtime_ns
    except OSError:
        stamp = 0
    try:
        return _load_cached(os.path.abspath(path), stamp)
    except Unreadable as exc:
        raise Unreadable(str(exc).replace(printable(os.path.abspath(path)), printable(spec), 1)) from None


SECTIONS = {"set", "monster", "treasure", "trap", "boss", "map", "hero"}


def load_for_record(spec: str, record_dir: str) -> tuple[Optional[CardSet], list[SetProblem]]:
    """The set a record's ``[Cards "..."]`` names. A record is someone else's file, so it
    does not get to choose what is read: a built-in set, or a file under the record's own
    directory (or under the ``--cards-path`` directories the user named), never an
    absolute path, ``..``, or a symlink leading out. And a file that is not a card set
    (not TOML, or sections a set does not have) is said to be so without quoting it."""
    if spec in BUILTIN:
        return builtin(spec), []
    shown = printable(spec)  # a record's text: a name may hold an escape
    parts = spec.replace("\\", "/").split("/")
    if os.path.isabs(spec) or spec.startswith("~") or ".." in parts:
        raise Unreadable(
            f"{shown}: a record may name a built-in set ({', '.join(BUILTIN)}) or a file under its own directory "
            "(or a --cards-path directory), never an absolute path or '..'"
        )
    # One answer for every file that cannot be used (none there, a directory, a FIFO, not a
    # card set, unreadable): words that told them apart would tell a record's author
    # whether any path exists on the machine that checks it.
    unknown = Unreadable(f"{shown}: no card set of that name (a built-in one, or a card-set file: see dungeon cards check)")
    for root in record_file_roots(record_dir):
        root = os.path.realpath(root)
        path = os.path.join(root, spec)
        if not os.path.lexists(path):
            continue
        real = os.path.realpath(path)
        if os.path.commonpath([root, real]) != root:
            raise Unreadable(
                f"{shown}: leads outside {printable(root)} (a symlink): a record's card set stays under its directory"
            )
        try:
            stamp = os.stat(real).st_mtime_ns
        except OSError:
            stamp = 0
        try:
            cards, problems = _load_cached(real, stamp)
        except Unreadable:
            raise unknown from None
        if problems and not _looks_like_a_set(real):
            raise unknown
        return cards, problems
    raise unknown


def _looks_like_a_set(path: str) -> bool:
    try:
        doc = loads_toml(read_text(path))
    except (tomllib.TOMLDecodeError, Unreadable):
        return False
    return bool(doc) and set(doc) <= SECTIONS


@lru_cache(maxsize=32)
def _load_cached(path: str, stamp: int) -> tuple[Optional[CardSet], list[SetProblem]]:
    text = read_text(path)
    return parse_text(text, os.path.splitext(os.path.basename(path))[0])


def _syntax(message: str, text: str) -> SetProblem:
    m = _AT.match(message)
    if m:
        return SetProblem(int(m.group(2)), int(m.group(3)), f"TOML syntax: {m.group(1)}")
    m = _AT_END.match(message)
    lines = text.split("\n")
    if m:
        return SetProblem(len(lines), len(lines[-1]) + 1, f"TOML syntax: {m.group(1)} at the end of the file")
    return SetProblem(1, 1, f"TOML syntax: {message}")
