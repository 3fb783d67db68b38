"""``dungeon diff``: equal meaning is equal whatever the spelling; two games of one deal
part at a turn shown with its board, moves, cost and outcomes; different deals are
different games compared tag by tag and move by move; files of several records pair by
order or Seed; text, json and github; exit 0/1/2; git's seven arguments."""

from __future__ import annotations

import json

import pytest
from conftest import FIXTURES, run_subprocess
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from review_games import pair

LEGAL = sorted(FIXTURES.glob("*/legal/*.dgn"))


@pytest.fixture
def games(tmp_path):
    a, b = pair("scoundrel", seed=7, turn=3)
    pa, pb = tmp_path / "a.dgn", tmp_path / "b.dgn"
    pa.write_text(a)
    pb.write_text(b)
    return pa, pb


def test_a_record_is_its_own_game_and_spelling_never_counts(run, tmp_path):
    # card-spellings.dgn writes 10S, ♦, kc...; fmt's text of it means the same game.
    for path in LEGAL:
        canonical = run(["fmt", "-"], input=path.read_bytes()).stdout
        other = tmp_path / "canonical.dgn"
        other.write_text(canonical)
        result = run(["diff", str(path), str(other)])
        assert result.exit_code == 0, (path, result.stdout)
        assert result.stdout == ""  # as diff says nothing of identical files (issue 25)
        assert '"kind": "equal"' in run(["diff", "--format", "json", str(path), str(other)]).stdout


def test_comments_and_written_checkpoints_are_not_the_game(run, tmp_path):
    a = tmp_path / "a.dgn"
    b = tmp_path / "b.dgn"
    a.write_text('[Game "scoundrel"]\n\n1. 9s 5d 4h Kc : 5d x9s 4h\n')
    b.write_text('# played at home\n[Game "scoundrel"]\n\n1. 9s 5d 4h Kc : 5d x9s 4h {hp=20}  # nice\n')
    result = run(["diff", str(a), str(b)])
    assert result.exit_code == 0
    assert "the same game (their comments differ, their written checkpoints differ)" in result.stdout


def test_two_games_of_one_deal_part_at_a_turn(run, games):
    a, b = games
    result = run(["diff", str(a), str(b)])
    assert result.exit_code == 1
    out = result.stdout
    assert "the same deal (Seed 7); they part at turn 3, after 2 move lines alike" in out
    assert "the board before they part (turn 3):" in out
    assert "  room: Qs 4c Qc 8d" in out  # the board: the room the choice was made in
    assert "- 3. (Qs) 4c Qc 8d : 8d x4c Qs {hp=-8 weapon=8d/4c left=34}" in out
    assert "+ 3. (Qs) 4c Qc 8d : run {hp=4 weapon=9d/9c left=38}" in out
    assert "  after it: hp -8 -> 4 (+12), weapon 8d/4c -> 9d/9c, left 34 -> 38 (+4)" in out
    assert out.splitlines()[-4:] == [
        "outcome:",
        "- loss -175 after 3 turns",
        "+ loss -158 after 6 turns",
        "  loss -175 -> loss -158: score +17",
    ]


def test_the_outcome_of_each_side_and_the_difference(run, tmp_path):
    a, b = pair("scoundrel", seed=11, turn=2)
    (tmp_path / "a.dgn").write_text(a)
    (tmp_path / "b.dgn").write_text(b)
    result = run(["diff", "--format", "json", str(tmp_path / "a.dgn"), str(tmp_path / "b.dgn")])
    doc = json.loads(result.stdout)
    (only,) = doc["pairs"]
    ra, rb = only["a"], only["b"]
    assert only["kind"] == "same-deal"
    assert only["score_difference"] == rb["score"] - ra["score"]
    text = run(["diff", str(tmp_path / "a.dgn"), str(tmp_path / "b.dgn")]).stdout
    assert f"  {ra['result']} -> {rb['result']}: score {rb['score'] - ra['score']:+d}" in text


def test_all_and_context(run, tmp_path):
    a, b = pair("scoundrel", seed=4, turn=3)
    (tmp_path / "a.dgn").write_text(a)
    (tmp_path / "b.dgn").write_text(b)
    first = run(["diff", str(tmp_path / "a.dgn"), str(tmp_path / "b.dgn")]).stdout
    every = run(["diff", "--all", str(tmp_path / "a.dgn"), str(tmp_path / "b.dgn")]).stdout
    assert "@@ turn 3 @@" in first and first.count("@@ turn") == 1  # the parting only
    assert "@@ turn 3 to turn 7 @@" in every  # and every later difference
    assert every.count("\n- ") == 5 + 1 and every.count("\n+ ") == 1 + 1  # turns 3-7 against turn 3, and the outcomes
    a, b = pair("scoundrel", seed=3, turn=1)
    (tmp_path / "a.dgn").write_text(a)
    (tmp_path / "b.dgn").write_text(b)
    context = run(["diff", "--all", "-U", "1", str(tmp_path / "a.dgn"), str(tmp_path / "b.dgn")]).stdout
    assert "@@ turn 1 to turn 2 @@" in context
    assert "\n  2. (Ac) 4s 6s 7d : 7d x4s 6s {hp=5 weapon=7d/4s left=37} -> {hp=7 weapon=7d/4s left=37}\n" in context


def test_context_shows_alike_turns_around_the_parting(run, games):
    a, b = games
    out = run(["diff", "--context", "1", str(a), str(b)]).stdout
    assert "@@ turn 2 to turn 4 @@" in out
    assert "\n  2. (9c) Js 9d Qs : 9d x9c Js {hp=4 weapon=9d/9c left=37}\n" in out
    assert "\n+ 4. 4d 6d 2h 9s : 2h x9s 4d {hp=6 weapon=4d left=34}\n" in out  # only b.dgn has turn 4


def test_different_deals_are_different_games(run, tmp_path):
    a = tmp_path / "a.dgn"
    b = tmp_path / "b.dgn"
    a.write_text('[Game "scoundrel"]\n[Player "Ada"]\n\n1. 9s 5d 4h Kc : 5d x9s 4h\n2. (Kc) 7c 2s 8h : run\n')
    b.write_text('[Game "scoundrel"]\n[Player "Bob"]\n\n1. 9s 5d 4h Kc : 5d x9s 4h\n2. (Kc) 7c 2s 9h : run\n')
    result = run(["diff", str(a), str(b)])
    assert result.exit_code == 1
    out = result.stdout
    assert "different games (the deals differ at turn 2: a.dgn deals 8h, b.dgn deals 9h)" in out.replace(str(tmp_path) + "/", "")
    assert 'tags:\n  Game    "scoundrel"\n  Player  "Ada" -> "Bob"\n' in out  # tag by tag, alike ones too
    assert "- 2. (Kc) 7c 2s 8h : run {hp=20 weapon=5d/9s left=41}" in out
    assert "+ 2. (Kc) 7c 2s 9h : run {hp=20 weapon=5d/9s left=41}" in out


def test_other_seeds_and_other_games_are_different_games(run, tmp_path):
    a, b = tmp_path / "a.dgn", tmp_path / "b.dgn"
    a.write_text(pair(seed=1)[0])
    b.write_text(pair(seed=2)[0])
    assert "different games (Seed 1 and Seed 2)" in run(["diff", str(a), str(b)]).stdout
    b.write_text((FIXTURES / "clear-the-dungeon" / "legal" / "win-last-card.dgn").read_text())
    assert "different games (scoundrel and clear-the-dungeon)" in run(["diff", str(a), str(b)]).stdout


def test_same_moves_other_tags(run, tmp_path):
    a, b = tmp_path / "a.dgn", tmp_path / "b.dgn"
    a.write_text('[Game "scoundrel"]\n[Player "Ada"]\n\n1. 9s 5d 4h Kc : 5d x9s 4h\n')
    b.write_text('[Game "scoundrel"]\n[Player "Bob"]\n\n1. 9s 5d 4h Kc : 5d x9s 4h\n')
    result = run(["diff", str(a), str(b)])
    assert result.exit_code == 1
    assert "the same moves; tags differ" in result.stdout


def test_several_records_pair_by_order_or_by_seed(run, tmp_path):
    g1, g2 = pair(seed=1)[0], pair(seed=2)[0]
    a, b = tmp_path / "a.dgn", tmp_path / "b.dgn"
    a.write_text(g1 + "\n" + g2)
    b.write_text(g2 + "\n" + g1)
    by_order = run(["diff", str(a), str(b)])
    assert by_order.exit_code == 1 and by_order.stdout.count("different games") == 2
    by_seed = run(["diff", "--by", "seed", str(a), str(b)])
    assert by_seed.exit_code == 0, by_seed.stdout
    assert by_seed.stdout == ""  # two pairs of the same game: nothing to say
    b.write_text(g2)
    only = run(["diff", "--by", "seed", str(a), str(b)])
    assert only.exit_code == 1 and "only in " in only.stdout


def test_github_annotations_point_at_the_new_side(run, games):
    a, b = games
    out = run(["diff", "--format", "github", str(a), str(b)]).stdout
    (line,) = out.splitlines()
    assert line.startswith(f"::notice file={str(b).replace(':', '%3A')},line=7,title=dungeon diff%3A the same deal (Seed 7)::")
    assert "%0A- 3. (Qs) 4c Qc 8d : 8d x4c Qs {hp=-8 weapon=8d/4c left=34}%0A+ 3. (Qs) 4c Qc 8d : run {hp=4" in line
    assert line.endswith("%0Aoutcome: loss -175 -> loss -158: score +17")


def test_trouble_is_exit_2_with_one_line(tmp_path):
    empty = tmp_path / "empty.dgn"
    empty.write_text("# nothing here\n")
    good = FIXTURES / "scoundrel" / "legal" / "runs.dgn"
    for args, said in [
        ([str(tmp_path / "nope.dgn"), str(good)], "dungeon diff: error: "),
        ([str(empty), str(good)], f"{empty}:1:1: error: no record in this file"),
        ([str(good)] * 3, "dungeon diff: error: it takes two files"),
        ([str(tmp_path), str(good)], "is a directory"),
    ]:
        done = run_subprocess(["diff", *args])
        assert done.returncode == 2, done
        err = done.stderr.decode()
        assert said in err and err.count("\n") == 1 and "Traceback" not in err


def test_illegal_records_are_compared_as_far_as_they_go(run, tmp_path):
    a, b = tmp_path / "a.dgn", tmp_path / "b.dgn"
    a.write_text('[Game "scoundrel"]\n\n1. 9s 5d 4h Kc : 5d x9s 4h\n2. (Kc) 7c 2s 8h : run\n')
    b.write_text('[Game "scoundrel"]\n\n1. 9s 5d 4h Kc : 5d x9s 4h\n2. (Kc) 7c 2s 9s : run\n')
    result = run(["diff", str(a), str(b)])
    assert result.exit_code == 1
    assert "+ illegal (4:15: 9s: no longer in the dungeon: it was dealt already)" in result.stdout


def test_text_from_a_record_reaches_the_terminal_escaped(run, tmp_path):
    a, b = tmp_path / "a.dgn", tmp_path / "b.dgn"
    a.write_text('[Game "scoundrel"]\n[Player "\x1b]0;pwned\x07"]\n\n1. 9s 5d 4h Kc : 5d x9s 4h\n')
    b.write_text('[Game "scoundrel"]\n[Player "\x1b[2J"]\n\n1. 9s 5d 4h Kc : 5d x9s 4h\n')
    for fmt in ("text", "github"):
        out = run(["diff", "--format", fmt, str(a), str(b)]).stdout
        assert "\x1b" not in out and "\x07" not in out
        assert "\\x1b" in out


def test_git_external_diff_arguments(run, games, tmp_path):
    a, b = games
    seven = ["game.dgn", str(a), "1" * 40, "100644", str(b), "2" * 40, "100644"]
    result = run(["diff", *seven])
    assert result.exit_code == 0  # git stops at a driver that exits otherwise
    assert result.stdout.startswith("--- a/game.dgn:1")
    assert "they part at turn 3" in result.stdout
    added = run(["diff", "game.dgn", "/dev/null", ".", ".", str(b), "2" * 40, "100644"])
    assert added.exit_code == 0 and "only in b/game.dgn" in added.stdout
    renamed = run(
        ["diff", "old.dgn", str(a), "1" * 40, "100644", str(b), "2" * 40, "100644", "new.dgn", "similarity index 90%\n"]
    )
    assert "+++ b/new.dgn:1" in renamed.stdout
    assert run(["diff", "game.dgn"]).stdout == "* Unmerged path game.dgn\n"
    github = run(["diff", "--format", "github", *seven]).stdout
    assert github.startswith("::notice file=game.dgn,line=7,")


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000), turn=st.integers(1, 6))
def test_a_pair_parts_where_it_was_made_to(run, tmp_path, seed, turn):
    a, b = pair("scoundrel", seed=seed, turn=turn)
    pa, pb = tmp_path / "a.dgn", tmp_path / "b.dgn"
    pa.write_text(a)
    pb.write_text(b)
    doc = json.loads(run(["diff", "--format", "json", str(pa), str(pb)]).stdout)
    (only,) = doc["pairs"]
    if a == b:
        assert only["kind"] == "equal"
    else:
        assert only["kind"] == "same-deal"
        assert (
            only["parting"]["a"] is None
            or only["parting"]["a"]["move"].startswith(f"{turn}.")
            or only["parting"]["b"]["move"].startswith(f"{turn}.")
        )


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_spelling_of_a_record_is_the_same_game(run, tmp_path, data):
    """A record typed as a person might (any card spelling, blanks, blank lines, CRLF)
    is the same game as the record."""
    from strategies import awkward_text, sample_records

    from notation import parse

    original = data.draw(st.sampled_from(sample_records(seeds=range(2), max_turns=12)))
    records = parse(original.decode("utf-8"))
    (tmp_path / "a.dgn").write_bytes(original)
    (tmp_path / "b.dgn").write_text(data.draw(awkward_text(records)), newline="")
    result = run(["diff", str(tmp_path / "a.dgn"), str(tmp_path / "b.dgn")])
    assert result.exit_code == 0, result.stdout


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_a_broken_side_is_compared_never_a_traceback(run, tmp_path, data):
    """A real record against itself after a few random edits (or against text of
    DGN's shape): the answer is 0, 1, or 2 for a file with no record, in every format,
    with no control character reaching the output."""
    from strategies import corpus, dgn_like, mutated

    original = data.draw(st.sampled_from(corpus()))
    other = data.draw(st.one_of(mutated(), dgn_like()))
    (tmp_path / "a.dgn").write_bytes(original)
    (tmp_path / "b.dgn").write_bytes(other)
    for fmt in ("text", "github", "json"):
        result = run(["diff", "--all", "-U", "1", "--format", fmt, str(tmp_path / "a.dgn"), str(tmp_path / "b.dgn")])
        assert result.exit_code in (0, 1, 2)
        if fmt != "json":
            assert all(ch.isprintable() or ch == "\n" for ch in result.stdout)
