"""A game's plug-ins are what their Protocols say (solver.GameHooks and SearchModel,
kit.sampling.StrongPlayer), checked where they load, so a plug-in that lacks a part
is refused by name there rather than failing deep in a search."""

from __future__ import annotations

import importlib
import sys
import types

import pytest

from dungeon_cli import bots, registry, solver
from dungeon_cli.kit.bot import Bot
from dungeon_cli.kit.sampling import StrongPlayer
from dungeon_cli.kit.shuffle import deal_piles

SOLVABLE = [name for name in registry.names() if registry.get(name).solver is not None]


@pytest.mark.parametrize("game", SOLVABLE)
def test_a_games_solver_hooks_and_model_are_the_protocols(game):
    module = importlib.import_module(registry.get(game).solver)
    assert isinstance(module, solver.GameHooks)
    hooks = solver.hooks(game)
    model = hooks.model()
    assert isinstance(model, solver.SearchModel)
    assert isinstance(solver.CoreModel(hooks), solver.SearchModel)
    # the default hooks a game leaves out: every legal action, every position settled
    start = registry.get(game).game.start(None, None, deal_piles(0, registry.get(game).game.deck()))
    assert list(hooks.moves(start)) == list(getattr(module, "moves", type(start).legal_actions)(start))


def test_hooks_missing_a_hook_are_refused_by_name(monkeypatch):
    fake = types.ModuleType("fake_hooks")
    fake.key = lambda state: 0  # no bound, priority or deal
    monkeypatch.setitem(sys.modules, "fake_hooks", fake)
    real = registry.get("scoundrel")
    monkeypatch.setattr(registry, "get", lambda name: types.SimpleNamespace(solver="fake_hooks", game=real.game))
    with pytest.raises(TypeError, match="fake_hooks does not define the solver hooks"):
        solver.hooks("scoundrel")


@pytest.mark.parametrize("game", registry.names())
def test_a_strong_player_is_the_protocol_and_every_game_has_one(game):
    """The game's own strong bot, or the search every game has (bots/search.py)."""
    strong = bots.strong(game)
    assert bots.has_strong(game)
    assert isinstance(strong, StrongPlayer) and isinstance(strong, Bot)


def test_a_strong_bot_that_is_no_strong_player_is_refused(monkeypatch):
    monkeypatch.setattr(bots, "make", lambda game, name: Bot())
    with pytest.raises(TypeError, match="scoundrel's strong bot offers no deals"):
        bots.strong("scoundrel")
