"""Opening the files a command is given: paths, ``-`` for standard input, and the
usage errors (exit 2) for what cannot be read at all."""

from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from typing import BinaryIO, Iterator

STDIN = "-"


class Unreadable(Exception):
    """A path that names no readable file: a usage error."""


def display_name(path: str) -> str:
    return "<stdin>" if path == STDIN else path


@contextmanager
def open_binary(path: str) -> Iterator[BinaryIO]:
    if path == STDIN:
        yield sys.stdin.buffer
        return
    if os.path.isdir(path):
        raise Unreadable(f"{path}: is a directory, not a DGN file")
    try:
        handle = open(path, "rb")
    except FileNotFoundError:
        raise Unreadable(f"{path}: no such file") from None
    except PermissionError:
        raise Unreadable(f"{path}: permission denied") from None
    except OSError as exc:
        raise Unreadable(f"{path}: cannot be read ({exc.strerror})") from None
    with handle:
        yield handle


def rule_tag_option(game, name: str, value, record_dir, hint: str) -> tuple[dict, list]:
    """A game's rule tag given on the command line (``--cards FILE`` is ``[Cards "FILE"]``):
    the options it sets, and the tag for the record, a path written as seen from
    ``record_dir`` (where a record's relative path is read from). A usage error (exit 2)
    when the game has no such tag or the value is wrong."""
    import click

    from ..engine.setup import SetupError
    from ..engine.tags import rule_options

    if value is None:
        return {}, []
    is_file = os.path.exists(value)
    try:
        options = rule_options(game, [(name, os.path.abspath(value) if is_file else value)])
    except SetupError as exc:
        raise click.BadParameter(exc.message, param_hint=hint) from None
    written = value
    if is_file and record_dir is not None:
        written = os.path.relpath(os.path.abspath(value), os.path.abspath(record_dir))
    return options, [(name, written)]
