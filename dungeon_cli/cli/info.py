"""``dungeon games`` and ``dungeon rules``: what this tool knows."""

from __future__ import annotations

import sys

import click

from .. import registry
from .game_argument import ListsGames, game_argument


@click.command()
def games() -> None:
    """List the games, their variants, and what else each brings: bots, a solver, commands."""
    from ..bots import names as bot_names

    for name in registry.names():
        module = registry.get(name)
        click.echo(f"{name}: {module.game.title}")
        for variant, text in module.game.variants.items():
            click.echo(f'  [Variant "{variant}"]  {text}')
        click.echo(f"  bots (dungeon sim --bot): {', '.join(bot_names(name))}")
        if module.solver is not None:
            click.echo("  solver: dungeon solve (exact)")
        else:  # every game is solved; one without hooks by the search over its rules
            click.echo("  solver: dungeon solve (searched: a win found is proven)")
        for command in module.commands:
            click.echo(f"  command: dungeon {command}")


@click.command(cls=ListsGames)
@game_argument()
@click.option("--full", is_flag=True, help="The full rules page, with every choice made (through a pager at a terminal).")
def rules(game: str, full: bool) -> None:
    """Print a short summary of a game's rules, or with --full its whole rules page."""
    if not full:
        click.echo(registry.get(game).rules_text.rstrip())
        return
    page = full_page(game)
    if sys.stdout.isatty():
        click.echo_via_pager(page)
    else:
        click.echo(page)


def full_page(game: str) -> str:
    """The rules pages the game ships in its package (``dungeon_cli/games/GAME/rules.md``
    and the like: the one copy, which README.md and docs/ link to), or its short rules
    when it ships none."""
    from .page_text import for_terminal

    module = registry.get(game)
    page = module.full_page()
    if page is None:
        return module.rules_text.rstrip() + f"\n\n({game} has no longer rules page than this.)"
    return for_terminal(page)
