"""The command line's side of reading: a rule tag given as an option (``--cards FILE``).
Opening the files themselves is ``dungeon_cli.plumbing.inputs``, the one door every command
reads by; its names are here too for the commands that import them from beside them."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, Optional

import click

from notation.model import printable

from ..plumbing.inputs import STDIN, Unreadable, display_name, open_binary

if TYPE_CHECKING:
    from .ruletag import RuleTag

__all__ = ["STDIN", "Directory", "Unreadable", "display_name", "open_binary", "rule_tag_option"]


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
