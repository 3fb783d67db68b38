"""Issue 23's defects of the way out, one test each: what a command writes (through
``dungeon_cli.plumbing.safe_write``, the one door out) and what it shows (through
``dungeon_cli.kit.terminal_text``). tests/hardening/test_hostile_outputs.py tries every output of
every command by construction; these hold the cases the issue names."""

from __future__ import annotations

import re
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import FIXTURES
from processes import Watched, stand_in

EXE = str(Path(sys.executable).with_name("dungeon"))
LEGAL = FIXTURES / "scoundrel" / "legal" / "last-room-avoided.dgn"
MOVE = "1. Td Kc Ks Ac : Td xAc xKc"
ESC = "\x1b]0;pwn\x07\x1b[2J"


def no_traceback(result) -> None:
    said = result.output if hasattr(result, "output") else (result.stdout + result.stderr).decode("utf-8", "replace")
    assert "Traceback" not in said, said


def hidden(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if p.name.startswith("."))


# -- no line the reader refuses ---------------------------------------------------------------


TIGHT = "1.Td Kc Ks Ac:Td xAc xKc"  # fmt adds five bytes: "1. ", " : " and two spaces before "#"


def with_comment_line(length: int) -> str:
    """The legal fixture, its first move line written tight and carrying a comment, the
    whole line ``length`` bytes: readable, but fmt's canonical spacing (and --annotate's
    checkpoint) make it longer than the reader takes."""
    line = TIGHT + "#" + "y" * (length - len(TIGHT) - 1)
    assert len(line.encode()) == length
    return LEGAL.read_text().replace(MOVE, line, 1)


@pytest.mark.parametrize(
    "length, annotate",
    [(65_532, []), (65_536, []), (65_530, ["--annotate"]), (65_536, ["--annotate"])],
    ids=["fmt-65532", "fmt-65536", "annotate-65530", "annotate-65536"],
)
def test_fmt_never_writes_a_line_the_reader_refuses(run, tmp_path, length, annotate):
    path = tmp_path / "g.dgn"
    path.write_text(with_comment_line(length))
    assert run(["verify", str(path)]).exit_code == 0  # readable as it is
    before = path.read_bytes()
    result = run(["fmt", *annotate, str(path)])
    no_traceback(result)
    assert result.exit_code == 2
    assert f"cannot format {path}: its line 6 would be longer than the 65,536 bytes a DGN line holds" in result.stderr
    assert path.read_bytes() == before and hidden(tmp_path) == []
    assert run(["verify", str(path)]).exit_code == 0
    piped = run(["fmt", *annotate, "-"], input=before)
    assert piped.exit_code == 2 and piped.stdout == ""  # nothing half-written to standard output either


def test_play_refuses_a_player_name_no_reader_takes_before_the_first_move(run, tmp_path):
    path = tmp_path / "g.dgn"
    result = run(["play", "scoundrel", "--seed", "3", "--player", "p" * 70_000, "-o", str(path)], input="run\n")
    no_traceback(result)
    assert result.exit_code == 2
    assert "line 3 of the record would be longer than the 65,536 bytes a DGN line holds" in result.stderr
    assert not path.exists()


# -- temporary files: odd names swept past, none left behind ----------------------------------

ODD = [".{}.\u00b2.x.tmp", ".{}.99999999999999999999.x.tmp", ".{}.0.x.tmp", ".{}.-1.x.tmp"]


def plant(directory: Path, name: str) -> list[str]:
    planted = [odd.format(name) for odd in ODD]
    for p in planted:
        (directory / p).write_text("someone else's\n")
    return sorted(planted)


def test_a_stale_temporary_file_with_an_odd_name_costs_play_nothing(run, tmp_path):
    path = tmp_path / "g.dgn"
    planted = plant(tmp_path, "g.dgn")
    result = run(["play", "scoundrel", "--seed", "3", "-o", str(path)], input="run\n7d x9c x6s\n")
    no_traceback(result)
    assert result.exit_code == 0, result.output
    assert "2. 4s 6s 7d 9c : 7d x9c x6s" in path.read_text()
    assert hidden(tmp_path) == planted  # not ours: left alone


@pytest.mark.parametrize("how", ["html", "plot"])
def test_a_stale_temporary_file_with_an_odd_name_costs_force_nothing(run, tmp_path, how):
    out = tmp_path / ("page.html" if how == "html" else "p.svg")
    out.write_text("old\n")
    planted = plant(tmp_path, out.name)
    args = ["replay", str(LEGAL), "--html"] if how == "html" else ["sim", "scoundrel", "--games", "3", "--plot"]
    result = run([*args, str(out), "--force"])
    no_traceback(result)
    assert result.exit_code == 0, result.output
    assert out.read_text() != "old\n" and hidden(tmp_path) == planted


ENDING = ["SIGTERM", "SIGHUP", "SIGQUIT", "SIGUSR1", "SIGUSR2", "SIGALRM"]  # SIGQUIT on: issue 41, item 23


@pytest.mark.parametrize("name", ENDING)
def test_a_signal_during_fmt_of_a_large_file_leaves_no_temporary_file(tmp_path, name):
    """The signal comes in the middle of the writing, however fast the machine: a
    stand-in holds the writing for ever once part of the file is in the temporary file,
    and says so (it slept 0.2 s after the file appeared, and a fast fmt was done)."""
    signum = getattr(signal, name)
    record = LEGAL.read_text().replace(MOVE, "1.  Td Kc Ks Ac :  Td xAc xKc", 1)  # not canonical: fmt writes
    path = tmp_path / "big.dgn"
    path.write_text("\n".join([record] * 400))
    before = path.read_bytes()
    held = (
        "import time\n"
        "from dungeon_cli.plumbing import safe_write as w\n"
        "real, written = w.LineGuard.write, []\n"
        "def write(self, data):\n"
        "    written.append(real(self, data))\n"
        "    if sum(written) > 1 << 16:\n"
        "        sys.stderr.write('writing begun\\n'); sys.stderr.flush()\n"
        "        while True:  # the rest of the writing, for ever\n"
        "            time.sleep(1)\n"
        "    return written[-1]\n"
        "w.LineGuard.write = write\n"
    )
    run = Watched(["fmt", str(path)], tmp_path, stand_in(held))
    run.says(b"writing begun")
    assert hidden(tmp_path), "fmt made no temporary file"
    run.proc.send_signal(signum)
    _, err = run.outcome()
    assert run.proc.returncode in (128 + signum, -signum), err
    assert b"Traceback" not in err
    assert hidden(tmp_path) == [] and path.read_bytes() == before


def test_cards_export_on_a_full_disk_leaves_no_file(tmp_path):
    def small_files():
        resource.setrlimit(resource.RLIMIT_FSIZE, (200, 200))

    done = subprocess.run(
        [EXE, "cards", "export", "mine.toml"], cwd=tmp_path, capture_output=True, preexec_fn=small_files, timeout=120
    )
    assert done.returncode == 2 and b"Traceback" not in done.stderr
    assert done.stderr.decode() == "dungeon cards export: error: mine.toml: cannot be written (File too large)\n"
    assert list(tmp_path.iterdir()) == []
    again = subprocess.run([EXE, "cards", "export", "mine.toml"], cwd=tmp_path, capture_output=True, timeout=120)
    assert again.returncode == 0 and "[[hero]]" in (tmp_path / "mine.toml").read_text()


# -- an output is never an input of the run ----------------------------------------------------


@pytest.mark.parametrize("through", ["same", "symlink"])
def test_replay_html_never_replaces_its_own_record(run, tmp_path, through):
    record = tmp_path / "same.dgn"
    record.write_text(LEGAL.read_text())
    out = record
    if through == "symlink":
        out = tmp_path / "page.html"
        out.symlink_to(record)
    result = run(["replay", "--html", str(out), "--force", str(record)])
    no_traceback(result)
    assert result.exit_code == 2
    assert f"cannot write {out}: is an input of this run" in result.output
    assert record.read_text() == LEGAL.read_text()


def test_sim_plot_never_replaces_a_record(run, tmp_path):
    record = tmp_path / "x.dgn"
    record.write_text(LEGAL.read_text())
    result = run(["sim", "scoundrel", "--games", "3", "--plot", str(record), "--force"])
    assert result.exit_code == 2
    assert "is a record (.dgn): a page or a picture never replaces one" in result.output
    assert "games/s" not in result.output  # refused before a game was played
    assert record.read_text() == LEGAL.read_text()


# -- the output checked before the work --------------------------------------------------------


@pytest.mark.parametrize(
    "args, work",
    [
        (["sim", "scoundrel", "--games", "3", "--plot"], "games/s"),
        (["analyse", "--samples", "1", str(LEGAL), "-o"], "fair before"),
        (["analyse", "--samples", "1", str(LEGAL), "--html"], "fair before"),
        (["solve", "--seed", "7", "scoundrel", "-o"], "positions"),
    ],
    ids=["sim-plot", "analyse-o", "analyse-html", "solve-o"],
)
def test_an_output_that_cannot_be_written_is_found_before_the_work(run, tmp_path, args, work):
    blocker = tmp_path / "notes.txt"
    blocker.write_text("a file, not a directory\n")
    result = run([*args, str(blocker / "out")])
    no_traceback(result)
    assert result.exit_code == 2
    assert f"cannot write {blocker / 'out'}: not a directory" in result.output
    assert work not in result.output


# -- '-' is standard output everywhere ---------------------------------------------------------


@pytest.mark.parametrize(
    "args, starts",
    [
        (["replay", str(LEGAL), "--html", "-"], "<!doctype html>"),
        (["sim", "scoundrel", "--games", "3", "--plot", "-"], "<svg"),
        (["analyse", "--samples", "1", "--limit", "1k", str(LEGAL), "-o", "-"], "# The last rooms"),
        (["analyse", "--samples", "1", "--limit", "1k", str(LEGAL), "--html", "-"], "<!doctype html>"),
    ],
    ids=["replay-html", "sim-plot", "analyse-o", "analyse-html"],
)
def test_dash_is_standard_output(run, tmp_path, monkeypatch, args, starts):
    monkeypatch.chdir(tmp_path)
    result = run(args)
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(starts)
    assert not (tmp_path / "-").exists()


# -- git-setup writes only inside the repository ---------------------------------------------


def git(*args, cwd):
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True)


def test_git_setup_never_writes_through_a_symlinked_gitattributes(run, tmp_path):
    (tmp_path / "t").mkdir()
    important = tmp_path / "t" / "important.txt"
    important.write_text("keep me\n")
    git("init", "-q", "repo", cwd=tmp_path)
    (tmp_path / "repo" / ".gitattributes").symlink_to("../t/important.txt")
    result = run(["git-setup", str(tmp_path / "repo")])
    no_traceback(result)
    assert result.exit_code == 2
    assert ".gitattributes is a symlink, which git ignores, and writing through it would change" in result.stderr
    assert important.read_text() == "keep me\n"


def test_git_setup_of_a_name_with_a_trailing_space_configures_that_repository(run, tmp_path):
    git("init", "-q", "repo", cwd=tmp_path)
    git("init", "-q", "repo ", cwd=tmp_path)
    result = run(["git-setup", str(tmp_path / "repo ")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "repo " / ".gitattributes").read_text() == "*.dgn diff=dgn\n"
    assert not (tmp_path / "repo" / ".gitattributes").exists()
    sibling = subprocess.run(["git", "config", "--get", "diff.dgn.command"], cwd=tmp_path / "repo", capture_output=True)
    assert sibling.returncode == 1  # untouched


def test_git_setup_of_a_missing_directory_says_so(run, tmp_path):
    result = run(["git-setup", str(tmp_path / "nonexistent")])
    assert result.exit_code == 2
    assert result.stderr == f"dungeon git-setup: error: {tmp_path / 'nonexistent'}: no such directory\n"


def test_git_setup_keeps_a_latin1_gitattributes_and_escapes_its_value(run, tmp_path):
    git("init", "-q", "repo", cwd=tmp_path)
    attributes = tmp_path / "repo" / ".gitattributes"
    attributes.write_bytes(b"*.txt diff=caf\xe9\n*.dgn diff=x\x1b[2J\n")
    result = run(["git-setup", str(tmp_path / "repo")])  # not at a terminal: the other value is left
    no_traceback(result)
    assert result.exit_code == 1
    assert "\x1b" not in result.output and "records keep diff=x\\x1b[2J" in result.stdout
    yes = run(["git-setup", "--yes", str(tmp_path / "repo")])
    assert yes.exit_code == 0, yes.output
    assert attributes.read_bytes() == b"*.txt diff=caf\xe9\n*.dgn diff=x\x1b[2J\n*.dgn diff=dgn\n"


# -- escapes never reach the terminal or the page ---------------------------------------------


def test_play_refuses_a_card_set_whose_names_hold_terminal_escapes_and_says_so_escaped(run, tmp_path, monkeypatch):
    """A card set whose names end in an OSC and a screen clear was played with its names
    shown escaped; since issue 41 (item 3) such a set is not sound (`cards check` says so)
    and `play --cards` refuses it, its message escaped."""
    monkeypatch.chdir(tmp_path)
    assert run(["cards", "export", "evil.toml"]).exit_code == 0
    text = (tmp_path / "evil.toml").read_text()  # every name ends in an OSC and a screen clear (TOML escapes)
    evil = re.sub(r'^name = "(.*)"$', lambda m: f'name = "{m.group(1)}\\u001b]0;pwn\\u0007\\u001b[2J"', text, flags=re.M)
    (tmp_path / "evil.toml").write_text(evil)
    started = run(["play", "cassette-dungeons", "--seed", "1", "--cards", "evil.toml", "-o", "ev.dgn"], input="")
    assert started.exit_code == 2
    assert "holds a control or format character" in started.output
    assert "\x1b]" not in started.output and "\x1b[2J" not in started.output and "\x07" not in started.output
    assert not (tmp_path / "ev.dgn").exists()


def test_replay_html_escapes_a_file_name_in_its_diagnostics_and_no_record_line(run, tmp_path):
    empty = tmp_path / f"e{ESC}.dgn"
    empty.write_text("# nothing\n")
    bad = tmp_path / f"b{ESC}.dgn"
    bad.write_text('[Game "scoundrel"]\n\n1. Zz\n')
    for path in (empty, bad):
        result = run(["replay", str(path), "--html", str(tmp_path / "p.html"), "--force"])
        assert result.exit_code == 1
        assert "\x1b" not in result.output and "\x07" not in result.output
        assert "\\x1b]0;pwn\\x07" in result.stderr


def test_the_page_shows_bidi_controls_escaped(run, tmp_path):
    record = tmp_path / "g.dgn"
    record.write_text(LEGAL.read_text().replace('[Result "win 20"]', '[Result "win 20"]\n[Player "gnp\u202e.exe"]', 1))
    page = tmp_path / "p.html"
    assert run(["replay", str(record), "--html", str(page)]).exit_code == 0
    text = page.read_text()
    assert "\u202e" not in text and "gnp\\u202e.exe" in text


# -- wrong results, tracebacks ----------------------------------------------------------------


def test_summary_tsv_guards_formula_cells_as_csv_does(run, tmp_path):
    record = tmp_path / "g.dgn"
    record.write_text('[Game "scoundrel"]\n[Player "=1+cmd|calc"]\n')
    tsv = run(["summary", "--format", "tsv", str(record)])
    csv = run(["summary", "--format", "csv", str(record)])
    assert "'=1+cmd|calc" in csv.stdout
    assert "'=1+cmd|calc" in tsv.stdout and "\t=1+cmd" not in tsv.stdout


@pytest.mark.parametrize("limit", ["nan", "inf", "-1", "1e9", "5x"])
def test_analyse_and_solve_refuse_the_same_limits(run, limit):
    for args in (["analyse", str(LEGAL)], ["solve", "--seed", "7", "scoundrel"]):
        result = run([*args, "--limit", limit])
        assert result.exit_code == 2
        assert f"'{limit}' is not a limit: write a time (30s, 2m) or a number of positions (500000, 500k)" in result.output


def test_analyse_limit_takes_solves_syntax():
    from dungeon_cli.cli import analyse, limits, solve

    assert analyse.parse_limit is limits.parse_limit is solve.parse_limit
    assert [limits.parse_limit(t) for t in ("30s", "2m", "500k", "2M", "7")] == [
        (None, 30.0),
        (None, 120.0),
        (500_000, None),
        (2_000_000, None),
        (7, None),
    ]


@pytest.mark.parametrize("limit", ["1k", "2s"])
def test_analyse_takes_a_limit_as_solve_does(run, limit):
    result = run(["analyse", "--samples", "1", "--limit", limit, str(FIXTURES / "scoundrel/legal/unfinished.dgn")])
    assert result.exit_code == 0, result.output
    assert "hindsight before" in result.stdout


def test_analyse_judges_a_run_of_the_last_room(run):
    result = run(["analyse", "--samples", "2", "--limit", "20k", str(LEGAL)])
    no_traceback(result)
    assert result.exit_code == 0, result.output
    row = next(line for line in result.stdout.splitlines() if line.split()[:2] == ["20", "run"])
    assert row.split()[2:4] == ["-", "-"]  # the strong player never weighs it: not judged fairly


def test_analyse_bounds_its_samples(run):
    result = run(["analyse", "--samples", "1000000000", str(LEGAL)])
    assert result.exit_code == 2
    assert "1000000000 is not in the range 1<=x<=100000" in result.output


def test_sim_records_into_a_directory_holding_an_odd_name(run, tmp_path):
    (tmp_path / "scoundrel-\u00b2.dgn").write_text("mine\n")
    result = run(["sim", "scoundrel", "--games", "2", "--records", str(tmp_path)])
    no_traceback(result)
    assert result.exit_code == 0, result.output
    assert (tmp_path / "scoundrel-0.dgn").exists() and (tmp_path / "scoundrel-\u00b2.dgn").read_text() == "mine\n"


def test_fmt_of_a_directory_never_writes_through_a_symlink_out_of_it(run, tmp_path):
    loose = LEGAL.read_text().replace(MOVE, TIGHT, 1)  # fmt would rewrite it
    (tmp_path / "elsewhere").mkdir()
    outside = tmp_path / "elsewhere" / "theirs.dgn"
    outside.write_text(loose)
    tree = tmp_path / "records"
    tree.mkdir()
    (tree / "mine.dgn").write_text(loose)
    (tree / "link.dgn").symlink_to("../elsewhere/theirs.dgn")
    (tree / "inner.dgn").symlink_to("mine.dgn")  # inside the tree: followed
    result = run(["fmt", str(tree)])
    assert result.exit_code == 2
    assert f"dungeon fmt: error: {tree / 'link.dgn'}: a symlink out of {tree}: not rewritten" in result.stderr
    assert outside.read_text() == loose and (tree / "mine.dgn").read_text() != loose
    named = run(["fmt", str(tree / "link.dgn")])  # named itself, a symlink is followed (documented)
    assert named.exit_code == 0 and outside.read_text() != loose


def test_plays_record_is_written_through_the_one_door_out():
    """``play``'s record file has no create-and-rename loop of its own beside
    ``safe_write``: the fault tests (tests/hardening/test_faults_*.py) inject their full disks and
    kills into ``safe_write.os``, and they prove play's guarantees only if the record is
    written there."""
    import ast

    from dungeon_cli.shell import recordfile

    tree = ast.parse(Path(recordfile.__file__).read_text(encoding="utf-8"))
    calls = {
        node.func.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == "os"
    }
    assert not calls & {"open", "fdopen", "link", "replace", "rename", "fsync", "chmod", "fchown", "unlink"}, calls
    assert "open(" not in Path(recordfile.__file__).read_text(encoding="utf-8").replace("os.path", "")
