"""``replay --step`` on the record as a tree (issue 36): a move's variations are named on
its page, a digit steps into one and ``u`` back out; ``t`` tries another way from a
page at the play prompt, and what is played is kept in the record as a variation of the
move that came next, saved in a new file (``-o``), never over one without ``--force``."""

from __future__ import annotations

from pathlib import Path

from conftest import FIXTURES
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from dungeon_cli.shell.colour import Paint
from dungeon_cli.shell.line import apply_line
from dungeon_cli.shell.replay_frames import Replay
from dungeon_cli.shell.replaying import replay_pages
from dungeon_cli.shell.step_tree import step_through
from dungeon_cli.shell.stepper import Stepper
from notation import parse

TREE = FIXTURES / "scoundrel" / "legal" / "variations-seeded.dgn"


def test_a_move_with_variations_says_so_and_a_digit_steps_into_one_and_u_back_out():
    (record,) = parse(TREE.read_text())
    pages = replay_pages([Replay(record)], "tree.dgn", Paint(False))
    assert [page.label for page in pages] == ["move 1", "move 2", "move 3", "move 4"]
    assert (
        "move 3 has 2 variations (a digit steps into one):\n  1: 3. (3c) 4c Qc 8d : 8d x4c Qc {hp=-1}\n  2: 3. (3c) 4c Qc 8d : run"
    ) in pages[2].text
    with create_pipe_input() as pipe:
        stepper = Stepper(pages, input=pipe, output=DummyOutput())
        # to move 3, into its variation 2, on to its move 4, into that one's variation,
        # out twice, a variation there is not, on to move 4 of the main line
        pipe.send_text("nn" + "2" + "n" + "1" + "u" + "u" + "9" + "n" + "q")
        stepper.run()
    assert stepper.path() == [3]
    assert stepper.visited == [0, 1, 2, 0, 1, 0, 1, 2, 3]


def test_the_stepper_opens_where_it_left_off():
    (record,) = parse(TREE.read_text())
    pages = replay_pages([Replay(record)], "tree.dgn", Paint(False))
    with create_pipe_input() as pipe:
        stepper = Stepper(pages, input=pipe, output=DummyOutput(), path=[2, 2, 1, 1, 0])
        pipe.send_text("q")
        stepper.run()
    assert stepper.path() == [2, 2, 1, 1, 0]
    assert "variation 1 of move 4" in stepper.pages[0].text


def test_the_pages_of_a_nested_variation_are_its_own_line():
    (record,) = parse(TREE.read_text())
    pages = replay_pages([Replay(record)], "tree.dgn", Paint(False))
    (first, second) = pages[2].variations
    inner = second[1]()
    assert [page.label for page in inner] == ["move 3", "move 4"]
    assert "variation 2 of move 3: 3. (3c) 4c Qc 8d : run" in inner[0].text
    assert (
        "move 4 has 1 variation (a digit steps into one):\n  1: 4. 4d 6d 2h 9s : 6d 2h x9s {hp=10 weapon=6d/9s}" in inner[1].text
    )
    deepest = inner[1].variations[0][1]()
    assert [page.label for page in deepest] == ["move 4"]
    assert deepest[0].text.rstrip().endswith("unfinished: " + Replay(_line(record, 2, 1, 0)).ending_text("x").split(": ", 1)[1])


def _line(record, move, variation, inner):
    import copy

    line = copy.copy(record)
    outer = record.moves[move].variations[variation]
    line.moves = [*record.moves[:move], outer[0], outer[1].variations[inner][0]]
    return line


def test_try_from_a_page_keeps_what_is_played_as_a_variation_of_the_next_move(tmp_path):
    (record,) = parse(TREE.read_text())
    out = tmp_path / "tried.dgn"
    with create_pipe_input() as pipe:
        played = []

        def play(session, saved, text):
            # the page of move 2: move 3's deal as the record has it, its decision due
            assert session.state.turn == 3 and session.count == session.floor
            apply_line(session, "run")
            apply_line(session, "2h 6d 4d")  # move 4, as the seed deals it down this line
            saved.save(text())
            played.append(saved.path)
            pipe.send_text("3q")  # the stepper again, where it was: move 3's new variation 3
            return True

        pipe.send_text("n" + "t")
        step_through(
            [record], lambda rs: (Replay(r) for r in rs), "tree.dgn", Paint(False), str(out), False, play, pipe, DummyOutput()
        )
    assert played == [str(out)]
    (saved,) = parse(out.read_text())
    third = saved.moves[2].variations[2]
    assert [m.number for m in third] == [3, 4]
    assert saved.moves[2].variations[:2] == parse(TREE.read_text())[0].moves[2].variations  # the others as they were
    from conftest import run_subprocess

    checked = run_subprocess(["verify", "--seed-check", str(out)])
    assert checked.returncode == 0, checked.stdout


def test_replay_o_never_writes_over_a_file_unless_forced_and_goes_with_step(run, tmp_path):
    there = tmp_path / "there.dgn"
    there.write_text("mine\n")
    result = run(["replay", str(TREE), "--step", "-o", str(there)])
    assert result.exit_code == 2 and "exists already: --force replaces it" in result.stderr
    assert there.read_text() == "mine\n"
    result = run(["replay", str(TREE), "-o", str(tmp_path / "new.dgn")])
    assert result.exit_code == 2 and "-o keeps the lines tried with --step" in result.stderr
    assert not Path(tmp_path / "new.dgn").exists()


def test_replay_o_never_names_the_record_stepped_through(run, tmp_path):
    tree = tmp_path / "tree.dgn"
    tree.write_text(TREE.read_text())
    result = run(["replay", str(tree), "--step", "-o", str(tree), "--force"])
    assert result.exit_code == 2
    assert f"{tree} is the record stepped through: the lines tried go to a new file (-o), never into it" in result.stderr
    assert tree.read_text() == TREE.read_text()
    result = run(["replay", str(tree), "--step", "-o", "-"])
    assert result.exit_code == 2 and "the terminal shows the stepper" in result.stderr
