"""A game carries its own plug-ins: what its ``GameModule`` names loads and is what it
says, package data it reads is shipped, and no module outside the game's own package
names the game (every list of games, bots, solvers and commands comes from the
registry)."""

from __future__ import annotations

import fnmatch
import re
import tomllib
from pathlib import Path

import click
import pytest
from conftest import ROOT

from dungeon_cli import bots, registry, solver
from dungeon_cli.bots import playouts
from dungeon_cli.cli import COMMANDS, game_commands
from dungeon_cli.kit.game_module import load

PACKAGE = ROOT / "dungeon_cli"
BUILT_IN = [name for name in registry.names() if registry.GAMES[name].startswith("dungeon_cli.")]


@pytest.mark.parametrize("game", registry.names())
def test_each_plug_in_a_game_names_loads_as_what_it_is(game):
    module = registry.get(game)
    assert module.game.name == game
    for name, path in module.bots.items():
        bot = bots.make(game, name)
        assert isinstance(bot, bots.Bot) and bot.name == name and bot.summary, path
    for bot, path in module.playouts.items():
        assert bot in bots.names(game) and callable(playouts.find(game, bot)), path
    for bot, path in module.batch_playouts.items():
        assert bot in bots.names(game) and callable(playouts.find_batch(game, bot)), path
    if module.solver is not None:
        hooks = solver.hooks(game)
        assert all(callable(getattr(hooks, hook, None)) for hook in ("key", "bound", "priority", "deal"))
    for name, path in module.commands.items():
        assert isinstance(load(path), click.Command) and name not in COMMANDS


def test_the_lists_of_bots_solvers_and_commands_are_what_the_games_name():
    modules = registry.modules()
    assert solver.solvable() == [m.game.name for m in modules if m.solver is not None]
    assert game_commands() == {name: path for m in modules for name, path in m.commands.items()}
    for m in modules:
        # then the search every game has, unless the game names its own strong player
        assert bots.names(m.game.name) == ["random", *m.bots, *(["strong"] if "strong" not in m.bots else [])]
    assert playouts.find("scoundrel", "random") is not None  # a game that names one has one
    with pytest.raises(KeyError):
        solver.hooks("rpg-solitaire")  # a game that names none has none


def test_register_refuses_a_name_taken_by_another_module():
    with pytest.raises(ValueError, match="registered already"):
        registry.register("scoundrel", "somewhere.else")
    registry.register("scoundrel", registry.GAMES["scoundrel"])  # the same line again is harmless


@pytest.mark.parametrize("game", [g for g in registry.names() if registry.get(g).data])
def test_package_data_a_game_reads_is_shipped(game):
    module = registry.get(game)
    package = registry.GAMES[game]
    folder = ROOT / Path(*package.split("."))
    shipped = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    for pattern in module.data:
        assert list(folder.glob(pattern)), f"{pattern} matches no file of {package}"
        assert pattern in shipped.get(package, []) or any(fnmatch.fnmatch(pattern, p) for p in shipped.get("*", []))


@pytest.mark.parametrize("game", BUILT_IN)
def test_no_module_outside_a_games_package_names_it(game):
    """A new game touches nothing outside its package but its registry line: no table of
    bots, solvers, commands or help text elsewhere names it."""
    package = registry.GAMES[game]
    own = ROOT / Path(*package.split("."))
    named = re.compile(rf"[\"']{re.escape(game)}[\"']|{re.escape(package)}|games[./]{re.escape(package.rsplit('.', 1)[1])}\b")
    for path in [*PACKAGE.rglob("*.py"), *(ROOT / "notation").rglob("*.py")]:
        if own in path.parents or path == PACKAGE / "registry.py":
            continue
        assert not named.search(path.read_text(encoding="utf-8")), f"{path.relative_to(ROOT)} names {game}"


def test_the_environment_names_games_as_name_equals_module():
    with pytest.raises(ValueError, match="DUNGEON_GAMES: 'toy_game' is not name=module"):
        registry._from_environment("toy=toy_game, toy_game")
    before = dict(registry.GAMES)
    registry._from_environment(" , toy = toy_game ,")  # blanks and empty entries are nothing
    assert registry.GAMES == before


@pytest.mark.parametrize(
    "value, said",
    [
        ("foo", "DUNGEON_GAMES: 'foo' is not name=module"),
        ("x=", "DUNGEON_GAMES: 'x=' is not name=module"),
        ("=y", "DUNGEON_GAMES: '=y' is not name=module"),
        ("scoundrel=os", "DUNGEON_GAMES: game 'scoundrel' is registered already"),
        ("evil=nonexistent_mod", "DUNGEON_GAMES: game 'evil': module nonexistent_mod cannot be imported"),
        ("x=os", "DUNGEON_GAMES: game 'x': module os defines no MODULE, so it is not a game"),
    ],
)
def test_a_bad_dungeon_games_is_one_line_and_exit_2_on_every_command(value, said):
    """The variable is read at import: a malformed one, or one naming a module that is
    not a game, was a traceback on --help, games, verify, play, sim and rules (issue 23)."""
    from conftest import FIXTURES, run_subprocess

    record = str(FIXTURES / "scoundrel" / "legal" / "runs.dgn")
    for args in (
        ["--help"],
        ["games"],
        ["verify", record],
        ["play", "scoundrel", "--seed", "1"],
        ["sim", "scoundrel", "--games", "2"],
        ["rules", "scoundrel"],
    ):
        done = run_subprocess(args, input=b"", env={"DUNGEON_GAMES": value})
        err = done.stderr.decode()
        assert done.returncode == 2, (args, err)
        assert "Traceback" not in err and said in err, (args, err)
        assert err.count("\n") == 1, (args, err)
