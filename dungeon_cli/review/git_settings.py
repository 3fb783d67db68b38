"""What ``dungeon git-setup`` writes into a repository, and how it checks what is there.

Three settings make git review records by their games:

- ``.gitattributes``: ``*.dgn diff=dgn`` names the driver for every record;
- ``diff.dgn.textconv``: ``git log -p``, ``git show`` and ``git diff --no-ext-diff`` diff
  each record as ``dungeon textconv`` writes it, the state on every line of both sides;
- ``diff.dgn.command``: ``git diff`` (and ``--ext-diff`` elsewhere) runs ``dungeon diff``,
  which says where the games part and what it cost;

and ``difftool.dungeon.cmd`` for ``git difftool -t dungeon``. The attribute is committed
with the repository, so every clone has it; the driver is each clone's own config (git
never runs a command a repository's content names), so each reviewer runs this once.

A setting already there with another value is someone's choice: it is replaced only
when the user says so.
"""

from __future__ import annotations

import os
import subprocess
from typing import Callable, Optional

from notation.model import printable

from ..kit.terminal_text import safe
from ..plumbing import inputs, safe_write

ATTRIBUTE = "*.dgn diff=dgn"
CONFIG = {
    "diff.dgn.textconv": "dungeon textconv",
    "diff.dgn.command": "dungeon diff",
    "difftool.dungeon.cmd": 'dungeon diff "$LOCAL" "$REMOTE"',
}


class GitError(Exception):
    """Not in a repository, or git is missing: a one-line message."""


def directory(cwd: str) -> None:
    """A DIR that is no directory is said as such (else a missing directory reads as a
    missing git), whatever is asked of it, ``--print`` included."""
    if not os.path.isdir(cwd):
        raise GitError(f"{printable(cwd)}: {'no such directory' if not os.path.lexists(cwd) else 'not a directory'}")


def git(args: list[str], cwd: str) -> subprocess.CompletedProcess[str]:
    directory(cwd)
    try:
        return subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, errors="surrogateescape")
    except FileNotFoundError:
        raise GitError("git is not installed (no 'git' on PATH)") from None


def top(cwd: str) -> str:
    done = git(["rev-parse", "--show-toplevel"], cwd)
    if done.returncode != 0:
        raise GitError(f"{printable(cwd)}: not inside a git repository")
    # only the line end: "repo " (a trailing space) is another directory than "repo"
    out: str = done.stdout
    return out.removesuffix("\n")


def config_value(key: str, cwd: str) -> Optional[str]:
    done = git(["config", "--get", key], cwd)
    return done.stdout.rstrip("\n") if done.returncode == 0 else None


def set_config(key: str, value: str, cwd: str) -> None:
    done = git(["config", "--local", key, value], cwd)
    if done.returncode != 0:
        raise GitError(f"git config {key}: {done.stderr.strip()}")


def _attributes(root: str) -> Optional[bytes]:
    """What the repository's top .gitattributes holds (None: there is none), read through
    the door in: a FIFO there hung git-setup for good (and git itself, which is asked only
    once it is known to be a plain file), ``/dev/zero`` filled the memory. A symlink is
    not read: git ignores it."""
    from ..plumbing.inputs import MB, Unreadable, read_bytes

    path = os.path.join(root, ".gitattributes")
    if not os.path.lexists(path) or os.path.islink(path):
        return None
    try:
        return read_bytes(path, ".gitattributes file", MB)
    except Unreadable as exc:
        raise GitError(f"{exc}: make it a plain file, then run again") from None


def attribute(root: str) -> Optional[str]:
    """The diff attribute a record at the top of the repository has now (None: unset)."""
    _attributes(root)  # (git would wait on a FIFO for good)
    done = git(["check-attr", "diff", "--", "record.dgn"], root)
    value = done.stdout.strip().rsplit(": ", 1)[-1] if done.returncode == 0 else ""
    return None if value in ("", "unspecified") else value


def add_attribute(root: str) -> None:
    """The attribute line added to .gitattributes (made if need be), whatever its
    encoding, replaced atomically. A .gitattributes that is a symlink is never written
    through: git ignores it (so the line would be added again on every run), and its
    target may be any file outside the repository."""
    path = os.path.join(root, ".gitattributes")
    if os.path.islink(path):
        raise GitError(
            ".gitattributes is a symlink, which git ignores, and writing through it would change "
            f"{printable(os.path.realpath(path))}: make it a plain file, then run again"
        )
    old = _attributes(root)
    inputs.rewritten(path)  # read to add a line to it, through the door in
    data = old or b""
    if data and not data.endswith(b"\n"):
        data += b"\n"
    try:
        safe_write.write(path, data + ATTRIBUTE.encode() + b"\n", force=old is not None, within=root)
    except OSError as exc:
        raise GitError(f"{printable(path)}: {exc.strerror}") from None


def commands() -> list[str]:
    """The settings as a reader would type them (``--print``)."""
    lines = [f"echo '{ATTRIBUTE}' >> .gitattributes"]
    for key, value in CONFIG.items():
        quoted = "'" + value.replace("'", "'\\''") + "'"
        lines.append(f"git config {key} {quoted}")
    return lines


def set_up(root: str, agree: Callable[[str], bool], say: Callable[[str], None]) -> int:
    """Make every setting in the repository at ``root`` (the attribute, then ``CONFIG``),
    each said by ``say`` as kept, added, set, replaced or left: a setting there with
    another value is replaced only if ``agree`` says yes to the question. How many were left."""
    left = 0
    current = attribute(root)
    if current == "dgn":
        say(f"kept      .gitattributes: {ATTRIBUTE}")
    elif current is None or agree(
        f"records have diff={safe(current)} here; add '{ATTRIBUTE}' to .gitattributes, which overrides it?"
    ):
        add_attribute(root)
        say(f"added     .gitattributes: {ATTRIBUTE}")
    else:
        left += 1
        say(f"left      .gitattributes: records keep diff={safe(current)}")
    for key, value in CONFIG.items():
        had = config_value(key, root)
        if had == value:
            say(f"kept      {key} = {value}")
        elif had is None or agree(f"{key} is '{safe(had)}'; replace it with '{value}'?"):
            set_config(key, value, root)
            say(f"{'set' if had is None else 'replaced':<9} {key} = {value}")
        else:
            left += 1
            say(f"left      {key} = {safe(had)}")
    return left
