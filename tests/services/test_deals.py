"""Deals by difficulty (issue 28): ``--deal winnable|easy|hard`` on ``play``, ``sim`` and
``daily`` picks a seed from the game's shipped table; the table is what
``python -m dungeon_cli.services.deal_tables`` makes; a kind a game does not serve is refused
(exit 2) on every command, for the games without a table."""

from __future__ import annotations

import hashlib
import re

import pytest

from dungeon_cli import registry
from dungeon_cli.services import deal_tables, deals
from dungeon_cli.services.solve_seeds import Task, solve_one

SERVED = {game: kinds for game, kinds in deals.served().items()}
TABLE = """# a table of two games' worth of judging
runs 4
0 w 4
1 w 0
2 n 0
3 u 3
4 w 2
"""


def test_a_table_read_and_each_kind_of_it():
    table = deals.parse(TABLE)
    assert table.runs == 4 and len(table.entries) == 5 and table.solved
    assert table.seeds("winnable") == [0, 1, 4]
    assert table.seeds("easy") == [0, 3]  # three quarters of the runs at least
    assert table.seeds("hard") == [1]  # none won, and proven winnable: hard, not lost (2 is lost)
    unsolved = deals.parse("runs 2\n5 - 0\n6 - 2\n")
    assert unsolved.kinds() == ["easy", "hard"] and unsolved.seeds("hard") == [5]  # no proof to ask for
    assert deals.parse(deals.format_table(table, "made here\n")) == table


@pytest.mark.parametrize("bad", ["runs 2\n0 w 3\n", "0 w 1\n", "runs 1\n0 x 0\n", "runs 1\nzero w 0\n"])
def test_a_malformed_table_is_refused_by_line(bad):
    with pytest.raises(ValueError, match=r"line \d"):
        deals.parse(bad)


TABLED = ["scoundrel", "clear-the-dungeon"]  # the games with a solver ship a table


@pytest.mark.parametrize("game", TABLED)
def test_a_game_with_a_solver_serves_every_kind_from_its_shipped_table(game):
    assert SERVED[game] == list(deals.KINDS)
    for kind in deals.KINDS:
        assert len(deals.seeds_for(game, kind)) >= 3, kind


@pytest.mark.parametrize("game", [g for g in registry.names() if not SERVED[g]])
@pytest.mark.parametrize("how", ["play", "sim", "daily"])
def test_a_game_without_a_table_refuses_every_kind(run, game, how):
    for kind in deals.KINDS:
        args = {"play": ["play", game], "sim": ["sim", game, "--games", "1"], "daily": ["daily", game]}[how]
        result = run([*args, "--deal", kind], input="quit\n")
        assert result.exit_code == 2
        assert f"{game} serves no --deal" in result.stderr and "scoundrel (winnable, easy, hard)" in result.stderr


def test_deal_goes_with_neither_a_seed_nor_a_variant(run):
    assert "cannot take --seed" in run(["play", "scoundrel", "--deal", "easy", "--seed", "3"], input="").stderr
    result = run(["play", "scoundrel", "--deal", "easy", "--variant", "strict-weapon"], input="")
    assert result.exit_code == 2 and "the standard rules" in result.stderr


@pytest.mark.parametrize("kind", deals.KINDS)
def test_play_deals_a_seed_of_the_kind_and_records_it(run, kind):
    result = run(["play", "scoundrel", "--deal", kind], input="quit\n")
    assert result.exit_code == 0, result.stderr
    seed = int(re.search(r'\[Seed "(\d+)"\]', result.stdout)[1])  # shared as any seed is
    assert seed in deals.seeds_for("scoundrel", kind)


def test_the_days_deal_of_a_kind_is_the_same_for_everyone(run):
    seeds = deals.seeds_for("scoundrel", "easy")
    digest = hashlib.sha256(b"dungeon daily scoundrel easy 2026-12-01").digest()
    expected = seeds[int.from_bytes(digest[:4], "big") % len(seeds)]  # the rule docs/your-games.md writes
    for _ in range(2):
        result = run(["daily", "scoundrel", "--deal", "easy", "--date", "2026-12-01"])
        assert result.exit_code == 0 and f"scoundrel easy 2026-12-01 (UTC): seed {expected}" in result.stdout


def test_sim_plays_the_tables_deals_of_the_kind(run):
    seeds = [s for s in deals.seeds_for("scoundrel", "winnable") if s >= 5][:3]
    result = run(["sim", "scoundrel", "--bot", "greedy", "--deal", "winnable", "--seed", "5", "--games", "3"])
    assert result.exit_code == 0, result.stderr
    assert f"winnable deals of seeds {seeds[0]}..{seeds[-1]}" in result.stdout
    many = run(["sim", "scoundrel", "--bot", "greedy", "--deal", "hard", "--games", "100000"])
    assert many.exit_code == 0 and f"the table holds {len(deals.seeds_for('scoundrel', 'hard')):,} hard deals" in many.stderr


@pytest.mark.parametrize("game", TABLED)
def test_the_shipped_table_is_what_the_maker_makes(capsys, game):
    """The module run at small size: its lines are the shipped table's for those seeds
    (the solver's verdict in positions, the strong player's games from fixed generators:
    the same on any machine)."""
    shipped = {e.seed: e for e in deals.load(game).entries}
    runs = deals.load(game).runs
    assert deal_tables.main([game, "--seeds", "0-1", "--runs", str(runs)]) == 0
    made = deals.parse(capsys.readouterr().out)
    assert made.runs == runs and [e.seed for e in made.entries] == [0, 1]
    for entry in made.entries:
        assert entry == shipped[entry.seed]


@pytest.mark.parametrize("game", TABLED)
def test_a_winnable_deal_is_won_by_the_solver(game):
    for seed in deals.seeds_for(game, "winnable")[:3] + deals.seeds_for(game, "hard")[:2]:
        assert solve_one(Task(game, max_nodes=deal_tables.SOLVER_LIMIT), seed).won, seed


def test_play_daily_deals_the_days_deal_of_the_kind(run):
    from dungeon_cli.services import daily_seed as daily

    day = daily.today()
    expected = deals.daily(deals.seeds_for("scoundrel", "hard"), "scoundrel", "hard", day)
    result = run(["play", "scoundrel", "--daily", "--deal", "hard"], input="quit\n")
    assert result.exit_code == 0, result.stderr
    assert f'[Seed "{expected}"]' in result.stdout and f'[Date "{day:%Y-%m-%d}"]' in result.stdout
    assert daily.record_path("scoundrel", day, "hard") != daily.record_path("scoundrel", day)  # kept apart
