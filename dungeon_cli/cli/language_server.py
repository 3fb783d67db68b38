"""``dungeon lsp``: the language server, on stdio (pygls, the ``lsp`` extra)."""

from __future__ import annotations

import sys

import click


@click.command()
@click.option("--stdio", is_flag=True, help="Speak on standard input and output (the default; editors pass it).")
def lsp(stdio: bool) -> None:
    """Serve DGN to an editor: diagnostics as verify gives them, completion, hover,
    formatting, symbols and highlighting, on stdin and stdout.

    Exit status: 0 the editor ended the session (shutdown, then exit), 1 it ended
    without shutdown (exit alone, or the end of standard input), 2 pygls is not installed.
    """
    try:
        from ..lsp.server import main
    except ImportError as exc:
        if (exc.name or "").split(".")[0] in ("pygls", "lsprotocol"):
            sys.stderr.write("dungeon lsp: error: the language server needs pygls: pip install 'dungeon-cli[lsp]'\n")
            sys.exit(2)
        raise
    sys.exit(main())
