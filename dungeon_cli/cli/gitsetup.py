"""``dungeon git-setup``: make ``git diff`` of records show their games."""

from __future__ import annotations

import shutil
import sys

import click

from ..kit.terminal_text import safe


@click.command("git-setup")
@click.argument("directory", default=".", required=False, metavar="[DIR]")
@click.option("--print", "show", is_flag=True, help="Change nothing; print the settings as commands.")
@click.option("--yes", "-y", is_flag=True, help="Replace a setting that is there with another value without asking.")
def git_setup(directory: str, show: bool, yes: bool) -> None:
    """Set up the repository holding DIR (default: here) so that git diffs records by
    their games: '*.dgn diff=dgn' in .gitattributes, and in the repository's config
    'dungeon textconv' as the textconv and 'dungeon diff' as the diff command of that
    driver (and as difftool 'dungeon').

    A setting already there with another value is left alone unless you say so (at a
    terminal you are asked; --yes says yes).

    Exit status: 0 everything is set, 1 a setting was left as it was, 2 not in a git
    repository.
    """
    from ..review import git_settings as gs

    try:
        gs.directory(directory)
        if show:
            for line in gs.commands():
                click.echo(line)
            return
        root = gs.top(directory)
        left = 0
        current = gs.attribute(root)
        if current == "dgn":
            click.echo(f"kept      .gitattributes: {gs.ATTRIBUTE}")
        elif current is None or _agree(
            f"records have diff={safe(current)} here; add '{gs.ATTRIBUTE}' to .gitattributes, which overrides it?", yes
        ):
            gs.add_attribute(root)
            click.echo(f"added     .gitattributes: {gs.ATTRIBUTE}")
        else:
            left += 1
            click.echo(f"left      .gitattributes: records keep diff={safe(current)}")
        for key, value in gs.CONFIG.items():
            had = gs.config_value(key, root)
            if had == value:
                click.echo(f"kept      {key} = {value}")
            elif had is None or _agree(f"{key} is '{safe(had)}'; replace it with '{value}'?", yes):
                gs.set_config(key, value, root)
                click.echo(f"{'set' if had is None else 'replaced':<9} {key} = {value}")
            else:
                left += 1
                click.echo(f"left      {key} = {safe(had)}")
    except gs.GitError as exc:
        click.echo(f"dungeon git-setup: error: {exc}", err=True)
        sys.exit(2)
    if shutil.which("dungeon") is None:
        click.echo("warning: 'dungeon' is not on PATH, so git cannot run it: install it, or put its directory on PATH", err=True)
    if left:
        click.echo(
            f"{left} setting{'s' if left != 1 else ''} left as {'they were' if left != 1 else 'it was'}: run again at a terminal, or with --yes, to replace {'them' if left != 1 else 'it'}",
            err=True,
        )
        sys.exit(1)


def _agree(question: str, yes: bool) -> bool:
    if yes:
        return True
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return False
    return click.confirm(question, default=False)
