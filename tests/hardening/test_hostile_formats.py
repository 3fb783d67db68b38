"""Control characters in every output format, and in every usage error (issue 41, item 6):
by construction, not by enumeration. Every command with a ``--format`` is run in each of
its formats (click's choices, or the completion's for a free-text option) on records whose
tags and comments hold terminal escapes, a bidi override and a C1 control (a legal record
and the hostile one of tests/support/hostile.py); and every option of every command that
takes a value is given one holding them. None may reach the output raw."""

from __future__ import annotations

from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from hostile import ESCAPES, INPUTS, OTHERS, OUT, WIN, commands, make

HOSTILE = "x\x1b]0;pwned\x07\x1b[2J\u202e\x9b31m"
LEGAL = Path(WIN).read_text().replace("\n\n", f'\n[Player "{HOSTILE}"]\n# {HOSTILE}\n\n', 1)


def formats(path: tuple[str, ...], param: click.Parameter) -> list[str]:
    if isinstance(param.type, click.Choice):
        return [str(choice) for choice in param.type.choices]
    ctx = click.Context(commands()[path])
    return [item.value for item in param.shell_complete(ctx, "")]


FORMATTED = [
    (path, choice)
    for path, command in commands().items()
    for param in command.params
    if param.name == "fmt" and path != ("solve",)  # solve's --format is --seeds' report: no record's text in it
    for choice in formats(path, param)
]


def test_the_formats_are_found():
    assert {path for path, _ in FORMATTED} >= {("verify",), ("diff",), ("summary",), ("stats",), ("analyse",)}
    assert len(FORMATTED) > 60  # the tables' formats among them


@pytest.mark.parametrize("path, fmt", FORMATTED, ids=lambda x: "-".join(x) if isinstance(x, tuple) else x)
def test_no_escape_reaches_the_output_raw_in_any_format(tmp_path, monkeypatch, path, fmt):
    from dungeon_cli.cli import cli

    monkeypatch.chdir(tmp_path)
    legal = tmp_path / "legal.dgn"
    legal.write_text(LEGAL)
    hostile = make(tmp_path, "escapes", "file")
    way = next(iter(INPUTS[path].values()))
    for record in (legal, hostile):
        rest = [str(record) if a == "{}" else a for a in way.args[len(path) :]]
        if path == ("diff",):
            rest = [str(record), str(legal if record == hostile else Path(WIN))]
        result = CliRunner().invoke(cli, [*path, "--format", fmt, *rest], input="")
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise result.exception
        assert result.exit_code in (0, 1), (path, fmt, result.output)
        raw = [ch for ch in ESCAPES if ch in result.output]
        assert not raw, (path, fmt, record.name, raw, result.output[-2000:])


def value_options() -> list[tuple[tuple[str, ...], str]]:
    """Every option that takes a value a user types (not a file: the hostile inputs'
    tests try those; not a scheduler's address, which is dialled)."""
    out = []
    for path, command in commands().items():
        for param in command.params:
            if not isinstance(param, click.Option) or param.is_flag or param.name in INPUTS.get(path, {}):
                continue
            if OTHERS[path].get(param.name or "") in (OUT, "a scheduler's address"):
                continue
            out.append((path, param.opts[-1]))
    return out


def test_a_usage_error_never_echoes_an_argument_raw(tmp_path, monkeypatch):
    """Each option given the hostile value, after what the command needs to get as far as
    checking it (a game, a record); and each command and game name given it."""
    from dungeon_cli.cli import cli

    monkeypatch.chdir(tmp_path)
    (tmp_path / "g.dgn").write_text(Path(WIN).read_text())
    tried = quoted = 0
    for path, option in value_options():
        needs = {"play": ["scoundrel"], "sim": ["scoundrel", "--games", "1"], "daily": ["scoundrel"], "rules": ["scoundrel"]}
        files = [] if path[0] in ("play", "sim", "daily", "rules", "games", "lsp", "cards") else ["g.dgn"]
        if path == ("diff",):
            files = ["g.dgn", "g.dgn"]
        args = [*path, *needs.get(path[0], []), option, HOSTILE, *files]
        result = CliRunner().invoke(cli, args, input="")
        tried += 1
        if result.exit_code == 2:
            quoted += "x\\x1b" in result.output
            raw = [ch for ch in ESCAPES if ch in result.output]
            assert not raw, (args, result.output)
    for args in ([HOSTILE], ["play", HOSTILE], ["cards", HOSTILE], [f"--{HOSTILE}"], ["verify", f"--{HOSTILE}"]):
        result = CliRunner().invoke(cli, args, input="")
        assert result.exit_code == 2 and not [ch for ch in ESCAPES if ch in result.output], (args, result.output)
    assert tried > 30 and quoted > 10, (tried, quoted)
