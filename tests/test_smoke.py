"""The shared example records verify with the Result they state (the contract's test)."""

from pathlib import Path

import pytest

from conftest import SHARED

EXAMPLES = sorted((SHARED / "examples").glob("scoundrel-*.dgn"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_shared_example_verifies(run, path: Path):
    result = run(["verify", "-v", str(path)])
    assert result.exit_code == 0, result.stdout
    stated = [l for l in path.read_text().splitlines() if l.startswith("[Result")][0].split('"')[1]
    assert f"legal, {stated}," in result.stdout


def test_snapshot_is_plain_text(snapshot_text, run):
    result = run(["rules", "scoundrel"])
    assert result.stdout == snapshot_text


def test_every_command_loads_and_has_help(run):
    """Commands load lazily; a listed command whose module is missing would only show
    up as a traceback in `dungeon --help`."""
    from dungeon_cli.cli import COMMANDS, game_commands

    top = run(["--help"])
    assert top.exit_code == 0
    for name in [*COMMANDS, *game_commands()]:
        assert name in top.stdout
        result = run([name, "--help"])
        assert result.exit_code == 0, name
        assert "Usage:" in result.stdout
