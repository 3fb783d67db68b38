"""The ``dungeon`` command: a thin click layer over the library.

Subcommands load lazily (click's documented LazyGroup pattern), so ``dungeon verify``
never imports the interactive shell or table printing.
"""

from __future__ import annotations

import errno
import importlib
import sys
from typing import Any, Optional

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
    "cut": "dungeon_cli.cli.cut:cut",
    "summary": "dungeon_cli.cli.summary:summary",
    "stats": "dungeon_cli.cli.stats:stats",
    "puzzles": "dungeon_cli.cli.puzzles:puzzles",
    "diff": "dungeon_cli.cli.diff:diff",
    "textconv": "dungeon_cli.cli.textconv:textconv",
    "git-setup": "dungeon_cli.cli.gitsetup:git_setup",
    "daily": "dungeon_cli.cli.daily:daily",
    "analyse": "dungeon_cli.cli.analyse:analyse",
    "lsp": "dungeon_cli.cli.language_server:lsp",
}
ALIASES = {"analyze": "analyse"}  # another spelling: taken, not listed twice


def game_commands() -> dict[str, str]:
    """Commands the games add (Cassette Dungeons' ``cards``), found through the registry.
    Loading every game costs a few milliseconds, so only ``dungeon --help`` and a name
    that is not one of the tool's own commands pay for it."""
    from .. import registry

    found: dict[str, str] = {}
    for module in registry.modules():
        for name, path in module.commands.items():
            if name in COMMANDS or name in ALIASES or name in found:
                raise RuntimeError(f"{module.game.name} adds a command '{name}' that another command has")
            found[name] = path
    return found


# One whole sentence each for `dungeon --help` (click would cut the docstring mid-phrase).
SHORT = {
    "verify": "Check records: notation, deals, actions, checkpoints and Result.",
    "fmt": "Rewrite records in canonical form, in place.",
    "play": "Play a game at the terminal, or from a script.",
    "games": "List the games and their variants.",
    "rules": "Print a game's rules, in short or in full.",
    "sim": "Play many seeded games with a bot and sum them up.",
    "solve": "Find a deal's best line, or count the winnable deals of a range.",
    "replay": "Show the board after every move of a record.",
    "cut": "Write the position a record reaches as a record of its own.",
    "summary": "Tabulate records: results, scores and figures.",
    "stats": "Your games over time: win rate, accuracy, mistakes, streaks.",
    "puzzles": "Make puzzles from the mistakes noted in your judged records.",
    "diff": "Compare two records by what they mean: where two games part.",
    "textconv": "Print a record canonically with its checkpoints, for git diff.",
    "git-setup": "Make git diff show records with their state.",
    "daily": "Print today's seed of a game, and whether you played it.",
    "analyse": "Judge each decision: where the game was lost (alias: analyze).",
    "lsp": "Serve DGN to an editor: a language server on stdio.",
}


class LazyGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(COMMANDS) | set(game_commands()))

    def make_context(
        self, info_name: Optional[str], args: list[str], parent: Optional[click.Context] = None, **extra: Any
    ) -> click.Context:
        """``dungeon --help | head -1``: the same closed pipe, met before a command runs."""
        try:
            return super().make_context(info_name, args, parent, **extra)
        except BrokenPipeError:
            from ..plumbing.streams import closed_pipe

            raise click.exceptions.Exit(closed_pipe()) from None
        except click.ClickException as exc:
            raise _made_safe(exc) from None

    def invoke(self, ctx: click.Context) -> Any:
        """Ctrl-C is exit status 130, as documented and as shells expect: click's own
        "Aborted!" exits 1, which here means "an illegal record". A closed pipe (``|
        head``) is 141, silently (dungeon_cli/plumbing/streams.py), where click would exit 1 too."""
        try:
            return super().invoke(ctx)
        except click.ClickException as exc:
            raise _made_safe(exc) from None
        except BrokenPipeError:
            from ..plumbing.streams import closed_pipe

            raise click.exceptions.Exit(closed_pipe()) from None
        except KeyboardInterrupt:
            try:
                sys.stderr.write("\ninterrupted\n")
                sys.stderr.flush()
            except (OSError, ValueError):
                pass
            raise click.exceptions.Exit(130) from None

    def get_command(self, ctx: click.Context, name: str) -> Optional[click.Command]:
        name = ALIASES.get(name, name)
        path = COMMANDS.get(name) or game_commands().get(name)
        if path is not None:
            module, attr = path.split(":")
            command: click.Command = getattr(importlib.import_module(module), attr)
            command.short_help = SHORT.get(name, command.short_help)
            return command
        return super().get_command(ctx, name)


def _made_safe(exc: click.ClickException) -> click.ClickException:
    """Every usage error, whichever command or option raised it, with the control and format
    characters of its message escaped (``\\x1b``, ``\\u202e``): a message may quote an
    argument (``'x' is not one of ...``), and an argument may come from anywhere. One
    place, so that the next command's messages are covered by construction."""
    from notation.model import printable

    safe = "\n".join(printable(line) for line in exc.message.split("\n"))
    exc.message = safe  # type: ignore[misc]  # Final in click's annotations; format_message reads it
    return exc


def _colour(ctx: click.Context, param: click.Parameter, value: Optional[bool]) -> Optional[bool]:
    if value is not None:
        from ..plumbing import colouring

        colouring.FORCED = value
    return value


def _version(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    if not value or ctx.resilient_parsing:
        return
    import dungeon_compiled

    # As black's: whether the mypyc-compiled modules run (setup.py, dungeon_compiled.py).
    click.echo(f"dungeon, version {__version__} ({dungeon_compiled.describe()})", color=ctx.color)
    ctx.exit()


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
# click.version_option's option and words, spelt out: the decorator looks its two
# strings up with gettext, a lookup that costs every command's start-up.
@click.option(
    "-V", "--version", is_flag=True, expose_value=False, is_eager=True, callback=_version, help="Show the version and exit."
)
@click.option(
    "--color/--no-color",
    default=None,
    expose_value=False,
    callback=_colour,
    is_eager=True,
    help="Colour always, or never (default: at a terminal, unless NO_COLOR is set or TERM=dumb).",
)
def cli() -> None:
    """Play, record, verify and replay solo dungeon games written in DGN."""


def main() -> None:
    """The console entry point. Beyond click: a closed standard stream or one that
    cannot be written (a full disk, /dev/full) is a one-line message and a non-zero
    exit, never a traceback, and never exit 0 with the output lost."""
    from ..plumbing import streams
    from ..plumbing.streams import finish, guard

    streams.STANDALONE = True  # a signal the command caught is its own to answer
    guard()
    ctrl_c = _CtrlC.install()
    try:
        code = _run()
    except KeyboardInterrupt:  # a Ctrl-C while the command's end was being handled
        code = 130
    if ctrl_c is not None:
        ctrl_c.over = True  # from here a Ctrl-C cannot become a KeyboardInterrupt of ours
        try:
            ctrl_c.put_back()
        except KeyboardInterrupt:  # a command's own handler, left in place, got one first
            ctrl_c.put_back()
    sys.exit(finish(code))


def _run() -> int:
    """The command, and its exit status."""
    try:
        cli(prog_name="dungeon")
        return 0
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except KeyboardInterrupt:
        _say("\ninterrupted")
        return 130
    except BrokenPipeError:  # raised outside a command (its option callbacks)
        from ..plumbing.streams import closed_pipe

        return closed_pipe()
    except OSError as exc:  # the last net: a file or stream the command did not expect to fail
        where = f"{exc.filename}: " if exc.filename else "standard output: " if exc.errno in STREAM_ERRORS else ""
        _say(f"dungeon: error: {where}{exc.strerror or exc}")
        return 2
    except Exception as exc:  # a game that cannot be loaded (DUNGEON_GAMES): one line, no traceback
        registry = sys.modules.get("dungeon_cli.registry")
        if registry is None or not isinstance(exc, registry.GameError):
            raise
        _say(f"dungeon: error: {exc}")
        return 2


class _CtrlC:
    """Ctrl-C for the whole life of the process. While the command runs it is Python's
    own answer, a KeyboardInterrupt. Once the status is decided (a second Ctrl-C after
    an interrupted run's summary, say), a KeyboardInterrupt would escape at the
    interpreter's exit, which Python answers by killing itself with SIGINT: no status
    130, and a traceback. Then the first is let pass while standard output is flushed,
    and a second leaves at once, in case that flush is stuck on a pipe nobody reads.

    It is in place from the start, not put in once the command is over: a Ctrl-C that
    came between the two (the run's summary printed, the handler not yet changed) still
    killed the process (tests/hardening/test_signals.py)."""

    def __init__(self) -> None:
        self.over = False
        self.late = 0

    @classmethod
    def install(cls) -> Optional[_CtrlC]:
        """In place of Python's own handler; None where Ctrl-C is ignored (a job started
        in the background) or handled by an embedding program, which keep theirs."""
        import signal

        if signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
            return None
        handler = cls()
        try:
            signal.signal(signal.SIGINT, handler)
        except ValueError:  # not the main thread: nothing to guard
            return None
        return handler

    def put_back(self) -> None:
        """Back in place, where a command put a handler of its own and left it."""
        import signal

        signal.signal(signal.SIGINT, self)

    def __call__(self, signum: int, frame: object) -> None:
        if not self.over:
            raise KeyboardInterrupt
        self.late += 1
        if self.late > 1:
            import os

            os._exit(130)


STREAM_ERRORS = {errno.ENOSPC, errno.EPIPE, errno.EIO, errno.EBADF, errno.EFBIG}


def _say(text: str) -> None:
    try:
        sys.stderr.write(text + "\n")
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError):
        pass
