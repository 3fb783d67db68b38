"""Cassette Dungeons!' DGN words: the documented vocabulary parses, writing and reading agree."""

from __future__ import annotations

import random
import re

import pytest
from conftest import FIXTURES, ROOT

from dungeon_cli import registry
from dungeon_cli.engine import Setup
from dungeon_cli.games.cassette_dungeons.notation import decision, shape
from dungeon_cli.kit.core import Phase
from dungeon_cli.services.referee import check
from dungeon_cli.services.session import Session
from notation import Token, canonical_token, parse

DOC = (ROOT / "dungeon_cli" / "games" / "cassette_dungeons" / "rules.md").read_text()
MODULE = registry.get("cassette-dungeons")
NOTATION = MODULE.notation


def table_tokens() -> list[str]:
    rows = DOC.split("| token | meaning |", 1)[1].split("\n\n", 1)[0].splitlines()[2:]
    out = []
    for row in rows:
        out.extend(re.findall(r"`([^`]+)`", row.split("|")[1]))
    return out


def doc_blocks() -> list[str]:
    """The indented example blocks of the Notation section."""
    section = DOC.split("## Notation", 1)[1].split("## Balance", 1)[0]
    blocks, current = [], []
    for line in section.splitlines() + ["end"]:
        if line.startswith("    "):
            current.append(line[4:])
        elif current and not line.strip():
            current.append("")
        elif current:
            blocks.append("\n".join(current).strip("\n"))
            current = []
    return blocks


@pytest.mark.parametrize("token", [t for t in table_tokens() if not t.startswith("deal:")])
def test_every_token_of_the_documented_vocabulary_reads_and_writes_back(token):
    assert canonical_token(token) == token  # no card spellings inside
    found = shape(token)
    assert found is not None, token
    kind, groups = found
    if kind not in ("roll", "reveal"):
        # a player's action is written the same from any state: the first one here
        assert NOTATION.action_text(MODULE.game.start(), decision(kind, groups)) == token


def test_the_documented_example_record_is_the_seeded_win_fixture_and_verifies():
    record = doc_blocks()[0]
    fixture = (FIXTURES / "cassette-dungeons" / "legal" / "seeded-win.dgn").read_text()
    assert record.strip() in fixture
    verdict = check(parse(record + "\n")[0], seed_check=True)
    assert verdict.legal and str(verdict.result) == "win 9"


def test_the_documented_move_lines_are_words_of_the_game():
    lines = [l for block in doc_blocks()[1:] for l in block.splitlines() if re.match(r"\d+\. :", l)]
    assert len(lines) == 4  # the Notation section's three, and the Positions example's turn 6
    for line in lines:
        words = line.split(":", 1)[1].split("{")[0].split()
        for word in words:
            if word == "...":
                continue
            assert NOTATION.check_token("actions", Token(canonical_token(word))) is None, word


def test_the_documented_turns_are_real_turns_of_the_fixtures():
    rebuilt = (FIXTURES / "cassette-dungeons" / "legal" / "deck-rebuilt.dgn").read_text()
    for line in doc_blocks()[1].splitlines():
        assert line in rebuilt


def test_written_actions_read_back_as_the_same_actions_in_random_games():
    compared = 0
    for seed in range(20):
        rng = random.Random(seed)
        session = Session(Setup(MODULE.game.name, seed=seed))
        session.deal()
        for _ in range(60):
            state = session.state
            if state.phase is not Phase.DECISION:
                break
            for action in state.legal_actions():
                text = NOTATION.action_text(state, action)
                assert canonical_token(text) == text
                kind, groups = shape(text)
                assert decision(kind, groups) == action, text
                compared += 1
            session.apply(rng.choice(state.legal_actions()))
            session.deal()
        record = parse(session.text())[0]
        assert check(record, seed_check=True).legal
    assert compared > 1000


@pytest.mark.parametrize(
    "word, message",
    [
        ("run", "'run' is not a Cassette Dungeons action"),
        ("9s", "'9s' is not a Cassette Dungeons action"),
        ("@Ks", "'@Ks' is not a Cassette Dungeons action"),
        ("w>orc", "'w>orc' is not a Cassette Dungeons action"),
    ],
)
def test_words_that_are_not_the_games_are_reported_before_replay(word, message):
    assert NOTATION.check_token("actions", Token(canonical_token(word), raw=word)).startswith(message)


def test_a_die_face_above_6_is_refused_where_it_is_written():
    text = '[Game "cassette-dungeons"]\n\ndeal: crypt\n1. : @knight >3 ^mimic ^fog ^loaded\n2. : *w w=7\n'
    verdict = check(parse(text)[0])
    assert [(d.line, d.col, d.message) for d in verdict.diagnostics] == [(5, 9, "w=7: a die shows 1 to 6")]


def test_the_hero_words_are_explained_in_rules_and_in_the_heros_completion(run):
    """Issue 40: strike, bump 2, ward and slay were explained only by ``rules --full``:
    one line each in ``rules``, and beside each hero in its completion."""
    from dungeon_cli.shell.candidates import choices

    shown = run(["rules", "cassette-dungeons"]).stdout
    for word, words in {
        "strike": "one empty enemy slot counts as filled",
        "bump N": "a die rolled this turn and not placed yet shows N more",
        "ward": "no health is lost to penalties",
        "slay": "every empty slot of one monster",
        "heal N": "gain N health",
    }.items():
        assert re.search(rf"^  {word} +{words}", shown, re.M), (word, shown)
    session = Session(Setup("cassette-dungeons", seed=7))
    session.deal()
    offered = {text: meta for text, meta, _ in choices(registry.get("cassette-dungeons").notation, session.state)}
    assert offered["@mage"] == "Mage: 6+ slay (every empty slot of one monster, not a boss, is filled)"
    assert offered["@rogue"].startswith("Rogue: 3+ bump 2 (a die rolled this turn and not placed yet shows 2 more")
