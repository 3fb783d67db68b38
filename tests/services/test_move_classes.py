"""Move classes, accuracy and their written form (``services/move_classes.py``): the
thresholds of notation/SPEC.md's table, lichess's curve, the game's mix, and the
comments and tag that ``analyse -o`` writes read back as they were judged."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dungeon_cli.services import move_classes as classes
from dungeon_cli.services.move_classes import MoveClass, Note
from notation import parse


@pytest.mark.parametrize(
    "loss,clear,only,expected",
    [
        (0.0, True, False, MoveClass.BEST),
        (0.0, True, True, MoveClass.ONLY),
        (1.9, True, False, MoveClass.EXCELLENT),
        (2.0, True, False, MoveClass.GOOD),
        (4.9, True, False, MoveClass.GOOD),
        (5.0, True, False, MoveClass.INACCURACY),
        (9.9, True, False, MoveClass.INACCURACY),
        (10.0, True, False, MoveClass.MISTAKE),
        (19.9, True, False, MoveClass.MISTAKE),
        (20.0, True, False, MoveClass.BLUNDER),
        (60.0, True, False, MoveClass.BLUNDER),
        (60.0, False, False, MoveClass.GOOD),  # a fall within the sampling's noise
        (7.0, False, False, MoveClass.GOOD),
    ],
)
def test_thresholds_are_the_specs(loss, clear, only, expected):
    assert classes.classify(loss, clear, only) is expected


def test_marks_follow_pgn():
    assert [c.mark for c in MoveClass] == ["!", "", "", "", "?!", "?", "??"]
    assert classes.MARKS == {"!": MoveClass.ONLY, "?!": MoveClass.INACCURACY, "?": MoveClass.MISTAKE, "??": MoveClass.BLUNDER}


def test_only_move_needs_every_other_choice_clearly_a_mistake():
    assert classes.is_only(0.40, [(0.20, 0.28), (0.10, 0.18)])
    assert not classes.is_only(0.40, [(0.20, 0.28), (0.35, 0.36)])  # one is close
    assert not classes.is_only(0.40, [(0.25, 0.41)])  # its interval reaches the best
    assert not classes.is_only(0.40, [])  # no other choice: nothing to find


def test_move_accuracy_is_lichess_curve():
    assert classes.move_accuracy(0) == 100.0
    assert classes.move_accuracy(10) == pytest.approx(103.1668 * math.exp(-0.4354) - 3.1669, abs=1e-2)
    assert classes.move_accuracy(20) == pytest.approx(40.0, abs=0.1)
    assert classes.move_accuracy(100) == 0.0  # clamped


def test_game_accuracy_by_hand():
    """Two decisions: windows of 2 over the chances 50, 40, 30 (pstdev 5 and 5), so equal
    weights; losses 0 and 10 points."""
    a0, a1 = 100.0, classes.move_accuracy(10)
    weighted = (a0 + a1) / 2
    harmonic = 2 / (1 / a0 + 1 / a1)
    assert classes.game_accuracy([(0.5, 0.5), (0.4, 0.3)]) == pytest.approx((weighted + harmonic) / 2)
    assert classes.game_accuracy([]) is None
    assert classes.game_accuracy([(0.3, 0.3)] * 40) == pytest.approx(100.0)


def test_one_blunder_in_a_quiet_game_weighs_more_than_its_share():
    """The harmonic half and the volatility weights: one decision losing 40 points among
    twenty perfect ones costs far more than a twenty-first of the way to 0."""
    quiet = [(0.3, 0.3)] * 20 + [(0.5, 0.1)]
    figure = classes.game_accuracy(quiet)
    assert figure is not None and figure < 100 - 100 / 21 * 2


@given(st.lists(st.tuples(st.floats(0, 1), st.floats(0, 1)), min_size=1, max_size=60))
def test_game_accuracy_is_a_percentage(chances):
    figure = classes.game_accuracy(chances)
    assert figure is not None and 0 <= figure <= 100 + 1e-9


@pytest.mark.parametrize(
    "note",
    [
        Note("xJs", MoveClass.INACCURACY, 7, 1, "xQs"),
        Note("run", MoveClass.BLUNDER, 40, 2, "8d"),
        Note("2c", MoveClass.ONLY, 30, 30),
        Note("x9c", MoveClass.GOOD, 12, 11, unlucky=True),
        Note("@n", None, unlucky=True),
    ],
    ids=str,
)
def test_a_written_note_reads_back(note):
    figures = []
    if note.before is not None:
        figures.append(f"fair win {note.before}% -> {note.after}%")
        if note.better:
            figures.append(f"(better {note.better} {note.before}%)")
    figures.append("hindsight win 30 -> no win")
    text = classes.write_note(note, " ".join(figures))
    assert classes.read_comment("# " + text) == [note]
    assert classes.read_comment(text + "; " + text) == [note, note]


@pytest.mark.parametrize(
    "text",
    [
        "# the queen was a bad idea",
        "# ? xJs: fair win 7% -> 1%",  # the old form: a mark without its class
        "# ?? good xJs: fair win 7% -> 1%",  # a mark that is not the class's
        "# best xJs: hindsight win 30 -> win 30",  # a class without its fair figures
        "# xJs: fair win 7% -> 1%",  # figures without a class
        "",
    ],
)
def test_an_ordinary_comment_is_no_note(text):
    assert classes.read_comment(text) == []


def test_accuracy_tag():
    def tagged(value):
        return parse(f'[Game "scoundrel"]\n[Accuracy "{value}"]\n\n1. 9c 7h 2c 3c : 2c 3c 7h\n')[0]

    assert classes.accuracy_tag(tagged("93.0")) == 93.0
    assert classes.accuracy_tag(tagged("100.0")) == 100.0
    for bad in ("", "abc", "101.0", "-3", "9e9", "93.05"):
        assert classes.accuracy_tag(tagged(bad)) is None, bad
    assert classes.accuracy_tag(parse('[Game "scoundrel"]\n\n1. 9c 7h 2c 3c : 2c 3c 7h\n')[0]) is None
