"""``dungeon replay FILE --html OUT`` without a browser: the page is one file that
loads nothing, a long game stays small, record text is escaped, every board of every
fixture draws, and the file is written only as a new file unless --force."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from conftest import FIXTURES, TESTS

from dungeon_cli.share.page import page
from notation import read

ALL_FIXTURES = sorted(FIXTURES.glob("*/*/*.dgn")) + sorted((TESTS / "support" / "toy_game" / "fixtures").glob("*/*.dgn"))


def _records(path: Path) -> list:
    with open(path, "rb") as stream:
        return list(read(stream, source=str(path)))


@pytest.mark.parametrize("path", ALL_FIXTURES, ids=lambda p: f"{p.parent.parent.name}/{p.parent.name}/{p.name}")
def test_every_fixture_makes_a_page_that_loads_nothing(path):
    html = page(_records(path), path.name)
    assert html.startswith("<!doctype html>")
    # nothing to fetch: every link points inside the page; no source, no stylesheet
    # link, no url() in the style (an address in a comment is text, and escaped)
    assert all(href.startswith("#") for href in re.findall(r'href="([^"]*)"', html))
    assert not re.search(r"\ssrc=|<link|@import|url\(|<iframe|<object|<embed", html)
    assert html.count("<script>") == 1 and html.count("<style>") == 1
    assert "default-src 'none'" in html


def test_a_sixty_move_game_is_well_under_200_kb(run, tmp_path):
    """RPG solitaire makes the largest pages (a map per move): the first greedy game of
    60 moves or more, cut after its 60th move (a game in progress, still legal)."""
    result = run(["sim", "rpg-solitaire", "--bot", "greedy", "--games", "60", "--records", str(tmp_path)])
    assert result.exit_code == 0
    for seed in range(60):
        lines = (tmp_path / f"rpg-solitaire-{seed}.dgn").read_text().splitlines()
        moves = [line for line in lines if line[:1].isdigit()]
        if len(moves) >= 60:
            break
    else:
        raise AssertionError("no greedy game of 60 moves in the first 60 seeds")
    head = [line for line in lines if not line[:1].isdigit() and not line.startswith("[Result")]
    record = tmp_path / "sixty.dgn"
    record.write_text("\n".join(head + moves[:60]) + "\n")
    out = tmp_path / "long.html"
    assert run(["replay", str(record), "--html", str(out)]).exit_code == 0
    size = out.stat().st_size
    assert size < 200_000, size
    assert out.read_text().count('class="frame"') == 61


HOSTILE = (
    '[Game "scoundrel"]\n'
    '[Player "<script>alert(1)</script>\\" onload=\\"x"]\n'
    '[Site "</title><img src=x>&amp;"]\n\n'
    "# <b>bold?</b>\n"
    "1. 9s 5d 4h Kc : 5d x9s 4h  # </code></li><script>alert(2)</script>\n"
)


def test_everything_a_record_says_is_escaped():
    (record,) = read(io.BytesIO(HOSTILE.encode()))
    html = page([record], "<evil>.dgn")
    assert html.count("<script") == 1
    assert "<img" not in html and "<b>bold" not in html and "<evil>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;&quot; onload=&quot;x" in html
    assert "&lt;/title&gt;&lt;img src=x&gt;&amp;amp;" in html
    assert "&lt;/code&gt;&lt;/li&gt;&lt;script&gt;alert(2)&lt;/script&gt;" in html


def test_a_move_shows_its_comments_under_it():
    path = FIXTURES / "scoundrel" / "legal" / "comments-and-continuations.dgn"
    html = page(_records(path), path.name)
    assert "<code>3. 8s 6c 9c Ks : x9c x8s x6c</code></a><p>the colon may start a continuation line</p>" in html
    assert "<p>a whole-line comment between moves</p>" in html


def test_the_file_is_new_unless_forced(run, tmp_path):
    fixture = FIXTURES / "scoundrel" / "legal" / "win-seeded.dgn"
    out = tmp_path / "game.html"
    first = run(["replay", str(fixture), "--html", str(out)])
    assert first.exit_code == 0
    assert first.stdout == f"{out}: 1 game, {out.stat().st_size:,} bytes\n"
    out.write_text("mine")
    again = run(["replay", str(fixture), "--html", str(out)])
    assert again.exit_code == 2
    assert again.stderr == f"dungeon replay: error: {out}: exists already: choose another name, or --force to replace it\n"
    assert out.read_text() == "mine"
    forced = run(["replay", str(fixture), "--html", str(out), "--force"])
    assert forced.exit_code == 0 and out.read_text().startswith("<!doctype html>")
    assert [p.name for p in tmp_path.iterdir()] == ["game.html"]  # no temporary file left


def test_an_illegal_record_is_drawn_up_to_its_fault_and_exits_1(run, tmp_path):
    fixture = FIXTURES / "scoundrel" / "illegal" / "action-after-death.dgn"
    out = tmp_path / "bad.html"
    result = run(["replay", str(fixture), "--html", str(out)])
    assert result.exit_code == 1
    verify = run(["verify", str(fixture)])
    assert result.stderr == verify.stdout
    assert 'role="alert"' in out.read_text()


@pytest.mark.parametrize(
    "args, message",
    [
        (["no-such.dgn", "--html", "x.html"], "dungeon replay: error: no-such.dgn: no such file"),
        (["FIX", "--html", "x.html", "--move", "2"], "--html writes every move of every record: it cannot take --step or --move"),
        (["FIX", "--force"], "--force goes with --html"),
        (
            ["FIX", "--html", "no/such/dir/x.html"],
            "dungeon replay: error: cannot write no/such/dir/x.html: no such directory: ",
        ),
    ],
)
def test_bad_use_is_one_line_and_exit_2(run, tmp_path, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    fixture = str(FIXTURES / "scoundrel" / "legal" / "runs.dgn")
    result = run(["replay", *[fixture if a == "FIX" else a for a in args]])
    assert result.exit_code == 2
    assert message in result.stderr
    assert "Traceback" not in result.output


def test_a_game_without_a_web_board_is_shown_as_its_text_render():
    """The toy game names no ``web`` plug-in: its page still has a board per move."""
    path = TESTS / "support" / "toy_game" / "fixtures" / "legal" / "death.dgn"
    html = page(_records(path), path.name)
    assert html.count('<pre class="text">turn ') == html.count('class="frame"') > 1
