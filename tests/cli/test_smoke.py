"""The contract's example records verify with the Result they state (the contract's
test), and the copies in fixtures/examples that the rest of the suite uses are faithful."""

from pathlib import Path

import pytest
from conftest import EXAMPLES, contract_examples

CONTRACT = contract_examples("*.dgn")


@pytest.mark.parametrize("path", CONTRACT, ids=lambda p: getattr(p, "name", "contract"))
def test_shared_example_verifies(run, path: Path):
    result = run(["verify", "-v", str(path)])
    assert result.exit_code == 0, result.stdout
    stated = [l for l in path.read_text().splitlines() if l.startswith("[Result")][0].split('"')[1]
    assert f"legal, {stated}," in result.stdout


@pytest.mark.parametrize("path", CONTRACT, ids=lambda p: getattr(p, "name", "contract"))
def test_copy_of_the_contract_example_is_faithful(path: Path):
    assert (EXAMPLES / path.name).read_bytes() == path.read_bytes()


def test_copies_verify_without_the_contract(run):
    """A bare clone still checks every example it carries, with the Result it states."""
    copies = sorted(EXAMPLES.glob("*.dgn"))
    assert len(copies) == 4
    for path in copies:
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
