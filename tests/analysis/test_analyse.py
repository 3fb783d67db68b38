"""``dungeon analyse``: the judgements held to the solver and to brute force near the end
of a game (every line enumerated, every order of the unseen cards dealt), and the
command's outputs (table, JSON, a record with comments that verifies and fmt keeps)."""

from __future__ import annotations

import copy
import itertools
import json

import pytest
from conftest import EXAMPLES, FIXTURES
from seven import SEVEN

from dungeon_cli import analysis, registry, solver
from dungeon_cli.kit.core import known_steps
from dungeon_cli.kit.piles import Pile
from dungeon_cli.services import move_classes as classes
from dungeon_cli.services.move_classes import MoveClass
from dungeon_cli.services.simulate import Spec, play
from notation import parse

DEATH = FIXTURES / "scoundrel" / "legal" / "death-in-last-room.dgn"
# Seed 7's first three moves (an unfinished record).
LOST = '[Game "scoundrel"]\n[Seed "7"]\n\n1. 9c 7h 2c 3c : 2c 3c 7h\n2. (9c) Js 9d Qs : 9d xJs x9c\n3. (Qs) 4c Qc 8d : run\n'


def brute(state):
    """The best win's score from a state whose deal is known, every line tried (None: no win)."""
    _, state = known_steps(state, [])
    if state.is_over:
        result = state.result()
        return result.score if result.won else None
    best = None
    for action in state.legal_actions():
        value = brute(state.apply(action))
        if value is not None and (best is None or value > best):
            best = value
    return best


def _score(h):
    return h.result.score if h.result is not None else None


@pytest.mark.parametrize("text,first", [(DEATH.read_text(), 23), (SEVEN, 19)], ids=["loss", "win"])
def test_hindsight_is_brute_force_near_the_end(text, first):
    found = analysis.analyse(parse(text)[0], samples=50, first_move=first)
    assert found.judgements
    for j in found.judgements:
        before, after = j.position["before"], j.position["after"]
        assert j.before.proven and j.after.proven
        assert _score(j.before) == brute(before), f"move {j.move} {j.action}"
        assert _score(j.after) == brute(after), f"move {j.move} {j.action}"
        solved = solver.solve(before, "scoundrel")
        assert (solved.result.score if solved.result.won else None) == _score(j.before)


@pytest.mark.parametrize("text,first", [(DEATH.read_text(), 24), (SEVEN, 19)], ids=["loss", "win"])
def test_fair_figures_are_exact_near_the_end_and_below_perfect_information(text, first):
    """With few cards unseen every order is played, and no way of playing wins on more
    orders than perfect information does (brute force over every order and every line)."""
    found = analysis.analyse(parse(text)[0], samples=120, first_move=first)
    checked = 0
    for j in found.judgements:
        seen = j.position["seen"]
        hidden = sorted(c.text for c, n in seen.dungeon.hidden.items() for _ in range(n))
        if len(hidden) > 4:
            continue
        assert j.best.exact and j.played.exact
        cards = {c.text: c for c in seen.dungeon.hidden}
        orders = list(itertools.permutations(hidden)) or [()]
        wins = 0
        for order in orders:
            dealt = copy.copy(seen)
            dealt.dungeon = Pile.ordered([cards[t] for t in order] + list(seen.dungeon.known))
            wins += brute(dealt) is not None
        assert j.played.rate <= j.best.rate <= wins / len(orders) + 1e-9
        assert j.best.plays == len(orders)
        checked += 1
    assert checked


def test_where_the_win_was_lost_is_said(run):
    """The counting bot's game of seed 33 could still be won before move 14's xJs."""
    text = play(Spec("scoundrel", "counting", None, records=True), 33).record
    result = run(["analyse", "-", "--samples", "20", "--from", "13"], input=text)
    assert result.exit_code == 0, result.output
    assert "the win was lost at move 14, by xJs" in result.output
    lost = [line for line in result.output.splitlines() if line.startswith("14 ") and "xJs" in line]
    assert lost and "win" in lost[0].split("xJs")[1] and lost[0].rstrip().endswith("no win")


def test_from_past_the_last_move_is_said_not_an_empty_table(run):
    """It printed an empty table, exit 0, without a word (issue 41, item 26)."""
    path = EXAMPLES / "scoundrel-win.dgn"
    result = run(["analyse", "--samples", "2", "--from", "16", str(path)])
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    assert result.stderr == (
        f"dungeon analyse: {path}: error: --from 16: the record has no move 16 (its moves are 1-15), so nothing is judged\n"
    )
    assert run(["analyse", "--samples", "2", "--limit", "1", "--from", "15", str(path)]).exit_code == 0


def test_clear_the_dungeon_hindsight_is_the_solver():
    text = play(Spec("clear-the-dungeon", "greedy", "reserve", records=True), 3).record
    record = parse(text)[0]
    last = max(m.number for m in record.moves if m.number is not None)
    found = analysis.analyse(record, samples=10, first_move=last - 2)
    assert found.judgements and found.hindsight_note is None
    for j in found.judgements:
        solved = solver.solve(j.position["before"], "clear-the-dungeon")
        assert (solved.result.score if solved.result.won else None) == _score(j.before)
        if j.move == last:
            assert _score(j.before) == brute(j.position["before"])
            assert _score(j.after) == brute(j.position["after"])
        assert j.best.rate >= j.played.rate or j.best.choice == j.played.choice


def test_json_and_comments_that_verify_and_fmt_keeps(run, tmp_path):
    src = tmp_path / "seven.dgn"
    src.write_text(SEVEN)
    out = tmp_path / "judged.dgn"
    result = run(["analyze", str(src), "--samples", "10", "--from", "17", "--format", "json", "-o", str(out)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    decisions = data["records"][0]["decisions"]
    assert decisions and all(d["hindsight"]["before"]["win"] for d in decisions)
    assert run(["verify", str(out)]).exit_code == 0
    assert run(["fmt", "--check", str(out)]).exit_code == 0


def test_marks_are_written_as_comments(tmp_path):
    record = parse(LOST)[0]
    found = analysis.analyse(record, samples=10, first_move=3, seconds=0.5)
    found.judgements[0].cls = MoveClass.BLUNDER  # the comment's form, whatever the figures
    found.judgements[0].mark = analysis.BLUNDER
    text = "\n".join(__import__("notation").write([analysis.annotate(found)]).splitlines())
    assert "3. (Qs) 4c Qc 8d : run  # ?? blunder run: fair win" in text
    again = parse(text)[0]
    assert again.moves[-1].segments[-1][1].startswith("# ?? blunder run")
    (note,) = classes.record_notes(again)
    assert (note.cls, note.action, note.mark) == (MoveClass.BLUNDER, "run", "??")


def test_bad_input_is_one_line_and_exit_2(run, tmp_path):
    result = run(["analyse", str(tmp_path / "missing.dgn")])
    assert result.exit_code == 2
    assert "Traceback" not in result.output


def test_illegal_record_is_not_analysed(run):
    result = run(["analyse", "-"], input='[Game "scoundrel"]\n\n1. 9c 7h 2c 3c : xKs\n')
    assert result.exit_code == 1


@pytest.mark.parametrize("game", registry.names())
def test_every_game_gets_a_judged_table(run, game):
    """Any registered game, the toy game included: a seeded record's last decisions are
    each judged fairly (the strong player, the search where the game has no player of
    its own) and in hindsight (its solver, or the search over the rules API), never a
    table of "-"."""
    text = play(Spec(game, "greedy", None, records=True), 2).record
    record = parse(text)[0]
    last = max(m.number for m in record.moves if m.number is not None)
    found = analysis.analyse(record, samples=6, seconds=0.5, first_move=last - 1)
    assert found.judgements and found.hindsight_note is None and found.fair_note is None
    for j in found.judgements:
        assert None not in (j.best, j.played, j.before, j.after), (game, j.move, j.action)
        assert j.best.plays and j.played.plays
        assert (j.best.rate, j.best.mean_score) >= (j.played.rate, j.played.mean_score) or j.best.choice == j.played.choice
    result = run(["analyse", "-", "--samples", "6", "--limit", "0.5", "--from", str(last - 1)], input=text)
    assert result.exit_code == 0, result.output
    rows = [line for line in result.output.splitlines() if line[:1].isdigit()]
    assert rows and all(" - " not in line.split(None, 2)[2] for line in rows), result.output


def test_a_game_without_a_solver_and_without_its_seed_is_judged_fairly_and_says_why_not_in_hindsight():
    text = play(Spec("toy", "greedy", None, records=True), 2).record
    record = parse("\n".join(line for line in text.splitlines() if not line.startswith("[Seed")) + "\n")[0]
    found = analysis.analyse(record, samples=6, first_move=9)
    assert found.judgements and all(j.best is not None and j.before is None for j in found.judgements)
    assert found.hindsight_note is not None and found.hindsight_note.startswith("no Seed tag: toy has no solver")


def test_hindsight_without_a_solver_is_the_same_on_a_slow_machine(monkeypatch):
    """The search of a game without a solver is limited in positions, not seconds: its
    judgement is the record's, not the machine's (a cluster's workers give what one
    process gives). A clock that runs fast, as a loaded machine's does for the search,
    changes nothing."""
    from dungeon_cli.solver import lookahead

    text = play(Spec("rpg-solitaire", "greedy", None, records=True), 2).record
    record = parse(text)[0]
    last = max(m.number for m in record.moves if m.number is not None)

    def hindsight():
        found = analysis.analyse(record, samples=2, first_move=last - 1)
        return [(j.before, j.after) for j in found.judgements]

    # the clock stands still for the first answer: on a starved machine (a niced run
    # beside others) even 2,000 positions can pass the 10 s net, which is no defect
    monkeypatch.setattr(lookahead.time, "monotonic", lambda: 0.0)
    here = hindsight()
    clock = [0.0]

    def slow() -> float:
        clock[0] += 0.25  # each look at the clock, 64 positions apart: 7.8 s for 2,000
        return clock[0]

    searched = []
    best = lookahead.Lookahead.best

    def counted(self, state, stream):
        found = best(self, state, stream)
        searched.append((found[1], self.nodes))
        return found

    monkeypatch.setattr(lookahead.time, "monotonic", slow)
    monkeypatch.setattr(lookahead.Lookahead, "best", counted)
    assert hindsight() == here
    cut = [nodes for proven, nodes in searched if not proven]
    assert cut and all(nodes == lookahead.NODES + 1 for nodes in cut), cut  # stopped by the count, not the clock
