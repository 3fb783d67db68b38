"""Opening the files a command is given: paths, ``-`` for standard input, and the
usage errors (exit 2) for what cannot be read at all."""

from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from typing import TYPE_CHECKING, BinaryIO, Generator, Optional

from notation.model import printable

from .. import safe_write

if TYPE_CHECKING:
    from .ruletag import RuleTag

STDIN = "-"


class Unreadable(Exception):
    """A path that names no readable file: a usage error."""


def display_name(path: str) -> str:
    return "<stdin>" if path == STDIN else path


@contextmanager
def open_binary(path: str) -> Generator[BinaryIO, None, None]:
    if path == STDIN:
        yield sys.stdin.buffer
        return
    shown = printable(path)  # a name may hold a line end or an escape
    if os.path.isdir(path):
        raise Unreadable(f"{shown}: is a directory, not a DGN file")
    try:
        handle = open(path, "rb")
    except FileNotFoundError:
        raise Unreadable(f"{shown}: no such file") from None
    except PermissionError:
        raise Unreadable(f"{shown}: permission denied") from None
    except OSError as exc:
        raise Unreadable(f"{shown}: cannot be read ({exc.strerror})") from None
    with handle:
        safe_write.note_input(handle)  # an input of this run is never one of its outputs
        yield handle


def rule_tag_option(game, name: str, value, record_dir, hint: str) -> tuple[dict, list, Optional[RuleTag]]:
    """A game's rule tag given on the command line (``--cards FILE`` is ``[Cards "FILE"]``):
    the options it sets, the tag for the record and the tag itself. A file the user names
    is theirs to read: it is read from its own directory. The record names it as seen
    from ``record_dir`` (where a record's file names are looked up) when it lies there or
    below; else by its file name, and a note says which ``--cards-path`` finds it, since a
    record never names a file outside the directories its reader allows. A usage error
    (exit 2) when the game has no such tag or the value is wrong."""
    import click

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
    try:
        options = rule_options(game, [(name, read)], base)
    except SetupError as exc:
        raise click.BadParameter(exc.message, param_hint=hint) from None
    return options, [(name, written)], RuleTag(name, read, base, written)
