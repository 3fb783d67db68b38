"""``dungeon cards``: card-set files (Cassette Dungeons!), checked before a record needs them."""

from __future__ import annotations

import sys

import click

from notation import Diagnostic

from ..games.cassette_dungeons import loader
from . import report


@click.group()
def cards() -> None:
    """Card-set files of Cassette Dungeons! (format: docs/card-sets.md)."""


@cards.command()
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
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
                sys.stderr.write(f"dungeon cards check: error: {exc}\n")
            status = 2
            continue
        found, problems = loader.parse_text(text)
        if problems:
            status = max(status, 1)
            if not quiet:
                for p in problems:
                    click.echo(report.text_line(path, Diagnostic(p.line, p.col, p.message)))
            continue
        if not quiet and found is not None:
            click.echo(
                f"{path}: card set '{found.name}' is sound: {len(found.monsters)} monsters, "
                f"{len(found.treasures)} treasures, {len(found.traps)} traps, {len(found.bosses)} bosses, "
                f"{len(found.maps)} maps, {len(found.heroes)} heroes, health {found.health}"
            )
    sys.exit(status)
