"""RPG solitaire's DGN words: the rules page's examples, the vocabulary inside the token
alphabet, writing what was played, and seeded piped play."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from conftest import FIXTURES, ROOT

from dungeon_cli import registry
from dungeon_cli.engine import Setup
from dungeon_cli.games.rpg_solitaire.notation import parse_action
from dungeon_cli.games.rpg_solitaire.rules import DROP, KEEP, PICK, RESIGN, STOP, Fight, MoveTo, Place, Resign
from dungeon_cli.kit.cards import CARDS
from dungeon_cli.kit.core import Draw
from dungeon_cli.kit.game_module import Misread
from dungeon_cli.services.referee import check
from dungeon_cli.services.session import Session
from notation import Token, canonical_token, parse

MODULE = registry.get("rpg-solitaire")
RULES_PAGE = ROOT / "dungeon_cli" / "games" / "rpg_solitaire" / "rules.md"
EXAMPLES = re.findall(r"```dgn\n(.*?)```", RULES_PAGE.read_text(), re.S)


def token(raw: str) -> Token:
    return Token(canonical_token(raw), 1, 1, raw)


@pytest.mark.parametrize("index", range(len(EXAMPLES)))
def test_rules_page_example_verifies(run, index):
    result = run(["verify", "-v", "-"], input=EXAMPLES[index])
    assert result.exit_code == 0, result.stdout
    stated = re.search(r'\[Result "([^"]+)"\]', EXAMPLES[index])
    if stated:
        assert f"legal, {stated.group(1)}," in result.stdout


def test_rules_page_examples_use_every_word():
    words = {t for example in EXAMPLES for line in example.splitlines() if ":" in line for t in line.split(":", 1)[1].split()}
    assert {"keep", "drop", "pick", "resign", "s"} <= words
    assert any(w.startswith("@") and "/" in w and len(w) == 5 for w in words)  # a king's two doors
    assert any(w.startswith("^") for w in words)


def _all_place_words():
    for side in "nesw":
        yield f"@{side}"
        for a in "nesw":
            yield f"@{side}/{a}"
            for b in "nesw":
                if a < b:
                    yield f"@{side}/{a}{b}"


@pytest.mark.parametrize(
    "word", ["keep", "drop", "pick", "stop", "resign", "n", "e", "s", "w", "xn", "xe", "xs", "xw", *_all_place_words()]
)
def test_vocabulary_no_word_is_a_card_and_each_is_canonical(word):
    assert canonical_token(word) == word
    assert not any(run in CARDS for run in re.findall(r"[A-Za-z0-9]+", word))
    parse_action(token(word))


def test_vocabulary_reads_capitals_and_cards_in_any_spelling():
    assert parse_action(token("@N/EW")) == Place("n", frozenset("ew"))
    assert parse_action(token("S")) == MoveTo("s")
    assert parse_action(token("^10h")) == Draw(CARDS["Th"])
    assert parse_action(token("KEEP")) is KEEP and parse_action(token("Drop")) is DROP
    assert parse_action(token("pick")) is PICK and parse_action(token("resign")) is RESIGN
    assert parse_action(token("XE")) == Fight("e") and parse_action(token("Stop")) is STOP


@pytest.mark.parametrize(
    "raw, message",
    [
        ("north", "'north' is not an RPG solitaire action"),
        ("@x", "'@x' is not a place"),
        ("@n/ee", "'@n/ee' names a side twice"),
        ("^keep", "a card drawn is written ^ and the card"),
    ],
)
def test_vocabulary_misreads_say_what_to_write(raw, message):
    with pytest.raises(Misread, match=re.escape(message)):
        parse_action(token(raw))


def test_vocabulary_errors_are_all_reported_before_replay(run):
    text = '[Game "rpg-solitaire"]\n\ndeal: 5s 8h 9c\n1. Qd : north\n2. 5x : @q\n'
    lines = run(["verify", "-"], input=text).stdout.splitlines()
    assert len(lines) >= 3 and all(line.startswith("<stdin>:") for line in lines)


def _random_game(seed: int, steps: int = 150) -> Session:
    rng = random.Random(seed)
    session = Session(Setup(MODULE.game.name, seed=seed))
    session.deal()
    for _ in range(steps):
        if session.state.is_over:
            break
        actions = [a for a in session.state.legal_actions() if not isinstance(a, Resign)]
        session.apply(rng.choice(actions))
        session.deal()
    return session


@pytest.mark.parametrize("seed", range(12))
def test_writing_what_was_played_reads_back_to_the_same_game(seed):
    session = _random_game(seed)
    text = session.text()
    verdict = check(parse(text)[0], seed_check=True, keep_states=True)
    assert verdict.legal, (verdict.diagnostics[:2], text)
    # the record holds finished turns: compare with the state the unfinished one began in
    last = session.state if session.state.is_over else session.turn_start
    assert verdict.state.checkpoint() == last.checkpoint()
    assert verdict.result == session.state.result()


def _script(path: Path) -> str:
    """The lines a player pipes in for a record: the choices of each move, one move a line."""
    lines = []
    for line in path.read_text().splitlines():
        if line[:1].isdigit():
            actions = line.split("#")[0].split(":", 1)[1].split()
            lines.append(" ".join(a for a in actions if not a.startswith("^")))
    return "\n".join(lines) + "\n"


def test_seeded_piped_play_writes_the_seeded_fixture(run):
    path = FIXTURES / "rpg-solitaire" / "legal" / "seeded-escape.dgn"
    result = run(["play", "rpg-solitaire", "--seed", "110"], input=_script(path))
    assert result.exit_code == 0, result.stderr
    expected = "\n".join(line for line in path.read_text().splitlines() if not line.startswith("#")) + "\n"
    assert result.stdout == expected


def test_seeded_piped_play_stops_at_an_illegal_choice(run):
    result = run(["play", "rpg-solitaire", "--seed", "110"], input="@s\n")
    assert result.exit_code == 1
    assert "<stdin>:1:1: error: @s: this room has no door to the south" in result.stderr
    assert result.stdout.startswith('[Game "rpg-solitaire"]\n[Seed "110"]')


def test_seeded_piped_play_accepts_typed_draws_that_match_the_seed(run):
    path = FIXTURES / "rpg-solitaire" / "legal" / "seeded-escape.dgn"
    typed = "@n ^5s ^2c ^Ts ^6h ^9c ^2d ^9h ^9s ^8c\n@e ^6s ^5c\npick ^7d ^6d pick ^6d ^Td\n"
    result = run(["play", "rpg-solitaire", "--seed", "110"], input=typed)
    assert result.exit_code == 0, result.stderr
    expected = "\n".join(line for line in path.read_text().splitlines() if not line.startswith("#")) + "\n"
    assert result.stdout == expected


def test_seeded_piped_play_refuses_a_typed_draw_the_seed_did_not_deal(run):
    result = run(["play", "rpg-solitaire", "--seed", "110"], input="@n ^5s ^3c\n")
    assert result.exit_code == 1
    assert "<stdin>:1:8: error: '^3c': the card drawn here is 2c, not 3c" in result.stderr
    # after the escape too: the last gamble's cards are checked, and nothing may follow them
    late = run(["play", "rpg-solitaire", "--seed", "110"], input="@n\n@e\npick ^7d ^6d pick ^6d ^5d\n")
    assert "<stdin>:3:23: error: '^5d': the card drawn here is Td, not 5d" in late.stderr
    more = run(["play", "rpg-solitaire", "--seed", "110"], input="@n\n@e\npick ^7d ^6d pick ^6d ^Td resign\n")
    assert "<stdin>:3:27: error: resign: the game is over: no action may follow" in more.stderr


def test_rules_text_names_the_stand_off_the_lock_retries_and_every_ending(run):
    text = run(["rules", "rpg-solitaire"]).stdout.lower()
    page = RULES_PAGE.read_text()
    for words in ("stand-off", "tried again at\n           once", "stop", "torch", "trapped", "no lockpick", "resigned", "xn"):
        assert words in text, words
    for words in ("stand-off", "try again", "`stop`", "The torch", "trapped", "no lockpicks", "out of time", "`xn`"):
        assert words in page, words


def test_a_record_may_not_repeat_a_draw_written_before_the_colon(run):
    text = '[Game "rpg-solitaire"]\n\ndeal: 5s 8h 9c\n1. Qd : ^Qd @n\n'
    assert "^Qd: no card is drawn now: the room card Qd is drawn" in run(["verify", "-"], input=text).stdout
