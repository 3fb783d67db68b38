"""``dungeon games`` and ``dungeon rules``: what this tool knows."""

from __future__ import annotations

import click

from .. import registry


@click.command()
def games() -> None:
    """List the games and their variants."""
    for name in registry.names():
        module = registry.get(name)
        click.echo(f"{name}: {module.game.title}")
        for variant, text in module.game.variants.items():
            click.echo(f"  [Variant \"{variant}\"]  {text}")


@click.command()
@click.argument("game", type=click.Choice(registry.names()))
def rules(game: str) -> None:
    """Print a short summary of a game's rules."""
    click.echo(registry.get(game).rules_text.rstrip())
