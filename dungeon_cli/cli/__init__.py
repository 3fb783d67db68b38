"""The ``dungeon`` command: a thin click layer over the library.

Subcommands load lazily (click's documented LazyGroup pattern), so ``dungeon verify``
never imports the interactive shell or table printing.
"""

from __future__ import annotations

import importlib
import sys

import click

from .. import __version__

COMMANDS = {
    "verify": "dungeon_cli.cli.verify:verify",
    "fmt": "dungeon_cli.cli.fmt:fmt",
    "play": "dungeon_cli.cli.play:play",
    "games": "dungeon_cli.cli.info:games",
    "rules": "dungeon_cli.cli.info:rules",
    "sim": "dungeon_cli.cli.sim:sim",
    "solve": "dungeon_cli.cli.solve:solve",
    "replay": "dungeon_cli.cli.replay:replay",
    "summary": "dungeon_cli.cli.summary:summary",
    "diff": "dungeon_cli.cli.diff:diff",
    "textconv": "dungeon_cli.cli.textconv:textconv",
    "git-setup": "dungeon_cli.cli.gitsetup:git_setup",
    "daily": "dungeon_cli.cli.daily:daily",
    "analyse": "dungeon_cli.cli.analyse:analyse",
    "analyze": "dungeon_cli.cli.analyse:analyse",
}


def game_commands() -> dict[str, str]:
    """Commands the games add (Cassette Dungeons' ``cards``), found through the registry.
    Loading every game costs a few milliseconds, so only ``dungeon --help`` and a name
    that is not one of the tool's own commands pay for it."""
    from .. import registry

    found: dict[str, str] = {}
    for module in registry.modules():
        for name, path in module.commands.items():
            if name in COMMANDS or name in found:
                raise RuntimeError(f"{module.game.name} adds a command '{name}' that another command has")
            found[name] = path
    return found


class LazyGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(COMMANDS) | set(game_commands()))

    def invoke(self, ctx: click.Context):
        """Ctrl-C is exit status 130, as documented and as shells expect: click's own
        "Aborted!" exits 1, which here means "an illegal record"."""
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            try:
                sys.stderr.write("\ninterrupted\n")
                sys.stderr.flush()
            except (OSError, ValueError):
                pass
            raise click.exceptions.Exit(130) from None

    def get_command(self, ctx: click.Context, name: str):
        path = COMMANDS.get(name) or game_commands().get(name)
        if path is not None:
            module, attr = path.split(":")
            return getattr(importlib.import_module(module), attr)
        return super().get_command(ctx, name)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="dungeon")
def cli() -> None:
    """Play, record, verify and replay solo dungeon games written in DGN."""


def main() -> None:
    try:
        cli(prog_name="dungeon")
    except KeyboardInterrupt:
        sys.stderr.write("\ninterrupted\n")
        sys.exit(130)
