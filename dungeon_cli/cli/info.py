"""``dungeon games`` and ``dungeon rules``: what this tool knows."""

from __future__ import annotations

import sys

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
@click.option("--full", is_flag=True, help="The full rules page, with every choice made (through a pager at a terminal).")
def rules(game: str, full: bool) -> None:
    """Print a short summary of a game's rules, or with --full its whole rules page."""
    if not full:
        text = registry.get(game).rules_text.rstrip()
        click.echo(text.replace(f"docs/rules/{game}.md", f"dungeon rules {game} --full"))
        return
    page = full_page(game)
    if sys.stdout.isatty():
        click.echo_via_pager(page)
    else:
        click.echo(page)


def full_page(game: str) -> str:
    """The rules page shipped inside the package (an installed wheel has no docs/):
    Scoundrel's is section 6 of the notation's SPEC.md; the others are copies of
    docs/rules/GAME.md (tests/test_rules_pages.py holds them equal), Cassette
    Dungeons! followed by its card-set format."""
    from importlib import resources

    if game == "scoundrel":
        spec = resources.files("notation").joinpath("SPEC.md").read_text(encoding="utf-8")
        start = spec.index("## 6. Scoundrel")
        return spec[start:spec.index("\n## ", start + 1)].rstrip()
    pages = resources.files("dungeon_cli").joinpath("pages")
    text = pages.joinpath(f"{game}.md").read_text(encoding="utf-8").rstrip()
    if game == "cassette-dungeons":
        text += "\n\n" + pages.joinpath("card-sets.md").read_text(encoding="utf-8").rstrip()
    return text
