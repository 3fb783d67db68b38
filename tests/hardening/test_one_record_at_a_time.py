"""A file of many records costs the memory of its largest (issue 23): ``replay --move``
shows a record at a time (it held every record of the file, as ``--step`` did), and
``analyse`` judges each as it is read (it read them all first). ``--step`` keeps every
page to go back and forth, so it refuses beyond ``STEP_RECORDS`` records, naming what
shows any number. Measured in bench/memory.py (``hostile``)."""

from __future__ import annotations

import sys
import weakref

import pytest
from conftest import sample_games_file

from dungeon_cli.cli import replay as cli_replay
from dungeon_cli.shell import replay_frames as shell_replay
from dungeon_cli.shell import replaying

COUNT = 12


@pytest.fixture(scope="module")
def many(tmp_path_factory):
    return sample_games_file(tmp_path_factory.mktemp("many"), COUNT)


def test_replay_move_holds_one_record_at_a_time(run, many, monkeypatch):
    held: weakref.WeakSet = weakref.WeakSet()
    most = [0]
    made = shell_replay.Replay.__init__

    def counted(self, *args, **kwargs):
        made(self, *args, **kwargs)
        held.add(self)
        most[0] = max(most[0], len(held))

    monkeypatch.setattr(shell_replay.Replay, "__init__", counted)
    result = run(["replay", "--move", "1", str(many)])
    assert result.exit_code == 0, result.stderr
    titles = [line for line in result.stdout.splitlines() if line.startswith(f"{many}:")]
    assert len(titles) == COUNT  # every record, each with its board after move 1
    assert most[0] <= 2, f"{most[0]} replays held at once over {COUNT} records"


class _Tty:
    def __init__(self, stream):
        self._stream = stream

    def isatty(self) -> bool:
        return True

    def __getattr__(self, name):
        return getattr(self._stream, name)


class _TerminalSys:
    """``sys`` as replay sees it at a terminal (the refusal comes before any key)."""

    def __getattr__(self, name):
        if name in ("stdin", "stdout"):
            return _Tty(getattr(sys, name))
        return getattr(sys, name)


def test_step_refuses_more_records_than_it_holds_and_names_what_shows_them(run, many, monkeypatch):
    monkeypatch.setattr(replaying, "STEP_RECORDS", COUNT - 1)
    monkeypatch.setattr(cli_replay, "sys", _TerminalSys())
    result = run(["replay", "--step", str(many)])
    assert result.exit_code == 2
    assert f"more than {COUNT - 1:,} records" in result.stderr and "--move N" in result.stderr


def test_the_help_and_readme_name_the_records_step_holds(run):
    from conftest import ROOT

    assert f"takes at most {replaying.STEP_RECORDS:,} records" in " ".join(run(["replay", "--help"]).stdout.split())
    assert f"`--step` keeps every page to go back and forth, and takes at most {replaying.STEP_RECORDS:,} records" in " ".join(
        (ROOT / "README.md").read_text().split()
    )


def test_analyse_judges_each_record_as_it_is_read(run, tmp_path, monkeypatch):
    """``analyse`` held every record of a file before judging the first (issue 23); now
    a record is judged, and its table written, before the next is read."""
    import notation
    from dungeon_cli.cli import analyse as cli_analyse

    one = '[Game "scoundrel"]\n[Seed "3"]\n\n1. Ac 8h 2s 7s : run\n'
    path = tmp_path / "three.dgn"
    path.write_text("\n".join([one] * 3))
    read, judged = notation.read, []
    yielded = [0]

    def counting(*args, **kwargs):
        for record in read(*args, **kwargs):
            yielded[0] += 1
            yield record

    real = cli_analyse.judge_row

    def noting(*args, **kwargs):
        judged.append(yielded[0])
        return real(*args, **kwargs)

    monkeypatch.setattr(notation, "read", counting)
    monkeypatch.setattr(cli_analyse, "judge_row", noting)
    result = run(["analyse", "--samples", "1", "--limit", "1k", str(path)])
    assert result.exit_code == 0, result.stderr
    assert judged == [1, 2, 3]  # each judged when it alone had been read
