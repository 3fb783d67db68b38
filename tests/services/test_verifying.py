"""The verify service (``services/verifying.py``): a file's check is a typed result
that a worker sends back as it is, and the tally of them gives the exit status and
the summary line ``verify -v`` prints."""

from __future__ import annotations

import pickle

from conftest import FIXTURES

from dungeon_cli.services.referee import Referee
from dungeon_cli.services.verifying import Checking, FileCheck, Verified, check_file, check_files

HERE = FIXTURES / "scoundrel"
WIN = str(HERE / "legal" / "win-potion-bonus.dgn")
ILLEGAL = str(HERE / "illegal" / "strike-above-last-struck.dgn")


def test_a_legal_file_counts_one_record_and_nothing_to_say():
    checked = check_file(WIN, Checking(), Referee())
    assert (checked.total, checked.illegal, checked.unreadable) == (1, 0, False)
    assert checked.out == checked.err == ""


def test_an_illegal_record_is_counted_and_said_where_it_is():
    checked = check_file(ILLEGAL, Checking(), Referee())
    assert (checked.total, checked.illegal) == (1, 1)
    assert checked.out.startswith(f"{ILLEGAL}:") and ": error: " in checked.out


def test_a_file_without_records_is_one_finding(tmp_path):
    empty = tmp_path / "empty.dgn"
    empty.write_text("")
    checked = check_file(str(empty), Checking(fmt="json"), Referee())
    assert (checked.total, checked.illegal) == (0, 1)
    assert checked.diagnostics[0]["message"].startswith("no record in this file")


def test_an_unreadable_file_is_trouble_and_listed_in_json(tmp_path):
    checked = check_files([str(tmp_path / "absent.dgn")], Checking(fmt="json"), [0])[0]
    assert checked.unreadable and checked.diagnostics[0]["line"] is None
    assert checked.err.startswith("dungeon verify: error: ")


def test_a_check_travels_to_a_worker_and_back_whole():
    checked = check_file(ILLEGAL, Checking(verbose=True), Referee())
    assert pickle.loads(pickle.dumps(checked)) == checked


def test_the_tally_gives_the_exit_status_and_summary():
    tally = Verified()
    tally.add(FileCheck(total=2))
    assert (tally.status, tally.summary()) == (0, "2 records: 2 legal, 0 illegal")
    tally.add(FileCheck(total=1, illegal=1))
    assert (tally.status, tally.summary()) == (1, "3 records: 2 legal, 1 illegal")
    tally.add(FileCheck(unreadable=True))
    assert tally.status == 2 and tally.as_json()["summary"] == {"records": 3, "illegal": 1, "unreadable": 1}
