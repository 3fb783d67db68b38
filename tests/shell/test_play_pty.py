"""``dungeon play`` as a person meets it: a real process in a pseudo-terminal, typed at
key by key. A seeded game is played to its end (with a Tab completion on the way), and
a game killed with SIGKILL in mid-turn leaves a record that verifies and can be resumed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from pty_terminal import PROMPTING, WAIT, Terminal, terminal, turns_on_disk  # noqa: F401  (terminal is a fixture)

from dungeon_cli import registry
from dungeon_cli.engine import Setup
from dungeon_cli.services.session import Session
from dungeon_cli.shell.candidates import candidates
from dungeon_cli.shell.interactive import COMMANDS
from dungeon_cli.shell.line import apply_line
from dungeon_cli.shell.sample import sample_game
from notation import parse

SCOUNDREL = registry.get("scoundrel")
SEED = 4  # a game of a dozen turns under the sampling policy


def verify(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "dungeon_cli", "verify", "--seed-check", "-v", str(path)],
        capture_output=True,
        text=True,
        timeout=WAIT,
    )


def unique_prefix(state, text: str) -> str:
    """The shortest start of ``text`` that completes to it alone."""
    for cut in range(1, len(text) + 1):
        if [c.text for c in candidates(SCOUNDREL.notation, state, text[:cut], COMMANDS)] == [text]:
            return text[:cut]
    return text


def test_a_seeded_game_typed_to_its_end(terminal, tmp_path):
    sampled, lines = sample_game(SCOUNDREL, SEED)
    work = tmp_path / "work"
    work.mkdir()
    term = terminal("play", "scoundrel", "--seed", str(SEED), cwd=work)
    term.wait_for(lambda: PROMPTING in term.output)
    files = list(work.glob("scoundrel-*.dgn"))
    assert len(files) == 1  # the default name, in the current directory
    record = files[0]

    # turn 1 by Tab: a prefix, Tab completes the token, the rest typed after it
    start = Session(Setup(SCOUNDREL.game.name, seed=SEED))
    start.deal()
    first, *rest = lines[0].split()
    prefix = unique_prefix(start.state, first)
    assert len(prefix) < len(first)  # so that only Tab can finish the word
    term.completes(prefix, first)  # the menu of completion while typing waited for, then Tab
    term.type(" ".join([""] + rest) + "\r")
    term.wait_for(lambda: turns_on_disk(record) == 1)

    for done, line in enumerate(lines[1:], start=2):
        term.type(line + "\r")
        term.wait_for(lambda: turns_on_disk(record) == done)  # saved after every turn
    term.wait_for(lambda: term.proc.poll() is not None)
    assert term.proc.returncode == 0
    shown = bytes(term.output).decode(errors="replace")
    assert f"record saved in {record.name}" in shown

    checked = verify(record)
    assert checked.returncode == 0, checked.stdout
    assert f"legal, {sampled.state.result()}," in checked.stdout
    played = parse(record.read_text())[0]
    assert played.moves == sampled.record().moves
    assert played.tag_value("Date") is not None
    # the input history lives in the data directory, not in the working tree
    assert sorted(p.name for p in work.iterdir()) == [record.name]
    history = tmp_path / "data" / "dungeon" / "history" / "scoundrel"
    assert lines[-1] in history.read_text()


def test_a_kill_in_mid_game_leaves_a_valid_record_that_resumes(terminal, tmp_path):
    sampled, lines = sample_game(SCOUNDREL, SEED)
    keep = len(lines) // 2
    record = tmp_path / "killed.dgn"
    term = terminal("play", "scoundrel", "--seed", str(SEED), "-o", str(record))
    term.wait_for(lambda: PROMPTING in term.output)
    for done, line in enumerate(lines[:keep], start=1):
        term.type(line + "\r")
        term.wait_for(lambda: turns_on_disk(record) == done)
    typing = lines[keep].split()[0] + " "
    mark = term.mark()
    term.type(typing)  # a move being typed, never finished
    term.shows(typing.strip().encode(), since=mark)  # taken in: drawn on the prompt's line
    os.kill(term.proc.pid, signal.SIGKILL)
    term.wait_for(lambda: term.proc.poll() is not None)
    assert term.proc.returncode == -signal.SIGKILL

    checked = verify(record)
    assert checked.returncode == 0, checked.stdout
    assert "unfinished" in checked.stdout
    expected = Session(Setup(SCOUNDREL.game.name, seed=SEED))
    for line in lines[:keep]:
        apply_line(expected, line)
    assert parse(record.read_text())[0].moves == expected.record().moves

    # at the terminal again, --resume goes on in the same file
    term = terminal("play", "--resume", str(record))
    term.wait_for(lambda: PROMPTING in term.output)
    for done, line in enumerate(lines[keep:], start=keep + 1):
        term.type(line + "\r")
        term.wait_for(lambda: turns_on_disk(record) == done)
    term.wait_for(lambda: term.proc.poll() is not None)
    assert term.proc.returncode == 0
    assert parse(record.read_text())[0].moves == sampled.record().moves
    assert verify(record).returncode == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data", "killed.dgn"]  # no temporary file left
