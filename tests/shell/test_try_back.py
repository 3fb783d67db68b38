"""The analysis board at the prompt (issue 36): ``try`` starts a branch from the current
point, ``back`` returns, and every branch is saved in the record as a variation of the
move it replaces (NOTATION.md section 9), for every registered game, the toy game too."""

from __future__ import annotations

import random
from typing import Any

import pytest

from dungeon_cli import registry
from dungeon_cli.engine import Setup
from dungeon_cli.kit.core import Draw
from dungeon_cli.services.session import Session
from dungeon_cli.shell.interactive import COMMANDS, offered
from dungeon_cli.shell.line import apply_line
from dungeon_cli.shell.sample import sample_game
from notation import parse, write

SEED = 31


def script(lines):
    return "".join(line + "\n" for line in lines)


def decisions(module: Any, log: Any) -> list[str]:
    """A finished turn's decisions, one typed line each."""
    return [module.notation.action_text(before, action) for before, action in log.events if not isinstance(action, Draw)]


def branch_lines(session: Session, avoid: str, moves: int = 2) -> list[str]:
    """Decisions played in a branch of ``session``, one a line: the first unlike
    ``avoid`` where there is a choice, until ``moves`` moves are finished or the game ends."""
    module = session.module
    branch = session.try_here()
    rng = random.Random(3)
    typed: list[str] = []
    while len(branch.turns) < moves and not branch.state.is_over and len(typed) < 500:
        state = branch.state
        texts = [module.notation.action_text(state, action) for action in state.legal_actions()]
        text = rng.choice([t for t in texts if t != avoid] or texts) if not typed else rng.choice(texts)
        apply_line(branch, text)
        branch.deal()
        typed.append(text)
    assert branch.turns, "the branch finished no move"
    return typed


def planned(game: str) -> tuple[list[str], list[str], int]:
    """A script with a try in the middle of turn 2 (at its start when it has one
    decision), two moves in the branch, back, and more of the main line; the main
    line's lines, and how many decisions of turn 2 came before the try."""
    module = registry.get(game)
    sampled, lines = sample_game(module, SEED)
    assert len(lines) >= 3, "the sample game is too short for this test"
    second = decisions(module, sampled.turns[[log.start.turn for log in sampled.turns].index(2)])
    before = 1 if len(second) > 1 else 0
    session = Session(Setup(game, seed=SEED))
    apply_line(session, lines[0])
    for text in second[:before]:
        apply_line(session, text)
    session.deal()
    tried = branch_lines(session, second[before])
    main = [lines[0], *second[:before], "try", *tried, "back", " ".join(second[before:]), lines[2]]
    return main, lines, before


@pytest.mark.parametrize("game", registry.names())
def test_a_scripted_try_is_saved_as_a_variation_of_the_move_it_replaces(run, game, tmp_path):
    typed, lines, before = planned(game)
    out = tmp_path / "tried.dgn"
    result = run(["play", game, "--seed", str(SEED), "-o", str(out)], input=script(typed))
    assert result.exit_code == 0, result.stderr
    text = out.read_text()
    record = parse(text)[0]
    numbered = [move for move in record.moves if move.number is not None]
    assert [move.number for move in numbered] == [1, 2, 3]
    assert [len(move.variations) for move in numbered] == [0, 1, 0]
    variation = numbered[1].variations[0]
    assert variation[0].number == 2 and not variation[0].rest  # the whole move 2, its deal the same
    main_dealt = numbered[1].split()[0]
    assert variation[0].split()[0] == main_dealt
    played = " ".join(token.text for token in variation[0].split()[2])
    assert played.startswith(" ".join(typed[1 : 1 + before]))  # a try in mid-turn: the turn so far is in it
    # the main line is the game played without the try
    plain = Session(Setup(game, seed=SEED))
    for line in lines[:3]:
        apply_line(plain, line)
    assert [m.number for m in plain.record().moves] == [m.number for m in record.moves]
    bare = [write([_without_variations(record)])]
    assert bare == [plain.text()]
    # it verifies, down the seed's own line too, and formats to itself
    checked = run(["verify", "--seed-check", str(out)])
    assert checked.exit_code == 0, checked.stdout
    assert write(parse(text)) == text
    assert run(["fmt", "--check", str(out)]).exit_code == 0


def _without_variations(record):
    import copy

    bare = copy.copy(record)
    bare.moves = [copy.copy(move) for move in record.moves]
    for move in bare.moves:
        move.variations = []
    return bare


def scoundrel_at_turn_2() -> tuple[Session, list[str]]:
    module = registry.get("scoundrel")
    _, lines = sample_game(module, SEED)
    session = Session(Setup("scoundrel", seed=SEED))
    apply_line(session, lines[0])
    session.deal()
    return session, lines


def test_undo_in_a_branch_stops_at_its_start_and_nested_branches_go_back_one_level():
    session, lines = scoundrel_at_turn_2()
    branch = session.try_here()
    assert branch.undo() is None  # the turn so far is the main line's
    first = next(a for a in branch.state.legal_actions() if branch.state.apply(a).turn == 2)  # not the turn's last
    branch.apply(first)
    assert branch.undo() is not None and branch.undo() is None
    branch.apply(first)
    branch.deal()
    inner = branch.try_here()
    assert inner.depth == 2 and inner.parent is branch
    for _ in range(20):
        if len(inner.turns) >= 1 or inner.state.is_over:
            break
        inner.apply(inner.state.legal_actions()[-1])
        inner.deal()
    assert inner.back() is branch
    while not branch.turns and not branch.state.is_over:
        branch.apply(branch.state.legal_actions()[0])
        branch.deal()
    assert branch.back() is session
    apply_line(session, lines[1])
    record = parse(session.text())[0]
    (outer,) = record.moves[1].variations
    assert len(outer[0].variations) == 1  # the inner branch, a variation of the outer's move 2
    assert outer[0].number == outer[0].variations[0][0].number == 2


def test_undo_on_the_main_line_past_a_tried_move_takes_its_branches_with_it():
    session, lines = scoundrel_at_turn_2()
    branch = session.try_here()
    while not branch.turns:
        branch.apply(branch.state.legal_actions()[0])
        branch.deal()
    branch.back()
    assert len(session.tries) == 1
    session.undo()  # the last choice of turn 1: turn 2's deal goes with it
    assert session.tries == [] and len(session.dropped) == 1
    apply_line(session, lines[0].split()[-1])
    apply_line(session, lines[1])
    assert all(not move.variations for move in parse(session.text())[0].moves)


def test_try_and_back_where_they_do_not_apply_stop_the_script_with_a_diagnostic(run):
    result = run(["play", "scoundrel", "--seed", str(SEED)], input="back\n")
    assert result.exit_code == 1
    assert result.stderr == "<stdin>:1:1: error: back: not in a branch: 'try' starts one\n"
    result = run(["play", "scoundrel", "--table"], input="  try\n")
    assert result.exit_code == 1
    assert result.stderr == "<stdin>:1:3: error: try: a branch starts at a decision: the deal comes first\n"


def test_a_branch_at_the_table_asks_its_cards_and_the_record_verifies(run):
    module = registry.get("scoundrel")
    sampled, _ = sample_game(module, 7)
    notation = module.notation
    typed = []
    for log in sampled.turns[:2]:
        typed.append(
            " ".join(
                notation.format_outcome(a.outcome) if isinstance(a, Draw) else notation.action_text(b, a) for b, a in log.events
            )
        )
    # turn 1 typed, try before turn 2's deal is refused, so type turn 2's room first
    second = sampled.turns[1]
    dealt = [notation.format_outcome(a.outcome) for _, a in second.events if isinstance(a, Draw)][:4]
    actions = decisions(module, second)
    session = Session(Setup("scoundrel"))
    apply_line(session, typed[0])
    apply_line(session, " ".join(dealt))
    branch = session.try_here()
    branch_typed = []
    while not branch.turns:
        state = branch.state
        if state.phase.name == "CHANCE":
            text = notation.format_outcome(state.chance().outcomes[0])
        else:
            text = notation.action_text(state, state.legal_actions()[-1])
        apply_line(branch, text)
        branch_typed.append(text)
    result = run(
        ["play", "scoundrel", "--table"],
        input=script([typed[0], " ".join(dealt), "try", *branch_typed, "back", " ".join(actions)]),
    )
    assert result.exit_code == 0, result.stderr
    record = parse(result.stdout)[0]
    assert len(record.moves[1].variations) == 1
    assert run(["verify", "-"], input=result.stdout).exit_code == 0


def test_resume_of_a_record_with_variations_goes_on_along_the_main_line(run, tmp_path):
    typed, lines, _ = planned("scoundrel")
    saved = tmp_path / "tried.dgn"
    run(["play", "scoundrel", "--seed", str(SEED), "-o", str(saved)], input=script(typed))
    before = parse(saved.read_text())[0]
    result = run(["play", "--resume", str(saved), "-o", str(saved)], input=script(lines[3:5]))
    assert result.exit_code == 0, result.stderr
    after = parse(saved.read_text())[0]
    assert after.moves[:3] == before.moves  # the variation kept where it was
    assert [m.number for m in after.moves] == [1, 2, 3, 4, 5]
    assert run(["verify", "--seed-check", str(saved)]).exit_code == 0


def shell_run(session: Session, typed: list[str], record=None) -> str:
    import io

    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from dungeon_cli.shell.interactive import PlayShell

    out = io.StringIO()
    with create_pipe_input() as pipe:
        pipe.send_text("".join(line + "\r" for line in typed))
        pipe.close()
        PlayShell(session, record, out, input=pipe, output=DummyOutput()).run()
    return out.getvalue()


def commands_listed(text: str) -> list[list[str]]:
    """The command names of each ``help``, in order."""
    out = []
    for part in text.split("commands:\n")[1:]:
        names = []
        for line in part.splitlines():
            if not line.startswith("  "):
                break
            names.append(line.split()[0])
        out.append(names)
    return out


def test_help_and_completion_offer_try_and_back_where_they_apply(tmp_path):
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from dungeon_cli.shell.completer import ActionCompleter
    from dungeon_cli.shell.recordfile import RecordFile

    session, lines = scoundrel_at_turn_2()
    branch = session.try_here()
    tried = []
    while not branch.turns:
        tried.append(branch.module.notation.action_text(branch.state, branch.state.legal_actions()[-1]))
        apply_line(branch, tried[-1])
    session.child = None
    record = RecordFile.create(str(tmp_path / "g.dgn"))
    shown = shell_run(session, ["help", "try", "help", *tried, "back", "help", lines[1], "quit"], record)
    assert commands_listed(shown) == [
        ["help", "undo", "rules", "hint", "try", "quit"],
        ["help", "undo", "rules", "hint", "try", "back", "quit"],
        ["help", "undo", "rules", "hint", "try", "quit"],
    ]
    assert "branch 1: try another way from here; 'back' returns to the main line" in shown
    assert "this branch is over (loss" in shown  # a branch that ends waits for back: the game goes on
    assert "back to the main line: the branch is kept as a variation of move 2" in shown
    saved = parse((tmp_path / "g.dgn").read_text())[0]
    assert [len(m.variations) for m in saved.moves] == [0, 1]
    assert write([saved]) == (tmp_path / "g.dgn").read_text()

    def completed(session: Session, text: str) -> list[str]:
        completer = ActionCompleter(session.module.notation, lambda: session.state, lambda: offered(COMMANDS, session))
        return [c.text for c in completer.get_completions(Document(text), CompleteEvent())]

    fresh, _ = scoundrel_at_turn_2()
    assert completed(fresh, "tr") == ["try"] and completed(fresh, "ba") == []
    assert completed(fresh.try_here(), "ba") == ["back"]


def test_back_from_a_branch_that_finished_no_move_says_nothing_is_saved():
    session, lines = scoundrel_at_turn_2()
    shown = shell_run(session, ["try", "undo", "back", "back", "quit"])
    assert "nothing to undo: 'back' leaves this branch" in shown
    assert "back to the main line: the branch finished no move, so nothing of it is saved" in shown
    assert "not in a branch: 'try' starts one" in shown


def test_a_try_in_the_first_move_of_a_positioned_game_is_the_rest_of_that_turn(run, tmp_path):
    _, lines = sample_game(registry.get("scoundrel"), SEED)
    assert lines[2] == "8h 9h 2h"  # the seed's turn 3, which the script below plays otherwise
    played = Session(Setup("scoundrel", seed=SEED))
    for line in lines[:3]:
        apply_line(played, line)
    source = tmp_path / "g.dgn"
    source.write_text(played.text())
    result = run(["play", "--from", f"{source}@3.1"], input=script(["try", "9h 2h", "back", "2h 9h"]))
    assert result.exit_code == 0, result.stderr
    assert result.stdout.endswith("\n3... 2h 9h\n  ( 3... 9h 2h )\n")
    assert run(["verify", "--seed-check", "-"], input=result.stdout).exit_code == 0


def test_resume_then_undo_into_a_move_with_variations_keeps_them_on_the_move_played_again(run, tmp_path):
    typed, lines, _ = planned("scoundrel")
    saved = tmp_path / "tried.dgn"
    # the record stops after move 2 (which has the variation)
    run(["play", "scoundrel", "--seed", str(SEED), "-o", str(saved)], input=script(typed[:-1]))
    before = parse(saved.read_text())[0]
    assert len(before.moves[1].variations) == 1
    session = Session.from_record(before)
    session.keep(before)
    session.undo()  # the last decision of move 2: it is played again
    apply_line(session, lines[1].split()[-1])
    after = parse(session.text())[0]
    assert after.moves[1].variations == before.moves[1].variations


def test_a_script_that_ends_in_a_move_not_finished_says_its_branches_are_not_recorded(run, tmp_path):
    """A branch tried from a move the script leaves unfinished cannot be a variation yet
    (a variation replaces a whole move): said on standard error, never dropped in silence."""
    out = tmp_path / "t.dgn"
    result = run(["play", "scoundrel", "--seed", "7", "-o", str(out)], input="2c 3c 7h\ntry\nrun\nback\n9c\n")
    assert result.exit_code == 0
    assert result.stderr.splitlines() == [
        "dungeon play: warning: the turn in progress (9c) is not recorded: a record holds finished turns",
        "dungeon play: warning: the branch tried from a move not finished is not recorded either",
    ]
    assert all(not move.variations for move in parse(out.read_text())[0].moves)
