"""Every command README.md and docs/ show for sharing a game (``--html``, ``--plot``,
``--daily``, ``dungeon daily``) is run here as written, and the pictures in
docs/pictures/ are exactly what their commands make: the docs cannot drift."""

from __future__ import annotations

import re
import shlex
import shutil
import xml.etree.ElementTree as ET

import pytest
from conftest import DOC_PAGES, FIXTURES, ROOT

DOCS = DOC_PAGES
SHARING = ("--html", "--plot", "--daily", "dungeon daily")


def _commands() -> list[tuple[str, str]]:
    found = []
    for doc in DOCS:
        for line in doc.read_text(encoding="utf-8").splitlines():
            text = line.strip()
            if not text.startswith("dungeon ") or not any(word in text for word in SHARING):
                continue
            command = re.sub(r"\s+#.*$", "", text)
            found.append((doc.name, command))
    return found


COMMANDS = _commands()
# A run too long for the suite, and the options that shorten it (the same command else).
QUICKER = {"dungeon analyse game.dgn --html review.html": ["--samples", "4", "--limit", "0.2"]}


def test_the_docs_show_commands_for_every_part():
    shown = " ".join(command for _, command in COMMANDS)
    for word in SHARING:
        assert word in shown
    assert sum("--plot docs/pictures/" in command for _, command in COMMANDS) == 4


@pytest.mark.parametrize("doc, command", COMMANDS, ids=[c for _, c in COMMANDS])
def test_each_command_runs_as_written(run, tmp_path, monkeypatch, doc, command):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    shutil.copy(FIXTURES / "cassette-dungeons" / "legal" / "seeded-win.dgn", tmp_path / "game.dgn")
    shutil.copy(FIXTURES / "analysed" / "scoundrel.dgn", tmp_path / "analysed.dgn")  # docs/your-games.md's
    shutil.copy(FIXTURES / "scoundrel" / "legal" / "variations-seeded.dgn", tmp_path / "both.dgn")  # docs/review.md's merge
    (tmp_path / "docs" / "pictures").mkdir(parents=True)
    args = shlex.split(command)[1:] + QUICKER.get(command, [])
    stdin = "run\n" if "--daily" in args else None  # played from a pipe: one move
    result = run(args, input=stdin)
    assert result.exit_code == 0, result.output
    if "--plot" in args:
        out = args[args.index("--plot") + 1]
        made = (tmp_path / out).read_bytes()
        ET.fromstring(made)  # well-formed
        if out.startswith("docs/"):
            assert made == (ROOT / out).read_bytes(), f"{out} is not what its command makes: run it again"
    if "--html" in args:
        assert (tmp_path / args[args.index("--html") + 1]).read_text().startswith("<!doctype html>")
    if args[0] == "analyse":
        assert "chance of winning" in (tmp_path / args[args.index("--html") + 1]).read_text()


def test_plot_refuses_a_file_already_there_before_playing(run, tmp_path):
    out = tmp_path / "p.svg"
    out.write_text("mine")
    result = run(["sim", "scoundrel", "--games", "5", "--plot", str(out)])
    assert result.exit_code == 2
    assert result.stderr == f"dungeon sim: error: {out}: exists already: choose another name, or --force to replace it\n"
    assert "games/s" not in result.output  # refused before a game was played
    assert out.read_text() == "mine"


def test_a_run_without_wins_says_so(run, tmp_path):
    out = tmp_path / "p.svg"
    result = run(["sim", "scoundrel", "--games", "30", "--plot", str(out)])
    assert result.exit_code == 0
    assert result.stdout.endswith(f"picture: {out}\n")
    svg = ET.fromstring(out.read_bytes())
    texts = [t.text for t in svg.iter("{http://www.w3.org/2000/svg}text")]
    assert "wins: 0 games" in texts and "none" in texts
    assert "0.0% (0 of 30); 95% interval 0.0% to 11.4% (Wilson)" in texts
