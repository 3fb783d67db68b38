"""The two sides of ``dungeon diff`` as files: two paths, or the seven (nine for a
rename) arguments git hands an external diff driver.

Git's arguments: ``path old-file old-hex old-mode new-file new-hex new-mode`` (and
``new-path similarity`` after a rename); a side that does not exist is ``/dev/null``.
One argument is git naming an unmerged path, which has no sides to compare.
"""

from __future__ import annotations

from contextlib import ExitStack
from typing import Iterator, Optional

from notation import NO_RECORD, Record, read

from .reading import STDIN, Unreadable, display_name, open_binary

ABSENT = "/dev/null"


class Trouble(Exception):
    """Nothing to compare: the one line to print, exit 2."""


class Operand:
    """One side: the file to read, the name to show, and the path its records are
    relative to (a card set named by a record is found beside the file in the work
    tree, not beside git's temporary copy of the blob)."""

    def __init__(self, path: str, name: str, source: Optional[str], absent: bool = False, git: bool = False):
        self.git = git  # git stops at a driver that fails: a file without records is an empty side
        self.path = path
        self.name = name
        self.source = source
        self.absent = absent

    def records(self) -> Iterator[Record]:
        """The records, read as they are asked for (a diff holds one pair at a time); the
        file is opened and its first record read now, so that a file that cannot be read
        or holds none is said before anything is printed."""
        if self.absent:
            return iter(())
        stack = ExitStack()
        try:
            stream = stack.enter_context(open_binary(self.path))
            found = read(stream, source=self.source)
            first = next(found, None)
        except Unreadable as exc:
            stack.close()
            raise Trouble(f"dungeon diff: error: {exc}") from None
        if first is None:
            stack.close()
            if not self.git:
                raise Trouble(f"{self.name}:1:1: error: {NO_RECORD}")
            return iter(())
        return self._rest(stack, first, found)

    @staticmethod
    def _rest(stack: ExitStack, first: Record, found: Iterator[Record]) -> Iterator[Record]:
        with stack:
            yield first
            yield from found


class Operands:
    def __init__(self, a: Operand, b: Operand, git: bool = False, unmerged: Optional[str] = None):
        self.a = a
        self.b = b
        self.git = git
        self.unmerged = unmerged

    @property
    def annotated(self) -> str:
        """The path annotations point at: the new side, as the repository names it."""
        return self.b.source or self.b.name


def operands(args: tuple[str, ...]) -> Operands:
    if len(args) == 2:
        a, b = args
        if a == STDIN and b == STDIN:
            raise Trouble("dungeon diff: error: only one side can be read from standard input")
        return Operands(
            Operand(a, display_name(a), None if a == STDIN else a),
            Operand(b, display_name(b), None if b == STDIN else b),
        )
    if len(args) in (7, 9):
        path, old, new = args[0], args[1], args[4]
        new_path = args[7] if len(args) == 9 else path
        return Operands(
            Operand(old, f"a/{path}", path, absent=old == ABSENT, git=True),
            Operand(new, f"b/{new_path}", new_path, absent=new == ABSENT, git=True),
            git=True,
        )
    if len(args) == 1:
        return Operands(Operand(ABSENT, "", None, True), Operand(ABSENT, "", None, True), git=True, unmerged=args[0])
    raise Trouble(
        f"dungeon diff: error: it takes two files (or the seven arguments git passes an external diff), not {len(args)}"
    )
