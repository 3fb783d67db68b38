"""``dungeon diff`` of records as trees (NOTATION.md section 9): it compares the main
lines, and ``--merge A B`` writes A's record with B's line as a variation of A's move
where the two part, for a record of every game (the toy game's too). textconv shows the
variations."""

from __future__ import annotations

import io
import json

import pytest
from conftest import FIXTURES
from game_fixtures import fixtures

from dungeon_cli import registry
from notation import Record, read, write


def _records(path) -> list[Record]:
    return list(read(io.BytesIO(path.read_bytes())))


def _tree(game: str) -> Record:
    """The first record with variations among the game's legal fixtures."""
    for path in fixtures(game, "legal"):
        if path.name.startswith("variations"):
            for record in _records(path):
                if any(m.variations for m in record.moves):
                    return record
    raise AssertionError(f"{game} has no legal record with variations")


def _bare(moves):
    for move in moves:
        move.variations = []
    return moves


def _split(game: str, tmp_path):
    """A: the record's main line alone; B: the main line up to the first move with a
    variation, then that variation's line (its own variations kept); and where they part."""
    tree = _tree(game)
    at = next(i for i, m in enumerate(tree.moves) if m.variations)
    line = tree.moves[at].variations[0]
    a_text = write([_strip(tree)])
    b = read(io.BytesIO(a_text.encode())).__next__()
    b.moves = b.moves[:at] + line
    b.tags = [t for t in b.tags if t.name != "Result"]
    a_path, b_path = tmp_path / "a.dgn", tmp_path / "b.dgn"
    a_path.write_text(a_text, encoding="utf-8")
    b_path.write_text(write([b]), encoding="utf-8")
    return a_path, b_path, at


def _strip(record: Record) -> Record:
    (copy,) = read(io.BytesIO(write([record]).encode()))
    _bare(copy.moves)
    return copy


@pytest.mark.parametrize("game", registry.names())
def test_merge_hangs_b_s_line_from_the_move_where_they_part_and_the_record_verifies(run, tmp_path, game):
    a, b, at = _split(game, tmp_path)
    out = tmp_path / "merged.dgn"
    result = run(["diff", "--merge", str(a), str(b), "-o", str(out)])
    assert result.exit_code == 0, result.output
    (merged,) = _records(out)
    (mine,) = _records(a)
    (theirs,) = _records(b)
    assert write([_strip(merged)]) == write([mine])  # A's main line, as it was
    (variation,) = merged.moves[at].variations
    assert [m.number for m in variation] == [m.number for m in theirs.moves[at:]]
    assert variation[0].segments[-1][1].startswith(f"# {b}'s line")
    assert all(not m.variations for m in merged.moves[:at] + merged.moves[at + 1 :])
    seeded = ["--seed-check"] if merged.tag_value("Seed") else []
    verify = run(["verify", *seeded, str(out)])
    assert verify.exit_code == 0, verify.output
    # the main lines are the same game: diff says so, and names what differs
    same = run(["diff", str(a), str(out)])
    assert same.exit_code == 0 and "their variations differ: diff compares the main lines" in same.stdout
    # merged again, nothing is added twice
    again = run(["diff", "--merge", str(out), str(b)])
    assert again.exit_code == 0 and again.stdout == out.read_text(encoding="utf-8")


def test_merge_to_standard_output_is_the_same_record(run, tmp_path):
    a, b, _ = _split("scoundrel", tmp_path)
    out = tmp_path / "m.dgn"
    assert run(["diff", "--merge", str(a), str(b), "-o", str(out)]).exit_code == 0
    result = run(["diff", "--merge", str(a), str(b)])
    assert result.exit_code == 0 and result.stdout == out.read_text(encoding="utf-8")


def test_b_s_variations_of_the_moves_both_share_are_kept(run, tmp_path):
    tree = FIXTURES / "scoundrel" / "legal" / "variations-seeded.dgn"
    (record,) = _records(tree)
    a = tmp_path / "a.dgn"
    a.write_text(write([_strip(record)]), encoding="utf-8")
    result = run(["diff", "--merge", str(a), str(tree)])
    assert result.exit_code == 0, result.output
    assert result.stdout == write([record])  # B's tree, on A's main line: A had none


def test_when_a_stops_where_b_goes_on_a_s_main_line_goes_on_as_b_s(run, tmp_path):
    full = FIXTURES / "clear-the-dungeon" / "legal" / "win-last-card.dgn"
    (record,) = _records(full)
    short = _strip(record)
    short.moves = short.moves[:3]
    short.tags = [t for t in short.tags if t.name != "Result"]
    a = tmp_path / "a.dgn"
    a.write_text(write([short]), encoding="utf-8")
    result = run(["diff", "--merge", str(a), str(full)])
    assert result.exit_code == 0, result.output
    (merged,) = read(io.BytesIO(result.stdout.encode()))
    assert [m.number for m in merged.moves] == [m.number for m in record.moves]
    assert merged.tag_value("Result") == record.tag_value("Result")
    # and B stopping where A goes on adds nothing
    back = run(["diff", "--merge", str(full), str(a)])
    assert back.exit_code == 0 and back.stdout == write(_records(full))


@pytest.mark.parametrize(
    "b, why",
    [
        ("clear-the-dungeon/legal/variations.dgn", "(scoundrel and clear-the-dungeon)"),
        ("scoundrel/legal/card-spellings.dgn", "(Seed 7 and Seed 3)"),
        ("scoundrel/legal/position-seeded.dgn", "(Seed 7 and Seed 0)"),
    ],
)
def test_records_of_two_deals_are_refused_and_nothing_is_written(run, tmp_path, b, why):
    a = FIXTURES / "scoundrel" / "legal" / "variations-seeded.dgn"
    out = tmp_path / "m.dgn"
    result = run(["diff", "--merge", str(a), str(FIXTURES / b), "-o", str(out)])
    assert result.exit_code == 2, result.output
    assert "dungeon diff: error: " in result.stderr and "are not games of one deal " in result.stderr
    assert why in result.stderr and "a merged record holds one deal" in result.stderr
    assert not out.exists() and result.stdout == ""


def test_a_record_cut_from_another_is_a_different_game_to_diff_and_merges_into_it(run, tmp_path):
    a = FIXTURES / "scoundrel" / "legal" / "variations-seeded.dgn"
    cut = tmp_path / "cut.dgn"
    assert run(["cut", str(a), "--at", "2", "-o", str(cut)]).exit_code == 0
    compared = run(["diff", str(a), str(cut)])
    assert (
        compared.exit_code == 1 and f"different games ({cut} starts from a Position, the other from the deal)" in compared.stdout
    )
    same = run(["diff", "--merge", str(a), str(cut)])  # the same line from there: nothing to add
    assert same.exit_code == 0 and same.stdout == a.read_text(encoding="utf-8").replace("      ( 4.", "    ( 4.")
    backwards = run(["diff", "--merge", str(cut), str(a)])  # a line from the deal cannot hang on a later start
    assert backwards.exit_code == 2
    assert f"({a} starts from a Position, the other from the deal)" not in backwards.stderr
    assert f"({cut} starts from a Position, the other from the deal)" in backwards.stderr


def test_a_game_played_on_from_a_point_of_a_merges_from_there(run, tmp_path):
    """``play --from A@3`` writes a record from A's position before move 3: merged, it
    is a variation of A's move 3, and the record verifies down that line's seed."""
    from dungeon_cli.services.cutting import cut

    a = tmp_path / "a.dgn"
    (record,) = _records(FIXTURES / "scoundrel" / "legal" / "variations-seeded.dgn")
    a.write_text(write([_strip(record)]), encoding="utf-8")
    b = tmp_path / "b.dgn"
    played = run(["play", "--from", f"{a}@3", "-o", str(b)], input="run\n")
    assert played.exit_code == 0, played.output
    (theirs,) = _records(b)
    assert theirs.position is not None and theirs.moves[0].number == 3
    result = run(["diff", "--merge", str(a), str(b)])
    assert result.exit_code == 0, result.output
    (merged,) = read(io.BytesIO(result.stdout.encode()))
    (line,) = merged.moves[2].variations
    assert line[0].actions[-1].text == "run" and merged.position is None
    out = tmp_path / "m.dgn"
    out.write_text(result.stdout, encoding="utf-8")
    assert run(["verify", "--seed-check", str(out)]).exit_code == 0
    # from inside a turn: B's "3..." joined to the start of A's move 3
    (piece, _) = cut(_records(a)[0], (3, 1))
    piece.tags = [t for t in piece.tags if t.name != "Result"]
    piece.moves = piece.moves[:1]
    mid = tmp_path / "mid.dgn"
    mid.write_text(write([piece]).replace("3... 8d xQc", "3... 8d Qc"), encoding="utf-8")  # bare-handed: dead
    assert run(["verify", str(mid)]).exit_code == 0
    result = run(["diff", "--merge", str(a), str(mid)])
    assert result.exit_code == 0, result.output
    (merged,) = read(io.BytesIO(result.stdout.encode()))
    assert [" ".join(t.text for t in m.actions) for m in merged.moves[2].variations[0]] == ["x4c 8d Qc"]
    out.write_text(result.stdout, encoding="utf-8")
    assert run(["verify", "--seed-check", str(out)]).exit_code == 0


def test_a_position_the_main_line_never_reaches_is_refused(run, tmp_path):
    a = FIXTURES / "scoundrel" / "legal" / "variations-seeded.dgn"
    b = FIXTURES / "scoundrel" / "legal" / "position-table-mid-turn.dgn"
    result = run(["diff", "--merge", str(a), str(b)])
    assert result.exit_code == 2
    assert f"{b}:4 starts from a Position that the main line of {a}:4 never reaches" in result.stderr


def test_an_illegal_record_is_not_merged(run, tmp_path):
    illegal = FIXTURES / "scoundrel" / "illegal" / "variation-illegal-move.dgn"
    result = run(["diff", "--merge", str(illegal), str(illegal)])
    assert result.exit_code == 1
    assert "the record is not legal (dungeon verify says where): nothing merged" in result.stderr


def test_a_record_without_a_partner_is_refused(run, tmp_path):
    several = FIXTURES / "scoundrel" / "legal" / "several-records.dgn"
    one = tmp_path / "one.dgn"
    records = _records(several)
    one.write_text(write(records[:1]), encoding="utf-8")
    result = run(["diff", "--merge", str(several), str(one)])
    second = records[1].line
    assert result.exit_code == 2 and result.stdout == ""
    assert f"{several}:{second}: this record has no partner in the other file: nothing to merge it with" in result.stderr


@pytest.mark.parametrize(
    "args, said",
    [
        (["--merge", "a.dgn"], "--merge takes two files"),
        (["--merge", "--all", "a.dgn", "b.dgn"], "--merge writes a record"),
        (["--merge", "--format", "json", "a.dgn", "b.dgn"], "--merge writes a record"),
        (["-o", "m.dgn", "a.dgn", "b.dgn"], "-o and --force go with --merge"),
    ],
)
def test_usage(run, args, said):
    result = run(["diff", *args])
    assert result.exit_code == 2 and said in result.output


def test_textconv_shows_the_variations_each_with_its_own_checkpoints(run):
    tree = FIXTURES / "scoundrel" / "legal" / "variations-seeded.dgn"
    result = run(["textconv", str(tree)])
    assert result.exit_code == 0
    (shown,) = read(io.BytesIO(result.stdout.encode()))
    (record,) = _records(tree)
    assert [len(m.variations) for m in shown.moves] == [len(m.variations) for m in record.moves]
    run_line = shown.moves[2].variations[1]
    assert run_line[0].checkpoint.as_dict()["hp"] == "11"  # the state of its own line: the room avoided
    assert run_line[1].checkpoint.as_dict() == {"hp": "13", "weapon": "4d", "left": "34"}
    assert "( 3. (3c) 4c Qc 8d : run {" in result.stdout


@pytest.mark.skipif(__import__("shutil").which("git") is None, reason="git is not installed")
def test_git_shows_a_variation_added_by_a_merge_with_textconv_and_the_driver(tmp_path):
    """A record committed, then a reviewer's line merged into it (diff --merge): git
    diff through textconv shows the variation with its checkpoints, git's driver (the
    same game) lists it."""
    import os
    import subprocess
    import sys

    root = tmp_path / "records"
    root.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_") and k not in ("PAGER",)}
    env.update(
        PATH=os.path.dirname(sys.executable) + os.pathsep + env.get("PATH", ""),
        HOME=str(tmp_path),
        GIT_CONFIG_NOSYSTEM="1",
        GIT_AUTHOR_NAME="R",
        GIT_COMMITTER_NAME="R",
        GIT_AUTHOR_EMAIL="r@example.org",
        GIT_COMMITTER_EMAIL="r@example.org",
    )

    def sh(*args):
        return subprocess.run(args, cwd=root, env=env, capture_output=True, text=True, timeout=120)

    a, b, at = _split("scoundrel", tmp_path)
    (root / "game.dgn").write_text(a.read_text(encoding="utf-8"))
    assert sh("git", "init", "-q").returncode == 0
    assert sh("dungeon", "git-setup").returncode == 0
    sh("git", "add", ".")
    assert sh("git", "commit", "-qm", "a game").returncode == 0
    merged = sh("dungeon", "diff", "--merge", "game.dgn", str(b))
    assert merged.returncode == 0, merged.stderr
    (root / "game.dgn").write_text(merged.stdout)
    textconv = sh("git", "diff", "--no-ext-diff")
    added = [line for line in textconv.stdout.splitlines() if line.startswith("+  ( ")]
    assert added and "{hp=" in added[0], textconv.stdout  # the line, with the state it leaves
    driver = sh("git", "diff")
    assert "the same game (their variations differ: diff compares the main lines)" in driver.stdout
    assert "variations:\n+ turn 3: ( 3. " in driver.stdout, driver.stdout


def test_json_lists_the_variations_one_side_has(run, tmp_path):
    a, b, at = _split("scoundrel", tmp_path)
    merged = tmp_path / "m.dgn"
    assert run(["diff", "--merge", str(a), str(b), "-o", str(merged)]).exit_code == 0
    result = run(["diff", "--format", "json", str(a), str(merged)])
    assert result.exit_code == 0
    (pair,) = json.loads(result.stdout)["pairs"]
    assert pair["kind"] == "equal"
    (line,) = pair["variations"]
    assert line["side"] == "b" and line["move"] == f"turn {at + 1}" and line["line"].startswith(f"( {at + 1}. ")
