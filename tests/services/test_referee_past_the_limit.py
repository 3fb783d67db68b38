"""A record whose tags the reader could not read, past the file's limit of errors (the
reader says nothing more there), is still refused, with one word of its own: it was
taken for legal with no game, and ``analyse`` failed on it with a traceback (found by the
hostile fuzz laws: a file of 500 broken checkpoints ending in ``[{``)."""

from __future__ import annotations

import io

from click.testing import CliRunner

from dungeon_cli.cli import cli
from dungeon_cli.services.referee import Referee
from notation import read
from notation.reader import MAX_ERRORS

TEXT = '[Game "scoundrel"]\n\n' + "1. {\n" * (MAX_ERRORS + 5) + "[{"


def test_an_unreadable_record_past_the_limit_is_refused_with_its_line():
    first, last = read(io.BytesIO(TEXT.encode()))
    assert not last.errors and not last.tags  # the reader's own error was past the limit
    verdict = Referee().check(last)
    assert not verdict.legal
    assert [(d.line, d.message) for d in verdict.diagnostics] == [
        (MAX_ERRORS + 8, "no Game tag could be read: this record cannot be checked")
    ]


def test_analyse_says_so_and_does_not_fail(tmp_path):
    path = tmp_path / "deep.dgn"
    path.write_text(TEXT)
    result = CliRunner().invoke(cli, ["analyse", "--samples", "2", "--limit", "1", str(path)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 1
    assert f"{path}:{MAX_ERRORS + 8}:1: error: no Game tag could be read" in result.output
