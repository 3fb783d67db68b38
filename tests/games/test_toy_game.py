"""The proof that a game plugs in through the registry alone: Toy Dungeon, defined only
in tests/support/toy_game and registered by tests/conftest.py through ``DUNGEON_GAMES``, goes
through every command as real processes (verify, fmt, play piped and at a terminal,
replay, summary, sim, games, rules), which know it from the registry and nothing else.

A command that needed a game listed anywhere but the registry (a hard-coded choice of
games, a table of bots) would fail here. Its fixtures are held to the common rules by
tests/games/test_fixtures.py, and every test that walks ``registry.names()`` walks it too.
"""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pytest
from conftest import ROOT, TESTS, run_subprocess
from game_fixtures import fixture_dir
from pty_terminal import PROMPTING, terminal, turns_on_disk  # noqa: F401 (terminal is a fixture)

from dungeon_cli import registry
from dungeon_cli.shell.sample import sample_game
from notation import parse

GAME = "toy"
SEED = 3  # sample_game's policy dies on turn 5: a loss, so the Result is not always a win


def dungeon(*args: str, input: bytes | None = None, cwd: Path | None = None):
    result = run_subprocess(list(args), input=input, cwd=cwd)
    return result.returncode, result.stdout.decode(), result.stderr.decode()


@pytest.fixture(scope="module")
def sampled():
    """A seeded game played to its end, and the lines a player types for it."""
    session, lines = sample_game(registry.get(GAME), SEED)
    return session, lines


def test_the_toy_game_comes_from_the_tests_alone():
    module = registry.get(GAME)
    assert registry.GAMES[GAME] == "toy_game"
    assert Path(sys.modules[type(module.game).__module__].__file__).is_relative_to(TESTS)
    assert fixture_dir(GAME).is_relative_to(TESTS)
    named = re.compile(r"toy_game|\"toy\"|'toy'")
    for path in [*(ROOT / "dungeon_cli").rglob("*.py"), *(ROOT / "notation").rglob("*.py")]:
        assert not named.search(path.read_text(encoding="utf-8")), f"{path} names the toy game"


def test_games_and_rules_list_it_with_its_bots(tmp_path):
    status, out, _ = dungeon("games")
    assert status == 0
    assert "toy: Toy Dungeon (the test suite's game)\n" in out
    assert '  [Variant "frail"]  start with 3 health, not 6\n' in out
    assert "  bots (dungeon sim --bot): random, greedy, strong\n" in out.split("toy: ", 1)[1]
    status, out, _ = dungeon("rules", GAME)
    assert (status, out) == (0, registry.get(GAME).rules_text)
    status, out, _ = dungeon("sim", "--help")
    assert re.search(r"^  toy +random, greedy, strong$", out, flags=re.M)


def test_piped_play_writes_the_game_and_verify_accepts_it_against_its_seed(sampled, tmp_path):
    session, lines = sampled
    status, out, err = dungeon("play", GAME, "--seed", str(SEED), input="".join(f"{line}\n" for line in lines).encode())
    assert status == 0, err
    assert out == session.text()
    record = tmp_path / "toy.dgn"
    record.write_text(out)
    status, out, _ = dungeon("verify", "-v", "--seed-check", str(record))
    assert (status, out) == (0, f"{record}:1: toy: legal, {session.state.result()}, {len(lines)} moves\n")


def test_piped_play_stops_at_an_illegal_action_and_says_why():
    status, out, err = dungeon("play", GAME, "--seed", "0", input=b"pass\npass\n")
    assert status == 1
    assert "<stdin>:2:1: error: pass: the last turn was a pass: this card must be taken" in err
    assert out.endswith("1. 4c 3 : pass\n")


def test_table_play_takes_typed_cards_and_rolls():
    status, out, err = dungeon("play", GAME, "--table", input=b"5c 6 take\n4h 1 pass\n2c 7\n")
    assert status == 1
    assert "<stdin>:3:4: error: 7: a die shows 1 to 6" in err
    assert out.endswith("1. 5c 6 : take\n2. 4h 1 : pass\n")


def test_fmt_rewrites_a_record_canonically_and_annotates_it(tmp_path):
    path = tmp_path / "messy.dgn"
    path.write_text('[Game "toy"]\n\n1.   5C  6 :take\n2. 4\u2665 1 : pass\n')
    status, _, err = dungeon("fmt", str(path))
    assert status == 0, err
    assert path.read_text() == '[Game "toy"]\n\n1. 5c 6 : take\n2. 4h 1 : pass\n'
    status, out, _ = dungeon("fmt", "--annotate", "-", input=path.read_bytes())
    assert status == 0
    assert out.endswith("1. 5c 6 : take {hp=6 gold=5 left=9}\n2. 4h 1 : pass {hp=6 gold=5 left=8}\n")
    status, _, err = dungeon("fmt", "--check", str(fixture_dir(GAME) / "illegal" / "pass-twice.dgn"))
    assert status == 1 and "it has errors; it was left as it was" in err


def test_replay_shows_the_toy_board_after_each_move(sampled, tmp_path):
    session, _ = sampled
    path = tmp_path / "toy.dgn"
    path.write_text(session.text())
    status, out, _ = dungeon("replay", str(path), "--move", "1")
    assert status == 0
    module = registry.get(GAME)
    after_one = session.history[[s.turn for s in session.history].index(2)]
    first = next(log for log in session.turns if log.start.turn == 1)
    told = f"turn 1: {module.notation.tell(first, after_one)}"  # the turn in words, as the game tells it
    assert (
        out
        == f"{path}:1: Toy Dungeon (the test suite's game), seed {SEED}\n{session.text().splitlines()[4]}\n{told}\n{module.render(after_one)}\n"
    )
    status, out, _ = dungeon("replay", str(path))
    assert status == 0 and out.endswith(f"game over: {session.state.result()}\n")


def test_summary_shows_the_figures_the_toy_game_names(sampled, tmp_path):
    session, _ = sampled
    path = tmp_path / "toy.dgn"
    path.write_text(session.text())
    status, out, _ = dungeon("summary", "--format", "json", str(path))
    assert status == 0
    (row,) = json.loads(out)
    assert (row["game"], row["result"], row["hp"], row["gold"]) == ("toy", "loss", session.state.hp, session.state.gold)


@pytest.mark.parametrize("bot", ["random", "greedy", "strong"])
def test_sim_plays_it_with_every_bot_and_writes_records_that_verify(bot, tmp_path):
    records = tmp_path / "records"
    status, out, err = dungeon("sim", GAME, "--bot", bot, "--games", "40", "--jobs", "2", "--records", str(records))
    assert status == 0, err
    assert re.search(rf"^toy +{bot} +- +40 ", out, flags=re.M), out
    written = sorted(records.glob("*.dgn"))
    assert [p.name for p in written] == sorted(f"toy-{seed}.dgn" for seed in range(40))
    status, out, _ = dungeon("verify", "--seed-check", *map(str, written))
    assert (status, out) == (0, "")


def test_a_game_at_a_terminal_with_completion_to_its_end(terminal, sampled, tmp_path):
    session, lines = sampled
    record = tmp_path / "played.dgn"
    term = terminal("play", GAME, "--seed", str(SEED), "-o", str(record))
    term.wait_for(lambda: PROMPTING in term.output)
    term.completes(lines[0][:2], lines[0])  # the menu of completion while typing waited for, then Tab
    term.type("\r")
    term.wait_for(lambda: turns_on_disk(record) == 1)
    for done, line in enumerate(lines[1:], start=2):
        term.type(line + "\r")
        term.wait_for(lambda: turns_on_disk(record) == done)
    term.wait_for(lambda: term.proc.poll() is not None)
    assert term.proc.returncode == 0
    shown = bytes(term.output).decode(errors="replace")
    # the toy's own board, its health drawn as a bar at a terminal (shell/board.py)
    assert "turn 1  health 6/6 \x1b[32m\u2588\u2588\u2588\u2588\u2588\u2588\x1b[0m  gold 0  deck 9 cards" in shown
    assert parse(record.read_text())[0].moves == session.record().moves
    status, out, _ = dungeon("verify", "-v", "--seed-check", str(record))
    assert status == 0 and f"legal, {session.state.result()}," in out
    assert os.environ["DUNGEON_GAMES"].endswith("toy=toy_game")  # how the terminal's process knew it


def test_without_the_environment_no_process_knows_the_toy_game():
    path = fixture_dir(GAME) / "legal" / "frail.dgn"
    result = run_subprocess(["verify", str(path)], env={"DUNGEON_GAMES": ""})
    assert result.returncode == 1
    assert b"unknown game 'toy': 'dungeon games' lists the games this tool knows" in result.stdout
    result = run_subprocess(["games"], env={"DUNGEON_GAMES": ""})
    assert result.returncode == 0 and b"toy:" not in result.stdout


@pytest.fixture
def botless(monkeypatch):
    """The toy game as a game with no bot of its own (bots are optional): the commands
    have the random bot and the search, and the random bot plays positions out."""
    module = registry.get(GAME)
    monkeypatch.setattr(module, "bots", {})
    monkeypatch.setattr(module, "playouts", {})
    monkeypatch.setattr(module, "batch_playouts", {})
    return module


def test_a_game_with_no_bot_is_analysed_made_into_puzzles_and_simulated(botless, sampled, run, tmp_path):
    """Before, analyse of a seeded record of a game without a ``greedy`` bot ended in
    ``KeyError: 'greedy'`` (the analysis's searcher asked for it by name): one lookup,
    ``GameModule.playout_bot``, for every search, hindsight and turn played out."""
    session, _ = sampled
    record = tmp_path / "game.dgn"
    record.write_text(session.text())
    analysed = tmp_path / "analysed.dgn"
    result = run(["analyse", "--samples", "20", "-o", str(analysed), str(record)])
    assert result.exit_code == 0, result.output
    assert "accuracy" in result.output and "hindsight" in result.output
    assert "[Accuracy " in analysed.read_text()
    result = run(["puzzles", str(analysed), "-o", str(tmp_path / "puzzles.dgn")])
    assert result.exit_code == 0, result.output
    result = run(["sim", GAME, "--games", "3", "--bot", "strong"])
    assert result.exit_code == 0, result.output
    result = run(["sim", GAME, "--games", "3", "--bot", "greedy"])
    assert result.exit_code == 2 and "'greedy' does not play toy (bots: random, strong)" in result.output
    assert type(botless.playout_bot()).__name__ == "RandomBot"


def test_a_game_without_its_own_read_deal_refuses_a_deal_line(monkeypatch, run, tmp_path):
    """The default ``Notation.read_deal`` reads only the setup's cards: the toy game
    deals nothing before move 1, so its ``deal:`` line is refused at its first card,
    not taken as move 1's (before: the card was drawn, and move 1 said it was not)."""
    from dungeon_cli.kit.game_module import Notation

    module = registry.get(GAME)
    monkeypatch.setattr(type(module.notation), "read_deal", Notation.read_deal)
    monkeypatch.setattr(type(module.notation), "check_token", lambda self, section, token: None)
    record = tmp_path / "deal.dgn"
    record.write_text('[Game "toy"]\n\ndeal: 5c\n1. 5c 1 : take\n')
    result = run(["verify", str(record)])
    assert result.exit_code == 1
    assert f"{record}:3:7: error: this game has no deal: line: nothing is dealt before move 1" in result.output
