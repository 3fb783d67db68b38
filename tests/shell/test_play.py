"""``dungeon play`` without a terminal: the scripting mode, the record file rules,
--resume and --table, usage errors, and click's shell completion of its options."""

from __future__ import annotations

import datetime as dt
import os

import pytest
from conftest import run_subprocess

from dungeon_cli import registry
from dungeon_cli.engine import Setup
from dungeon_cli.services.session import Session
from dungeon_cli.shell.line import LineError, apply_line
from dungeon_cli.shell.recordfile import RecordFile
from dungeon_cli.shell.sample import sample_game
from notation import parse

SCOUNDREL = registry.get("scoundrel")


def after(lines, seed):
    session = Session(Setup(SCOUNDREL.game.name, seed=seed))
    for line in lines:
        apply_line(session, line)
    return session


def first_turn(seed):
    return after(sample_game(SCOUNDREL, seed)[1][:1], seed).text()


def script(lines):
    return "".join(line + "\n" for line in lines)


@pytest.mark.parametrize("game", registry.names())
def test_a_seed_and_a_file_of_decisions_reproduce_the_whole_record(run, game):
    sampled, lines = sample_game(registry.get(game), 31)
    result = run(["play", game, "--seed", "31"], input=script(lines))
    assert result.exit_code == 0, result.stderr
    assert result.stdout == sampled.text()
    verdict = run(["verify", "--seed-check", "-"], input=result.stdout)
    assert verdict.exit_code == 0, verdict.stdout


def test_comments_blank_lines_and_many_actions_per_line_are_fine(run):
    sampled, lines = sample_game(SCOUNDREL, 8)
    text = "# my plan\n\n" + " ".join(lines[:2]) + "   # two turns at once\n" + script(lines[2:])
    result = run(["play", "scoundrel", "--seed", "8"], input=text)
    assert result.exit_code == 0
    assert result.stdout == sampled.text()


def test_the_first_illegal_action_stops_with_its_position_and_the_record_so_far(run):
    sampled, lines = sample_game(SCOUNDREL, 7)
    session = Session(Setup(SCOUNDREL.game.name, seed=7))
    apply_line(session, lines[0])
    words = lines[1].split()
    bad = words[0] + " " + words[0]  # the same card twice
    with pytest.raises(LineError) as expected:
        apply_line(session, bad)
    result = run(["play", "scoundrel", "--seed", "7"], input=script([lines[0], bad, lines[1]]))
    assert result.exit_code == 1
    assert result.stderr == f"<stdin>:2:{len(words[0]) + 2}: error: {expected.value.message}\n"
    assert result.stdout == session.text()


UNRECORDED = "dungeon play: warning: the turn in progress ({}) is not recorded: a record holds finished turns\n"


@pytest.mark.parametrize("ending", ["", "quit\n"], ids=["end-of-input", "quit"])
def test_an_unfinished_last_turn_is_said_on_standard_error(run, ending):
    """Issue 40: ``printf '2c 3c\\n' | dungeon play scoundrel --seed 7`` wrote a record
    without the two cards and said nothing. What is left out is said, as ``quit`` says it
    at a terminal; stopping there is still the user's choice (exit 0)."""
    result = run(["play", "scoundrel", "--seed", "7"], input="2c 3c\n" + ending)
    assert result.exit_code == 0
    assert result.stderr == UNRECORDED.format("2c 3c")
    assert result.stdout == after([], 7).text()


def test_a_script_of_whole_turns_says_nothing_and_an_illegal_line_names_the_turn_left(run):
    _, lines = sample_game(SCOUNDREL, 7)
    whole = run(["play", "scoundrel", "--seed", "7"], input=script(lines[:2]))
    assert whole.exit_code == 0 and whole.stderr == ""
    first = lines[1].split()[0]
    result = run(["play", "scoundrel", "--seed", "7"], input=script([lines[0], first, "9x"]))
    assert result.exit_code == 1
    assert result.stderr.endswith(UNRECORDED.format(first))
    assert result.stdout == after(lines[:1], 7).text()


def test_output_file_is_written_and_never_overwritten(run, tmp_path):
    sampled, lines = sample_game(SCOUNDREL, 3)
    out = tmp_path / "g.dgn"
    result = run(["play", "scoundrel", "--seed", "3", "-o", str(out)], input=script(lines))
    assert result.exit_code == 0 and result.stdout == ""
    assert out.read_text() == sampled.text()
    again = run(["play", "scoundrel", "--seed", "3", "-o", str(out)], input="run\n")
    assert again.exit_code == 1
    assert "exists already" in again.stderr
    assert out.read_text() == sampled.text()


def test_resume_goes_on_from_the_record(run, tmp_path):
    sampled, lines = sample_game(SCOUNDREL, 5)
    half = len(lines) // 2
    first = run(["play", "scoundrel", "--seed", "5"], input=script(lines[:half]))
    saved = tmp_path / "half.dgn"
    saved.write_text(first.stdout)
    result = run(["play", "--resume", str(saved)], input=script(lines[half:]))
    assert result.exit_code == 0, result.stderr
    assert result.stdout == sampled.text()
    assert saved.read_text() == first.stdout  # the scripting mode writes to stdout only
    # -o naming the resumed file itself writes it over
    result = run(["play", "--resume", str(saved), "-o", str(saved)], input=script(lines[half:]))
    assert result.exit_code == 0
    assert saved.read_text() == sampled.text()


def test_resume_refuses_an_illegal_a_finished_or_a_many_record_file(run, tmp_path):
    sampled, lines = sample_game(SCOUNDREL, 5)
    done = tmp_path / "done.dgn"
    done.write_text(sampled.text())
    result = run(["play", "--resume", str(done)], input="")
    assert result.exit_code == 1
    assert f"the game is over ({sampled.state.result()})" in result.stderr
    bad = tmp_path / "bad.dgn"
    bad.write_text('[Game "scoundrel"]\n\n1. 9s 9s 4h Kc : run\n')
    result = run(["play", "--resume", str(bad)], input="")
    assert result.exit_code == 1
    assert f"{bad}:3:7: error: 9s: no longer in the dungeon: it was dealt already" in result.stderr
    two = tmp_path / "two.dgn"
    two.write_text(first_turn(1) + "\n" + first_turn(2))
    result = run(["play", "--resume", str(two)], input="")
    assert result.exit_code == 1 and "holds 2 records" in result.stderr


def test_resume_of_a_record_whose_deals_are_not_its_seed_suggests_the_table(run, tmp_path):
    sampled, lines = sample_game(SCOUNDREL, 4)
    assert len(lines) > 3
    other = tmp_path / "other.dgn"
    two_turns = after(lines[:2], seed=4).text()
    other.write_text(two_turns.replace('[Seed "4"]', '[Seed "6"]'))
    result = run(["play", "--resume", str(other)], input="")
    assert result.exit_code == 1
    assert "go on with --table" in result.stderr
    result = run(["play", "--resume", str(other), "--table"], input="")
    assert result.exit_code == 0, result.stderr
    assert parse(result.stdout)[0].moves == parse(other.read_text())[0].moves


def test_table_mode_reads_the_cards_dealt_from_the_input(run):
    sampled, _ = sample_game(SCOUNDREL, 7)
    lines = []
    notation = SCOUNDREL.notation
    for log in sampled.turns:
        words = [
            notation.format_outcome(a.outcome) if type(a).__name__ == "Draw" else notation.action_text(b, a)
            for b, a in log.events
        ]
        lines.append(" ".join(words))
    result = run(["play", "scoundrel", "--table"], input=script(lines))
    assert result.exit_code == 0, result.stderr
    record = parse(result.stdout)[0]
    assert record.tag("Seed") is None
    assert record.moves == sampled.record().moves
    wrong = run(["play", "scoundrel", "--table"], input="9c 9c\n")
    assert wrong.exit_code == 1
    assert wrong.stderr == "<stdin>:1:4: error: 9c: no longer in the dungeon: it was dealt already\n"


@pytest.mark.parametrize(
    "args, message",
    [
        (["play", "scoundrel", "--table", "--seed", "3"], "cannot take --seed"),
        (["play"], "name a GAME"),
        (["play", "scoundrel", "--variant", "nope"], "has no variant 'nope'"),
        (["play", "nogame"], "'nogame' is not one of"),
    ],
)
def test_usage_errors_exit_2(run, args, message):
    result = run(args, input="")
    assert result.exit_code == 2
    assert message in result.stderr


def test_player_tag_and_variant_are_recorded(run):
    variant = next(iter(SCOUNDREL.game.variants))
    result = run(["play", "scoundrel", "--seed", "1", "--variant", variant, "--player", "Ann"], input="")
    record = parse(result.stdout)[0]
    assert record.tag_value("Variant") == variant
    assert record.tag_value("Player") == "Ann"
    assert record.tag("Date") is None  # a script's record depends on its input only


def test_default_record_names_are_dated_and_never_reused(tmp_path):
    now = dt.datetime(2026, 11, 29, 16, 5, 9)
    first = RecordFile.fresh("scoundrel", now, str(tmp_path))
    second = RecordFile.fresh("scoundrel", now, str(tmp_path))
    assert os.path.basename(first.path) == "scoundrel-20261129-160509.dgn"
    assert os.path.basename(second.path) == "scoundrel-20261129-160509-2.dgn"
    with pytest.raises(FileExistsError):
        RecordFile.create(first.path)


def test_a_saved_record_replaces_the_file_whole(tmp_path):
    path = tmp_path / "r.dgn"
    record = RecordFile.create(str(path))
    assert record.save("one\n") and path.read_text() == "one\n"
    assert not record.save("one\n")  # unchanged: not written again
    assert record.save("two\n") and path.read_text() == "two\n"
    assert sorted(os.listdir(tmp_path)) == ["r.dgn"]  # no temporary file left behind


def complete(words, cword):
    env = {"_DUNGEON_COMPLETE": "bash_complete", "COMP_WORDS": " ".join(words), "COMP_CWORD": str(cword)}
    done = run_subprocess([], env=env)
    return [line.split(",", 1)[1] for line in done.stdout.decode().split() if "," in line]


def test_shell_completion_of_commands_games_and_variants():
    assert complete(["dungeon", "rep"], 1) == ["replay"]
    assert complete(["dungeon", "summ"], 1) == ["summary"]
    assert complete(["dungeon", "play", "sc"], 2) == ["scoundrel"]
    variants = complete(["dungeon", "play", "scoundrel", "--variant", ""], 4)
    assert variants == list(SCOUNDREL.game.variants)
    formats = complete(["dungeon", "summary", "x.dgn", "--format", "gi"], 4)
    assert formats == ["github"]
