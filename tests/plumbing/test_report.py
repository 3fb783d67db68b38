"""The ``Report`` and ``WriteBack`` of a command that goes over files (plumbing/report.py,
after black's): the counts, the exit status and the summary line that ``fmt`` prints."""

from __future__ import annotations

import io

import pytest

from dungeon_cli.plumbing.report import Report, WriteBack


@pytest.mark.parametrize(
    ("check", "diff", "mode"),
    [(False, False, WriteBack.YES), (True, False, WriteBack.CHECK), (False, True, WriteBack.DIFF), (True, True, WriteBack.DIFF)],
)
def test_write_back_from_the_options(check, diff, mode):
    assert WriteBack.from_options(check, diff) is mode
    assert mode.writes is (mode is WriteBack.YES)


def test_counts_and_summary_line():
    err = io.StringIO()
    report = Report(err)
    report.done(changed=True)
    report.done(changed=False)
    report.done(changed=False)
    assert report.status == 0
    assert report.summary() == "1 file reformatted, 2 left unchanged"


def test_a_failure_is_counted_and_the_worst_status_kept():
    err = io.StringIO()
    report = Report(err)
    report.failure("error: cannot format a.dgn: it has errors", status=1)
    assert report.status == 1
    report.failure("dungeon fmt: error: b.dgn: no such file")
    report.failure("error: cannot format c.dgn: it has errors", status=1)
    assert report.status == 2 and report.failed == 3
    assert err.getvalue().splitlines()[1] == "dungeon fmt: error: b.dgn: no such file"
    assert report.summary() == "0 files reformatted, 0 left unchanged, 3 could not be formatted"


def test_trouble_is_exit_2_and_not_counted():
    report = Report(io.StringIO())
    report.trouble("dungeon fmt: error: x.dgn: a symlink out of d: not rewritten")
    assert (report.status, report.failed) == (2, 0)


def test_check_makes_a_change_a_finding_and_says_it():
    err = io.StringIO()
    report = Report(err, would=True, check=True)
    report.would_change("a.dgn")
    assert (report.status, err.getvalue()) == (1, "would reformat a.dgn\n")
    assert report.summary() == "1 file would be reformatted, 0 left unchanged"


def test_diff_alone_changes_nothing_and_exits_0():
    err = io.StringIO()
    report = Report(err, would=True)
    report.would_change("a.dgn")
    assert (report.status, err.getvalue(), report.changed) == (0, "", 1)
