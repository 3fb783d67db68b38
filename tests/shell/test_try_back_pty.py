"""``try`` and ``back`` as a person meets them: ``dungeon play`` in a pseudo-terminal,
``try`` completed by Tab, a move in the branch, ``back``, the main line played on, and
the record on disk holding the branch as a variation that verifies down the seed."""

from __future__ import annotations

import subprocess
import sys

from pty_terminal import PROMPTING, WAIT, terminal, turns_on_disk  # noqa: F401  (terminal is a fixture)

from dungeon_cli import registry
from dungeon_cli.engine import Setup
from dungeon_cli.services.session import Session
from dungeon_cli.shell.line import apply_line
from dungeon_cli.shell.sample import sample_game
from notation import parse

SEED = 4


def test_try_back_at_a_terminal(terminal, tmp_path):
    module = registry.get("scoundrel")
    _, lines = sample_game(module, SEED)
    session = Session(Setup("scoundrel", seed=SEED))
    apply_line(session, lines[0])
    session.deal()
    branch = session.try_here()
    state = branch.state
    other = next(a for a in state.legal_actions() if module.notation.action_text(state, a) != lines[1].split()[0])
    tried = [module.notation.action_text(state, other)]
    apply_line(branch, tried[0])
    while not branch.turns and not branch.state.is_over:  # the branch's move 2 to its end
        tried.append(module.notation.action_text(branch.state, branch.state.legal_actions()[0]))
        apply_line(branch, tried[-1])

    work = tmp_path / "work"
    work.mkdir()
    term = terminal("play", "scoundrel", "--seed", str(SEED), cwd=work)
    term.wait_for(lambda: PROMPTING in term.output)
    (record,) = work.glob("scoundrel-*.dgn")
    term.type(lines[0] + "\r")
    term.wait_for(lambda: turns_on_disk(record) == 1)
    term.completes("tr", "try")  # Tab completes the command, once its menu is drawn (a Tab before it is lost)
    term.type("\r")
    term.shows(b"branch 1: try another way from here")
    for line in tried:
        term.type(line + "\r")
    term.type("back\r")
    term.shows(b"back to the main line: the branch is kept as a variation of move 2")
    term.type(lines[1] + "\r")
    term.wait_for(lambda: turns_on_disk(record) == 2)
    term.type("quit\r")
    assert term.finish() == 0
    saved = parse(record.read_text())[0]
    assert [len(move.variations) for move in saved.moves] == [0, 1]
    assert [" ".join(t.text for t in m.split()[2]) for m in saved.moves[1].variations[0]][0] == " ".join(tried)
    checked = subprocess.run(
        [sys.executable, "-m", "dungeon_cli", "verify", "--seed-check", str(record)], capture_output=True, text=True, timeout=WAIT
    )
    assert checked.returncode == 0, checked.stdout


def screen(term) -> str:
    """What the terminal shows now (prompt-toolkit redraws only what changed, so the
    bytes written do not hold a status line whole): its 40 rows of 120 columns."""
    import pyte

    shown = pyte.Screen(120, 40)
    pyte.ByteStream(shown).feed(bytes(term.output))
    return "\n".join(shown.display)


def test_try_from_replay_step_at_a_terminal(terminal, tmp_path):
    """``replay --step -o``: t at move 2, move 3 played otherwise at the play prompt,
    back to the stepper where it was, the new variation stepped into, q."""
    from conftest import FIXTURES

    source = (FIXTURES / "scoundrel" / "legal" / "variations-seeded.dgn").read_text()
    tree = tmp_path / "tree.dgn"
    tree.write_text(source)
    out = tmp_path / "tried.dgn"
    term = terminal("replay", str(tree), "--step", "-o", str(out))
    term.wait_for(lambda: "move 1 (1/4)" in screen(term))
    term.type("n")
    term.wait_for(lambda: "move 2 (2/4)" in screen(term))
    term.type("t")
    term.wait_for(lambda: "play on from here another way; 'back' returns to the replay" in screen(term))
    term.type("run\r")
    term.type("2h 6d 4d\r")
    term.wait_for(lambda: out.exists() and "2h 6d 4d )" in out.read_text())
    term.type("back\r")
    term.wait_for(lambda: "move 2 (2/4)" in screen(term))
    term.type("n")
    term.wait_for(lambda: "move 3 has 3 variations" in screen(term))
    term.type("3")
    term.wait_for(lambda: "variation 3 of move 3: 3. (3c) 4c Qc 8d : run" in screen(term))
    term.type("q")
    assert term.finish() == 0
    assert tree.read_text() == source  # never written over
    checked = subprocess.run(
        [sys.executable, "-m", "dungeon_cli", "verify", "--seed-check", str(out)], capture_output=True, text=True, timeout=WAIT
    )
    assert checked.returncode == 0, checked.stdout
    assert len(parse(out.read_text())[0].moves[2].variations) == 3
