"""The command line's side of reading: a rule tag given as an option (``--cards FILE``).
Opening the files themselves is ``dungeon_cli.plumbing.inputs``, the one door every command
reads by; its names are here too for the commands that import them from beside them."""

from __future__ import annotations

import itertools
import os
from typing import TYPE_CHECKING, Any, Iterator, Optional

import click

from notation import NO_RECORD
from notation.model import printable

from ..plumbing.inputs import STDIN, Unreadable, display_name, open_binary

if TYPE_CHECKING:
    from notation import Record

    from .ruletag import RuleTag

__all__ = [
    "NO_RECORD",
    "STDIN",
    "Directory",
    "RecordFiles",
    "Unreadable",
    "display_name",
    "first_record",
    "open_binary",
    "rule_tag_option",
]


class RecordFiles:
    """The records of the files a command was given, a file at a time and as read
    (through the one door, ``open_binary``), so that a directory of a million records is
    never held whole: the one loop of every command that takes records by the file.
    Each is ``(name, record)``, the name as it may be shown; a file that holds no record
    gives ``(name, None)`` once, for the command to list; a file that cannot be read is
    said on standard error when its turn comes (``unreadable`` is then set: exit 2) and
    the run goes on."""

    def __init__(self, command: str, files: tuple[str, ...]):
        self.command = command
        self.files = files
        self.unreadable = False

    def __iter__(self) -> Iterator[tuple[str, Optional[Record]]]:
        from notation import read

        for path in self.files:
            name = display_name(path)
            found = 0
            try:
                with open_binary(path) as stream:
                    for record in read(stream, source=None if path == "-" else path):
                        found += 1
                        yield name, record
            except Unreadable as exc:
                click.echo(f"dungeon {self.command}: error: {exc}", err=True)
                self.unreadable = True
                continue
            if not found:
                yield name, None

    def count(self) -> int:
        """How many records the files hold (0 when standard input is among them, which
        can be read once only); a file that cannot be read counts none."""
        if "-" in self.files:
            return 0
        from notation import read

        total = 0
        for path in self.files:
            try:
                with open_binary(path) as stream:
                    total += sum(1 for _ in read(stream))
            except Unreadable:
                pass
        return total


class Directory(click.Path):
    """A directory that exists: ``click.Path(file_okay=False)`` refuses a regular file
    only, and lets a FIFO or a device through as if it were a directory."""

    def __init__(self) -> None:
        super().__init__(exists=True, file_okay=False)

    def convert(self, value: Any, param: Optional[click.Parameter], ctx: Optional[click.Context]) -> Any:
        value = super().convert(value, param, ctx)
        if not os.path.isdir(value):
            self.fail(f"{printable(os.fsdecode(value))}: is not a directory", param, ctx)
        return value


def rule_tag_option(
    game: Optional[str], name: str, value: Optional[str], record_dir: Optional[str], hint: str
) -> tuple[dict[str, Any], list[tuple[str, str]], Optional[RuleTag]]:
    """A game's rule tag given on the command line (``--cards FILE`` is ``[Cards "FILE"]``):
    the options it sets, the tag for the record and the tag itself. A file the user names
    is theirs to read: it is read from its own directory. The record names it as seen
    from ``record_dir`` (where a record's file names are looked up) when it lies there or
    below; else by its file name, and a note says which ``--cards-path`` finds it, since a
    record never names a file outside the directories its reader allows. A usage error
    (exit 2) when the game has no such tag or the value is wrong."""

    from ..engine.setup import SetupError
    from ..engine.tags import rule_options
    from .ruletag import RuleTag

    if value is None:
        return {}, [], None
    base: Optional[str] = None
    read = value
    written = value
    if os.path.isfile(value):
        path = os.path.abspath(value)
        base, read = os.path.split(path)
        written = os.path.relpath(path, os.path.abspath(record_dir or os.curdir))
        if written.split(os.sep)[0] == os.pardir:
            written = read
            shown_dir = os.path.relpath(base)
            click.echo(f"note: the record names its card set '{read}': verify it with --cards-path {shown_dir}", err=True)
    if game is None:  # no game named: unknown, as the registry says
        raise KeyError(game)
    try:
        options = rule_options(game, [(name, read)], base)
    except SetupError as exc:
        raise click.BadParameter(exc.message, param_hint=hint) from None
    return options, [(name, written)], RuleTag(name, read, base, written)


def first_record(file: str, name: str, source: Optional[str] = None) -> Record:
    """The first record of ``file``, for a command that works on one record (it reads no
    further): a file that cannot be opened is a usage error on FILE, a file with no
    record an error naming it ``name``. ``source``: the path kept on the record."""
    from notation import read

    from ..kit.terminal_text import safe

    try:
        with open_binary(file) as stream:
            records = list(itertools.islice(read(stream, source=source), 1))
    except Unreadable as exc:
        raise click.BadParameter(str(exc), param_hint="FILE") from None
    if not records:
        raise click.ClickException(f"{safe(name)}: no record in this file")
    return records[0]
