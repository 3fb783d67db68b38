"""Every game can be solved: a game without solver hooks (RPG solitaire, Cassette
Dungeons!, the toy game) is searched over its rules alone (``solver.searched``, the
hindsight search of ``solver/lookahead.py``). Its line verifies and reaches the result
it states; a deal it searches to the end has brute force's optimum; a win stops the
search when a win is all that is asked."""

from __future__ import annotations

import copy
import io

import pytest

from dungeon_cli import registry, solver
from dungeon_cli.engine import SeededDealer, Setup
from dungeon_cli.kit.core import Draw, Phase
from dungeon_cli.kit.objective import objective
from dungeon_cli.services.referee import check
from notation import read

SEARCHED = [name for name in registry.names() if name not in solver.solvable()]


def _start(game, seed, variant=None):
    dealer = SeededDealer(seed)
    return dealer.start(Setup(game, variant, seed=seed)), solver.Stream.of(dealer), dealer


def test_every_registered_game_without_hooks_is_searched():
    assert {"rpg-solitaire", "cassette-dungeons", "toy"} <= set(SEARCHED)


@pytest.mark.parametrize("game", SEARCHED)
def test_the_line_verifies_and_reaches_the_stated_result(run, game):
    result = run(["solve", "--seed", "3", game, "--limit", "5k"])
    assert result.exit_code == 0, result.output
    (record,) = read(io.BytesIO(result.stdout.encode()))
    verdict = check(record, seed_check=True)
    assert verdict.legal, verdict.diagnostics
    assert verdict.state.is_over
    assert str(verdict.result) == record.tag_value("Result")
    said = record.tag_value("Solve")
    assert said in ("optimum (proven)", "best found, not proven (node limit)")
    assert f"{verdict.result} is the {said}" in result.stderr


def _brute(state, dealer):
    """The best objective of every line from ``state``, chance answered by copies of
    the seeded dealer."""
    while state.phase is Phase.CHANCE:
        state = state.apply(Draw(dealer.outcome(state)))
    if state.is_over:
        return objective(state.final())
    return max(_brute(state.apply(action), copy.deepcopy(dealer)) for action in state.legal_actions())


@pytest.mark.parametrize("variant", [None, "frail"])
def test_a_deal_searched_to_the_end_has_the_brute_force_optimum(variant):
    proven = 0
    for seed in range(6):
        start, stream, dealer = _start("toy", seed, variant)
        found = solver.solve(start, "toy", goal="best", stream=stream)
        if found.proven:
            proven += 1
            assert objective(found.result) == _brute(start, copy.deepcopy(dealer)), seed
    assert proven >= 4  # the toy game's deals are small enough to search to the end


def test_a_win_is_all_the_goal_win_asks():
    start, stream, _ = _start("cassette-dungeons", 3)
    first = solver.solve(start, "cassette-dungeons", max_nodes=20_000, goal="win", stream=stream)
    best = solver.solve(start, "cassette-dungeons", max_nodes=20_000, goal="best", stream=stream)
    assert first.result.won and first.proven and first.settled and first.stopped is None
    assert first.nodes < best.nodes
    assert objective(best.result) >= objective(first.result)


def test_dice_without_a_seed_are_refused_not_invented():
    start, _, _ = _start("cassette-dungeons", 3)
    with pytest.raises(ValueError, match="only a seed says"):
        solver.solve(start, "cassette-dungeons", max_nodes=2_000, goal="win")


def test_a_record_without_its_seed_is_refused(run, tmp_path):
    solved = run(["solve", "--seed", "3", "rpg-solitaire", "--limit", "5k"]).stdout
    bare = tmp_path / "rpg.dgn"
    bare.write_text("".join(line for line in solved.splitlines(keepends=True) if not line.startswith("[Seed")))
    result = run(["solve", str(bare)])
    assert result.exit_code == 2, result.output  # a usage solve cannot serve: trouble, not a finding (issue 41, item 21)
    assert "rpg-solitaire is solved from a seed, and this record has none" in result.stderr


def test_a_record_with_its_seed_is_solved_from_it(run, tmp_path):
    """A searched game's record is solved from its Seed, whatever moves it holds."""
    played = run(["sim", "cassette-dungeons", "--bot", "greedy", "--seed", "3", "--games", "1", "--records", str(tmp_path)])
    assert played.exit_code == 0, played.output
    (record_file,) = tmp_path.glob("*.dgn")
    result = run(["solve", str(record_file), "--limit", "5k"])
    assert result.exit_code == 0, result.output
    (record,) = read(io.BytesIO(result.stdout.encode()))
    assert record.tag_value("Seed") == "3"
    verdict = check(record, seed_check=True)
    assert verdict.legal and verdict.state.is_over, verdict.diagnostics
    assert f"{record_file.name} (seed 3): {verdict.result} is the" in result.stderr
