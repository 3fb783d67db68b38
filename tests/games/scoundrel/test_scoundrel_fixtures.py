"""What is special to Scoundrel's fixtures (tests/games/test_fixtures.py holds every game's
fixtures to the common rules): how many of each kind, the outcomes their comments
claim, their bytes, and snapshots of ``verify -v`` and ``fmt --annotate`` for review."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from conftest import FIXTURES, ROOT

from notation import parse

HERE = FIXTURES / "scoundrel"
LEGAL = sorted((HERE / "legal").glob("*.dgn"))
ILLEGAL = sorted((HERE / "illegal").glob("*.dgn"))
SEED_CHECK = sorted((HERE / "seed-check").glob("*.dgn"))
ALL = LEGAL + ILLEGAL + SEED_CHECK


def name(path: Path) -> str:
    return path.name


@pytest.fixture
def at_root(monkeypatch):
    """Run from the project root so that paths in output (and snapshots) are relative."""
    monkeypatch.chdir(ROOT)


def rel(path: Path) -> str:
    return os.path.relpath(path, ROOT)


def test_there_are_fixtures_of_every_kind():
    assert len(LEGAL) >= 20 and len(ILLEGAL) >= 40 and len(SEED_CHECK) >= 3


# -- what the fixtures claim in their comments ---------------------------------------------


def verbose(run, path: Path) -> list[str]:
    result = run(["verify", "-v", str(path)])
    assert result.exit_code == 0
    return [line.split(": ", 2)[2] for line in result.stdout.splitlines()]


@pytest.mark.parametrize(
    "fixture, outcome",
    [
        ("win-potion-bonus.dgn", "legal, win 27, 20 moves"),
        ("win-full-health-no-bonus.dgn", "legal, win 20, 20 moves"),
        ("win-second-potion-last-no-bonus.dgn", "legal, win 20, 18 moves"),
        ("death-mid-room.dgn", "legal, loss -5, 22 moves"),
        ("death-at-zero-health.dgn", "legal, loss -188, 1 move"),
        ("tags.dgn", "legal, loss -188, 1 move"),
        ("unfinished.dgn", "legal, unfinished, 4 moves"),
        ("last-room-avoided.dgn", "legal, win 20, 21 moves"),
        ("potion-at-full-health-counts.dgn", "legal, unfinished, 1 move"),
        ("death-score-counts-the-room.dgn", "legal, loss -188, 1 move"),
    ],
)
def test_legal_fixture_outcome(run, fixture, outcome):
    assert verbose(run, HERE / "legal" / fixture) == [outcome]


PAGE = ROOT / "dungeon_cli" / "games" / "scoundrel" / "rules.md"
FIXTURE = re.compile(r"`((?:legal|illegal|seed-check)/[a-z0-9-]+\.dgn)`")


def test_the_rules_page_names_a_fixture_for_every_choice():
    """Issue 25: Scoundrel had no rules page like the other games' (its rules were the
    notation's section 6, with no fixture named for each choice). The page is for a
    player, and each choice on it cites a fixture, and every test and fixture it cites
    is there."""
    page = PAGE.read_text(encoding="utf-8")
    assert page.startswith("# Scoundrel") and "As the contract fixes it" not in page
    body = page.split("\n## ", 1)[1]  # past the introduction, which explains the mark
    choices = [block for block in re.split(r"\n(?=- |## )", body) if "(choice)" in block]
    assert len(choices) >= 9
    for block in choices:
        assert FIXTURE.search(block), f"a choice without its fixture: {block[:80]}"
    fixtures = set(FIXTURE.findall(page))
    assert {f for f in fixtures if not (HERE / f).exists() and not (HERE / f).is_dir()} == set()
    suite = "".join(p.read_text() for p in Path(__file__).parent.glob("test_scoundrel*.py"))
    tests = set(re.findall(r"`(test_[a-z0-9_]+)`", page))
    assert len(tests) > 15 and {t for t in tests if f"def {t}(" not in suite} == set()
    for name in ("last-room-avoided", "potion-at-full-health-counts", "death-score-counts-the-room", "win-potion-bonus"):
        assert f"legal/{name}.dgn" in fixtures


def test_several_records_are_judged_one_by_one(run):
    assert verbose(run, HERE / "legal" / "several-records.dgn") == [
        "legal, loss -188, 1 move",
        "legal, unfinished, 2 moves",
        "legal, unfinished, 0 moves",
    ]


def test_card_spellings_read_as_the_canonical_game():
    spelt = parse((HERE / "legal" / "card-spellings.dgn").read_text(encoding="utf-8"))
    plain = parse((HERE / "legal" / "unfinished.dgn").read_text(encoding="utf-8"))
    assert spelt[0].moves == plain[0].moves
    assert spelt[0].moves[0].dealt[2].raw == "2♠"


@pytest.mark.parametrize(
    "fixture, start",
    [("crlf.dgn", b"#"), ("bom.dgn", b"\xef\xbb\xbf#"), ("bom-crlf-no-final-newline.dgn", b"\xef\xbb\xbf#")],
)
def test_byte_level_fixtures_really_hold_those_bytes(fixture, start):
    data = (HERE / "legal" / fixture).read_bytes()
    assert data.startswith(start)
    if "crlf" in fixture:
        assert data.count(b"\r\n") == data.count(b"\n")
    if "no-final-newline" in fixture:
        assert not data.endswith(b"\n")


def test_strict_weapon_fixture_uses_the_variant_and_fails_without_it(run, tmp_path):
    # The variant changes the verdict: the equal strike is legal without it.
    path = HERE / "illegal" / "strict-weapon-equal-strike.dgn"
    plain = tmp_path / "plain.dgn"
    plain.write_text(path.read_text(encoding="utf-8").replace('[Variant "strict-weapon"]\n', ""), encoding="utf-8")
    assert run(["verify", str(plain)]).exit_code == 0


# -- snapshots ----------------------------------------------------------------------------


@pytest.mark.parametrize("path", ALL, ids=lambda p: f"{p.parent.name}-{p.stem}")
def test_verify_verbose_snapshot(run, at_root, snapshot_text, path):
    args = ["verify", "-v"] + (["--seed-check"] if path in SEED_CHECK else []) + [rel(path)]
    result = run(args)
    assert result.output == snapshot_text


@pytest.mark.parametrize("path", LEGAL, ids=lambda p: p.stem)
def test_fmt_annotate_snapshot(run, snapshot_text, path):
    result = run(["fmt", "--annotate", "-"], input=path.read_bytes())
    assert result.exit_code == 0
    assert result.stdout == snapshot_text


# Whole games dealt from their Seed (a record from a Position starts elsewhere: play --from's).
SEEDED = [
    p for p in LEGAL if (first := parse(p.read_bytes().decode("utf-8-sig"))[0]).tag("Seed") is not None and first.position is None
]


@pytest.mark.parametrize("path", SEEDED, ids=name)
def test_seeded_fixture_is_what_play_writes_for_its_actions(run, path):
    # The seeded fixtures are real games: typing their actions into `dungeon play --seed`
    # gives back the same record, deals and Result included.
    (record,) = parse(path.read_bytes().decode("utf-8-sig"))
    args = ["play", "scoundrel", "--seed", record.tag_value("Seed")]
    if record.tag("Variant"):
        args += ["--variant", record.tag_value("Variant")]
    actions = "".join(" ".join(t.raw or t.text for t in move.actions) + "\n" for move in record.turns)
    result = run(args, input=actions)
    assert result.exit_code == 0, result.output
    (played,) = parse(result.stdout)
    assert [(m.number, m.dealt, m.actions) for m in played.moves] == [(m.number, m.dealt, m.actions) for m in record.moves]
    assert played.tag_value("Result") == record.tag_value("Result")
