"""``dungeon play --from FILE@MOVE[.ACTION]`` in every registered game, the toy game's
included: from a turn's start and from inside a turn of a seeded game, the game goes on
dealt as its seed deals (the moves played again as the record has them come out the
same), and with ``--seed`` shuffled afresh; each record written is a positioned record
that verifies."""

from __future__ import annotations

import pytest

from dungeon_cli import registry
from dungeon_cli.kit.core import Draw
from dungeon_cli.services.referee import check
from dungeon_cli.shell.sample import sample_game
from notation import parse

SEED = 31


def _game(game: str, tmp_path):
    """A seeded game saved in a file, its typed lines, and a point inside a turn after
    turn 1: (the turn, K, its decisions one typed word-group each), after the turn's
    first decision where a turn has two or more (else after its deal: Clear the Dungeon's
    turn is one decision)."""
    module = registry.get(game)
    session, lines = sample_game(module, SEED)
    assert len(lines) >= 3, "too short a sample game"
    path = tmp_path / "game.dgn"
    path.write_text(session.text())
    turns = [
        (log.start.turn, [module.notation.action_text(b, a) for b, a in log.events if not isinstance(a, Draw)])
        for log in session.turns
        if log.start.turn >= 2
    ]
    turn, chosen = next(((t, c) for t, c in turns if len(c) >= 2), turns[0])
    return path, lines, (turn, 1 if len(chosen) >= 2 else 0, chosen)


def _words(move) -> list[str]:
    return [t.text for t in move.split()[0]] + [t.text for t in move.split()[2]]


@pytest.mark.parametrize("game", registry.names())
def test_from_a_turns_start_the_game_goes_on_as_the_seed_deals(run, game, tmp_path):
    path, lines, _ = _game(game, tmp_path)
    result = run(["play", "--from", f"{path}@2"], input=lines[1] + "\n")
    assert result.exit_code == 0, result.output
    (record,) = parse(result.stdout)
    assert record.position is not None and record.moves[0].number == 2 and not record.moves[0].rest
    (original,) = parse(path.read_text())
    move_2 = next(m for m in original.moves if m.number == 2)
    assert _words(record.moves[0]) == _words(move_2)  # the same deal, the same decisions
    verdict = check(record, seed_check=True)
    assert verdict.legal, (verdict.diagnostics, result.stdout)


@pytest.mark.parametrize("game", registry.names())
def test_from_inside_a_turn_the_record_starts_with_the_rest_of_it(run, game, tmp_path):
    path, _, (turn, k, chosen) = _game(game, tmp_path)
    result = run(["play", "--from", f"{path}@{turn}.{k}"], input=" ".join(chosen[k:]) + "\n")
    assert result.exit_code == 0, result.output
    (record,) = parse(result.stdout)
    first = record.moves[0]
    assert (first.number, first.rest) == (turn, True)
    (original,) = parse(path.read_text())
    played = next(m for m in original.moves if m.number == turn)
    assert " ".join(t.text for t in first.actions) in " ".join(t.text for t in played.actions)  # the rest of that turn
    verdict = check(record)
    assert verdict.legal, (verdict.diagnostics, result.stdout)


@pytest.mark.parametrize("game", registry.names())
def test_with_a_seed_the_unseen_cards_are_shuffled_afresh(run, game, tmp_path):
    path, _, _ = _game(game, tmp_path)
    once = run(["play", "--from", f"{path}@2", "--seed", "1"], input="")
    again = run(["play", "--from", f"{path}@2", "--seed", "1"], input="")
    assert once.exit_code == again.exit_code == 0, once.output
    (a,), (b,) = parse(once.stdout), parse(again.stdout)
    assert a.position is not None and a.position.value == b.position.value  # the same seed, the same shuffle
    assert check(a).legal
