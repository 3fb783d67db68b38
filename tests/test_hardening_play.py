"""``dungeon play`` from a pipe never raises whatever is typed: a seeded game's decisions,
or at a table its cards and decisions, often mutated (``fuzz.laws.check_play``: exit 0 or
1, one diagnostic in the input, a record that verifies and replays alike)."""

from __future__ import annotations

import sys

from hypothesis import HealthCheck, given, settings

import strategies as S
from conftest import ROOT

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
from fuzz import laws  # noqa: E402


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(S.play_inputs())
def test_whatever_is_typed_play_answers_with_a_record_or_one_diagnostic(case):
    game, args, typed = case
    laws.check_play(game, args, typed)


def test_a_table_game_typed_as_recorded_is_the_same_record(run):
    """The table lines of a played game, typed at a table, give back its moves."""
    from dungeon_cli import registry
    from dungeon_cli.shell.sample import sample_game
    from notation import parse

    for game in registry.names():
        session, _ = sample_game(registry.get(game), 11)
        text = session.text()
        code, out = laws.check_play(game, ["--table"], "\n".join(S.table_lines(text)) + "\n")
        assert code == 0, (game, out)
        assert parse(out)[0].moves == parse(text)[0].moves, game


def test_a_control_character_typed_comes_back_escaped(run):
    # Found by the play fuzz: a typed control character came back raw in the message.
    result = run(["play", "scoundrel", "--seed", "1"], input="Qs 3\x06s\n")
    assert result.exit_code == 1
    assert result.stderr == "<stdin>:1:5: error: '3\\x06s' has a character DGN does not use: '\\x06'\n"
