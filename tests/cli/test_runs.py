"""A run's Ctrl-C (cli/runs.py): the first stops it between chunks, and once it has
stopped, a Ctrl-C more does not cut its summary short."""

from __future__ import annotations

import os
import signal

import click
import pytest

from dungeon_cli.cli.runs import take_in


def _chunks_then_ctrl_c():
    yield [1]
    os.kill(os.getpid(), signal.SIGINT)  # the first Ctrl-C, while a chunk is in hand
    yield [2]
    yield [3]


def test_a_ctrl_c_after_the_run_stopped_does_not_cut_the_summary_short(capsys):
    taken: list[int] = []
    before = signal.getsignal(signal.SIGINT)
    with click.Context(click.Command("sim")) as context:
        with context.scope():
            stopped, status = take_in(_chunks_then_ctrl_c, 3, "games", taken.extend)
            assert (stopped, status, taken) == ("interrupted", 130, [1, 2])
            os.kill(os.getpid(), signal.SIGINT)  # the second, as the summary is written
            click.echo("the summary")  # reached: no KeyboardInterrupt
    assert signal.getsignal(signal.SIGINT) is before  # the command's end gives Ctrl-C back
    assert "stopping..." in capsys.readouterr().err


def test_without_a_command_around_it_ctrl_c_is_given_back_at_once():
    before = signal.getsignal(signal.SIGINT)
    assert take_in(_chunks_then_ctrl_c, 3, "games", lambda part: None)[1] == 130
    assert signal.getsignal(signal.SIGINT) is before
    with pytest.raises(KeyboardInterrupt):
        os.kill(os.getpid(), signal.SIGINT)
