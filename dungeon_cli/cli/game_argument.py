"""The GAME argument of ``sim``, ``rules`` and ``daily``: written GAME in the usage line
(the choices spelled out there are one long word, which click cuts at a hyphen:
``clear-the-`` / ``dungeon``), and the games listed in a section of the help instead."""

from __future__ import annotations

from typing import Any, Callable, TypeVar

import click

from .. import registry

F = TypeVar("F", bound=Callable[..., Any])  # a click command's function


def game_argument(**kwargs: Any) -> Callable[[F], F]:
    return click.argument("game", type=click.Choice(registry.names()), metavar="GAME", **kwargs)


class ListsGames(click.Command):
    """A command whose help ends with the games GAME may name."""

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with formatter.section("Games"):
            formatter.write_dl([(name, registry.get(name).game.title) for name in registry.names()])
        super().format_epilog(ctx, formatter)
