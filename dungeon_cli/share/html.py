"""``dungeon replay FILE --html OUT``: the records of a file as one web page.

The page is written whatever the records hold: an illegal record is shown up to its
fault, with the diagnostics, which are also printed as ``verify`` prints them.
"""

from __future__ import annotations

import sys

import click

from ..cli.inputs import Unreadable, display_name, open_binary
from .output import NotWritten, write_new


def write_html(file: str, out: str, force: bool) -> int:
    """Write the page; the exit status (0 every record legal, 1 not, 2 nothing written)."""
    from notation import read

    from .page import build

    name = display_name(file)
    try:
        with open_binary(file) as stream:
            records = list(read(stream, source=None if file == "-" else file))
    except Unreadable as exc:
        click.echo(f"dungeon replay: error: {exc}", err=True)
        return 2
    if not records:
        click.echo(f'{name}:1:1: error: no record in this file: a record starts with [Game "..."]', err=True)
        return 1
    text, replays = build(records, name)
    for rp in replays:
        for d in rp.verdict.diagnostics:
            click.echo(f"{name}:{d.line}:{d.col}: {d.severity}: {d.message}", err=True)
    try:
        write_new(out, text, force)
    except NotWritten as exc:
        click.echo(f"dungeon replay: error: {exc}", err=True)
        return 2
    games = f"{len(records)} game" + ("s" if len(records) != 1 else "")
    click.echo(f"{out}: {games}, {len(text.encode('utf-8')):,} bytes")
    return 0 if all(rp.verdict.legal for rp in replays) else 1
