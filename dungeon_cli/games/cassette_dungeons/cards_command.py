"""``dungeon cards``: card-set files (Cassette Dungeons!), checked before a record needs them."""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Optional

import click

from notation import Diagnostic

from ...kit.terminal_text import safe
from ...plumbing import report, safe_write
from ...plumbing.inputs import display_name, is_stdin
from . import loader

if TYPE_CHECKING:
    from .cardset import CardSet


@click.group(short_help="Check or export Cassette Dungeons! card sets.")
def cards() -> None:
    """Card-set files of Cassette Dungeons! (format: dungeon rules cassette-dungeons --full)."""


@cards.command()
@click.argument("files", nargs=-1, required=True, metavar="FILE... | -", type=click.Path(allow_dash=True))
@click.option("-q", "--quiet", is_flag=True, help="Print nothing; the exit status tells.")
def check(files: tuple[str, ...], quiet: bool) -> None:
    """Check card-set files and report every problem as FILE:LINE:COL: error: MESSAGE
    (``-`` or /dev/stdin: the set on standard input).

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
        shown = display_name(path)
        found, problems = loader.parse_text(text, "stdin" if is_stdin(path) else os.path.splitext(os.path.basename(path))[0])
        if problems:
            status = max(status, 1)
            if not quiet:
                for p in problems:
                    click.echo(report.text_line(shown, Diagnostic(p.line, p.col, p.message)))
            continue
        if found is not None:
            unfair = fairness_diagnostics(text, found)
            if any(d.severity == "error" for d in unfair):
                status = max(status, 1)
            if not quiet:
                for d in unfair:
                    click.echo(report.text_line(shown, d))
            if any(d.severity == "error" for d in unfair):
                continue
        if not quiet and found is not None:
            counts = (
                (len(found.monsters), "monster"),
                (len(found.treasures), "treasure"),
                (len(found.traps), "trap"),
                (len(found.bosses), "boss"),
                (len(found.maps), "map"),
                (len(found.heroes), "hero"),
            )
            listed = ", ".join(_count(n, word) for n, word in counts)
            click.echo(f"{safe(shown)}: card set '{safe(found.name)}' is sound: {listed}, health {found.health}")
    sys.exit(status)


@cards.command()
@click.argument("file", required=False, metavar="[FILE]")
@click.option("--set", "name", default="default", show_default=True, help="The built-in set to write.")
def export(file: Optional[str], name: str) -> None:
    """Write a built-in card set as a TOML file, a starting point for a set of your own
    (to standard output without FILE). An existing FILE is never overwritten.

    Exit status: 0 written, 2 FILE exists or cannot be written, or no such built-in set.
    """
    if name not in loader.BUILTIN:
        raise click.BadParameter(f"no built-in set '{name}' (built-in: {', '.join(loader.BUILTIN)})", param_hint="--set")
    text = loader.builtin_text(name)
    if file is None or file == "-":
        click.echo(text, nl=False)
        return
    try:  # written whole or not at all: a full disk leaves no empty file behind
        safe_write.write(file, text.encode("utf-8"))
    except FileExistsError:
        sys.stderr.write(f"dungeon cards export: error: {safe(file)} exists already: not overwritten\n")
        sys.exit(2)
    except OSError as exc:
        sys.stderr.write(f"dungeon cards export: error: {safe(file)}: cannot be written ({exc.strerror})\n")
        sys.exit(2)
    click.echo(f"{safe(file)}: the built-in card set '{name}'; check it with dungeon cards check {safe(file)}", err=True)


def fairness_diagnostics(text: str, found: CardSet) -> list[Diagnostic]:
    """The set's fairness findings (cardset.fairness), placed at their key in the file."""
    from .cardset import fairness, key_text
    from .tomlpos import key_positions, locate

    positions = key_positions(text)
    out = []
    for f in fairness(found):
        line, col = locate(positions, f.path) or (1, 1)
        out.append(Diagnostic(line, col, f"{key_text(f.path)}: {f.message}", f.severity))
    return sorted(out, key=lambda d: (d.line, d.col))


def _count(n: int, word: str) -> str:
    if n == 1:
        return f"1 {word}"
    return f"{n} {word}{'es' if word.endswith('s') or word.endswith('o') else 's'}"
