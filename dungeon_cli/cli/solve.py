"""``dungeon solve``: the best result of a fully known deal, and the line reaching it."""

from __future__ import annotations

import itertools
import re
import sys
from typing import Optional

import click

from .. import safe_write
from ..terminal_text import safe
from .output import write_output

_LIMIT = re.compile(r"([0-9]+(?:\.[0-9]+)?)\s*(s|m|k|M|nodes)?")


def parse_limit(text: str) -> tuple[Optional[int], Optional[float]]:
    """``30s`` or ``2m``: time; ``500000``, ``500k``, ``2M``: positions searched."""
    m = _LIMIT.fullmatch(text.strip())
    if m is None:
        raise click.BadParameter(f"'{text}' is not a limit: write a time (30s, 2m) or a number of positions (500000, 500k)")
    if len(m.group(1)) > 15:  # past any search anyone waits for; float() would overflow
        raise click.BadParameter(f"'{text[:20]}...' is not a limit: at most 15 digits")
    number, unit = float(m.group(1)), m.group(2)
    if unit == "s":
        return None, number
    if unit == "m":
        return None, number * 60
    scale = {"k": 1_000, "M": 1_000_000}.get(unit or "", 1)
    return max(1, int(number * scale)), None


class ListsSolvable(click.Command):
    """Help that ends with the games that can be solved, as the registry's games say."""

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from .. import solver

        with formatter.section("Games"):
            formatter.write_text(", ".join(solver.solvable()))
        super().format_epilog(ctx, formatter)


@click.command(cls=ListsSolvable)
@click.argument("target", metavar="FILE | GAME", shell_complete=lambda ctx, param, incomplete: _complete_target(incomplete))
@click.option("--seed", type=click.IntRange(min=0), help="Solve the deal of this seed (the argument is then a game).")
@click.option("--variant", help="A rule variant (with --seed).")
@click.option("--limit", help="Stop after this long (30s, 2m) or this many positions (500k): best found, not proven.")
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, allow_dash=True),
    help="Write the line's record to this new file ('-': standard output, the default).",
)
@click.option("--force", is_flag=True, help="Let -o replace an existing file (atomically, keeping its mode and owner).")
def solve(
    target: str, seed: Optional[int], variant: Optional[str], limit: Optional[str], output: Optional[str], force: bool
) -> None:
    """The best result perfect play reaches on a deal known in full, and a line that
    reaches it, written as a DGN record (it verifies), for the games listed below.

    \b
    dungeon solve --seed 7 scoundrel       the deal of seed 7
    dungeon solve game.dgn                 the deal a record holds: its Seed, or every card it shows

    The verdict goes to standard error. Exit status: 0 solved (proven or not), 1 the
    record is illegal or does not show its deal, 2 a usage error.
    """
    from .. import registry, solver
    from ..engine import Setup, SetupError
    from ..session import Session

    max_nodes, max_seconds = parse_limit(limit) if limit else (None, None)
    if output == "-":
        output = None
    if output is not None and not force and safe_write.exists(output):  # before a search of minutes
        raise click.UsageError(f"{output} exists already: choose another name with -o, or add --force to replace it")
    if seed is not None:
        game = target
        if game not in registry.names():
            raise click.BadParameter(f"unknown game '{game}' (games: {', '.join(registry.names())})", param_hint="GAME")
        try:
            session = Session(Setup(game, variant, seed=seed))
        except SetupError as exc:
            raise click.BadParameter(exc.message, param_hint="--variant") from None
        start, where = session.start, f"seed {seed}"
    else:
        if variant is not None:
            raise click.UsageError("--variant goes with --seed: a record names its own variant")
        session, start, where = _from_record(target)
        game = session.module.game.name
    if game not in solver.solvable():
        raise click.UsageError(f"{game} has no solver (solvable: {', '.join(solver.solvable())})")

    try:
        found = solver.solve(start, game, max_nodes=max_nodes, max_seconds=max_seconds)
    except RuntimeError as exc:
        raise click.ClickException(str(exc)) from None
    verdict = "optimum (proven)" if found.proven else f"best found, not proven ({found.stopped})"
    session.tags.append(("Solve", verdict))
    for action in found.line:
        session.apply(action)
    text = session.text()
    if output:
        write_output(output, text, force)
    else:
        sys.stdout.write(text)
    sys.stdout.flush()
    click.echo(
        f"{game} {where}: {found.result} is the {verdict}; {found.nodes:,} positions, {found.seconds:.2f}s",
        err=True,
    )
    if found.stopped == "interrupted":
        sys.exit(130)


def _complete_target(incomplete: str) -> list:
    """A record file, or a game name (with --seed): both are offered."""
    from click.shell_completion import CompletionItem

    from .. import registry

    return [CompletionItem(g) for g in registry.names() if g.startswith(incomplete)] + [CompletionItem("", type="file")]


def _from_record(path: str):
    """The session to write the line into, the start state with the deal known, and
    how the deal was found. A record with a Seed its cards agree with is solved from
    the seed; any other must show every card of the deal."""
    from notation import read

    from .. import solver
    from ..engine.dealer import OrderedDealer
    from ..engine.tags import read_setup
    from ..referee import Referee
    from ..session import Session
    from .inputs import Unreadable, open_binary

    try:
        with open_binary(path) as stream:
            records = list(itertools.islice(read(stream), 1))  # the first record alone is solved
    except Unreadable as exc:
        raise click.BadParameter(str(exc), param_hint="FILE") from None
    if not records:
        raise click.ClickException(f"{safe(path)}: no record in this file")
    record = records[0]
    verdict = Referee(seed_check=True).check(record)
    seed_text = record.tag_value("Seed")
    if verdict.legal and seed_text is not None:
        setup, _ = read_setup(record, seeded=True)
        session = Session(setup)
        return session, session.start, f"{safe(path)} (seed {seed_text})"
    unseeded = Referee().check(record)
    if not unseeded.legal:
        first = unseeded.diagnostics[0]
        click.echo(f"{safe(path)}:{first.line}:{first.col}: error: {first.message}", err=True)
        sys.exit(1)
    module = unseeded.module
    assert module is not None  # a legal record names a game this tool knows
    if module.game.name not in solver.solvable():
        raise click.UsageError(f"{module.game.name} has no solver (solvable: {', '.join(solver.solvable())})")
    try:
        replayed = Session.from_record(record, seeded=False)
        order = solver.hooks(module.game.name).deal(replayed.all_events)
    except ValueError as exc:
        click.echo(f"{safe(path)}: {safe(exc)}; solve --seed N GAME instead, or a record that shows them all", err=True)
        sys.exit(1)
    session = Session(replayed.setup, dealer=OrderedDealer(order))
    return session, session.start, safe(path)
