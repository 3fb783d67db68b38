"""Every command README.md and docs/ show is run, as a reader would type it, and does
what the text beside it says.

Commands are taken from the ``sh`` blocks (and indented blocks) of README.md and every
page under docs/; each must have an entry in CHECKS, so a command added to a page
without a check fails here. Each runs in a fresh directory holding the files the pages
name (``game.dgn``, ``more/``, ``records/`` ...) with the installed ``dungeon`` on PATH;
commands the pages show at a terminal run in a real pseudo-terminal.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional

import pytest
from conftest import DOC_PAGES, EXAMPLES, ROOT
from pty_terminal import PROMPTING, Terminal
from seven import SEVEN

PAGES = DOC_PAGES
BIN = Path(sys.executable).parent
UNFINISHED = '[Game "scoundrel"]\n[Seed "7"]\n\n1. 9c 7h 2c 3c : 2c 3c 7h\n'


def doc_commands() -> list[tuple[str, str]]:
    """(page, command) for every command line shown in a shell block."""
    found = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        blocks = [m.group(1) for m in re.finditer(r"```(?:sh|bash|console)\n(.*?)```", text, re.S)]
        blocks += [m.group(1) for m in re.finditer(r"(?:^|\n\n)((?:    [^\n]*\n)+)", text)]
        for block in blocks:
            for line in block.splitlines():
                line = re.split(r"\s{2,}#", line.strip())[0]  # the page's comment says what to check
                if line and not line.startswith("#") and re.search(r"\b(dungeon|make)\b", line):
                    found.append((page.relative_to(ROOT).as_posix(), line))
    return found


def _setup(where: Path) -> None:
    """The files the pages name, as a reader who has played a few games would have."""
    shutil.copy(EXAMPLES / "scoundrel-win.dgn", where / "win.dgn")
    # game.dgn: legal, seeded, and not in canonical form (fmt has something to do)
    (where / "game.dgn").write_text(SEVEN.replace("1. 9c 7h 2c 3c : 2c 3c 7h", "1.  9c 7h 2c 3c :  2c 3c 7h"))
    (where / "more").mkdir()
    for example in EXAMPLES.glob("*.dgn"):
        shutil.copy(example, where / "more" / example.name)
    (where / "records").mkdir()
    for example in EXAMPLES.glob("*.dgn"):
        shutil.copy(example, where / "records" / example.name)
    (where / "moves.dgn").write_text(SEVEN)
    (where / "scoundrel-20261129-101500.dgn").write_text(UNFINISHED)
    (where / "more-moves.txt").write_text("x4c 8d xQs\n")
    shutil.copy(ROOT / "dungeon_cli" / "games" / "cassette_dungeons" / "sets" / "default.toml", where / "my-set.toml")
    shutil.copy(ROOT / "fixtures" / "analysed" / "scoundrel.dgn", where / "analysed.dgn")  # as analyse -o writes


def _env(where: Path) -> dict:
    env = dict(os.environ)
    env["PATH"] = f"{BIN}{os.pathsep}{env.get('PATH', '')}"
    env["HOME"] = str(where)
    env["XDG_DATA_HOME"] = str(where / ".data")
    env.pop("NO_COLOR", None)
    return env


def _shell(command: str, where: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        ["bash", "-c", command],
        cwd=where,
        env=_env(where),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
    )


def _terminal(command: str, where: Path, keys: list[tuple[bytes, str]]) -> tuple[int, str]:
    """Run the command in bash on a real pseudo-terminal; for each (wait_for, type) pair,
    wait until the screen shows wait_for, then type. Returns (status, screen)."""
    with Terminal([command], where, _env(where), program=("bash", "-c")) as term:
        for wait_for, typed in keys:
            term.shows(wait_for, timeout=60)
            term.type(typed)
        status = term.finish(timeout=60)
        screen = bytes(term.output)
    return status, screen.decode("utf-8", "replace")


PROMPT = PROMPTING  # prompt-toolkit's prompt is up


@dataclass
class Check:
    """What the page promises: the exit status, text the output holds, and anything the
    command leaves behind (a predicate over the directory)."""

    status: int = 0
    says: tuple[str, ...] = ()
    leaves: Optional[Callable[[Path], bool]] = None
    keys: list = field(default_factory=list)  # typed at a terminal; empty: run in a pipe
    substitute: tuple[str, str] = ("", "")  # (text, shorter) for a run too long for the suite
    before: str = ""  # the command the page shows just before, whose output this one reads


def _verifies(path: str) -> Callable[[Path], bool]:
    def check(where: Path) -> bool:
        return _shell(f"dungeon verify {path}", where).returncode == 0

    return check


QUIT = [(PROMPT, "quit\r")]

CHECKS: dict[str, Check] = {
    # README.md
    "make play": Check(),  # tests/project/test_make.py runs it
    "make test": Check(),  # CI (.ci/run) runs it
    "make test-compiled": Check(),  # CI (.ci/run) runs it (docs/compiled.md)
    "dungeon --version": Check(says=("dungeon, version ", "(compiled: ")),  # docs/compiled.md
    "dungeon verify game.dgn more/*.dgn": Check(),
    "cat moves.dgn | dungeon verify -": Check(),
    "dungeon verify --format github *.dgn": Check(),
    "dungeon verify --seed-check game.dgn": Check(),
    "dungeon verify records/": Check(),
    "dungeon verify --jobs 2 records/": Check(),
    "dungeon verify -v game.dgn": Check(says=("game.dgn:1: scoundrel: legal, win 30, 21 moves",)),
    "dungeon fmt game.dgn": Check(
        says=("reformatted game.dgn",), leaves=lambda w: "1. 9c 7h 2c 3c : 2c 3c 7h" in (w / "game.dgn").read_text()
    ),
    "dungeon fmt --check *.dgn": Check(status=1, says=("would reformat game.dgn",)),
    "dungeon fmt --diff game.dgn": Check(says=("-1.  9c 7h 2c 3c :  2c 3c 7h", "+1. 9c 7h 2c 3c : 2c 3c 7h")),
    "dungeon fmt --annotate game.dgn": Check(
        says=("reformatted game.dgn",), leaves=lambda w: "{hp=" in (w / "game.dgn").read_text()
    ),
    "dungeon play scoundrel --seed 7": Check(
        keys=[(PROMPT, "2c 3c 7h\r"), (PROMPT, "quit\r")],
        says=("Scoundrel, seed 7.", "room: 9"),
        leaves=lambda w: any("2c 3c 7h" in p.read_text() for p in w.glob("scoundrel-*-*.dgn")),
    ),
    "dungeon play clear-the-dungeon --table": Check(
        keys=[(b"deal>", "quit\r")], leaves=lambda w: any(w.glob("clear-the-dungeon-*.dgn"))
    ),
    "dungeon play scoundrel --resume scoundrel-20261129-101500.dgn": Check(
        keys=[(PROMPT, "9d xJs x9c\r"), (PROMPT, "quit\r")],
        leaves=lambda w: "2. (9c) Js 9d Qs : 9d xJs x9c" in (w / "scoundrel-20261129-101500.dgn").read_text(),
    ),
    "printf '2c 3c 7h\\n9d xJs x9c\\n' | dungeon play scoundrel --seed 7": Check(
        says=("1. 9c 7h 2c 3c : 2c 3c 7h", "2. (9c) Js 9d Qs : 9d xJs x9c")
    ),
    # docs/your-games.md
    "dungeon stats analysed.dgn records/": Check(says=("scoundrel", "clear-the-dungeon", "mistake", "analysed")),
    "dungeon stats analysed.dgn --by player --by month --format json": Check(
        says=('"player": "ann"', '"month": "2026-11"', '"accuracy": 96.3', '"costliest": "mistake"')
    ),
    "dungeon puzzles analysed.dgn -o puzzles.dgn": Check(
        says=("puzzles.dgn: 1 puzzle(s) from 2 record(s)",), leaves=_verifies("puzzles.dgn")
    ),
    "dungeon verify puzzles.dgn": Check(before="dungeon puzzles analysed.dgn -o puzzles.dgn"),
    "dungeon play --puzzles puzzles.dgn": Check(
        before="dungeon puzzles analysed.dgn -o puzzles.dgn",
        keys=[(b"your choice>", "run\r")],
        says=(
            "you played \x1b[31m9♦\x1b[0m here",
            "right: run",
            "the answer wins 12%, your choice in the game 0%",
            "1 of 1 right",
        ),
    ),
    "dungeon play scoundrel --deal winnable": Check(
        keys=[(PROMPT, "quit\r")], says=("Scoundrel, seed",), leaves=lambda w: any(w.glob("scoundrel-*.dgn"))
    ),
    "dungeon sim scoundrel --bot greedy --deal easy --games 50": Check(says=("95% CI", "easy deals of seeds")),
    "dungeon games": Check(says=("scoundrel", "clear-the-dungeon", "rpg-solitaire", "cassette-dungeons")),
    "dungeon rules scoundrel": Check(says=("weapon",)),
    "dungeon replay game.dgn": Check(says=("21.",)),
    "dungeon replay game.dgn --move 7": Check(says=("7.",)),
    "dungeon cut game.dgn --at 7": Check(says=('[Position "turn=7 hp=', "7. (3d) 3h 2d 6c : 3h x6c 2d")),
    "dungeon cut game.dgn --at 7.1 -o from-here.dgn": Check(leaves=_verifies("from-here.dgn")),
    "printf 'run\\n' | dungeon play --from game.dgn@7": Check(says=("7. (3d) 3h 2d 6c : run",)),
    "dungeon diff --merge game.dgn other.dgn -o both.dgn": Check(
        leaves=_verifies("--seed-check both.dgn"), before="printf 'run\\n' | dungeon play --from game.dgn@7 -o other.dgn"
    ),
    "dungeon replay both.dgn --move 7": Check(
        says=(
            "7. (3d) 3h 2d 6c : 3h x6c 2d",
            "  ( variation 1 of move 7, instead of the move above:",
            "    7. (3d) 3h 2d 6c : run",
        ),
        before="printf 'run\\n' | dungeon play --from game.dgn@7 -o other.dgn && dungeon diff --merge game.dgn other.dgn -o both.dgn",
    ),
    "dungeon replay game.dgn --step": Check(keys=[(b"1.", "n"), (b"2.", "q")]),
    "dungeon summary records/*.dgn --by game --format github": Check(says=("| scoundrel", "| clear-the-dungeon")),
    "dungeon sim scoundrel --bot counting --games 10000 --jobs 2": Check(
        says=("95% CI", "counting"), substitute=("--games 10000", "--games 300")
    ),
    "dungeon sim clear-the-dungeon --bot greedy --records out/": Check(
        says=("1000 records written to out/",), leaves=_verifies("out/clear-the-dungeon-0.dgn out/clear-the-dungeon-999.dgn")
    ),
    "dungeon solve --seed 7 scoundrel -o best.dgn": Check(says=("win 30 is the optimum (proven)",), leaves=_verifies("best.dgn")),
    "dungeon solve clear-the-dungeon --seeds 0-999": Check(
        says=("0-29     3 (10.0%)   27                 0",), substitute=("0-999", "0-29")
    ),
    "dungeon sim scoundrel --bot strong --games 200": Check(says=("strong",), substitute=("--games 200", "--games 1")),
    # the analysis of the last moves only, with fewer samples: the whole game is bench/strong.py's
    "dungeon analyse game.dgn": Check(
        says=("scoundrel, win 30", "hindsight before"), substitute=("game.dgn", "game.dgn --from 19 --samples 20")
    ),
    "dungeon analyze game.dgn --format json": Check(
        says=('"decisions"', '"hindsight"'), substitute=("game.dgn", "game.dgn --from 19 --samples 20")
    ),
    "dungeon analyse game.dgn -o judged.dgn": Check(
        leaves=_verifies("judged.dgn"), substitute=("game.dgn", "game.dgn --from 19 --samples 20")
    ),
    "dungeon play scoundrel --seed 7 --hints off": Check(keys=[(PROMPT, "hint\r"), (b"hints are off", "quit\r")]),
    # docs/shell.md
    "printf '2c 3c 7h\\ntry\\n9d xQs xJs\\nback\\n9d xJs x9c\\n' | dungeon play scoundrel --seed 7": Check(
        says=("2. (9c) Js 9d Qs : 9d xJs x9c\n  ( 2. (9c) Js 9d Qs : 9d xQs xJs )",)
    ),
    "dungeon replay game.dgn --step -o tried.dgn": Check(
        keys=[(b"1.", "n"), (b"2.", "t"), (b"another way", "run\r"), (b"turn 4", "back\r"), (b"saved in tried.dgn", "q")],
        leaves=lambda w: "  ( 3. " in (w / "tried.dgn").read_text() and _verifies("--seed-check tried.dgn")(w),
    ),
    "dungeon play scoundrel": Check(keys=QUIT, leaves=lambda w: any(w.glob("scoundrel-*-*.dgn"))),
    "dungeon play scoundrel --variant strict-weapon --player Ann": Check(
        keys=QUIT, leaves=lambda w: any('[Player "Ann"]' in p.read_text() for p in w.glob("scoundrel-2*.dgn"))
    ),
    "dungeon play scoundrel -o tonight.dgn": Check(keys=QUIT, leaves=lambda w: (w / "tonight.dgn").exists()),
    "dungeon play --resume tonight.dgn": Check(
        keys=[(PROMPT, "9d xJs x9c\r"), (PROMPT, "quit\r")],
        leaves=lambda w: "2. (9c)" in (w / "tonight.dgn").read_text(),
        before="printf '2c 3c 7h\\n' | dungeon play scoundrel --seed 7 -o tonight.dgn",
    ),
    "dungeon play scoundrel --table": Check(keys=[(b"deal>", "quit\r")]),
    "printf '2c 3c 7h\\n9d xJs x9c\\n' | dungeon play scoundrel --seed 7 > game.dgn": Check(
        leaves=lambda w: "2. (9c) Js 9d Qs : 9d xJs x9c" in (w / "game.dgn").read_text()
    ),
    "dungeon play --resume game.dgn < more-moves.txt > longer.dgn": Check(
        leaves=lambda w: "3. (Qs) 4c Qc 8d : x4c 8d xQs" in (w / "longer.dgn").read_text(),
        before="printf '2c 3c 7h\\n9d xJs x9c\\n' | dungeon play scoundrel --seed 7 > game.dgn",
    ),
    'eval "$(_DUNGEON_COMPLETE=bash_source dungeon)"': Check(),
    'eval "$(_DUNGEON_COMPLETE=zsh_source dungeon)"': Check(substitute=("eval ", "echo ")),  # zsh may not be here
    "_DUNGEON_COMPLETE=fish_source dungeon | source": Check(substitute=("| source", "| grep -q complete")),
    # dungeon_cli/games/cassette_dungeons/card-sets.md
    "dungeon cards check my-set.toml": Check(),
    "dungeon cards export my-set.toml": Check(
        status=2, says=("my-set.toml exists already: not overwritten",)
    ),  # never overwrites
    "dungeon cards export mine.toml": Check(leaves=lambda w: "[[hero]]" in (w / "mine.toml").read_text()),
    "dungeon play cassette-dungeons --cards mine.toml": Check(
        keys=[(PROMPT, "quit\r")],
        before="dungeon cards export mine.toml",
        leaves=lambda w: any('[Cards "mine.toml"]' in p.read_text() for p in w.glob("cassette-dungeons-*.dgn")),
    ),
    "dungeon sim cassette-dungeons --bot greedy --cards mine.toml --records out/": Check(
        before="dungeon cards export mine.toml",
        leaves=lambda w: (
            '[Cards "../mine.toml"]' not in (w / "out" / "cassette-dungeons-0.dgn").read_text()
            and _shell("dungeon verify --cards-path . out/*.dgn", w).returncode == 0
        ),
    ),
    # docs/simulation.md
    # a strong player's games take seconds each: one game says what the page promises
    "dungeon sim scoundrel --bot strong --games 2000 --jobs 2": Check(
        says=("strong",), substitute=("--games 2000 --jobs 2", "--games 1")
    ),
    "dungeon sim scoundrel --bot strong --games 10000 --jobs 2": Check(
        says=("strong",), substitute=("--games 10000 --jobs 2", "--games 1 --jobs 2")
    ),
    "dungeon sim clear-the-dungeon --bot strong --games 2000 --jobs 1": Check(
        says=("strong",), substitute=("--games 2000 --jobs 1", "--games 1")
    ),
    "dungeon sim clear-the-dungeon --bot strong --games 10000 --jobs 2": Check(
        says=("strong",), substitute=("--games 10000 --jobs 2", "--games 1 --jobs 2")
    ),
    "dungeon sim clear-the-dungeon --bot strong --variant reserve --games 2000 --jobs 2": Check(
        says=("strong", "reserve"), substitute=("--games 2000 --jobs 2", "--games 1")
    ),
    # the strong Scoundrel player's development seeds, and the luck-and-skill table's rows
    "dungeon sim scoundrel --bot strong --seed 2000 --games 300 --jobs 2": Check(
        says=("strong",), substitute=("--games 300 --jobs 2", "--games 1")
    ),
    "dungeon sim scoundrel --bot strong --variant strict-weapon --games 2000 --jobs 2": Check(
        says=("strong", "strict-weapon"), substitute=("--games 2000 --jobs 2", "--games 1")
    ),
    "dungeon sim scoundrel --bot strong --variant strict-weapon --games 10000 --jobs 2": Check(
        says=("strong", "strict-weapon"), substitute=("--games 10000 --jobs 2", "--games 1 --jobs 2")
    ),
    **{
        f"dungeon sim {game} --bot greedy{variant} --games 10000 --jobs 2": Check(
            says=("greedy",), substitute=("--games 10000", "--games 20")
        )
        for game, variant in (
            ("scoundrel", ""),
            ("scoundrel", " --variant strict-weapon"),
            ("clear-the-dungeon", ""),
            ("clear-the-dungeon", " --variant reserve"),
            ("rpg-solitaire", ""),
            ("cassette-dungeons", ""),
        )
    },
    # the search every game has: one short game of each (its games take seconds of CPU each)
    "dungeon sim rpg-solitaire --bot strong --games 2000 --jobs 2": Check(
        says=("strong",), substitute=("--games 2000 --jobs 2", "--seed 2 --games 1")
    ),
    "dungeon sim rpg-solitaire --bot greedy --games 2000": Check(says=("greedy", "874", "43.7%")),
    "dungeon sim cassette-dungeons --bot strong --games 2000 --jobs 2": Check(
        says=("strong",), substitute=("--games 2000 --jobs 2", "--seed 5 --games 1")
    ),
    "dungeon sim cassette-dungeons --bot greedy --games 2000": Check(says=("greedy",), substitute=("--games 2000", "--games 20")),
    "dungeon sim cassette-dungeons --bot strong --games 2000 --jobs 2 --records strong/": Check(
        says=("strong",),
        substitute=("--games 2000 --jobs 2", "--seed 5 --games 1"),
        leaves=lambda w: any((w / "strong").glob("*.dgn")),
    ),
    # each row of the table of winnable deals, over a few seeds: their counts, and the
    # columns the table shows (Scoundrel's seed 259 cannot be won, in either variant)
    "dungeon solve scoundrel --seeds 0-9999 --limit 2M": Check(
        says=("255-262  7 (87.5%)   1                  0",), substitute=("0-9999", "255-262")
    ),
    "dungeon solve scoundrel --variant strict-weapon --seeds 0-9999 --limit 2M": Check(
        says=("strict-weapon  255-262  7 (87.5%)   1                  0",), substitute=("0-9999", "255-262")
    ),
    "dungeon solve clear-the-dungeon --seeds 0-9999 --limit 2M": Check(
        says=("winnable    no win (proven)    undecided", "0-29     3 (10.0%)   27                 0"),
        substitute=("0-9999", "0-29"),
    ),
    "dungeon solve clear-the-dungeon --variant reserve --seeds 0-9999 --limit 2M": Check(
        says=("reserve    0-29     29 (96.7%)  1                  0",), substitute=("0-9999", "0-29")
    ),
    # the searched games: a few seeds around an undecided one of each row
    # RPG solitaire's treasure (issue 39): the hindsight floor and the strong player of each reading, on a
    # deal or a game (seconds of CPU each); greedy's rows whole, with the mean treasure sim now gives
    "dungeon solve rpg-solitaire --seeds 0-19 --goal best --limit 20k --format csv": Check(
        says=("seed,won,score,proven", "0,true,182,false,20000"), substitute=("0-19", "0-0")
    ),
    "dungeon solve rpg-solitaire --variant discard --seeds 0-19 --goal best --limit 20k --format csv": Check(
        says=("seed,won,score,proven",), substitute=("0-19 --goal best --limit 20k", "0-0 --goal best --limit 2k")
    ),
    "dungeon sim rpg-solitaire --bot strong --games 40": Check(
        says=("strong", "mean treasure"), substitute=("--games 40", "--seed 2 --games 1")
    ),
    "dungeon sim rpg-solitaire --bot strong --variant discard --games 40 --jobs 2": Check(
        says=("strong", "discard", "mean treasure"), substitute=("--games 40 --jobs 2", "--games 1")
    ),
    "dungeon sim rpg-solitaire --bot greedy --games 40": Check(says=("greedy", "25.0 (12.7-37.3)")),
    "dungeon sim rpg-solitaire --bot greedy --variant discard --games 2000": Check(
        says=("discard", "14", "10.8 (5.3-16.4)"), substitute=("--games 2000", "--games 40")
    ),
    "dungeon solve rpg-solitaire --seeds 0-9999 --limit 20k": Check(
        says=("2480-2487  7 (87.5%)   0                  1", "undecided (the limit came first): seeds 2484"),
        substitute=("0-9999", "2480-2487"),
    ),
    "dungeon solve cassette-dungeons --seeds 0-9999 --limit 20k": Check(
        says=("20-26    5 (71.4%)   0                  2", "undecided (the limit came first): seeds 20, 26"),
        substitute=("0-9999", "20-26"),
    ),
    "dungeon solve --seed 3 cassette-dungeons --limit 20k -o line.dgn": Check(
        says=("win 11 is the best found, not proven (node limit)",), leaves=_verifies("line.dgn")
    ),
}


def test_every_command_shown_has_a_check():
    """Here, or in tests/project/test_review_docs.py for the review pages (they need a git
    repository of records to run in), tests/project/test_share_docs.py for the sharing
    commands (their pictures are compared byte for byte) and tests/project/test_research_docs.py
    for docs/research.md (run with its Python blocks, in order, when the extras are in)."""
    shown = set(_checked_here()) | {"make play", "make test", "make test-compiled"}
    missing = sorted(shown - set(CHECKS))
    assert not missing, f"commands shown in the docs without a check here: {missing}"
    stale = sorted(set(CHECKS) - {command for _, command in doc_commands()})
    assert not stale, f"checks for commands no page shows any more: {stale}"


def _checked_here() -> list[str]:
    from test_research_docs import COMMANDS as RESEARCH_COMMANDS  # run there, after the page's Python
    from test_review_docs import CHECKS as REVIEW_CHECKS  # run there, in a repository of records
    from test_share_docs import COMMANDS as SHARING_COMMANDS  # run there, pictures compared

    elsewhere = set(REVIEW_CHECKS) | {command for _, command in SHARING_COMMANDS} | set(RESEARCH_COMMANDS)
    return sorted({c for _, c in doc_commands()} - {"make play", "make test", "make test-compiled"} - elsewhere)


@pytest.mark.parametrize("command", _checked_here())
def test_command_does_what_the_page_says(command, tmp_path):
    check = CHECKS[command]
    _setup(tmp_path)
    line = command.replace(*check.substitute) if check.substitute[0] else command
    if check.before:
        assert _shell(check.before, tmp_path).returncode == 0
    if check.keys:
        status, output = _terminal(line, tmp_path, check.keys)
    else:
        done = _shell(line, tmp_path)
        status, output = done.returncode, done.stdout + done.stderr
    assert status == check.status, f"{command}: exit {status}\n{output}"
    assert "Traceback" not in output
    for text in check.says:
        assert text in output, f"{command}: {text!r} not in\n{output}"
    if check.leaves is not None:
        assert check.leaves(tmp_path), f"{command}: not as the page says; the directory holds {sorted(os.listdir(tmp_path))}"
