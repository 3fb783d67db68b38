"""``dungeon play`` killed with SIGKILL at any moment leaves a record that verifies and
that ``--resume`` carries on to the very record an uninterrupted game writes.

The games are real processes: children forked from this (already imported) test process
run the ``dungeon`` command line in the scripting mode with ``-o FILE``, their decisions
in a pipe, and are killed at a random moment (seeded): mostly just after a random turn
was saved, while the next is played and saved; some counted from the start. A fork
starts in a millisecond, so 100 games take seconds; a few games run the installed
``dungeon`` executable instead (start-up included), and the moments inside a save that
matter most (the file just claimed, the temporary file half written, before and after
the rename) are hit on purpose, not by luck.

What must hold after a kill: either no file (killed before it was claimed), or a record
that verifies, holds exactly the first K turns of the game (K may be 0: the tags alone,
killed before the first deal was saved), and resumes (``play --resume
FILE -o FILE`` fed the decisions from turn K+1) to the uninterrupted game's record,
removing the temporary file the killed game may have left beside it.
``DUNGEON_KILL_GAMES`` sets the number of random games (default 100).
"""

from __future__ import annotations

import io
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from dungeon_cli import registry
from dungeon_cli.engine import Setup
from dungeon_cli.services.referee import Referee
from dungeon_cli.services.session import Session
from dungeon_cli.shell.line import apply_line
from notation import parse

GAMES = registry.names()
KILL_GAMES = int(os.environ.get("DUNGEON_KILL_GAMES", "100"))
MAX_TURNS = 30  # short games (a game may stop there unfinished) keep a hundred fast


def short_games(game: str, count: int, start: int = 0) -> list[tuple[int, str, list[str]]]:
    """``count`` seeded games played by random legal choices (as ``sample_game`` plays
    them) for at most MAX_TURNS turns: (seed, their record, one input line per turn)."""
    module = registry.get(game)
    return [played(module, seed) for seed in range(start, start + count)]


def played(module, seed: int) -> tuple[int, str, list[str]]:
    rng = random.Random(seed)
    session = Session(Setup(module.game.name, seed=seed))
    session.deal()
    lines: list[str] = []
    words: list[str] = []
    turn = session.state.turn
    while not session.state.is_over and len(lines) < MAX_TURNS:
        state = session.state
        legal = state.legal_actions()
        safe = [a for a in legal if not (state.apply(a).is_over and not state.apply(a).result().won)]
        action = rng.choice(safe or legal)
        words.append(module.notation.action_text(state, action))
        session.apply(action)
        session.deal()
        if session.state.turn != turn or session.state.is_over:
            lines.append(" ".join(words))
            words = []
            turn = session.state.turn
    return seed, session.text(), lines


def text_after(game: str, seed: int, lines: list[str]) -> str:
    session = Session(Setup(game, seed=seed))
    session.deal()
    for line in lines:
        apply_line(session, line)
    return session.text()


# -- a forked `dungeon play` ------------------------------------------------------------------


def _imported_before_forking() -> None:
    """What ``dungeon play`` imports on its way, imported once here, so that a child
    starts playing at once and the kills land inside games, not inside imports."""
    import dungeon_cli.cli.play  # noqa: F401
    import dungeon_cli.kit.shuffle  # noqa: F401
    import dungeon_cli.shell.game_start  # noqa: F401
    import dungeon_cli.shell.scripted  # noqa: F401

    for game in GAMES:
        registry.get(game)
        Session(Setup(game, seed=0))


def fork_play(args: list[str], cwd: Path, hook=None) -> tuple[int, int]:
    """Run ``dungeon ARGS`` in a forked child reading a pipe; (pid, the pipe's write end)."""
    _imported_before_forking()
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        status = 0
        try:
            os.close(write_end)
            os.dup2(read_end, 0)
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, 1)
            os.dup2(null, 2)
            os.chdir(cwd)
            sys.stdin = io.TextIOWrapper(io.FileIO(0, "r", closefd=False), encoding="utf-8")
            sys.stdout = io.TextIOWrapper(io.FileIO(1, "w", closefd=False), encoding="utf-8")
            sys.stderr = io.TextIOWrapper(io.FileIO(2, "w", closefd=False), encoding="utf-8")
            if hook is not None:
                hook()
            from dungeon_cli.cli import cli

            cli.main(args, prog_name="dungeon")
        except SystemExit as exc:
            status = exc.code if isinstance(exc.code, int) else 1
        except BaseException:  # noqa: BLE001
            status = 99
        finally:
            os._exit(status)
    os.close(read_end)
    return pid, write_end


class Child:
    """One forked game and the moment it is to be killed."""

    def __init__(self, index: int, case: tuple, path: Path, early: bool, delay: float, turns: int = 0):
        self.index, self.case, self.path = index, case, path
        self.early = early  # killed counting from the start, not from a saved turn
        self.delay = delay
        self.turns = turns  # killed ``delay`` after its file holds this many turns
        self.pid = 0
        self.started = 0.0
        self.kill_at = None if not early else delay
        self.killed = False
        self.done = False
        self.fd = None


def saved_turns(path: Path) -> int:
    """Turns in the record file (-1: no file yet). A save renames a whole file into
    place, so a read sees one save or the next."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return -1
    return sum(1 for line in data.split(b"\n") if line[:1].isdigit())


def play_and_kill(children: list[Child], cwd: Path) -> None:
    """Start every child with its decisions in its pipe, and SIGKILL each at its moment:
    ``delay`` after it started (``early``, all decisions given), or ``delay`` after its
    file first holds ``turns`` turns, whatever the speed of the machine (decisions given
    up to one turn past that). Children that end first are just waited for."""
    for child in children:
        game, seed, _, lines = child.case
        child.pid, child.fd = fork_play(["play", game, "--seed", str(seed), "-o", str(child.path)], cwd)
        child.started = time.monotonic()
        # the decisions up to one turn past the kill: the child is at work or waiting for
        # the next line when the kill comes, never done with the whole game
        given = lines if child.early else lines[: child.turns + 1]
        os.write(child.fd, "".join(line + "\n" for line in given).encode())
        if len(given) == len(lines):
            os.close(child.fd)
            child.fd = None
    while not all(c.done for c in children):
        now = time.monotonic()
        for child in children:
            if child.done:
                continue
            if child.kill_at is None and saved_turns(child.path) >= child.turns:
                child.kill_at = now - child.started + child.delay
            if child.kill_at is not None and now - child.started >= child.kill_at:
                os.kill(child.pid, signal.SIGKILL)
                _, status = os.waitpid(child.pid, 0)
                child.killed, child.done = os.WIFSIGNALED(status), True
            elif os.waitpid(child.pid, os.WNOHANG)[0]:
                child.done = True
            if child.done and child.fd is not None:
                os.close(child.fd)
                child.fd = None
        time.sleep(0.0003)


# -- what a killed game must leave ---------------------------------------------------------


def check_left_behind(run, path: Path, game: str, seed: int, full: str, lines: list[str]) -> str:
    """The law above; what was found ("no file", "resumed", "over")."""
    if not path.exists():
        return "no file"
    text = path.read_text(encoding="utf-8")
    records = parse(text)
    assert len(records) == 1, f"seed {seed}: the file holds {len(records)} records: {text!r}"
    verdict = Referee(seed_check=True).check(records[0])
    assert verdict.legal, f"seed {seed}: {verdict.diagnostics} in {text!r}"
    turns = len(records[0].turns)
    if records[0].moves:
        assert text == text_after(game, seed, lines[:turns]), f"seed {seed}: not the game's first {turns} turns"
    else:  # killed before the first deal was saved: the file holds the game's tags
        assert text == Session(Setup(game, seed=seed)).text()
    if verdict.state.is_over:
        assert text == full
        return "over"
    result = run(["play", "--resume", str(path), "-o", str(path)], input="".join(l + "\n" for l in lines[turns:]))
    assert result.exit_code == 0, result.stderr
    assert path.read_text(encoding="utf-8") == full, f"seed {seed}: resumed to another record"
    stray = [p.name for p in path.parent.iterdir() if p.name.startswith(f".{path.name}.")]
    assert not stray, f"the resumed game left the killed one's temporary files: {stray}"
    return "resumed"


def test_play_killed_at_random_moments_leaves_a_record_that_verifies_and_resumes(run, tmp_path, monkeypatch):
    rnd = random.Random(20261129)
    per_game = -(-KILL_GAMES // len(GAMES))
    cases = [(game, *case) for game in GAMES for case in short_games(game, per_game)][:KILL_GAMES]
    rnd.shuffle(cases)
    children = []
    for index, case in enumerate(cases):
        early = rnd.random() < 0.1
        delay = rnd.uniform(0, 0.05) if early else rnd.uniform(0, 0.0015)
        turns = rnd.randrange(len(case[3]))  # the last turn ends the game: kill before
        children.append(Child(index, case, tmp_path / f"{index}-{case[0]}.dgn", early, delay, turns))
    for batch in range(0, len(children), 8):  # a few at a time: they mostly wait on fsync
        play_and_kill(children[batch : batch + 8], tmp_path)
    found: dict[str, int] = {}
    # every child has ended: the games resumed here need no flush to the disk (time only)
    monkeypatch.setattr(os, "fsync", lambda fd: None)
    for child in children:
        game, seed, full, lines = child.case
        outcome = check_left_behind(run, child.path, game, seed, full, lines)
        key = outcome if child.killed else "ended first"
        found[key] = found.get(key, 0) + 1
    print("kill outcomes:", found)
    # the kills must land all over the game, not only before it starts or after it ends
    assert found.get("resumed", 0) >= len(cases) * 2 // 3, found


def test_a_kill_the_moment_the_file_appears_leaves_a_record(run, tmp_path):
    """The file is claimed before the first turn is saved; killed right then, it must
    already be a record (it was once created empty, which no one can verify or resume)."""
    cases = [(game, *case) for game in GAMES for case in short_games(game, 3, start=200)]
    children = [Child(i, case, tmp_path / f"{i}.dgn", early=False, delay=0.0, turns=0) for i, case in enumerate(cases)]
    for batch in range(0, len(children), 4):
        play_and_kill(children[batch : batch + 4], tmp_path)
    outcomes = [check_left_behind(run, c.path, c.case[0], c.case[1], c.case[2], c.case[3]) for c in children]
    assert outcomes.count("resumed") >= len(cases) // 2, outcomes


def test_the_installed_command_killed_at_random_moments_leaves_a_valid_record(run, tmp_path):
    """The real executable, start-up included: fed a decision every 20 ms once its file
    is there, killed at a random moment of its game."""
    exe = Path(sys.executable).with_name("dungeon")
    rnd = random.Random(7)
    outcomes = []
    for index, game in enumerate(GAMES):
        seed, full, lines = short_games(game, 1, start=50)[0]
        path = tmp_path / f"{index}.dgn"
        proc = subprocess.Popen(
            [str(exe), "play", game, "--seed", str(seed), "-o", str(path)],
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            cwd=tmp_path,
        )
        give_up = time.monotonic() + 30
        while not path.exists() and proc.poll() is None and time.monotonic() < give_up:
            time.sleep(0.002)
        deadline = time.monotonic() + rnd.uniform(0, 0.02 * len(lines))
        try:
            for line in lines:
                if time.monotonic() >= deadline:
                    break
                proc.stdin.write((line + "\n").encode())
                proc.stdin.flush()
                time.sleep(0.02)
        except BrokenPipeError:
            pass
        time.sleep(max(0.0, deadline - time.monotonic()))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        try:
            proc.stdin.close()
        except BrokenPipeError:
            pass
        outcomes.append(check_left_behind(run, path, game, seed, full, lines))
    assert outcomes.count("resumed") >= 2, outcomes


# -- the moments that matter, hit on purpose ------------------------------------------------


def _die_at(target: str, call: int):
    """A hook for the child: SIGKILL itself at the ``call``-th call of ``target``."""

    def hook():
        from dungeon_cli.plumbing import safe_write

        counter = {"n": 0}

        def wrap(owner, name, before=True):
            original = getattr(owner, name)

            def dying(*args, **kwargs):
                counter["n"] += 1
                if before and counter["n"] == call:
                    os.kill(os.getpid(), signal.SIGKILL)
                out = original(*args, **kwargs)
                if not before and counter["n"] == call:
                    os.kill(os.getpid(), signal.SIGKILL)
                return out

            setattr(owner, name, dying)

        if target == "after claim":
            wrap(safe_write.os, "link", before=False)
        elif target == "before fsync":
            wrap(safe_write.os, "fsync")
        elif target == "before rename":
            wrap(safe_write.os, "replace")
        elif target == "after rename":
            wrap(safe_write.os, "replace", before=False)

    return hook


@pytest.mark.parametrize("target", ["after claim", "before fsync", "before rename", "after rename"])
@pytest.mark.parametrize("call", [1, 2, 3])
def test_a_kill_inside_a_save_leaves_the_previous_record_or_the_next(run, tmp_path, target, call):
    game = "scoundrel"
    seed, full, lines = short_games(game, 1, start=3)[0]
    path = tmp_path / "g.dgn"
    pid, fd = fork_play(["play", game, "--seed", str(seed), "-o", str(path)], tmp_path, hook=_die_at(target, call))
    try:
        os.write(fd, "".join(l + "\n" for l in lines).encode())
    except BrokenPipeError:
        pass
    os.close(fd)
    _, status = os.waitpid(pid, 0)
    if target != "after claim" or call == 1:
        assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
    check_left_behind(run, path, game, seed, full, lines)
