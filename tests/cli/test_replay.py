"""``dungeon replay``: boards after every move (syrupy snapshots of the renders), one
move, an illegal record up to its fault, and ``--step`` driven by keys."""

from __future__ import annotations

import pytest
from conftest import EXAMPLES
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from dungeon_cli import registry
from dungeon_cli.shell.replay_frames import Replay
from dungeon_cli.shell.sample import sample_game
from dungeon_cli.shell.stepper import Stepper
from notation import parse

WIN = (EXAMPLES / "scoundrel-win.dgn").read_text()
LOSS = (EXAMPLES / "scoundrel-loss.dgn").read_text()
# move 5 of the loss deals 4d, which move 5 itself already dealt (a second 4d)
ILLEGAL = LOSS.replace("6. (3s) 3h Js Tc", "6. (3s) 3h Js 4d")


def test_every_move_of_a_win(run, snapshot_text):
    result = run(["replay", "-"], input=WIN)
    assert result.exit_code == 0
    assert result.stdout == snapshot_text


def test_one_move_is_the_same_board_as_in_the_full_replay(run, snapshot_text):
    full = run(["replay", "-"], input=LOSS).stdout
    one = run(["replay", "-", "--move", "3"], input=LOSS)
    assert one.exit_code == 0
    assert one.stdout == snapshot_text
    title, board = one.stdout.split("\n", 1)
    assert full.startswith(title + "\n") and board in full


def test_an_illegal_record_replays_up_to_the_fault_then_says_what_verify_says(run, snapshot_text):
    result = run(["replay", "-"], input=ILLEGAL)
    assert result.exit_code == 1
    assert result.stdout == snapshot_text
    verify = run(["verify", "-"], input=ILLEGAL)
    assert result.stdout.rstrip("\n").endswith(verify.stdout.rstrip("\n"))
    assert "6. (3s) 3h Js 4d : run\n<stdin>:" in result.stdout
    assert "5. 3s 9h 9d 4d : 9h 9d 4d" in result.stdout  # the moves before it are shown


def test_a_notation_error_stops_the_replay_before_its_line(run):
    broken = LOSS.replace("4. (8c) 5s 4h Qc : run", "4. (8c) 5s 4h Qc : run {hp=}")
    result = run(["replay", "-"], input=broken)
    verify = run(["verify", "-"], input=broken)
    assert result.exit_code == 1
    assert "3. (5h) 8d 8c 2d" in result.stdout and "turn 5 " not in result.stdout  # no board after 4
    assert "4. (8c) 5s 4h Qc : run" in result.stdout  # the move at fault is named
    assert result.stdout.rstrip("\n").endswith(verify.stdout.rstrip("\n"))


def test_move_n_of_a_record_that_stops_before_it_shows_the_fault(run):
    result = run(["replay", "-", "--move", "7"], input=ILLEGAL)
    assert result.exit_code == 1
    assert "error: 4d: no longer in the dungeon" in result.stdout
    assert "7. " not in result.stdout


def test_a_move_that_is_not_there_is_a_usage_error(run):
    result = run(["replay", "-", "--move", "99"], input=LOSS)
    assert result.exit_code == 2
    assert "has no move 99 (moves 1-7)" in result.stderr


def test_several_records_are_replayed_in_turn(run):
    result = run(["replay", "-"], input=WIN + "\n" + LOSS)
    assert result.exit_code == 0
    assert result.stdout.count("<stdin>:") == 2
    assert "game over: win 12" in result.stdout and "game over: loss -170" in result.stdout


def test_the_end_of_a_game_is_said_once(run):
    """Issue 40, polish: the last board said "game over: win 12" and the replay then said
    "result: win 12". The board's line, with the game's reasons, is the one kept."""
    shown = run(["replay", "-"], input=WIN + "\n" + LOSS).stdout
    assert "result:" not in shown
    assert shown.count("win 12") == 1 and shown.count("loss -170") == 1
    assert shown.endswith("game over: loss -170\n")


@pytest.mark.parametrize(
    "args, status, message",
    [
        (["replay", "nope.dgn"], 2, "nope.dgn: no such file"),
        (["replay", "-", "--step"], 2, "--step needs a terminal"),
    ],
)
def test_usage_errors(run, args, status, message):
    result = run(args, input=LOSS)
    assert result.exit_code == status
    assert message in result.stderr


def test_an_empty_file_has_no_record(run):
    result = run(["replay", "-"], input="# nothing\n")
    assert result.exit_code == 1
    assert "no record in this file" in result.stdout


@pytest.mark.parametrize("game", registry.names())
def test_every_game_replays_its_sampled_record_frame_by_frame(game):
    sampled, _ = sample_game(registry.get(game), 2)
    replay = Replay(parse(sampled.text())[0])
    assert replay.legal
    assert [f.number for f in replay.frames] == [m.number or 0 for m in sampled.record().moves]
    assert replay.frames[-1].state.result() == sampled.state.result()
    assert replay.ending_text("x") == ""  # the last board says the result
    last = replay.frame_text(replay.frames[-1])
    assert "game over: " in last and f"{sampled.state.result()}" in last


def step(pages, keys):
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        stepper = Stepper(pages, input=pipe, output=DummyOutput())
        last = stepper.run()
    return stepper.visited, last


def test_step_keys_move_next_back_first_last_and_quit():
    pages = [(f"move {i}", f"board {i}") for i in range(1, 6)]
    visited, last = step(pages, "nn" + "p" + "G" + "n" + "g" + "p" + " " + "\x1b[C" + "\x1b[D" + "q")
    assert visited == [0, 1, 2, 1, 4, 0, 1, 2, 1]
    assert last == 1


def test_step_pages_of_an_illegal_record_end_with_the_fault(run):
    from dungeon_cli.shell.colour import Paint
    from dungeon_cli.shell.replaying import replay_pages

    replays = [Replay(record) for record in parse(ILLEGAL)]
    pages = replay_pages(replays, "<stdin>", Paint(False))
    assert [label for label, _ in pages] == ["move 1", "move 2", "move 3", "move 4", "move 5", "stopped"]
    assert "error: 4d: no longer in the dungeon" in pages[-1][1]
    visited, last = step(pages, "G" + "q")
    assert last == len(pages) - 1


def test_move_n_before_the_fault_is_shown_and_the_fault_named(run):
    result = run(["replay", "-", "--move", "2"], input=ILLEGAL)
    assert result.exit_code == 1
    assert "2. (7d) 5h 6c 5d" in result.stdout
    assert result.stdout.rstrip("\n").endswith("error: 4d: no longer in the dungeon: it was dealt already")
