"""``dungeon games`` and ``dungeon rules``: what this tool knows."""

from __future__ import annotations

import click

from .. import registry


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
            click.echo("  solver: dungeon solve")
        for command in module.commands:
            click.echo(f"  command: dungeon {command}")


@click.command()
@click.argument("game", type=click.Choice(registry.names()))
def rules(game: str) -> None:
    """Print a short summary of a game's rules."""
    click.echo(registry.get(game).rules_text.rstrip())
