"""A state's fields as the kit sees them (kit/core.py), the same in the pure and the
compiled build (issue 37): ``turn`` and ``phase`` are State's own, a game's own fields
follow, and ``_copy`` carries every one of them."""

from __future__ import annotations

import random

import pytest

from dungeon_cli import registry
from dungeon_cli.kit.core import Draw, Frozen, Phase, State, fields_of, state_fields


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


def _values_in(value, out: dict) -> None:
    """Every ``Frozen`` value inside ``value`` (an action, a state's field), by class."""
    if isinstance(value, Frozen):
        out.setdefault(type(value), value)
        for item in value._fields():
            _values_in(item, out)
    elif isinstance(value, (tuple, list, frozenset)):
        for item in value:
            _values_in(item, out)
    elif isinstance(value, dict):
        for item in value.values():
            _values_in(item, out)


@pytest.mark.parametrize("name", registry.names())
def test_every_small_value_of_every_game_is_its_fields(name):
    """A game's actions, dice, foes, rooms and decks are ``kit.core.Frozen`` values (issue
    37: a dataclass's ``__init__`` stays interpreted when compiled). What the dataclasses
    gave is kept: the constructor takes the fields in ``__match_args__`` order, equality
    and hash are those of the fields, the repr names them, pickle works (``match``: below), and
    no field changes once made (compiled, refused at run time; pure, by mypy)."""
    import copy
    import pickle

    from conftest import COMPILED

    found: dict = {}
    for seed in range(3):
        for state in _states_of(name, seed):
            for field in state_fields(type(state)):
                _values_in(getattr(state, field), found)
            if state.phase is Phase.DECISION:
                _values_in(list(state.legal_actions()), found)
    # Scoundrel's and the toy game's actions are plain classes of their own.
    assert bool(found) is (name in ("clear-the-dungeon", "rpg-solitaire", "cassette-dungeons")), found
    for cls, value in found.items():
        fields = value._fields()
        assert fields == tuple(getattr(value, field) for field in cls.__match_args__), cls
        assert cls(*fields) == value and hash(cls(*fields)) == hash(fields) == hash(value)
        assert pickle.loads(pickle.dumps(value)) == value == copy.deepcopy(value)
        assert fields_of(value) == tuple(zip(cls.__match_args__, fields))
        assert repr(value) == f"{cls.__name__}({', '.join(f'{n}={v!r}' for n, v in fields_of(value))})"
        if COMPILED and cls.__match_args__:
            with pytest.raises(AttributeError):
                setattr(value, cls.__match_args__[0], fields[0])


def test_two_values_of_different_kinds_with_the_same_fields_differ():
    from dungeon_cli.games.cassette_dungeons.rules import Discard, Loot
    from dungeon_cli.games.rpg_solitaire.rules import Fight, MoveTo

    assert MoveTo("n") != Fight("n") and MoveTo("n") == MoveTo("n") and MoveTo("n") != MoveTo("s")
    assert Loot("orc") != Discard("orc") and Loot("orc") != "orc"
    assert len({MoveTo("n"), Fight("n"), MoveTo("n")}) == 2
    match Fight("e"):
        case MoveTo(side):
            raise AssertionError(f"a fight matched a move {side}")
        case Fight(side):
            assert side == "e"
