"""``analyse``'s hindsight column along a record (issue 40): with the deal known, the best
win reachable can only stay or fall from one position to the next, so a win found later
is a bound for every earlier position, a proven figure holds for the later ones, and a
search cut short by its limit is written as a bound, never as "no win"."""

from __future__ import annotations

from dungeon_cli.analysis import Hindsight, Judgement, monotone
from dungeon_cli.kit.core import Result


def test_a_search_cut_short_is_written_as_a_bound():
    assert Hindsight(None, True).text() == "no win"
    assert Hindsight(Result(True, 2), True).text() == "win 2"
    assert Hindsight(None, False).text() == "undecided (not proven)"
    assert Hindsight(Result(True, 2), False).text() == "at least win 2 (not proven)"


def test_the_column_reads_monotonically_where_the_truth_is_monotone():
    """The issue's Cassette record: "win 2 (not proven)" and "no win" in turn, three
    times in four decisions: a later win lifts an earlier search cut short, and a proven
    figure fills the unproven ones after it that reach it."""
    win2 = Result(True, 2)
    column = [
        (Hindsight(None, False), Hindsight(win2, False)),
        (Hindsight(win2, False), Hindsight(None, False)),
        (Hindsight(None, False), Hindsight(win2, False)),
        (Hindsight(win2, True), Hindsight(None, False)),
        (Hindsight(win2, False), Hindsight(None, False)),
    ]
    judged = [Judgement(n, n, "x", before=b, after=a) for n, (b, a) in enumerate(column, start=1)]
    monotone(judged)
    said = [(j.before.text(), j.after.text()) for j in judged]
    assert said == [
        ("at least win 2 (not proven)", "at least win 2 (not proven)"),
        ("at least win 2 (not proven)", "at least win 2 (not proven)"),
        ("at least win 2 (not proven)", "at least win 2 (not proven)"),
        ("win 2", "win 2"),  # the next BEFORE found win 2, and win 2 was proven the best here
        ("win 2", "undecided (not proven)"),
    ]
    proven_none = [Judgement(1, 1, "x", before=Hindsight(None, True), after=Hindsight(None, False))]
    monotone(proven_none)
    assert proven_none[0].after.text() == "no win"
