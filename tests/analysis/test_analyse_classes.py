"""``analyse``'s move classes and accuracy on records of all four games: the table, the
JSON and ``-o``'s record say the same thing, the record verifies as the original does,
``fmt`` keeps it, and ``classes.read_comment`` / ``accuracy_tag`` read back what the
analysis judged (what ``dungeon stats`` relies on instead of analysing again)."""

from __future__ import annotations

import json

import pytest

from dungeon_cli.services import move_classes as classes
from dungeon_cli.services.simulate import Spec, play
from notation import parse

GAMES = ["scoundrel", "clear-the-dungeon", "rpg-solitaire", "cassette-dungeons"]


def _record(game: str) -> tuple[str, int]:
    text = play(Spec(game, "greedy", None, records=True), 2).record
    last = max(m.number for m in parse(text)[0].moves if m.number is not None)
    return text, last


@pytest.mark.parametrize("game", GAMES)
def test_classes_and_accuracy_in_table_json_and_record(run, tmp_path, game):
    text, last = _record(game)
    src = tmp_path / "game.dgn"
    src.write_text(text)
    out = tmp_path / "judged.dgn"
    args = ["analyse", str(src), "--samples", "8", "--limit", "0.5", "--from", str(last - 2)]
    result = run([*args, "--format", "json", "-o", str(out)])
    assert result.exit_code == 0, result.output
    (found,) = json.loads(result.output)["records"]
    decisions = found["decisions"]
    assert decisions and all(d["class"] in {c.value for c in classes.MoveClass} for d in decisions)
    for d in decisions:
        assert d["mark"] == classes.MoveClass(d["class"]).mark
        assert d["loss"] == pytest.approx(
            max(0.0, 100 * (d["fair"]["before"]["win_rate"] - d["fair"]["after"]["win_rate"])), abs=0.02
        )
    expected = classes.game_accuracy([(d["fair"]["before"]["win_rate"], d["fair"]["after"]["win_rate"]) for d in decisions])
    assert found["accuracy"] == pytest.approx(expected, abs=0.06)

    judged = parse(out.read_text())[0]
    assert classes.accuracy_tag(judged) == pytest.approx(found["accuracy"], abs=0.051)
    notes = classes.record_notes(judged)
    noted = [d for d in decisions if d["mark"] or d["unlucky"]]
    assert [(n.action, n.cls.value if n.cls else None, n.unlucky) for n in notes] == [
        (d["action"], d["class"], d["unlucky"]) for d in noted
    ]
    # the record is the game it was, in canonical form
    assert run(["verify", "--seed-check", str(out)]).exit_code == 0
    assert run(["fmt", "--check", str(out)]).exit_code == 0
    original = parse(text)[0]
    assert [m.items for m in judged.moves] == [m.items for m in original.moves]
    assert [t for t in judged.tags if t.name != "Accuracy"] == original.tags

    table = run(args)
    assert table.exit_code == 0, table.output
    assert f"accuracy {found['accuracy']:.1f}%" in table.output.splitlines()[0]
    assert "class" in table.output.splitlines()[1]


def test_a_record_analysed_again_carries_one_judgement_per_decision(run, tmp_path):
    """Analysing ``analyse -o``'s record again replaces the tag and the earlier comments
    on the moves judged; a player's own comment stays."""
    text, last = _record("scoundrel")
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith(f"{last}. "))
    lines.insert(at, "# my own note")
    src = tmp_path / "game.dgn"
    src.write_text("\n".join(lines) + "\n")
    once, twice = tmp_path / "once.dgn", tmp_path / "twice.dgn"
    args = ["--samples", "8", "--limit", "0.5", "--from", str(last - 3)]
    assert run(["analyse", str(src), *args, "-o", str(once)]).exit_code == 0
    assert run(["analyse", str(once), *args, "-o", str(twice)]).exit_code == 0
    first, second = parse(once.read_text())[0], parse(twice.read_text())[0]
    assert classes.record_notes(first) == classes.record_notes(second)
    assert [t.name for t in second.tags].count("Accuracy") == 1
    assert "# my own note" in twice.read_text()


def test_the_spec_example_is_what_analyse_writes(run, tmp_path):
    """notation/SPEC.md, "Analysis comments": its record is exactly what analyse -o writes."""
    from conftest import ROOT

    spec = (ROOT / "notation" / "SPEC.md").read_text(encoding="utf-8")
    block = spec.split("### Analysis comments", 1)[1].split("```dgn\n", 1)[1].split("```", 1)[0]
    src = tmp_path / "lost.dgn"
    # the record without what the analysis writes: its tag, its comments and its better lines
    kept = [line for line in block.splitlines() if "Accuracy" not in line and not line.startswith("  ( ")]
    src.write_text("\n".join(line.split("  #")[0] for line in kept) + "\n")
    out = tmp_path / "judged.dgn"
    assert run(["analyse", str(src), "-o", str(out)]).exit_code == 0
    assert out.read_text() == block


def test_the_table_and_json_of_the_spec_record(run, tmp_path, snapshot_text):
    """The classes column, the accuracy in the head line and the JSON's class, loss and
    accuracy for SPEC's record (the hindsight limited in positions, not seconds, so the
    figures are the same on any machine)."""
    src = tmp_path / "lost.dgn"
    src.write_text(
        '[Game "scoundrel"]\n[Seed "7"]\n\n1. 9c 7h 2c 3c : 2c 3c 7h\n2. (9c) Js 9d Qs : 9d xJs x9c\n3. (Qs) 4c Qc 8d : run\n'
    )
    args = ["analyse", str(src), "--samples", "40", "--limit", "100k"]
    table = run(args)
    assert table.exit_code == 0, table.output
    data = run([*args, "--format", "json"])
    assert data.exit_code == 0, data.output
    assert (table.stdout.replace(str(src), "lost.dgn") + "\n" + data.stdout.replace(str(src), "lost.dgn")) == snapshot_text


def test_each_class_is_the_rule_of_the_spec(tmp_path):
    """The class of every judged decision of a game of each kind is what notation/SPEC.md
    says of its figures: the loss, whether the fall is clear, and for an only move every
    other choice clearly 10 points or more below."""
    from dungeon_cli import analysis

    seen = set()
    for game in GAMES:
        text, last = _record(game)
        found = analysis.analyse(parse(text)[0], samples=8, seconds=0.3, first_move=max(0, last - 4))
        for j in found.judgements:
            if j.best is None:
                continue
            loss = 100 * (j.best.rate - j.played.rate)
            clear = j.played.interval[1] < j.best.rate
            others_below = bool(j.others) and all(
                o.interval[1] < j.best.rate and 100 * (j.best.rate - o.rate) >= 10 for o in j.others
            )
            if j.cls is classes.MoveClass.ONLY:
                assert loss <= 0 and others_below
            elif j.cls is classes.MoveClass.BEST:
                assert loss <= 0 and not others_below
            elif j.cls is classes.MoveClass.EXCELLENT:
                assert 0 < loss < 2
            elif j.cls is classes.MoveClass.GOOD:
                assert 2 <= loss < 5 or (loss >= 5 and not clear)
            else:
                assert clear and loss >= 5
                size = "blunder" if loss >= 20 else "mistake" if loss >= 10 else "inaccuracy"
                assert j.cls.value == size
            assert j.mark == j.cls.mark
            seen.add(j.cls)
    assert classes.MoveClass.BEST in seen
