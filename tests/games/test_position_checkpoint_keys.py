"""A Position's keys are a superset of the game's checkpoint keys, each spelt as the
checkpoint spells it (NOTATION.md section 9, Positions), in every registered game and
the toy game: at every state of a sampled game, the position written there gives each
checkpoint key the checkpoint's own value."""

from __future__ import annotations

import pytest

from dungeon_cli import registry
from dungeon_cli.services.referee import Referee
from dungeon_cli.shell.sample import sample_game
from notation import parse


@pytest.mark.parametrize("game", registry.names())
def test_every_checkpoint_key_is_a_position_key_spelt_alike(game):
    module = registry.get(game)
    notation = module.notation
    session, _ = sample_game(module, 3)
    (record,) = parse(session.text())
    states = [s for s in Referee(keep_states=True).check(record).states if s is not None and not s.is_over]
    assert states
    for state in states:
        checkpoint = notation.checkpoint(state)
        assert set(checkpoint) <= set(notation.position_keys), (game, sorted(set(checkpoint) - set(notation.position_keys)))
        position = dict(notation.write_position(state))
        assert {key: position[key] for key in checkpoint} == checkpoint
