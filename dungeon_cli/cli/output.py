"""Writing a command's result to the file ``-o`` names: a new file, or with ``--force``
an existing one replaced atomically; a refusal or a failure is a one-line usage error
or message, and nothing half-written is left."""

from __future__ import annotations

import click

from .. import safe_write


def write_output(output: str, text: str, force: bool) -> None:
    try:
        safe_write.write(output, text.encode("utf-8"), force=force)
    except FileExistsError:
        raise click.UsageError(f"{output} exists already: choose another name with -o, or add --force to replace it") from None
    except OSError as exc:
        raise click.ClickException(f"cannot write {output}: {exc.strerror}; nothing was written") from None
