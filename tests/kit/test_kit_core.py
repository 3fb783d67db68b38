"""A state's fields as the kit sees them (kit/core.py), the same in the pure and the
compiled build (issue 37): ``turn`` and ``phase`` are State's own, a game's own fields
follow, and ``_copy`` carries every one of them."""

from __future__ import annotations

import random

import pytest

from dungeon_cli import registry
from dungeon_cli.kit.core import Draw, Phase, State, state_fields


def _states_of(name: str, seed: int):
    """Every state of one game played at random from its start, Draws taken at random too."""
    rng = random.Random(seed)
    state = registry.get(name).game.start()
    yield state
    while state.phase is not Phase.OVER:
        if state.phase is Phase.CHANCE:
            chance = state.chance()
            action = Draw(chance.known if chance.known is not None else rng.choice(chance.outcomes))
        else:
            action = rng.choice(list(state.legal_actions()))
        state = state.apply(action)
        yield state


@pytest.mark.parametrize("name", registry.names())
def test_a_copy_carries_every_field_of_every_state_of_every_game(name):
    for state in _states_of(name, 7):
        names = state_fields(type(state))
        assert names[:2] == ("turn", "phase"), names
        copy = state._copy()
        assert copy is not state and type(copy) is type(state)
        for field in names:
            assert getattr(copy, field) == getattr(state, field), field
        assert copy.observation() == state.observation()


def test_a_game_that_lists_turn_or_phase_in_its_slots_is_told_to_leave_them_out():
    with pytest.raises(TypeError, match="turn and phase are State's own fields"):

        class _Mine(State):  # a game's state written as if turn and phase were its own
            __slots__ = ("turn", "phase", "hp")


def test_each_game_copies_by_the_way_its_build_makes_states():
    """A game's ``_copy`` asks once which build it runs in (``kit.core.compiled_module``):
    compiled, its class's native constructor; pure, object's ``__new__``. The suite runs
    on both builds, and each must find its own (a wrong answer is a slower copy, not a
    wrong one, so only this test would see it)."""
    import importlib

    from conftest import COMPILED

    from dungeon_cli.kit.core import compiled_module

    assert compiled_module("/x/rules.cpython-311-x86_64-linux-gnu.so") and compiled_module("C:\\x\\rules.cp311-win_amd64.pyd")
    assert not compiled_module("/x/rules.py") and not compiled_module("/x/rules.pyc")
    for game in ("scoundrel", "clear_the_dungeon", "rpg_solitaire", "cassette_dungeons"):
        rules = importlib.import_module(f"dungeon_cli.games.{game}.rules")
        assert rules._NATIVE is COMPILED, game
