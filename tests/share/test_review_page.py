"""``dungeon analyse FILE --html OUT`` without a browser (tests/share/test_html_browser.py drives
it in Chromium): for a record of each game the review page is the replay page, one file
that loads nothing, with a chart of the chance of winning whose columns link to every
move and whose marks are the analysis's; record text is escaped; the file is written
through the output door (new unless --force, refused before the work)."""

from __future__ import annotations

import json
import re

import pytest
from conftest import FIXTURES

REVIEWED = {
    "scoundrel": "scoundrel/legal/win-seeded.dgn",
    "clear-the-dungeon": "clear-the-dungeon/legal/win-last-card.dgn",
    "rpg-solitaire": "rpg-solitaire/legal/seeded-escape.dgn",
    "cassette-dungeons": "cassette-dungeons/legal/seeded-win.dgn",
}
QUICK = ["--samples", "4", "--limit", "0.2"]


def review(run, tmp_path, game: str, *more: str):
    out = tmp_path / f"{game}.html"
    result = run(["analyse", str(FIXTURES / REVIEWED[game]), *QUICK, "--format", "json", "--html", str(out), *more])
    assert result.exit_code == 0, result.output
    return out.read_text(encoding="utf-8"), json.loads(result.stdout)["records"][0]


@pytest.mark.parametrize("game", sorted(REVIEWED))
def test_a_review_page_for_each_game(run, tmp_path, game):
    html, found = review(run, tmp_path, game)
    assert html.startswith("<!doctype html>") and "a dungeon review</title>" in html
    # one file: every link inside the page, nothing to fetch, one script, one style
    assert all(href.startswith("#") for href in re.findall(r'href="([^"]*)"', html))
    assert not re.search(r"\ssrc=|<link|@import|url\(|<iframe|<object|<embed", html)
    assert html.count("<script>") == 1 and html.count("<style>") == 1 and "default-src 'none'" in html
    # the chart: above the moves, a column per frame linking to it
    frames = re.findall(r'<section class="frame" data-move="(\d+)"', html)
    columns = re.findall(r'<a href="#move-(\d+)" data-i="(\d+)" aria-label="[^"]*"><rect class="col"', html)
    assert [m for m, _ in columns] == frames and [int(i) for _, i in columns] == list(range(len(frames)))
    assert html.index('class="chart"') < html.index('class="ctl"') < html.index('class="pane moves"')
    # the marks on it and beside the moves are the analysis's
    decisions = found["decisions"]
    marked = [d for d in decisions if d["fair"] is not None and (d["mark"] or d["unlucky"])]
    points = re.findall(r'<a href="#move-(\d+)" data-i="\d+" class="pt (\w)"', html)
    assert [int(m) for m, _ in points] == [d["move"] for d in marked]
    kinds = {"!": "o", "?!": "i", "?": "m", "??": "b", "": "u"}
    assert [k for _, k in points] == [kinds[d["mark"]] for d in marked]
    assert len(re.findall(r'<p class="rv">', html)) == len([d for d in decisions if d["mark"] or d["unlucky"]])
    for d in decisions:
        if d["mark"] and d["fair"]["before"]["choice"] != d["fair"]["after"]["choice"]:
            assert f"better {d['fair']['before']['choice']}" in html
    assert f"accuracy {found['accuracy']:.1f}%" in html


def test_record_text_is_escaped_on_the_review_page(run, tmp_path):
    source = tmp_path / "hostile.dgn"
    source.write_text(
        '[Game "scoundrel"]\n[Seed "7"]\n[Player "<script>alert(1)</script>"]\n\n'
        "1. 9c 7h 2c 3c : 2c 3c 7h  # </code><img src=x onerror=alert(2)>\n"
    )
    out = tmp_path / "review.html"
    result = run(["analyse", str(source), *QUICK, "--html", str(out)])
    assert result.exit_code == 0, result.output
    html = out.read_text()
    assert "<script>alert" not in html and "<img" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_the_page_is_written_as_a_new_file_unless_forced(run, tmp_path):
    source = FIXTURES / "scoundrel" / "legal" / "unfinished.dgn"
    out = tmp_path / "review.html"
    out.write_text("mine\n")
    result = run(["analyse", str(source), *QUICK, "--html", str(out)])
    assert result.exit_code == 2
    assert "exists already" in result.output and "fair before" not in result.output  # refused before the work
    assert out.read_text() == "mine\n"
    result = run(["analyse", str(source), *QUICK, "--html", str(out), "--force"])
    assert result.exit_code == 0, result.output
    assert out.read_text().startswith("<!doctype html>")
    assert f"{out}: 1 game, " in result.stderr


def test_only_one_output_may_be_standard_output(run):
    result = run(["analyse", str(FIXTURES / "scoundrel" / "legal" / "unfinished.dgn"), "-o", "-", "--html", "-"])
    assert result.exit_code == 2 and "both write to standard output" in result.output


def test_a_file_too_long_for_a_page_is_refused_and_nothing_written(run, tmp_path, monkeypatch):
    from dungeon_cli.share import page

    monkeypatch.setattr(page, "MAX_MOVES", 3)
    out = tmp_path / "review.html"
    result = run(["analyse", str(FIXTURES / REVIEWED["scoundrel"]), *QUICK, "--html", str(out)])
    assert result.exit_code == 2
    assert "holds more than 3 moves: a review page shows at most that many" in result.output
    assert "Traceback" not in result.output and not out.exists()


def test_a_file_of_several_records_gets_a_chart_per_game_linking_into_it(run, tmp_path):
    source = FIXTURES / "scoundrel" / "legal" / "several-records.dgn"
    out = tmp_path / "review.html"
    result = run(["analyse", str(source), "--samples", "3", "--limit", "0.1", "--html", str(out)])
    assert result.exit_code == 0, result.output
    html = out.read_text()
    games = re.findall(r'<article class="game" id="game-(\d+)"', html)
    assert games == ["1", "2", "3"] and html.count('<figure class="chart">') == 3
    for number, article in zip(games, html.split('<article class="game"')[1:]):
        links = re.findall(r'<a href="#([^"]+)" data-i="\d+"', article.split("</figure>")[0])
        assert links and all(link.startswith(f"game-{number}-move-") for link in links)
