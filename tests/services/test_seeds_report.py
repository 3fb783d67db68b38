"""What ``dungeon solve GAME --seeds`` prints of a run (services/seeds_report.py): the
table of the counts, the undecided seeds and the optima, a deal's CSV row, the JSON, and
the closing line."""

from __future__ import annotations

from dungeon_cli.services import seeds_report
from dungeon_cli.services.solve_seeds import Count, Solved, Task

RESULTS = [
    Solved(4, True, 12, True, 30, 0.5, True),
    Solved(5, False, None, False, 100, 1.25, False),
    Solved(6, False, -3, True, 40, 0.25, True),
]


def test_the_table_counts_the_deals_and_lists_the_undecided():
    count = Count(RESULTS)
    text = seeds_report.table(Task("scoundrel", None, "win", 100, None), range(4, 7), count)
    lines = text.splitlines()
    assert lines[0].split() == ["game", "variant", "seeds", "winnable", "no", "win", "(proven)", "undecided"]
    assert lines[2].split() == ["scoundrel", "-", "4-6", "1", "(33.3%)", "1", "1"]
    assert lines[-1] == "undecided (the limit came first): seeds 5"


def test_with_the_goal_best_the_table_says_the_optima_and_the_highest():
    count = Count(RESULTS, best=True)
    text = seeds_report.table(Task("scoundrel", None, "best", None, None), range(4, 7), count)
    assert "best results (the optima proven):" in text
    assert text.endswith("\n\nthe highest: win 12, on 1 deal")


def test_a_csv_row_and_the_json_of_a_run():
    assert seeds_report.csv_row(RESULTS[1]) == "5,false,,false,100,1.2500\n"
    assert seeds_report.CSV_HEADER.count(",") == seeds_report.csv_row(RESULTS[0]).count(",")
    found = seeds_report.as_json(Task("scoundrel", None, "win", 100, None), range(4, 7), Count(RESULTS), RESULTS)
    assert found["seeds"] == {"first": 4, "last": 6}
    assert [r["verdict"] for r in found["results"]] == ["winnable", "undecided", "no win"]
    assert (found["winnable"], found["no_win"], found["undecided"]) == (1, 1, 1)


def test_one_seed_is_written_alone_and_the_closing_line_says_where_it_ran():
    assert seeds_report.seeds_text(range(7, 8)) == "7"
    count = Count(RESULTS)
    assert seeds_report.closing_line("scoundrel", count, 2.0, 2, None) == (
        "scoundrel: 3 deals, 170 positions, 2.0 s of CPU in the solver (2.0 s on 2 processes)"
    )
    assert seeds_report.closing_line("scoundrel", count, 2.0, 1, "tcp://h\x1b:1").endswith(
        "(2.0 s on tcp://h\\x1b:1)"
    )  # made safe for a terminal
