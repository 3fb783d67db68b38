"""Cassette Dungeons! records end to end: what is special to its fixtures (tests/games/test_fixtures.py
holds every game's to the common rules), fmt, piped and table play."""

from __future__ import annotations

import shutil
from pathlib import Path

from cassette_play import play
from conftest import FIXTURES, ROOT

from dungeon_cli import registry
from dungeon_cli.services.referee import check
from notation import parse

FIX = FIXTURES / "cassette-dungeons"
LEGAL = sorted((FIX / "legal").glob("*.dgn"))
ILLEGAL = sorted((FIX / "illegal").glob("*.dgn"))
MODULE = registry.get("cassette-dungeons")


def body(path: Path) -> str:
    return "".join(line for line in path.read_text().splitlines(keepends=True) if not line.startswith("#"))


def test_the_fixtures_cover_what_the_issue_asks_for():
    legal = {p.stem for p in LEGAL}
    illegal = {p.stem for p in ILLEGAL}
    assert {"win", "death", "item-mid-turn", "deck-rebuilt", "hero-skill"} <= legal
    assert {"below-minimum", "roll-not-picked", "proceed-with-enemy", "fifth-item", "no-such-path"} <= illegal


def test_verify_output_of_every_illegal_fixture(run, snapshot_text, monkeypatch):
    monkeypatch.chdir(ROOT)
    result = run(["verify", *[str(p.relative_to(ROOT)) for p in ILLEGAL]])
    assert result.stdout == snapshot_text


def test_board_render_through_the_win(snapshot_text):
    verdict = check(parse((FIX / "legal" / "win.dgn").read_text())[0], keep_states=True)
    shown = []
    for number, state in enumerate(verdict.states):
        shown.append(f"-- after {'deal' if number == 0 else f'move {number}'}\n{MODULE.render(state)}")
    assert "\n".join(shown) + "\n" == snapshot_text


def test_the_board_mid_turn_shows_rolled_dice_and_what_is_next(snapshot_text):
    session = play(258, "knight", limit=12)
    assert MODULE.render(session.state) + "\n" == snapshot_text


def test_seed_check_catches_a_die_face_the_seed_did_not_roll(run, tmp_path):
    text = body(FIX / "legal" / "seeded-win.dgn").replace("w=4 x=6 y=2 z=2", "w=4 x=6 y=3 z=2")
    path = tmp_path / "changed.dgn"
    path.write_text(text)
    assert run(["verify", str(path)]).exit_code == 0  # at a real table any face may come up
    result = run(["verify", "--seed-check", str(path)])
    assert result.exit_code == 1
    assert result.stdout.split(":", 1)[1] == "7:20: error: y=3: the seed deals 2 here, not 3\n"


def test_fmt_annotate_writes_checkpoints_that_verify(run, tmp_path):
    path = tmp_path / "win.dgn"
    shutil.copy(FIX / "legal" / "win.dgn", path)
    assert run(["fmt", "--annotate", str(path)]).exit_code == 0
    annotated = path.read_text()
    assert "{hp=11 room=3 foes=mimic traps=fog held=loaded dice=w/x/y/z decks=16/7/3/3}" in annotated
    assert run(["verify", "--seed-check", str(path)]).exit_code == 0
    assert run(["fmt", "--check", "--annotate", str(path)]).exit_code == 0  # idempotent


def test_a_wrong_checkpoint_is_reported_at_its_value(run, tmp_path):
    text = body(FIX / "legal" / "win.dgn").replace("^loaded\n", "^loaded {hp=9 held=loaded}\n")
    path = tmp_path / "cp.dgn"
    path.write_text(text)
    result = run(["verify", str(path)])
    assert result.stdout.split(":", 1)[1] == "5:41: error: checkpoint hp=9 is wrong: after this move hp=11\n"


def test_piped_play_writes_the_same_record_as_the_game_it_replays(run):
    session = play(110, "knight")
    notation = MODULE.notation
    lines = []
    for log in session.turns[1:]:
        words = [notation.action_text(before, a) for before, a in log.events if before.phase.value == "decision"]
        lines.append(" ".join(words))
    result = run(["play", "cassette-dungeons", "--seed", "110"], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    assert result.stdout == body(FIX / "legal" / "seeded-win.dgn").lstrip("\n")


def test_piped_play_refuses_an_illegal_line_with_the_verify_message(run):
    result = run(["play", "cassette-dungeons", "--seed", "110"], input="@knight >3\n*wxyz z>mimic.1\n")
    assert result.exit_code == 1
    assert "<stdin>:2:7: error: z>mimic.1: die z rolled 2: mimic.1 needs 6 or more" in result.stderr
    assert result.stdout.endswith("1. : @knight >3 ^mimic ^fog ^loaded\n")


def test_table_play_takes_typed_maps_cards_and_dice(run):
    typed = "crypt\n@knight >3 ^mimic ^fog ^loaded\n*wx w=6 5 w>mimic.1 !loaded/x x>mimic.2 +mimic >5 kobold ^wraith wand\n"
    result = run(["play", "cassette-dungeons", "--table"], input=typed)
    assert result.exit_code == 0, result.output
    assert result.stdout.endswith("2. : *wx w=6 x=5 w>mimic.1 !loaded/x x>mimic.2 +mimic >5 ^kobold ^wraith ^wand\n")
    result = run(["play", "cassette-dungeons", "--table"], input="crypt\n@knight >3 ^mimic ^fog ^loaded\n*w 9\n")
    assert result.exit_code == 1
    assert "<stdin>:3:4: error: 9: a die shows 1 to 6" in result.stderr


def test_the_board_shows_the_whole_map_and_where_you_stand():
    """The map is open information at the table: every room, its arrows, what its icons
    show, and the pawn; in play and in replay alike (both draw the board with render)."""
    verdict = check(parse((FIXTURES / "cassette-dungeons" / "legal" / "death.dgn").read_text())[0], keep_states=True)
    board = MODULE.render(verdict.states[2]).splitlines()
    assert "map: The Ruined Keep (keep)" in board
    assert "   room 1: the start -> 2, 3" in board
    assert " * room 2: 2 monsters, 1 treasure -> 4, 5  <- you are here" in board
    assert "   room 4: a monster, a trap, +1 health -> 6" in board
    assert "   room 8: the boss -> out (leave: win)" in board


def test_completion_describes_each_path_by_what_it_leads_to():
    session = play(5, "knight", limit=1)  # the map dealt and the hero chosen: the paths wait
    state = session.state
    described = {MODULE.notation.action_text(state, a): MODULE.notation.describe(state, a) for a in state.legal_actions()}
    assert described == {">2": "proceed to room 2: 2 monsters, 1 treasure", ">3": "proceed to room 3: a monster, a trap"}


def test_seeded_piped_play_accepts_typed_rolls_and_reveals_that_match_the_seed(run):
    """As in every game: what the seed deals need not be typed, but may be, and must match."""
    typed = "@knight >3 ^mimic ^fog ^loaded\n*wxyz w=4 x=6 y=2 z=2 !loaded/w w>mimic.1 x>mimic.2 +mimic >5\n"
    result = run(["play", "cassette-dungeons", "--seed", "110"], input=typed)
    assert result.exit_code == 0, result.stderr
    assert result.stdout.endswith("2. : *wxyz w=4 x=6 y=2 z=2 !loaded/w w>mimic.1 x>mimic.2 +mimic >5 ^kobold ^wraith ^wand\n")
    wrong = run(["play", "cassette-dungeons", "--seed", "110"], input="@knight >3\n*wxyz w=5\n")
    assert wrong.exit_code == 1 and "<stdin>:2:7: error: w=5: the seed gave w=4 here" in wrong.stderr
    # in a record nothing is dealt by itself: a reveal with nothing to reveal is still refused
    record = '[Game "cassette-dungeons"]\n\ndeal: crypt\n1. : ^crypt @knight\n'
    assert "^crypt: nothing is rolled or revealed now" in run(["verify", "-"], input=record).stdout
