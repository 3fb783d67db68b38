"""Every output a command writes (``-o``, ``--html``, ``--plot``, ``cards export``), as
the user sees it: ``dungeon_cli.plumbing.safe_write`` decides what may be written and writes it;
here a refusal becomes one line naming the file (made terminal-safe) and exit status 2
(a usage error when the file exists already), and nothing half-written is left.
``check_output`` asks the same questions before the work, so that minutes of it never
end in "cannot write"."""

from __future__ import annotations

from typing import IO, Any, Iterable, NoReturn, Optional

import click

from ..kit.terminal_text import safe
from ..plumbing import safe_write


class CommandTrouble(click.ClickException):
    """Trouble that is no finding (a scheduler that cannot be reached, a usage the
    command cannot serve): one line, ``dungeon CMD: error: ...``, and exit status 2
    (click's own ClickException is 1, which means a finding)."""

    exit_code = 2

    def __init__(self, message: str) -> None:
        super().__init__(message)
        names = []  # the command as typed: "dungeon cards export" (known while it runs)
        ctx = click.get_current_context(silent=True)
        while ctx is not None and ctx.parent is not None:
            names.append(ctx.info_name or "")
            ctx = ctx.parent
        self.command = " ".join(["dungeon", *reversed(names)])

    def show(self, file: Optional[IO[Any]] = None) -> None:
        click.echo(f"{self.command}: error: {self.format_message()}", err=True)


class NotWritten(CommandTrouble):
    """An output that could not be written: one line, ``dungeon CMD: error: ...``, and
    exit status 2, trouble (1 means a finding)."""


def check_output(output: str, force: bool, record: bool = False, inputs: Iterable[str] = (), forcible: bool = True) -> None:
    try:
        safe_write.check_output(output, force, record, inputs)
    except OSError as exc:
        _refuse(output, exc, forcible)


def write_output(
    output: str, text: str, force: bool, record: bool = False, inputs: Iterable[str] = (), forcible: bool = True
) -> None:
    """``record``: ``text`` is DGN (its lines must be readable again). ``forcible``: the
    command has a ``--force`` to offer."""
    try:
        safe_write.write(output, text.encode("utf-8"), force=force, record=record, inputs=inputs)
    except OSError as exc:
        _refuse(output, exc, forcible)


def _refuse(output: str, exc: OSError, forcible: bool) -> NoReturn:
    if isinstance(exc, FileExistsError):
        hint = "choose another name, or --force to replace it" if forcible else "not overwritten"
        raise NotWritten(f"{safe(output)}: exists already: {hint}") from None
    raise NotWritten(f"cannot write {safe(output)}: {exc.strerror}; nothing was written") from None
