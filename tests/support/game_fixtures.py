"""Where each registered game keeps its fixtures, so that the tests that read every
fixture find those of any game the registry holds, the toy game's included.

A game of this package keeps them in ``fixtures/<game>/``; a game from outside it (the
toy game) in a ``fixtures/`` folder beside its module. Each holds ``legal/``,
``illegal/`` and optionally ``seed-check/`` records (tests/games/test_fixtures.py says what
each kind must do). Nothing here imports pytest: the fuzz run reads the fixtures too.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures"
KINDS = ("legal", "illegal", "seed-check")


def fixture_dir(game: str) -> Path:
    from dungeon_cli import registry

    module = registry.GAMES[game]
    if module.startswith("dungeon_cli."):  # installed or not (the compiled suite's is in .venv-compiled)
        return FIXTURES / game
    spec = importlib.util.find_spec(module)
    if spec is not None and spec.origin:
        return Path(spec.origin).parent / "fixtures"
    return FIXTURES / game


def fixtures(game: str, kind: str) -> list[Path]:
    return sorted((fixture_dir(game) / kind).glob("*.dgn"))


def every_fixture() -> list[Path]:
    """Every fixture of every registered game."""
    from dungeon_cli import registry

    return [path for game in registry.names() for kind in KINDS for path in fixtures(game, kind)]
