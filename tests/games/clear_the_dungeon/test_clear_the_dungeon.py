"""Clear the Dungeon through the command line: what is special to its fixtures
(tests/games/test_fixtures.py holds every game's to the common rules), the shared examples,
seeded piped play, and snapshots of what a player reads."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import FIXTURES, contract_examples

GAME = "clear-the-dungeon"
HERE = FIXTURES / GAME
LEGAL = sorted((HERE / "legal").glob("*.dgn"))
ILLEGAL = sorted((HERE / "illegal").glob("*.dgn"))
SEED_CHECK = sorted((HERE / "seed-check").glob("*.dgn"))
EXAMPLES = contract_examples(f"{GAME}-*.dgn")
INPUT = re.compile(r"^# input: (.*)$")
PLAYED = re.compile(r"^# `dungeon play clear-the-dungeon --seed ([0-9]+)(?: --variant ([a-z-]+))?`")

ids = lambda p: p.name  # noqa: E731


def _stated_result(path: Path) -> list[str]:
    return re.findall(r'^\[Result "([^"]*)"\]', path.read_text(), flags=re.M)


def test_every_kind_of_fixture_is_there():
    assert len(LEGAL) >= 6 and len(ILLEGAL) >= 15 and SEED_CHECK


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: getattr(p, "name", "contract"))
def test_shared_example_verifies_with_its_stated_result(run, path: Path):
    result = run(["verify", "-v", str(path)])
    assert result.exit_code == 0, result.stdout
    (stated,) = _stated_result(path)
    assert f"legal, {stated}," in result.stdout


# -- seeded piped play writes the fixtures ----------------------------------------------

PLAYED_FIXTURES = [p for p in LEGAL if "# input:" in p.read_text()]


@pytest.mark.parametrize("path", PLAYED_FIXTURES, ids=ids)
def test_piped_play_writes_the_fixture_again(run, path: Path):
    """The legal fixtures marked '# input:' were written by seeded piped play: typing
    the same lines deals the same cards, reveals included, and writes the same record."""
    lines = path.read_text().splitlines()
    inputs = [m.group(1) for m in map(INPUT.match, lines) if m]
    (played,) = [m for m in map(PLAYED.match, lines) if m]
    args = ["play", GAME, "--seed", played.group(1)]
    if played.group(2):
        args += ["--variant", played.group(2)]
    result = run(args, input="\n".join(inputs) + "\n")
    assert result.exit_code == 0, result.output
    record = [line for line in lines if line and not line.startswith("#")]
    assert [line for line in result.stdout.splitlines() if line] == record


def test_piped_play_deals_the_reveal_from_the_seed(run):
    result = run(["play", GAME, "--seed", "3"], input="Jc Td+4s 2c\n")
    assert result.exit_code == 0
    assert "1. 2c Td 4s : Jc Td+4s 2c ^Qh" in result.stdout.splitlines()


def test_piped_play_accepts_a_typed_reveal_only_if_it_is_the_card_dealt(run):
    same = run(["play", GAME, "--seed", "3"], input="Jc Td+4s 2c ^Qh\n")
    assert same.exit_code == 0
    assert "1. 2c Td 4s : Jc Td+4s 2c ^Qh" in same.stdout.splitlines()
    other = run(["play", GAME, "--seed", "3"], input="Jc Td+4s 2c ^Kc\n")
    assert other.exit_code == 1
    assert "<stdin>:1:13: error: column 3 has turned up Qh, not Kc" in other.stderr


def test_piped_play_stops_at_an_illegal_attack_pointing_at_its_token(run):
    result = run(["play", GAME, "--seed", "3"], input="Jc Td+2c 4s\n")
    assert result.exit_code == 1
    assert "<stdin>:1:10: error: 4s: not a club: the trigger for Jc must be a club or a joker" in result.stderr


def test_play_refuses_an_unknown_variant(run):
    result = run(["play", GAME, "--seed", "3", "--variant", "hard"], input="-\n")
    assert result.exit_code == 2
    assert "no variant 'hard'" in result.output


# -- snapshots ---------------------------------------------------------------------------


def _relative(text: str) -> str:
    """Paths as the fixture folder names them, so the snapshot is the same on any machine."""
    return text.replace(f"{HERE}/", "")


@pytest.mark.parametrize("folder", ["legal", "illegal"])
def test_verify_output_snapshot(run, snapshot_text, folder: str):
    paths = sorted((HERE / folder).glob("*.dgn"))
    result = run(["verify", "-v", *map(str, paths)])
    assert _relative(result.stdout) == snapshot_text


def test_seed_check_output_snapshot(run, snapshot_text):
    result = run(["verify", "-v", "--seed-check", *map(str, SEED_CHECK)])
    assert _relative(result.stdout) == snapshot_text


@pytest.mark.parametrize("path", LEGAL, ids=ids)
def test_fmt_annotate_snapshot(run, snapshot_text, path: Path):
    result = run(["fmt", "--annotate", "-"], input=path.read_bytes())
    assert result.exit_code == 0, result.output
    assert result.stdout == snapshot_text


def test_rules_summary_snapshot(run, snapshot_text):
    result = run(["rules", GAME])
    assert result.exit_code == 0
    assert result.stdout == snapshot_text


def test_the_rules_page_cites_only_real_tests_and_fixtures():
    """dungeon_cli/games/clear_the_dungeon/rules.md backs every choice with a test or a fixture: each
    one it names must exist, so the page cannot drift from the suite."""
    page = (Path(__file__).resolve().parents[3] / "dungeon_cli" / "games" / "clear_the_dungeon" / "rules.md").read_text()
    suite = "".join(p.read_text() for p in Path(__file__).parent.glob("test_clear_the_dungeon*.py"))
    tests = set(re.findall(r"`(test_[a-z0-9_]+)`", page))
    fixtures = set(re.findall(r"`((?:legal|illegal|seed-check)/[a-z0-9-]+\.dgn)`", page))
    assert len(tests) > 20 and len(fixtures) > 15
    assert {t for t in tests if f"def {t}(" not in suite} == set()
    assert {f for f in fixtures if not (HERE / f).is_file()} == set()


def test_the_reserve_variant_says_it_is_this_projects_own_rule(run):
    """The rulebook text has no optional rule: the page, `dungeon rules` and `dungeon games`
    all say the reserve variant is this project's own."""
    root = Path(__file__).resolve().parents[3]
    page = (root / "dungeon_cli" / "games" / "clear_the_dungeon" / "rules.md").read_text()
    section = page.split("## 5. Variant `reserve`", 1)[1].split("\n## ", 1)[0]
    assert "this project's own rule, not the rulebook's" in section
    rulebook = root.parent / "shared" / "seeds" / "000_c5811c33c80ae2ef.txt"
    if rulebook.is_file():
        text = rulebook.read_text().lower()
        assert "reserve" not in text and "optional" not in text and "variant" not in text
    assert "this project's own rule" in run(["rules", GAME]).stdout
    assert "this project's own rule" in run(["games"]).stdout
