"""The runs behind docs/simulation.md's "A fair ceiling for Scoundrel" (bench/ceiling.py,
bench/endgame.py): the commands the page shows run here on a few seeds, and what makes
the ceiling a bound and the endgame player exact is held where it can be checked whole."""

from __future__ import annotations

import itertools
import subprocess
import sys

from conftest import ROOT

from dungeon_cli.engine.dealer import SeededDealer
from dungeon_cli.engine.setup import Setup
from dungeon_cli.games.scoundrel.rules import ScoundrelState
from dungeon_cli.games.scoundrel.strong import StrongBot
from dungeon_cli.kit.bot import Seat
from dungeon_cli.kit.core import Draw, Phase
from dungeon_cli.kit.shuffle import rng_for_bot

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
from bench import ceiling, endgame  # noqa: E402


def _run(*args: str) -> str:
    done = subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_ceilings_command_runs_and_sums_up():
    out = _run("bench.ceiling", "0", "2", "2")
    assert "seeds 0-1 (base game), 2 orders a way: first room fair, then the deal known" in out
    assert out.count("\nseed ") + out.startswith("seed ") == 2


def test_the_relaxed_player_sees_only_the_first_room_before_it_decides():
    """The ceiling's first decision is taken on the player's view: the same candidates
    and the same orders whatever the unseen cards' real order (a bound, not a cheat)."""
    real, view = ceiling.first_room(3)
    assert not view.dungeon.known and sum(view.dungeon.hidden.values()) == 40
    assert list(view.room) == list(real.room)


def test_the_endgames_command_runs():
    out = _run("bench.endgame", "2", "1", "3")
    assert "seeds 2-2, expectimax from 3 cards left: strong won" in out


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
    setup = Setup("scoundrel", None, seed=2)
    real = SeededDealer(2).start(setup)
    seat = Seat(StrongBot(), setup.module, None, setup.options, rng_for_bot(2))
    while True:
        if real.phase is Phase.CHANCE:
            action = Draw(real.chance().known)
        else:
            view = seat._view.state
            if not seat.bot.plan and len(view.dungeon) <= 5:
                break
            action = seat.choose()
        real = real.apply(action)
        seat.event(action)
    search = endgame.Expectimax()
    chance, _ = search.value(view)
    assert 0 < chance <= 1
    assert abs(_every_order(view, search.choose) - chance) < 1e-9


def test_the_fast_endgame_search_agrees_with_the_plain_one():
    """The id-based search the endgame player uses gives the rules-core search's values
    and choices (seed 2, from the room where the dungeon holds at most six cards)."""
    setup = Setup("scoundrel", None, seed=2)
    real = SeededDealer(2).start(setup)
    seat = Seat(StrongBot(), setup.module, None, setup.options, rng_for_bot(2))
    while True:
        if real.phase is Phase.CHANCE:
            action = Draw(real.chance().known)
        else:
            view = seat._view.state
            if not seat.bot.plan and len(view.dungeon) <= 6:
                break
            action = seat.choose()
        real = real.apply(action)
        seat.event(action)
    plain, fast = endgame.Expectimax(), endgame.FastExpectimax()
    chosen = fast.choose(view)
    assert plain.plan(view, chosen) == plain.value(view)
    assert abs(_every_order(view, fast.choose) - plain.value(view)[0]) < 1e-9
