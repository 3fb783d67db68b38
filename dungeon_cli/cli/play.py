"""``dungeon play``: play a game at the terminal, or from a script through a pipe.

The record is written as the game goes: after every finished turn the file on disk is a
valid DGN record of the game so far (written to a temporary file and renamed).
"""

from __future__ import annotations

import datetime as _dt
import os
import random
import sys
from typing import Optional, TextIO

import click

from notation import Token, canonical_token
from notation.tokens import TokenError

from .. import registry
from ..core import Illegal, Phase
from ..games.base import Cursor, Misread
from ..session import Session


class RecordFile:
    """The record on disk: created exclusively, then replaced whole after each turn."""

    def __init__(self, path: str):
        self.path = path
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        os.close(fd)

    def save(self, text: str) -> None:
        tmp = f"{self.path}.{os.getpid()}.tmp"
        with open(tmp, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, self.path)


def read_line_actions(session: Session, line: str, lineno: int = 0) -> list:
    """Apply the actions written on one input line; Illegal (with a message) if any is not."""
    tokens = []
    col = 1
    for raw in line.split():
        try:
            text = canonical_token(raw)
        except TokenError as exc:
            raise Illegal(f"{raw}: {exc.message}") from None
        tokens.append(Token(text, lineno, col, raw))
        col += len(raw) + 1
    cursor = Cursor(session.state)
    applied = []
    try:
        for source, action in session.module.notation.read_actions(cursor, tokens):
            token = source if isinstance(source, Token) else source[None]
            if session.state.phase is not Phase.DECISION:
                raise Illegal(f"{token.text}: it is not the player's turn to act")
            try:
                session.apply(action)
            except Illegal as exc:
                raise Illegal(f"{token.text}: {exc.message}") from None
            cursor.state = session.state
            applied.append(action)
            session.deal()
    except Misread as exc:
        raise Illegal(exc.message) from None
    return applied


@click.command()
@click.argument("game", type=click.Choice(registry.names()))
@click.option("--seed", type=click.IntRange(min=0), help="Deal from this seed (default: a random one, recorded).")
@click.option("--variant", help="A rule variant (see `dungeon games`).")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Record file (default GAME-YYYYMMDD-HHMMSS.dgn).")
def play(game: str, seed: Optional[int], variant: Optional[str], output: Optional[str]) -> None:
    """Play GAME. On a terminal: a prompt; from a pipe: one action per line, record to stdout."""
    module = registry.get(game)
    try:
        module.game.check_variant(variant)
    except Illegal as exc:
        raise click.BadParameter(exc.message, param_hint="--variant") from None
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    session = Session(module, variant=variant, seed=seed)
    session.deal()
    interactive = sys.stdin.isatty()
    record_file: Optional[RecordFile] = None
    if interactive or output:
        path = output or f"{game}-{_dt.datetime.now():%Y%m%d-%H%M%S}.dgn"
        try:
            record_file = RecordFile(path)
        except FileExistsError:
            raise click.ClickException(f"{path} exists already: choose another name with -o") from None
        except OSError as exc:
            raise click.ClickException(f"cannot create {path}: {exc.strerror}") from None
        record_file.save(session.text())
    if interactive:
        status = _interactive(session, record_file)
    else:
        status = _scripted(session, record_file, sys.stdin, sys.stdout)
    sys.exit(status)


def _save(session: Session, record_file: Optional[RecordFile], saved_turns: int) -> int:
    if record_file is not None and len(session.turns) != saved_turns:
        try:
            record_file.save(session.text())
        except OSError as exc:
            click.echo(f"warning: could not save {record_file.path}: {exc.strerror}; the game goes on in memory", err=True)
            return saved_turns
    return len(session.turns)


def _scripted(session: Session, record_file: Optional[RecordFile], lines: TextIO, out: TextIO) -> int:
    saved = 0
    for lineno, line in enumerate(lines, start=1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        if session.state.is_over:
            click.echo(f"<stdin>:{lineno}:1: error: the game is over: no action may follow", err=True)
            return 1
        try:
            read_line_actions(session, line, lineno)
        except Illegal as exc:
            click.echo(f"<stdin>:{lineno}:1: error: {exc.message}", err=True)
            if record_file is None:
                out.write(session.text())
            return 1
        saved = _save(session, record_file, saved)
    if record_file is None:
        out.write(session.text())
    return 0


def _interactive(session: Session, record_file: Optional[RecordFile]) -> int:
    module = session.module
    notation = module.notation
    saved = 0
    click.echo(f"{module.game.title}, seed {session.seed}. Type an action, 'help' or 'quit'.")
    if record_file is not None:
        click.echo(f"recording to {record_file.path}")
    while not session.state.is_over:
        click.echo("")
        click.echo(module.render(session.state))
        try:
            line = input("> ").strip()
        except EOFError:
            click.echo("")
            break
        if line in ("quit", "q", "exit"):
            break
        if line in ("help", "?", ""):
            for action in session.state.legal_actions():
                click.echo(f"  {notation.action_text(session.state, action):8} {notation.describe(session.state, action)}")
            continue
        if line == "rules":
            click.echo(module.rules_text)
            continue
        try:
            read_line_actions(session, line)
        except Illegal as exc:
            click.echo(f"illegal: {exc.message}")
            continue
        saved = _save(session, record_file, saved)
    click.echo("")
    click.echo(module.render(session.state))
    _save(session, record_file, -1)
    if record_file is not None:
        click.echo(f"record saved in {record_file.path}")
    return 0
