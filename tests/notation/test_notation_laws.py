"""The writer's laws (NOTATION.md section 1-4, notation/SPEC.md section 8):
``fmt(fmt(x)) == fmt(x)`` and ``parse(fmt(x)) == parse(x)``, for every fixture of every
game and for records built at random by hypothesis (real games, written in every layout
and spelling the reader accepts)."""

from __future__ import annotations

import io
import random

import pytest
from conftest import FIXTURES
from game_fixtures import every_fixture
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dungeon_cli import registry
from dungeon_cli.engine import Setup
from dungeon_cli.kit.core import Phase
from dungeon_cli.services.formatting import format_bytes
from dungeon_cli.services.referee import check
from dungeon_cli.services.session import Session
from notation import parse, read, write

ALL_FIXTURES = every_fixture()
SCOUNDREL_LEGAL = sorted((FIXTURES / "scoundrel" / "legal").glob("*.dgn"))


def records_of(data: bytes):
    return list(read(io.BytesIO(data)))


def words(records):
    """What a record says, layout aside: tags, then each move's number and tokens."""
    return [
        (
            [(t.name, t.value) for t in r.tags],
            [(m.number, [t.text for t in m.dealt], [t.text for t in m.actions]) for m in r.moves],
        )
        for r in records
    ]


def readable(path) -> bool:
    records = records_of(path.read_bytes())
    return bool(records) and not any(r.errors for r in records)


READABLE = [p for p in ALL_FIXTURES if readable(p)]
UNREADABLE = [p for p in ALL_FIXTURES if not readable(p)]


def fixture_id(path) -> str:
    return f"{path.parent.parent.name}/{path.parent.name}/{path.name}"


@pytest.mark.parametrize("path", READABLE, ids=fixture_id)
def test_fmt_laws_hold_for_every_fixture(path):
    records = records_of(path.read_bytes())
    once = write(records)
    assert parse(once) == records
    assert write(parse(once)) == once


@pytest.mark.parametrize("path", UNREADABLE, ids=fixture_id)
def test_a_fixture_the_reader_rejects_is_never_formatted(path):
    text, problems = format_bytes(path.read_bytes())
    assert text is None and problems


@pytest.mark.parametrize("path", SCOUNDREL_LEGAL, ids=lambda p: p.name)
def test_annotate_is_idempotent_and_its_checkpoints_hold(path):
    annotated, problems = format_bytes(path.read_bytes(), annotate=True)
    assert problems == []
    assert format_bytes(annotated.encode(), annotate=True) == (annotated, [])
    assert format_bytes(annotated.encode()) == (annotated, [])  # plain fmt keeps them
    records = parse(annotated)
    assert words(records) == words(records_of(path.read_bytes()))
    for record in records:
        assert all(m.checkpoint is not None for m in record.turns)
        assert check(record).legal


# -- random records -----------------------------------------------------------------------

SCOUNDREL = registry.get("scoundrel")
SUIT_SPELLINGS = {"s": "sS♠", "h": "hH♥", "d": "dD♦", "c": "cC♣"}


def random_game(seed: int, rng: random.Random, variant):
    """A real game from a seed: the player takes random legal actions for a while."""
    session = Session(Setup(SCOUNDREL.game.name, variant=variant, seed=seed))
    session.deal()
    for _ in range(rng.randrange(0, 80)):
        state = session.state
        if state.phase is not Phase.DECISION:
            break
        actions = state.legal_actions()
        if rng.random() < 0.8:  # mostly careful, so that games last and use every rule
            actions = sorted(actions, key=lambda a: state.apply(a).hp, reverse=True)[:2]
        session.apply(rng.choice(actions))
        session.deal()
    return session


def respell(token: str, rng: random.Random) -> str:
    out = []
    i = 0
    while i < len(token):
        ch = token[i]
        if ch in "A23456789TJQK" and i + 1 < len(token) and token[i + 1] in "shdc":
            rank = "10" if ch == "T" and rng.random() < 0.5 else rng.choice([ch, ch.lower()])
            out.append(rank + rng.choice(SUIT_SPELLINGS[token[i + 1]]))
            i += 2
            continue
        out.append(ch)
        i += 1
    return "".join(out)


def messy_layout(text: str, rng: random.Random) -> bytes:
    """The same record in another layout the reader must accept."""
    lines = []
    for line in text.splitlines():
        if rng.random() < 0.1:
            lines.append(rng.choice(["", "# a comment", "   # an indented comment"]))
        if not line or line.startswith("["):
            lines.append(line + (rng.choice(["", "  # why not", "\t"]) if line else ""))
            continue
        head, *tokens = line.split(" ")
        pieces = [head]
        for token in tokens:
            sep = rng.choice([" ", "  ", "\t", " \t "])
            if rng.random() < 0.15:
                sep = "\n" + rng.choice(["    ", "\t", " "])  # a continuation line
            pieces.append(sep + respell(token, rng))
        lines.append("".join(pieces) + rng.choice(["", "", " # note", "   "]))
    end = rng.choice(["\n", "\r\n"])
    body = end.join(lines) + rng.choice([end, ""])
    return (b"\xef\xbb\xbf" if rng.random() < 0.2 else b"") + body.encode("utf-8")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    layout=st.integers(min_value=0, max_value=2**32),
    strict=st.booleans(),
)
def test_fmt_laws_for_random_games_in_random_layouts(seed, layout, strict):
    rng = random.Random(layout)
    session = random_game(seed, rng, "strict-weapon" if strict else None)
    canonical = session.text()
    data = messy_layout(canonical, rng)
    records = records_of(data)
    assert [r.errors for r in records] == [[]]
    assert words(records) == words(parse(canonical))
    once = write(records)
    assert parse(once) == records
    assert write(parse(once)) == once
    verdict = check(records[0], seed_check=True)
    assert verdict.legal, verdict.diagnostics
    assert verdict.result == (session.state.result() if session.state.is_over else None)
    assert format_bytes(data) == (once, [])
