"""``dungeon play`` from a pipe never raises whatever is typed: a seeded game's decisions,
or at a table its cards and decisions, often mutated (``fuzz.laws.check_play``: exit 0 or
1, one diagnostic in the input, a record that verifies and replays alike)."""

from __future__ import annotations

import random
import signal
import sys

import strategies as S
from conftest import ROOT
from hypothesis import HealthCheck, given, settings

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


def test_a_script_without_a_record_file_builds_the_record_once(run, monkeypatch):
    """Found by the fuzz run (play typed, rpg-solitaire --seed 71): a 2,829-turn walk took
    21 s from a pipe, as the whole record was rebuilt after every turn for a file that
    was not there; it is built at the end only (0.5 s)."""
    from dungeon_cli import registry
    from dungeon_cli.engine import Setup
    from dungeon_cli.services.session import Session

    module = registry.get("rpg-solitaire")
    rng = random.Random(71)
    session = Session(Setup(module.game.name, seed=71))
    session.deal()
    lines, words, turn = [], [], session.state.turn
    while not session.state.is_over and len(lines) < 1000:  # walk between rooms
        state = session.state
        texts = [(module.notation.action_text(state, a), a) for a in state.legal_actions()]
        action = rng.choice([a for t, a in texts if t in ("n", "s", "e", "w")] or [a for _, a in texts])
        words.append(module.notation.action_text(state, action))
        session.apply(action)
        session.deal()
        if session.state.turn != turn or session.state.is_over:
            lines.append(" ".join(words))
            words, turn = [], session.state.turn
    assert session.state.is_over and len(lines) >= 40  # the torch ends the walk (96 turns at most)
    built = []
    original = Session.text
    monkeypatch.setattr(Session, "text", lambda self: built.append(1) or original(self))
    result = run(["play", "rpg-solitaire", "--seed", "71"], input="\n".join(lines) + "\n")
    assert result.exit_code == 0 and result.stdout.count(f"\n{len(lines)}. ") == 1
    assert len(built) <= 2  # when the game is set up, and at the end: not once a turn


def test_sampled_games_end_even_where_a_walk_never_would():
    """Found by the fuzz run (mutated games, rpg-solitaire): the sampling policy that
    never takes a losing action walked RPG solitaire's dungeon for ever (seed 1113,
    policy 0, and others) until the run held 20 GB. After its patience it plays any
    legal action, resigning included, so every sampled game ends, and its record
    verifies. Since the rules bound a game (the torch, dungeon_cli/games/rpg_solitaire/rules.md
    section 10), these games end by the rules, before the patience runs out."""
    from dungeon_cli import registry
    from dungeon_cli.services.referee import check
    from dungeon_cli.shell import sample

    def endless(signum, frame):
        raise AssertionError("a sampled game did not end within 60 s")

    module = registry.get("rpg-solitaire")
    previous = signal.signal(signal.SIGALRM, endless)
    signal.alarm(60)
    try:
        games = [sample.sample_game(module, seed) for seed in (1113, 1130)]
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    for session, lines in games:
        assert session.state.is_over
        decisions = sum(len(line.split()) for line in lines)
        assert decisions < sample.PATIENCE + 200
        assert check(session.record()).legal
