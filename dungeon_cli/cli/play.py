"""``dungeon play``: play a game at the terminal, or from a script through a pipe.

The command only reads its options; ``dungeon_cli.shell`` does the rest.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Mapping, Optional

from notation import NO_RECORD

if TYPE_CHECKING:
    from click.shell_completion import CompletionItem

    from ..services.session import Session
    from ..shell.game_start import Ready

import click

from .. import registry
from ..kit.terminal_text import safe  # a line may quote a file's name or content


def complete_variant(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """Shell completion of ``--variant``: the variants of the game named on the line."""
    from click.shell_completion import CompletionItem

    game = ctx.params.get("game")
    if game is None:  # click drops the parsed params when the line ends in a bare --variant
        import os

        game = next((w for w in os.environ.get("COMP_WORDS", "").split() if w in registry.names()), None)
    names = [game] if game in registry.names() else registry.names()
    return [
        CompletionItem(variant, help=text)
        for name in names
        for variant, text in registry.get(name).game.variants.items()
        if variant.startswith(incomplete)
    ]


@click.command()
@click.argument("game", type=click.Choice(registry.names()), required=False, metavar="[GAME]")
@click.option("--seed", type=click.IntRange(min=0), help="Deal from this seed (default: a random one, recorded).")
@click.option("--variant", shell_complete=complete_variant, help="A rule variant (see `dungeon games`).")
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, allow_dash=True),
    help="Record file (default GAME-YYYYMMDD-HHMMSS.dgn; '-': standard output, from a script).",
)
@click.option("--resume", type=click.Path(exists=True, dir_okay=False), help="Go on with the game recorded in this file.")
@click.option("--table", is_flag=True, help="Played with a real deck: type the cards dealt and dice rolled too.")
@click.option("--player", help="Your name, for the record's Player tag.")
@click.option(
    "--cards",
    "cards_file",
    metavar="FILE",
    help="Cassette Dungeons: play with the card set in FILE (the record gets its Cards tag).",
)
@click.option("--daily", is_flag=True, help="Today's deal (UTC), the same for every player: see `dungeon daily`.")
@click.option(
    "--hints", type=click.Choice(["on", "off"]), default="on", help="'hint' at the prompt (off: a serious game).  [default: on]"
)
@click.option(
    "--deal",
    type=click.Choice(["winnable", "easy", "hard"]),
    help="A deal by difficulty from the game's table: winnable (the solver proved it), easy or hard (for the strong player); with --daily, the day's.",
)
@click.option(
    "--puzzles",
    metavar="FILE",
    help="Ask the puzzles of FILE (made by `dungeon puzzles`) in turn, instead of a game.",
)
@click.option(
    "--from",
    "source",
    metavar="FILE@MOVE[.ACTION]",
    help="Go on from a point of the record in FILE (game.dgn@7: before move 7; @7.1: after its first action), "
    "dealt as its Seed deals (--seed N: the unseen cards shuffled afresh; --table: typed).",
)
def play(
    game: Optional[str],
    seed: Optional[int],
    variant: Optional[str],
    output: Optional[str],
    resume: Optional[str],
    table: bool,
    player: Optional[str],
    cards_file: Optional[str] = None,
    daily: bool = False,
    hints: str = "on",
    deal: Optional[str] = None,
    puzzles: Optional[str] = None,
    source: Optional[str] = None,
) -> None:
    """Play GAME. At a terminal: the board and a prompt that completes your moves, the
    record saved after every turn. From a pipe: one or more actions per line, the record
    to standard output (or -o); the first illegal action stops with exit status 1.

    Exit status: 0 played (or stopped), 1 an illegal action or record, 2 a usage error.
    """
    _check_player(player)
    if puzzles is not None:
        nones = {"GAME": game, "--seed": seed, "--resume": resume, "--deal": deal}
        _refuse_beside("--puzzles asks the file's puzzles", nones, {"--table": table, "--daily": daily})
        sys.exit(_ask_puzzles(puzzles))
    if source is not None:
        nones = {"GAME": game, "--variant": variant, "--resume": resume, "--deal": deal}
        _refuse_beside(
            "--from goes on with the record's own game", nones, {"--daily": daily, "--player": player, "--cards": cards_file}
        )
        from .project import project_settings

        project_settings("play")  # the record's card set may be kept in the project's card-sets
    elif deal is not None:
        seed = _deal_seed(game, deal, variant, daily, seed, table, resume)
    _check_start(game, seed, variant, resume, table, player, cards_file, source)
    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    if output == "-":
        if interactive:
            raise click.UsageError("-o - (standard output) is for scripts: at a terminal the record needs a file")
        output = None  # a script's record goes to standard output anyway
    date = None
    if daily:
        seed, date, output, resume = _daily(game, deal, seed, table, resume, output, interactive)
    ready = _prepare(game, seed, variant, output, resume, table, player, interactive, cards_file, date, source)
    if not interactive:
        from ..shell.scripted import run_scripted

        sys.exit(run_scripted(ready.session, sys.stdin.buffer, sys.stdout, sys.stderr, ready.record))
    sys.exit(_at_terminal(ready, resume, table, hints == "on", daily, deal))


def _daily(
    game: Optional[str],
    deal: Optional[str],
    seed: Optional[int],
    table: bool,
    resume: Optional[str],
    output: Optional[str],
    interactive: bool,
) -> tuple[Optional[int], Optional[str], Optional[str], Optional[str]]:
    """``--daily``: today's seed, its date, the record's file and the record to resume
    (``services.daily_seed.daily_start``, kept where ``dungeon daily`` finds it); a deal
    already played today is said, and exits."""
    if (seed is not None and deal is None) or table or resume is not None:
        raise click.UsageError("--daily deals today's seed: it cannot take --seed, --table or --resume")
    from ..services.daily_seed import daily_start

    assert game is not None  # checked before: --daily is not --resume
    start = daily_start(game, deal, seed, output, interactive)
    if start.line is not None:
        click.echo(start.line, err=start.status == 1)
    if start.status is not None:
        sys.exit(start.status)
    return start.seed, start.date, start.output, start.resume  # (--daily takes no --resume)


def _check_player(player: Optional[str]) -> None:
    """``--player`` goes into a tag: UTF-8 text on one line."""
    if player is not None:
        try:
            player.encode("utf-8")
        except UnicodeEncodeError:
            raise click.BadParameter("is not UTF-8 text", param_hint="--player") from None
        if not player.isprintable():
            raise click.BadParameter("holds a line end or another control character", param_hint="--player")


def _refuse_beside(why: str, nones: Mapping[str, object], flags: Mapping[str, object]) -> None:
    """A usage error naming the options given (``nones`` not None, ``flags`` set) that
    the option that says ``why`` cannot take."""
    given = [name for name, value in nones.items() if value is not None] + [name for name, value in flags.items() if value]
    if given:
        raise click.UsageError(f"{why}: it cannot take {', '.join(given)}")


def _deal_seed(
    game: Optional[str], deal: str, variant: Optional[str], daily: bool, seed: Optional[int], table: bool, resume: Optional[str]
) -> int:
    """``--deal``: the seed of that difficulty (the day's with ``--daily``), from the game's table."""
    if seed is not None or table or resume is not None:
        raise click.UsageError("--deal picks the seed: it cannot take --seed, --table or --resume")
    if game is None:
        raise click.UsageError("--deal needs a GAME")
    from ..services import daily_seed as rule
    from ..services.deals import NoDeal

    try:
        return rule.deal_seed(game, deal, variant, daily)
    except NoDeal as exc:
        raise click.UsageError(str(exc)) from None


def _check_start(
    game: Optional[str],
    seed: Optional[int],
    variant: Optional[str],
    resume: Optional[str],
    table: bool,
    player: Optional[str],
    cards_file: Optional[str],
    source: Optional[str],
) -> None:
    """The usage errors of how a game starts: dealt by a seed, typed at a table, resumed."""
    if table and seed is not None:
        raise click.UsageError("--table deals nothing: it cannot take --seed")
    if resume is not None:
        if seed is not None or variant is not None:
            raise click.UsageError("--resume goes on with the record's own seed and variant")
        if player is not None:
            raise click.UsageError("--resume keeps the record's Player tag")
        if cards_file is not None:
            raise click.UsageError("--resume plays with the record's own Cards tag")
        from .project import project_settings

        project_settings("play")  # the record's card set may be kept in the project's card-sets
    elif game is None and source is None:
        raise click.UsageError("name a GAME (see `dungeon games`), or --resume FILE")


def _prepare(
    game: Optional[str],
    seed: Optional[int],
    variant: Optional[str],
    output: Optional[str],
    resume: Optional[str],
    table: bool,
    player: Optional[str],
    interactive: bool,
    cards_file: Optional[str],
    date: Optional[str],
    source: Optional[str],
) -> Ready:
    """The game ready to play (``shell.game_start.prepare``), or the usage error or the
    lines and exit status of why not."""
    from ..shell.game_start import StartError, prepare
    from .reading import rule_tag_option

    options, tags, _ = rule_tag_option(game, "Cards", cards_file, os.path.dirname(output) if output else None, "--cards")
    try:
        return prepare(
            game,
            seed=seed,
            variant=variant,
            output=output,
            resume=resume,
            table=table,
            player=player,
            interactive=interactive,
            options=options,
            tags=tags,
            date=date,
            source=source,
        )
    except StartError as exc:
        if exc.status == 2:
            raise click.UsageError("\n".join(map(safe, exc.lines))) from None
        for line in exc.lines:
            click.echo(safe(line), err=True)
        sys.exit(exc.status)


def _at_terminal(ready: Ready, resume: Optional[str], table: bool, hints: bool, daily: bool, deal: Optional[str]) -> int:
    """The game played at the terminal (``shell.interactive.PlayShell``): its exit status."""
    from ..plumbing.invoked import command
    from ..plumbing.user_data import history_file
    from ..shell.colour import Paint
    from ..shell.interactive import PlayShell

    if ready.typed and resume is not None and not table:
        click.echo(f"{safe(resume)} has no Seed: type the cards dealt and dice rolled")
    history = history_file(ready.session.module.game.name)
    shell = PlayShell(
        ready.session,
        ready.record,
        sys.stdout,
        paint=Paint.for_stream(sys.stdout),
        history=str(history) if history else None,
        hints=hints,
        again=(
            f"{command()} play {ready.session.module.game.name} --daily" + (f" --deal {deal}" if deal else "")
            if daily and _daily_file(ready, deal)
            else None
        ),
    )
    return shell.run()


def _daily_file(ready: Ready, deal: Optional[str] = None) -> bool:
    """The game's record is the day's file that ``play --daily`` goes on with."""
    from ..services.daily_seed import is_daily_record

    record = ready.record
    return record is not None and is_daily_record(record.path, ready.session.module.game.name, deal)


def _ask_puzzles(path: str) -> int:
    """``play --puzzles``: the exit status (0 asked, 1 a puzzle could not be asked, 2 the
    file cannot be read)."""
    from notation import read

    from ..shell.colour import Paint
    from ..shell.puzzle import ask
    from .reading import Unreadable, display_name, open_binary

    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    answers = (line.decode("utf-8", "replace") for line in sys.stdin.buffer)
    name = display_name(path)
    paint = Paint.for_stream(sys.stdout)
    terminal = None
    if interactive:  # the play prompt itself: its completion, help and cards
        from ..shell.interactive import PlayShell

        def terminal(session: Session) -> PlayShell:
            return PlayShell(session, None, sys.stdout, paint=paint, hints=False)

    try:
        with open_binary(path) as stream:
            records = ((name, record) for record in read(stream, source=path))
            tally = ask(records, answers, sys.stdout, prompt=interactive, paint=paint, terminal=terminal)
    except Unreadable as exc:
        click.echo(f"dungeon play: error: {exc}", err=True)
        return 2
    if tally.asked + tally.unusable == 0:
        click.echo(f"{safe(name)}:1:1: error: {NO_RECORD}", err=True)
        return 1
    return 1 if tally.unusable else 0
