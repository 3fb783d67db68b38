"""The strong player's exact endgame (dungeon_cli/games/scoundrel/endgame.py): its
figure for its own choice is the chance its choices win with every order of the unseen
cards played out, the fast search agrees with the plain one, and the strong player hands
over to it where the dungeon is shallow."""

from __future__ import annotations

import itertools
from typing import Optional

import pytest

from dungeon_cli.engine.dealer import SeededDealer
from dungeon_cli.engine.setup import Setup
from dungeon_cli.games.scoundrel import endgame, strong
from dungeon_cli.games.scoundrel.rules import ScoundrelState
from dungeon_cli.games.scoundrel.strong import StrongBot
from dungeon_cli.kit.bot import Seat
from dungeon_cli.kit.core import Draw, Phase
from dungeon_cli.kit.shuffle import rng_for_bot


def _ways(state: ScoundrelState):
    return [cand.actions for cand in strong.candidates(state)]


def _view_at(seed: int, cards: int, variant: Optional[str] = None) -> ScoundrelState:
    """The player's view at the first room's start with at most ``cards`` in the dungeon,
    the game played by the sampling player alone until there."""
    setup = Setup("scoundrel", variant, seed=seed)
    real = SeededDealer(seed).start(setup)
    bot = StrongBot()
    bot.endgame_cards = -1
    seat = Seat(bot, setup.module, variant, setup.options, rng_for_bot(seed))
    while True:
        if real.phase is Phase.CHANCE:
            action = Draw(real.chance().known)
        else:
            view = seat._view.state
            if not seat.bot.plan and len(view.dungeon) <= cards:
                return view
            action = seat.choose()
        real = real.apply(action)
        seat.event(action)


def _every_order(state: ScoundrelState, decide) -> float:
    """The chance ``decide`` (a view state -> a way's actions) wins from ``state``, every
    order of the unseen cards played out."""
    hidden = [c for c, n in state.dungeon.hidden.items() for _ in range(n)]
    wins = total = 0
    for order in itertools.permutations(hidden):
        real = state._copy()
        real.dungeon = type(state.dungeon)({}, tuple(order) + state.dungeon.known)
        view = state
        while real.phase is not Phase.OVER:
            if real.phase is Phase.CHANCE:
                draw = Draw(real.chance().known)
                real, view = real.apply(draw), view.apply(draw)
                continue
            for action in decide(view):
                real, view = real.apply(action), view.apply(action)
                if real.phase is not Phase.DECISION:
                    break
        wins += real.result().won
        total += 1
    return wins / total


def test_the_endgame_value_is_the_chance_its_choices_win_every_order_played():
    """The expectimax's figure for its own choice is the exact chance that its choices
    win, every order of the unseen cards played out (seed 2, from the decision where
    five cards are left in the dungeon)."""
    view = _view_at(2, 5)
    search = endgame.Expectimax(_ways)
    chance, _ = search.value(view)
    assert 0 < chance <= 1
    assert abs(_every_order(view, search.choose) - chance) < 1e-9


# Seeds where the answer is a win on some order (the strict-weapon ones tell the variant's
# reach from the base game's: searched without it, the fast search's choice wins less).
@pytest.mark.parametrize("variant, seed", [(None, 2), (None, 6), ("strict-weapon", 5), ("strict-weapon", 28)])
def test_the_fast_endgame_search_agrees_with_the_plain_one(variant, seed):
    """The id-based search the endgame player uses finds the rules-core search's chance of
    winning, and its mean score where a win is possible, from the room where the dungeon
    holds at most six cards."""
    view = _view_at(seed, 6, variant)
    assert view.strict == (variant == "strict-weapon")
    plain, fast = endgame.Expectimax(_ways), endgame.FastExpectimax(view.strict)
    best = plain.value(view)
    found = plain.plan(view, fast.choose(view))
    assert found[0] == best[0]
    if best[0] > 0:
        assert found == best
    assert abs(_every_order(view, fast.choose) - best[0]) < 1e-9


def test_the_strong_player_plays_the_endgames_way_where_the_dungeon_is_shallow():
    """From the room where the dungeon holds at most ``ENDGAME_CARDS`` cards the strong
    player's choice is the exact search's, not the sampling's; above it, the sampling's."""
    view = _view_at(2, strong.ENDGAME_CARDS)
    bot = StrongBot()
    bot.plan = []
    assert bot.choose(view, rng_for_bot(2)) == endgame.best_way(view, _ways)[0]
    assert not hasattr(bot, "chosen")  # no sampling was done
    deep = _view_at(2, 30)
    bot.plan = []
    bot.choose(deep, rng_for_bot(2))
    assert bot.chosen.plays > 0
