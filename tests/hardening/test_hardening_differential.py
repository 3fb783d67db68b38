"""Differential tests, per game: games played through the rules core (seeded, random
legal choices) are written, read back and verified with the result they were played to;
then single-token mutations of them obey the law ``fuzz.laws.check_mutation`` states:

    With L the mutated line and D the line of the record's first diagnostic that is not
    about its Result tag:
    1. D >= L: nothing before the mutation is blamed. The Result tag (a claim about the
       whole game, above the moves) is blamed only when every move is legal.
    2. D is exactly where the record stops being legal: the record cut before line D
       verifies, and the record cut after line D gets the same first diagnostic. So a
       move the rules refuse is refused on its own line (D == L, the common case), and a
       mutated move the rules accept (another card that could have been dealt there) is
       blamed at the first later line that can no longer be played (D > L).
    3. A mutated record with no diagnostic replays alike through the path ``play
       --resume`` takes: same result, same final checkpoint, and the record that session
       writes verifies with that result.

The mutations of each token: dropped; duplicated; each card in it swapped for each of a
few other cards (cards dealt later in the same game, so that "refused later" happens, and
cards never dealt in it, so that "still legal" happens); each lower-case word in it
swapped for each of a few other words of the game; each number in it changed by -1, +1
and +10. Here on one short game per game (seconds); ``make fuzz`` draws mutations of
whole games of any seed for as long as it runs.
"""

from __future__ import annotations

import collections
import random
import re
import sys

import pytest
import strategies as S
from conftest import COMPILED, ROOT

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
from dungeon_cli import registry  # noqa: E402
from dungeon_cli.services.referee import Referee  # noqa: E402
from dungeon_cli.shell.sample import sample_game  # noqa: E402
from fuzz import laws  # noqa: E402
from notation import parse, write  # noqa: E402

GAMES = registry.names()


def _short_seed(game: str) -> int:
    """The seed of one short finished game of each (a Result to be judged, and at least
    three turns, so that a mutation can be refused on a later line than its own): the
    shortest such among seeds 0-29, the first of equals (RPG solitaire's random
    games, which never resign early, run long)."""
    module = registry.get(game)
    turns = {seed: len(sample_game(module, seed)[0].record().turns) for seed in range(30)}
    return min((n, seed) for seed, n in turns.items() if n >= 3)[1]


@pytest.mark.parametrize("game", GAMES)
def test_random_games_verify_with_the_result_they_were_played_to(game):
    module = registry.get(game)
    referee, seeded = Referee(), Referee(seed_check=True)
    for seed in range(8):
        session, _ = sample_game(module, seed, policy_seed=seed + 100)
        text = session.text()
        record = parse(text)[0]
        verdict = referee.check(record)
        assert verdict.legal, (seed, verdict.diagnostics, text)
        assert verdict.result == session.state.result() and verdict.result is not None
        assert record.tag_value("Result") == str(session.state.result())
        assert seeded.check(record).legal, (seed, "dealt otherwise than its Seed deals")
        assert write(parse(text)) == text
        assert laws.check_replays_alike([verdict]) == 1


def _mutation_inputs(game: str):
    seed = _short_seed(game)
    text = S.game_text(game, seed)
    rnd = random.Random(seed)
    dealt = sorted(set(re.findall(r"[2-9TJQKA][shdc]|JK", text)))
    never = [c for c in S.CARDS if c not in dealt]
    cards = rnd.sample(dealt, min(4, len(dealt))) + rnd.sample(never, min(4, len(never)))
    words = sorted(set(re.findall(r"[a-z]+", text)))
    return text, cards, rnd.sample(words, min(6, len(words)))


@pytest.mark.parametrize("game", GAMES)
def test_every_single_token_mutation_is_refused_where_the_record_stops_being_legal(game):
    text, cards, words = _mutation_inputs(game)
    assert Referee().check(parse(text)[0]).legal
    outcomes: collections.Counter = collections.Counter()
    lines = text.split("\n")
    move_lines = [i for i, line in enumerate(lines, 1) if line[:1].isdigit() or line.startswith("deal:")]
    for line in move_lines:
        for what, mutated in laws.token_mutations(text, line, cards, words):
            try:
                outcomes[laws.check_mutation(mutated, line)] += 1
            except laws.LawBroken as exc:
                raise AssertionError(f"line {line}, {what}: {exc}\n{mutated}") from None
    # Every branch of the law is met, or the test would prove less than it says.
    assert outcomes["refused here"] > 0 and outcomes["refused later"] > 0, outcomes
    assert outcomes["legal"] + outcomes["result differs"] > 0, outcomes


@pytest.mark.skipif(COMPILED, reason="patches Referee.check: a compiled class's methods cannot be replaced")
def test_the_law_catches_a_referee_that_blames_the_wrong_line(monkeypatch):
    """The law can fail: a referee that reports a rule violation one line too early."""
    text, cards, words = _mutation_inputs("scoundrel")
    line = next(i for i, l in enumerate(text.split("\n"), 1) if l.startswith("2."))
    mutated = next(m for what, m in laws.token_mutations(text, line, cards, words) if what.startswith("drop"))
    original = Referee.check

    def early(self, record):
        verdict = original(self, record)
        for diag in verdict.diagnostics:
            diag.line = max(1, diag.line - 1) if not diag.message.startswith("Result") else diag.line
        return verdict

    monkeypatch.setattr(Referee, "check", early)
    with pytest.raises(laws.LawBroken):
        laws.check_mutation(mutated, line)


def test_cut_after_keeps_line_numbers_and_leaves_out_the_result():
    text = '[Game "scoundrel"]\n[Result "win 3"]\n\n1. a : b\n2. c : d\n'
    assert laws.cut_after(text, 4) == '[Game "scoundrel"]\n# (Result left out)\n\n1. a : b\n'
