"""The replay page of a record as a tree, without a browser (tests/share/test_html_browser.py
steps through it in one): every board of every variation is on the page, under a key of
its own, listed under the move it is tried instead of, and counted toward the page's bound."""

from __future__ import annotations

import re

from conftest import FIXTURES

from dungeon_cli.share.frames import Replayed
from dungeon_cli.share.page import Boards, page_moves
from notation import parse

TREE = FIXTURES / "scoundrel" / "legal" / "variations-seeded.dgn"


def test_every_line_has_its_boards_each_linked_to_its_neighbours():
    (record,) = parse(TREE.read_text(encoding="utf-8"))
    boards = Boards(Replayed(record)).boards
    keys = [b.key for b in boards]
    assert keys == ["0", "1", "2", "3", "4", "3.1.3", "3.2.3", "3.2.4", "3.2.4.1.4"]
    by_key = {b.key: i for i, b in enumerate(boards)}
    line = boards[by_key["3.2.3"]]
    assert (line.prev, line.next, line.back, line.root) == (by_key["2"], by_key["3.2.4"], by_key["3"], by_key["3"])
    inner = boards[by_key["3.2.4.1.4"]]
    assert (inner.prev, inner.next, inner.back, inner.root) == (by_key["3.2.3"], None, by_key["3.2.4"], by_key["3"])
    assert inner.label == "move 4, variation 1 of move 4 in variation 2 of move 3"


def test_the_page_lists_each_variation_under_its_move_with_how_it_ends(run, tmp_path):
    out = tmp_path / "tree.html"
    result = run(["replay", str(TREE), "--html", str(out)])
    assert result.exit_code == 0, result.output
    html = out.read_text(encoding="utf-8")
    assert re.findall(r'data-move="([0-9.]+)"', html) == ["0", "1", "2", "3", "4", "3.1.3", "3.2.3", "3.2.4", "3.2.4.1.4"]
    move_3 = html.index('href="#move-3"')
    assert move_3 < html.index('<ol class="var" aria-label="variation 1 of move 3">') < html.index('href="#move-4"')
    assert '<li class="end">result: loss -159</li>' in html
    assert 'data-go="main"' in html  # the way back to the main line


def test_a_record_without_variations_has_no_way_back_to_draw():
    record = parse('[Game "scoundrel"]\n\n1. 9h Qs 7d As : 7d xAs 9h\n')[0]
    assert [b.key for b in Boards(Replayed(record)).boards] == ["0", "1"]


def test_the_variations_count_toward_the_moves_a_page_shows(run, tmp_path, monkeypatch):
    from dungeon_cli.share import page

    (record,) = parse(TREE.read_text(encoding="utf-8"))
    assert (len(record.moves), page_moves(record)) == (4, 8)
    monkeypatch.setattr(page, "MAX_MOVES", 5)
    out = tmp_path / "tree.html"
    result = run(["replay", str(TREE), "--html", str(out)])
    assert result.exit_code == 2 and "holds more than 5 moves" in result.output and not out.exists()


def test_a_variation_that_stops_at_its_first_move_is_listed_without_a_board(run, tmp_path):
    illegal = FIXTURES / "scoundrel" / "illegal" / "variation-illegal-move.dgn"
    out = tmp_path / "tree.html"
    result = run(["replay", str(illegal), "--html", str(out)])
    assert result.exit_code == 1
    html = out.read_text(encoding="utf-8")
    assert re.findall(r'data-move="([0-9.]+)"', html) == ["0", "1", "2"]
    assert (
        '<ol class="var" aria-label="variation 1 of move 1"><li class="no"><code>1. 9h Qs 7d As : 9h xAs 7d</code>'
        "<p>replay stopped here</p></li></ol>"
    ) in html
    assert "xAs: no weapon is equipped to strike As with" in html
