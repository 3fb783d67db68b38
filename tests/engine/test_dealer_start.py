"""The unseeded dealer makes a game's start state once per game, variant and options
(issue 26: making it was 40% of RPG solitaire's verify) and hands that one state to every
walk: sound because states never change once made, which the walks below hold it to."""

from __future__ import annotations

import io

import pytest

from dungeon_cli import registry
from dungeon_cli.engine import Setup
from dungeon_cli.engine.dealer import Dealer, SeededDealer
from dungeon_cli.services.referee import Referee
from notation import read


@pytest.mark.parametrize("game", ["scoundrel", "clear-the-dungeon", "rpg-solitaire", "cassette-dungeons"])
def test_one_start_state_per_game_variant_and_options(game):
    first = Dealer().start(Setup(game))
    assert Dealer().start(Setup(game)) is first
    for variant in registry.get(game).game.variants:
        assert Dealer().start(Setup(game, variant)) is not first


def test_other_options_give_another_start_and_a_bool_is_no_number():
    three = Dealer().start(Setup("rpg-solitaire", options={"decks": 3}))
    one = Dealer().start(Setup("rpg-solitaire", options={"decks": 1}))
    assert one is not three
    assert one.last_turn != three.last_turn
    assert Dealer().start(Setup("rpg-solitaire", options={"decks": 1})) is one
    assert Dealer().start(Setup("rpg-solitaire", options={"decks": True})) is not one


def test_a_seeded_start_is_its_own():
    setup = Setup("scoundrel", seed=3)
    assert SeededDealer(3).start(setup) is not SeededDealer(3).start(setup)


@pytest.mark.parametrize("game", ["scoundrel", "clear-the-dungeon", "rpg-solitaire", "cassette-dungeons"])
def test_walks_from_the_shared_start_leave_it_as_it_was(game):
    """Many games walked from the one start state: it gives the same observation after,
    and the same verdicts come out of a second pass."""
    from dungeon_cli.services import simulate

    start = Dealer().start(Setup(game, options=registry.get(game).notation.options(_bare(game))))
    seen = start.observation()
    spec = simulate.Spec(game, "random", None, records=True)
    text = "\n".join(o.record for o in simulate.play_many(spec, range(40)))
    referee = Referee()
    passes = [[referee.check(r).legal for r in read(io.BytesIO(text.encode()))] for _ in range(2)]
    assert passes[0] == passes[1] == [True] * 40
    assert start.observation() == seen


def _bare(game: str):
    from notation import Record, Tag

    return Record(tags=[Tag("Game", game)])
