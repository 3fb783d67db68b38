"""``dungeon cards``: card-set files (Cassette Dungeons!), checked before a record needs them."""

from __future__ import annotations

import os
import sys

import click

from notation import Diagnostic

from ..games.cassette_dungeons import loader
from . import report
from .terminal_text import safe


@click.group()
def cards() -> None:
    """Card-set files of Cassette Dungeons! (format: dungeon rules cassette-dungeons --full)."""


@cards.command()
@click.argument("files", nargs=-1, required=True, metavar="FILE...", type=click.Path())
@click.option("-q", "--quiet", is_flag=True, help="Print nothing; the exit status tells.")
def check(files: tuple[str, ...], quiet: bool) -> None:
    """Check card-set files and report every problem as FILE:LINE:COL: error: MESSAGE.

    Exit status: 0 every set is sound, 1 any has a problem, 2 a file could not be read.
    """
    status = 0
    for path in files:
        try:
            text = loader.read_text(path)
        except loader.Unreadable as exc:
            if not quiet:
                sys.stderr.write(f"dungeon cards check: error: {safe(str(exc))}\n")
            status = 2
            continue
        found, problems = loader.parse_text(text, os.path.splitext(os.path.basename(path))[0])
        if problems:
            status = max(status, 1)
            if not quiet:
                for p in problems:
                    click.echo(report.text_line(path, Diagnostic(p.line, p.col, p.message)))
            continue
        if not quiet and found is not None:
            counts = (
                (len(found.monsters), "monster"), (len(found.treasures), "treasure"), (len(found.traps), "trap"),
                (len(found.bosses), "boss"), (len(found.maps), "map"), (len(found.heroes), "hero"),
            )
            listed = ", ".join(_count(n, word) for n, word in counts)
            click.echo(f"{safe(path)}: card set '{safe(found.name)}' is sound: {listed}, health {found.health}")
    sys.exit(status)


def _count(n: int, word: str) -> str:
    if n == 1:
        return f"1 {word}"
    return f"{n} {word}{'es' if word.endswith('s') or word.endswith('o') else 's'}"
