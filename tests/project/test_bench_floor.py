"""The floor checker of the bench (bench/floor.py) must agree with ``dungeon verify``, or
the ratio the bench quotes against it means nothing: the same verdict on the records
``dungeon sim --records`` writes and on those records mutated in every way a slip could."""

from __future__ import annotations

import io
import random
import re
import sys

import pytest
from conftest import ROOT

from dungeon_cli.services import simulate
from dungeon_cli.services.referee import Referee
from notation import read

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
from bench import floor  # noqa: E402

CARD = re.compile(r"\b[2-9TJQKA][cdhs]\b")


def _records(bot: str, seeds: range) -> list[str]:
    spec = simulate.Spec("scoundrel", bot, None, records=True)
    return [o.record for o in simulate.play_many(spec, seeds)]


def _verify(text: str) -> bool:
    records = list(read(io.BytesIO(text.encode("utf-8"))))
    return len(records) == 1 and Referee().check(records[0]).legal


def _mutate(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    moves = [i for i, line in enumerate(lines) if line[:1].isdigit()]
    i = rng.choice(moves)
    line = lines[i]
    kind = rng.randrange(8)
    if kind == 0:  # a card changed for another of the deck
        cards = list(CARD.finditer(line))
        hit = rng.choice(cards)
        line = line[: hit.start()] + rng.choice(sorted(floor.DECK)) + line[hit.end() :]
    elif kind == 1:  # two cards of the actions, or of the deal, swapped
        head, _, tail = line.partition(" : ")
        deal, actions = head.split(), tail.split()
        words = actions if rng.random() < 0.5 else deal
        start = 0 if words is actions else 1
        if len(words) - start > 1:
            a, b = rng.sample(range(start, len(words)), 2)
            words[a], words[b] = words[b], words[a]
        line = " ".join(deal) + " : " + " ".join(actions)
    elif kind == 2:  # a strike added or taken away
        head, _, tail = line.partition(" : ")
        words = tail.split()
        k = rng.randrange(len(words))
        words[k] = words[k][1:] if words[k].startswith("x") else "x" + words[k]
        line = head + " : " + " ".join(words)
    elif kind == 3:  # the last action dropped, or a run written instead
        head, _, tail = line.partition(" : ")
        line = head + " : " + (" ".join(tail.split()[:-1]) if rng.random() < 0.5 else "run")
    elif kind == 4:  # a move dropped (later numbers kept)
        lines[i] = ""
        return "\n".join(lines)
    elif kind == 5:  # the Result's score off by one
        return re.sub(r'Result "(\w+) (-?\d+)"', lambda m: f'Result "{m[1]} {int(m[2]) + rng.choice((-1, 1))}"', text)
    elif kind == 6:  # the Result's word turned
        return text.replace('"win ', '"WIN ').replace('"loss ', '"win ').replace('"WIN ', '"loss ')
    else:  # the carried card's brackets taken away
        line = line.replace("(", "").replace(")", "")
    lines[i] = line
    return "\n".join(lines)


@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_the_floor_checker_passes_what_verify_passes(bot):
    for record in _records(bot, range(150)):
        assert _verify(record), record
        assert floor.legal(record), record


def test_the_floor_checker_rejects_what_verify_rejects():
    rng = random.Random(26)
    records = _records("random", range(60)) + _records("greedy", range(60))
    illegal = 0
    for n in range(600):
        mutated = _mutate(rng.choice(records), rng)
        verdict = _verify(mutated)
        assert floor.legal(mutated) == verdict, (n, mutated)
        illegal += not verdict
    assert illegal > 300  # the mutations bite: most records they make are illegal
