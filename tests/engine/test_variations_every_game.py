"""Variations of real games of every registered game, the toy game's included
(NOTATION.md section 9): a seeded game played at random, and from a random move of it
another line played at random as the seed deals down that line, nested once, written
into the record. The tree verifies under --seed-check, formats canonically and reads
back, and a variation with a card the seed does not deal there is caught at its token."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dungeon_cli import registry
from dungeon_cli.engine.record import walk_dealt
from dungeon_cli.kit.core import Draw, Phase
from dungeon_cli.services.formatting import format_bytes
from dungeon_cli.services.referee import check
from dungeon_cli.services.session import Session
from dungeon_cli.shell.sample import sample_game
from notation import Move, Record, parse, write


def _line_from(record: Record, index: int, rng: random.Random, turns: int, seeded: bool = True) -> list[Move]:
    """A line tried instead of ``record``'s move ``index``: the game replayed before it,
    then ``turns`` turns of random legal choices, dealt as the seed deals (``seeded``)
    or, as at a table, by random outcomes of those still possible (its first move dealt
    as the move it replaces, NOTATION.md section 9)."""
    prefix = Record(tags=record.tags, moves=record.moves[:index])
    session = Session.from_record(prefix, seeded=seeded)
    if not seeded and not record.moves[index].rest:  # its first move is dealt as the move it replaces
        walk_dealt(session, record.moves[index])
    start = len(session.turns)
    while len(session.turns) < start + turns:
        session.deal()
        state = session.state
        if state.phase is Phase.CHANCE:
            session.apply(Draw(rng.choice(state.chance().outcomes)))
            continue
        if state.phase is not Phase.DECISION:
            break
        session.apply(rng.choice(state.legal_actions()))
    session.deal()
    return session.record().moves[index:]


def tree(game: str, seed: int, policy: int) -> Record:
    session, _ = sample_game(registry.get(game), seed, policy)
    record = session.record()
    rng = random.Random(policy)
    numbered = [i for i, move in enumerate(record.moves) if not move.is_deal]
    if not numbered:
        return record
    index = rng.choice(numbered)
    line = _line_from(record, index, rng, rng.randint(1, 3))
    if line:
        record.moves[index].variations.append(line)
        if len(line) > 1:  # and a variation inside it, from its second move
            inner = Record(tags=record.tags, moves=record.moves[:index] + line)
            nested = _line_from(inner, index + 1, rng, 1)
            if nested:
                line[1].variations.append(nested)
    return record


@pytest.mark.parametrize("game", registry.names())
@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10**6), policy=st.integers(0, 10**6))
def test_a_tree_of_real_lines_verifies_under_seed_check_and_formats(game, seed, policy):
    record = tree(game, seed, policy)
    text = write([record])
    (again,) = parse(text)
    assert again.errors == [], text
    verdict = check(again, seed_check=True)
    assert verdict.legal, (verdict.diagnostics, text)
    assert verdict.result == check(Record(tags=again.tags, moves=again.moves), seed_check=True).result
    assert write(parse(text)) == text
    # --annotate: every move of every line gets the checkpoint of its own line, and holds
    annotated, problems = format_bytes(text.encode(), annotate=True)
    assert problems == []
    (marked,) = parse(annotated)
    assert all(move.checkpoint is not None for _, move in marked.walk_tree() if not move.is_deal)
    assert check(marked, seed_check=True).legal
    assert format_bytes(annotated.encode(), annotate=True) == (annotated, [])


@pytest.mark.parametrize("game", registry.names())
def test_a_variation_dealt_otherwise_than_the_seed_deals_is_caught_inside_it(game):
    for seed in range(40):
        session, _ = sample_game(registry.get(game), seed, seed)
        record = session.record()
        rng = random.Random(seed)
        numbered = [i for i, move in enumerate(record.moves) if not move.is_deal]
        index = rng.choice(numbered)
        line = _line_from(record, index, rng, 2, seeded=False)
        if not line:
            continue
        record.moves[index].variations.append(line)
        (again,) = parse(write([record]))
        assert check(again).legal  # at a table, any card still unseen may come
        diagnostics = check(again, seed_check=True).diagnostics
        if not diagnostics:
            continue  # the random deals were the seed's own
        varied = again.moves[index]
        first, last = varied.variations[0][0].line, varied.variations[0][-1].last_line
        assert all(first <= d.line <= last for d in diagnostics), (diagnostics, write([record]))
        return
    pytest.fail(f"{game}: no variation dealt otherwise than its seed in 40 seeds")
