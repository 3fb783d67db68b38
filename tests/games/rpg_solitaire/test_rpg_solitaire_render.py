"""RPG solitaire's map: snapshots after each move of a record, and the 80-column promise."""

from __future__ import annotations

import random
import re

import pytest
from conftest import FIXTURES

from dungeon_cli import registry
from dungeon_cli.engine import Setup
from dungeon_cli.games.rpg_solitaire.grid import Room
from dungeon_cli.games.rpg_solitaire.rules import Resign
from dungeon_cli.kit.cards import CARDS
from dungeon_cli.services.referee import check
from dungeon_cli.services.session import Session
from notation import parse

MODULE = registry.get("rpg-solitaire")
LEGAL = FIXTURES / "rpg-solitaire" / "legal"


def states_of(name: str):
    verdict = check(parse((LEGAL / name).read_text())[0], keep_states=True)
    assert verdict.legal
    return verdict.states


@pytest.mark.parametrize("name", ["secret-door.dgn", "retreat-after-loss.dgn", "trapped.dgn", "lockpicks.dgn"])
def test_map_after_every_move(name, snapshot_text):
    pages = [f"-- after move {i}\n{MODULE.render(state)}" for i, state in enumerate(states_of(name))]
    assert "\n".join(pages) + "\n" == snapshot_text


def test_map_shows_a_standing_monster_and_the_way_back(snapshot_text):
    state = check(
        parse('[Game "rpg-solitaire"]\n\ndeal: 5s 8h 4c\n1. Kd : @n/ew ^7s keep ^3c ^6s ^9h ^5c ^Th ^8s ^4c\n2. Qh :\n')[0]
    ).state
    text = MODULE.render(state)
    assert "M" in text and "the way out is back south" in text
    assert text + "\n" == snapshot_text


def test_map_a_long_corridor_is_cut_around_you():
    state = Session(Setup(MODULE.game.name, seed=1)).state
    grid = {(x, 0): Room(CARDS["Qh"], frozenset("ew")) for x in range(-30, 31)}
    grid[(0, 0)] = Room(CARDS["Ks"], frozenset("new"), entrance=True)
    state.grid = grid
    text = MODULE.render(state)
    assert "(map cut around you: more rooms lie east, west)" in text
    assert max(len(line) for line in text.splitlines()) <= 80
    assert "E@" in text


@pytest.mark.parametrize("seed", range(8))
def test_map_fits_80_columns_all_game_long(seed):
    rng = random.Random(seed)
    session = Session(Setup(MODULE.game.name, seed=seed))
    session.deal()
    for _ in range(200):
        text = MODULE.render(session.state)
        assert max(len(line) for line in text.splitlines()) <= 80, text
        if session.state.is_over:
            break
        session.apply(rng.choice([a for a in session.state.legal_actions() if not isinstance(a, Resign)]))
        session.deal()


@pytest.mark.parametrize("name", ["trapped.dgn", "lockpicks.dgn", "escape-with-treasure.dgn", "out-of-time.dgn"])
def test_at_game_over_the_last_turn_is_said_once(run, name):
    """The turn's own line (``Notation.tell``) says what the last turn did; the board at
    game over does not say it again as "this turn:" (in replay, as in play)."""
    result = run(["replay", str(LEGAL / name)])
    last = re.split(r"\n\n(?=\d+\. )", result.stdout)[-1]  # the last move, its line and its board
    assert "game over:" in last
    turn = last.split(".")[0]
    assert last.count(f"turn {turn}: ") == 1, last
    assert "this turn:" not in last, last
    page = run(["replay", "--html", "-", str(LEGAL / name)]).stdout
    final = page[page.rindex('class="told"') :]
    assert "this turn: " not in final
