"""``dungeon git-setup``: make ``git diff`` of records show their games."""

from __future__ import annotations

import shutil
import sys

import click


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
        left = gs.set_up(gs.top(directory), lambda question: _agree(question, yes), click.echo)
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
