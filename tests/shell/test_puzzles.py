"""Puzzles from your own mistakes (issue 28): ``dungeon puzzles`` makes a puzzle of each
decision an analysed record classes a mistake or a blunder when the better choice is
clearly better (proven by the solver where the game has one), written as a record from a
Position at the choice, its answer the main line and the choice played a variation (issue
36); ``dungeon verify`` checks a puzzle, the old form with its three tags too, and
``dungeon play --puzzles`` asks them at the play prompt (issue 40, item 7) and says
whether an answer matches and how the analysis judged the two; on records of all four
games and the toy game."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from conftest import run_subprocess

from dungeon_cli import registry, solver
from dungeon_cli.engine import SeededDealer, Setup
from dungeon_cli.kit.core import Phase
from dungeon_cli.services.move_classes import MoveClass, Note, write_note
from dungeon_cli.services.session import Session
from dungeon_cli.services.simulate import Spec, play
from dungeon_cli.shell.puzzle import Puzzle, choice, position, read, said
from notation import parse

OLD_FORM = Path(__file__).parent / "puzzle_records" / "old-form.dgn"


def choices(record) -> tuple[str, str]:
    """A puzzle's answer and the choice played, as the record writes each at the position."""
    puzzle, faults = read(record)
    assert puzzle is not None, faults
    session = position(puzzle)
    return said(session, puzzle.answer), said(session, puzzle.played)


GAMES = registry.names()
SOLVED = [g for g in GAMES if registry.get(g).solver is not None]
LIMIT = 200_000


def comment(played: str, answer: str, cls: MoveClass = MoveClass.BLUNDER) -> str:
    return "# " + write_note(Note(played, cls, 55, 20), f"fair win 55% -> 20% (better {answer} 55%)")


def annotated(text: str, move: int, played: str, answer: str) -> str:
    """The record with an analysis comment on move ``move``, as analyse -o writes one."""
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith(f"{move}. "))
    lines[at] += "  " + comment(played, answer)
    return "\n".join(lines) + "\n"


def _rank(found) -> tuple:
    return (found.result.won, found.result.score)


def solved_mistake(game: str) -> tuple[str, str, str]:
    """A seeded game of ``game`` in which a decision lost what the solver proves another
    choice keeps; its record played on perfectly from the mistake, with the comment."""
    for seed in range(40):
        session = Session(Setup(game, seed=seed), dealer=SeededDealer(seed))
        session.deal()
        notation = session.module.notation
        for _ in range(6):  # the first few decisions of the deal
            if session.state.phase is not Phase.DECISION:
                break
            state = session.state
            options = []
            for action in state.legal_actions():
                text = notation.action_text(state, action)
                try:
                    found = solver.solve(state.apply(action), game, max_nodes=LIMIT)
                except RuntimeError:  # the limit came first: not proven either way
                    continue
                if found.proven:
                    options.append((_rank(found), text, action, found))
            options.sort(key=lambda o: o[0])
            if len(options) >= 2 and options[0][0] < options[-1][0]:
                worst, best = options[0], options[-1]
                turn = state.turn
                session.apply(worst[2])
                for action in worst[3].line:
                    session.apply(action)
                return annotated(session.text(), turn, worst[1], best[1]), worst[1], best[1]
            session.apply(options[-1][2] if options else state.legal_actions()[0])
            session.deal()
    raise AssertionError(f"no proven mistake found in {game}'s first deals")


def fair_mistake(game: str) -> tuple[str, str, str]:
    """A seeded random game of a game with no solver, its first choice noted a blunder
    in favour of another legal choice of one token."""
    for seed in range(40):
        text = play(Spec(game, "random", records=True), seed).record
        (record,) = parse(text)
        for index, move in enumerate(record.moves):
            if move.number is None or not move.actions:
                continue
            played = move.actions[0].text
            session = position(Puzzle(record, index, 0, played, played))
            mine = choice(session, played)
            state = session.state
            for action in state.legal_actions():
                other = session.module.notation.action_text(state, action)
                if " " not in other and other != played and choice(session, other) != mine:
                    return annotated(text, move.number, played, other), played, other
            break
    raise AssertionError(f"no second choice found in {game}'s first deals")


@pytest.fixture(scope="module")
def analysed(tmp_path_factory):
    """Per game, an analysed record with one blunder: (path, played, answer)."""
    folder = tmp_path_factory.mktemp("analysed")
    out = {}
    for game in GAMES:
        text, played, answer = solved_mistake(game) if game in SOLVED else fair_mistake(game)
        path = folder / f"{game}.dgn"
        path.write_text(text)
        out[game] = (path, played, answer)
    return out


@pytest.fixture(scope="module")
def made(analysed, tmp_path_factory):
    out = tmp_path_factory.mktemp("made") / "puzzles.dgn"
    folder = next(iter(analysed.values()))[0].parent
    result = run_subprocess(["puzzles", str(folder), "-o", str(out)])
    assert result.returncode == 0, result.stderr.decode()
    return out, result.stderr.decode()


def test_a_puzzle_of_each_games_mistake_that_verifies(made, analysed):
    out, said = made
    records = parse(out.read_text())
    assert {r.game for r in records} == set(GAMES), said
    for record in records:
        path, played, answer = analysed[record.game]
        # a record from the position: the answer its main line, the choice played its variation
        assert record.position is not None and record.moves[0].rest
        assert choices(record) == (answer, played)
        (variation,) = record.moves[0].variations
        assert variation[0].number == record.moves[0].number
        assert variation[0].segments[-1][1] == "# played in the game"
        assert record.tag_value("Puzzle").startswith("fair win 55% -> 20%")
        assert record.tag_value("Accuracy") is None and record.tag_value("Seed") is not None
        assert record.tag_value("Answer") is None and record.tag_value("Played") is None
        if record.game in SOLVED:  # the best line to the end: the game is over
            assert record.tag_value("Result") is not None
            assert "; hindsight " in record.tag_value("Puzzle")
    result = run_subprocess(["verify", "--seed-check", str(out)])
    assert result.returncode == 0, result.stdout.decode()
    assert f"{len(records)} puzzle(s) from {len(GAMES)} record(s)" in said


def test_a_choice_not_proven_better_makes_no_puzzle(run, tmp_path):
    # notation/SPEC.md's analysis example: striking the jack first is a fair mistake, but
    # with the deal known the win is still there: no puzzle.
    (tmp_path / "spec.dgn").write_text(
        '[Game "scoundrel"]\n[Seed "7"]\n\n1. 9c 7h 2c 3c : 2c 3c 7h\n'
        f"2. (9c) Js 9d Qs : 9d xJs x9c  {comment('xJs', 'xQs', MoveClass.MISTAKE)}\n3. (Qs) 4c Qc 8d : run\n"
    )
    result = run(["puzzles", str(tmp_path / "spec.dgn"), "-o", str(tmp_path / "p.dgn")])
    assert result.exit_code == 0
    assert "no puzzle from 1 record(s) (left out: 1 not proven better): nothing written" in result.stderr
    assert not (tmp_path / "p.dgn").exists()


def test_verify_holds_a_puzzle_to_its_moves(made, tmp_path):
    """A puzzle from a Position: the choice played is a variation of its first move,
    and not the answer."""
    out, _ = made
    text = out.read_text().split("\n\n[Game")[0] + "\n"  # the first puzzle
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("  ( "))
    answer_line = lines[at - 1].split("  #")[0]
    cases = {
        "no-variation.dgn": (
            "\n".join(lines[:at] + lines[at + 1 :]),
            "a puzzle gives the choice played in the game as a variation",
        ),
        "same.dgn": ("\n".join([*lines[:at], f"  ( {answer_line} )", *lines[at + 1 :]]), "the choice played is the answer"),
    }
    for name, (bad, message) in cases.items():
        (tmp_path / name).write_text(bad + "\n")
        result = run_subprocess(["verify", str(tmp_path / name)])
        said = result.stdout.decode()
        assert result.returncode == 1 and message in said, (name, said)
        assert said.startswith(f"{tmp_path / name}:")  # file:line:col


def test_an_old_form_puzzle_verifies_and_is_asked():
    """The form ``dungeon puzzles`` wrote before positions (three tags, dealt from the
    Seed) is still read: verify checks it, play --puzzles asks it."""
    result = run_subprocess(["verify", str(OLD_FORM)])
    assert result.returncode == 0, result.stdout.decode()
    result = run_subprocess(["play", "--puzzles", str(OLD_FORM)], input=b"run\n")
    said = result.stdout.decode()
    assert result.returncode == 0 and "you played 9d here" in said and "right: run" in said, said


def test_play_reads_both_forms_in_one_file(made, tmp_path):
    out, _ = made
    both = tmp_path / "both.dgn"
    both.write_text(OLD_FORM.read_text() + "\n" + out.read_text())
    records = parse(both.read_text())
    typed = "\n".join(["run", *(choices(r)[0] for r in records[1:])]) + "\n"
    result = run_subprocess(["play", "--puzzles", str(both)], input=typed.encode())
    said = result.stdout.decode()
    assert result.returncode == 0, result.stderr.decode()
    assert f"{len(records)} of {len(records)} right" in said, said


def test_verify_holds_an_old_form_puzzle_to_its_tags(tmp_path):
    text = OLD_FORM.read_text()
    (record,) = parse(text)
    answer, played = record.tag_value("Answer"), record.tag_value("Played")
    cases = {
        "answer.dgn": (text.replace(f'[Answer "{answer}"]', f'[Answer "{played}"]'), "the puzzle's Answer is"),
        "played.dgn": (text.replace(f'[Played "{played}"]', '[Played "zz9"]'), "Played is no choice at the puzzle's position"),
        "place.dgn": (text.replace('[Puzzle "', '[Puzzle "x'), 'a Puzzle tag is "MOVE BEFORE"'),
        "far.dgn": (text.replace('[Puzzle "', '[Puzzle "9'), "the record has no move"),
        "no-answer.dgn": (text.replace(f'[Answer "{answer}"]', '[Answer ""]'), "the puzzle's Answer is empty"),
        "blank-answer.dgn": (text.replace(f'[Answer "{answer}"]', '[Answer "  "]'), "the puzzle's Answer is empty"),
        "no-played.dgn": (text.replace(f'[Played "{played}"]', '[Played ""]'), "the puzzle's Played is empty"),
    }
    for name, (bad, message) in cases.items():
        (tmp_path / name).write_text(bad)
        result = run_subprocess(["verify", str(tmp_path / name)])
        said = result.stdout.decode()
        assert result.returncode == 1 and message in said, (name, said)
        assert said.startswith(f"{tmp_path / name}:")  # file:line:col


def test_play_asks_the_puzzles_and_says_whether_the_answer_matches(made, analysed):
    out, _ = made
    records = parse(out.read_text())
    answers = []
    for i, record in enumerate(records):  # right, wrong, right, wrong...
        answers.append(choices(record)[i % 2])
    typed = "\n".join(["not-a-move", *answers]) + "\n"  # a line that is no choice is said, and asked again
    result = run_subprocess(["play", "--puzzles", str(out)], input=typed.encode())
    said = result.stdout.decode()
    assert result.returncode == 0, result.stderr.decode()
    assert said.count("\npuzzle ") == len(records)
    assert "not a choice here:" in said
    assert said.count("right: ") == (len(records) + 1) // 2
    assert said.count("not the best: ") == len(records) // 2
    assert f"{(len(records) + 1) // 2} of {len(records)} right" in said
    # how the analysis judged the answer against the choice played, after each
    assert said.count("  the answer wins 55%, your choice in the game 20% (from the cards you had seen)") == len(records)
    assert "with the deal known, the answer: " in said


def test_play_puzzles_refuses_a_game_with_it(run, made):
    out, _ = made
    result = run(["play", "scoundrel", "--puzzles", str(out)])
    assert result.exit_code == 2 and "--puzzles asks the file's puzzles: it cannot take GAME" in result.stderr


def test_records_never_analysed_say_where_puzzles_come_from(run, tmp_path):
    """Issue 40: records never analysed gave "no puzzle from 4 record(s)": the command
    says puzzles come from analysed records and gives the command that analyses them."""
    played = tmp_path / "games"
    played.mkdir()
    (played / "a.dgn").write_text('[Game "scoundrel"]\n[Seed "7"]\n\n1. 9c 7h 2c 3c : 2c 3c 7h\n')
    (played / "b.dgn").write_text('[Game "scoundrel"]\n[Seed "8"]\n')
    result = run(["puzzles", str(played), "-o", str(tmp_path / "p.dgn")])
    assert result.exit_code == 0
    assert "no puzzle from 2 record(s): none is analysed (left out: 2 not analysed); " in result.stderr
    assert (
        f"puzzles come from analysed records: dungeon analyse {played} -o analysed.dgn, then dungeon puzzles analysed.dgn -o {tmp_path / 'p.dgn'}"
        in result.stderr
    )


def test_the_puzzle_prompt_answers_help_as_play_does(made):
    """Issue 40: ``play --puzzles`` refused ``help``; it lists the moves of the position
    with what each does, as the play prompt's ``help``, and asks again."""
    out, _ = made
    record = parse(out.read_text())[0]
    answer = choices(record)[0]
    typed = f"help\n?\n{answer}\n"
    result = run_subprocess(["play", "--puzzles", str(out)], input=typed.encode())
    said = result.stdout.decode()
    assert said.count("your moves (several may go on one line):") == 2, said
    assert "not a choice here" not in said
    assert f"  {answer} " in said and "right: " in said


def test_the_puzzle_board_is_drawn_as_play_draws_it(made):
    """Issue 40: the puzzle drew ``4d 9s`` where ``play`` draws ``4♦ 9♠``: with the
    terminal's paint, the board is the same picture."""
    import io

    from dungeon_cli.shell.colour import Paint
    from dungeon_cli.shell.puzzle import ask

    out, _ = made
    record = next(r for r in parse(out.read_text()) if r.game == "scoundrel")
    shown = io.StringIO()
    ask(
        [("p.dgn", record)],
        iter([choices(record)[0]]),
        shown,
        prompt=False,
        paint=Paint(False, picture=True, symbols=True),
    )
    assert any(symbol in shown.getvalue() for symbol in "\u2660\u2665\u2666\u2663"), shown.getvalue()
    # the answer's cards as play spells them too (the scoundrel puzzle's answer takes a card)
    answer = choices(record)[0]
    if answer[:1] in "23456789TJQKA":
        (verdict,) = [line for line in shown.getvalue().splitlines() if line.startswith("right: ")]
        assert answer not in verdict and any(symbol in verdict for symbol in "\u2660\u2665\u2666\u2663"), verdict


def test_at_a_terminal_the_puzzle_prompt_is_the_play_prompt(made):
    """Issue 40, item 7: at a terminal the answer is read by the play prompt itself: the
    position's moves completed as play completes them, play's ``help`` (moves and
    commands), and then how the analysis judged the answer against the choice played."""
    from prompt_toolkit.document import Document
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from dungeon_cli.shell.interactive import PlayShell
    from dungeon_cli.shell.puzzle import ask

    out, _ = made
    record = next(r for r in parse(out.read_text()) if r.game == "scoundrel")
    answer, played = choices(record)
    shown = io.StringIO()
    shells = []
    with create_pipe_input() as pipe:
        pipe.send_text(f"help\n{played}\n")
        pipe.close()

        def terminal(session):
            shells.append(PlayShell(session, None, shown, input=pipe, output=DummyOutput(), hints=False))
            return shells[-1]

        score = ask([("p.dgn", record)], iter(()), shown, prompt=True, terminal=terminal)
    said = shown.getvalue()
    assert score.asked == 1 and score.right == 0
    assert "your moves (several may go on one line):" in said and "commands:" in said and "  rules" in said
    offered = {c.text for c in shells[0].prompt.completer.get_completions(Document(""), None)}
    assert answer in offered and played in offered
    assert f"not the best: {answer} is (you played {played} in the game)" in said
    assert "  the answer wins 55%, your choice in the game 20% (from the cards you had seen)" in said


def test_a_puzzle_from_an_analysed_record_that_starts_from_a_position(run, tmp_path):
    """An analysed record cut by ``dungeon cut`` (it keeps its Seed and comments) makes
    the same kind of puzzle, its Seed kept (it was written "None": the position's
    session deals from its piles, not the seed)."""
    from conftest import FIXTURES

    cut = tmp_path / "cut.dgn"
    result = run(["cut", str(FIXTURES / "analysed" / "scoundrel.dgn"), "--at", "5", "-o", str(cut)])
    assert result.exit_code == 0, result.output
    out = tmp_path / "p.dgn"
    result = run(["puzzles", str(cut), "-o", str(out)])
    assert result.exit_code == 0 and "1 puzzle(s) from 1 record(s)" in result.stderr, result.output
    (record,) = parse(out.read_text())
    assert record.tag_value("Seed") == "0" and record.position is not None
    assert choices(record) == ("run", "9d")
    assert run(["verify", "--seed-check", str(out)]).exit_code == 0
