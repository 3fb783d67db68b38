"""``dungeon lsp`` inside the tree of a record (NOTATION.md section 9), for every game the
registry holds, the toy game's included: completion inside a variation offers the moves
of that point of that line; inside a Position's value, the game's keys not yet written,
and hover there says what a key is (the game's rules page); diagnostics inside
variations and inside a Position land where verify puts them; formatting writes fmt's
tree. The bulk in-process (the modules behind the server answer in plain data), each
feature once more through the server on stdio, as an editor speaks to it."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import EXPECT
from game_fixtures import fixtures

from dungeon_cli import registry
from dungeon_cli.lsp import completion, hover, position_help
from dungeon_cli.lsp.document import Document
from notation import Move, Record, read, write

GAMES = registry.names()
FOUR = ("scoundrel", "clear-the-dungeon", "rpg-solitaire", "cassette-dungeons")


def _records(path: Path) -> list[Record]:
    return list(read(io.BytesIO(path.read_bytes())))


def _trees(game: str) -> list[Path]:
    """The legal fixtures of ``game`` of one record, a record with a variation."""
    return [p for p in fixtures(game, "legal") if [r for r in _records(p) if any(d for d, _ in r.walk_tree())] == _records(p)]


def _positioned(game: str) -> list[Path]:
    """The legal fixtures of ``game`` of one record, a record from a Position."""
    return [p for p in fixtures(game, "legal") if [r for r in _records(p) if r.position is not None] == _records(p)]


def test_every_game_has_records_of_both_kinds():
    assert set(FOUR) | {"toy"} <= set(GAMES)
    for game in GAMES:
        assert _trees(game) and _positioned(game), game


def _flat(record: Record, moves: list[Move]) -> str:
    """``moves`` as the main line of a record of ``record``'s tags, without variations."""
    bare = [Move(m.number, m.segments, comments=m.comments, rest=m.rest) for m in moves]
    return write([Record(tags=record.tags, moves=bare)])


def _after_head(text: str, move: Move) -> int:
    """The 1-based column just past ``: `` of a move line (past ``N... `` for the rest of a turn)."""
    if move.rest:
        return re.match(r"\s*\(?\s*[0-9]+\.\.\.\s*", text).end() + 1
    return text.index(":") + 3


def _variation_moves(record: Record) -> list[tuple[list[Move], Move]]:
    """Each move inside a variation with the moves before it down its own line."""
    out: list[tuple[list[Move], Move]] = []

    def visit(moves: list[Move], before: list[Move], depth: int) -> None:
        for index, move in enumerate(moves):
            if depth:
                out.append((before + moves[:index], move))
            for variation in move.variations:
                visit(variation, before + moves[:index], depth + 1)

    visit(record.moves, [], 0)
    return out


@pytest.mark.parametrize("game", GAMES)
def test_completion_inside_a_variation_is_that_lines_moves(game):
    """At each move of each variation, what is offered after ``:`` (after ``N...``) is
    what is offered at that move of a record whose main line is that variation's line."""
    checked = 0
    for path in _trees(game):
        text = path.read_text(encoding="utf-8")
        doc = Document(text, str(path))
        assert not doc.diagnostics(), path
        record = doc.records[0]
        for before, move in _variation_moves(record):
            line = doc.line(move.line)
            if move.is_deal or (not move.rest and (move.colon is None or move.colon.line != move.line)):
                continue
            got = [(i.text, i.detail) for i in completion.complete(doc, move.line, _after_head(line, move))]
            flat_text = _flat(record, before + [move])
            flat = Document(flat_text)
            last = flat.records[0].moves[-1]
            want = [(i.text, i.detail) for i in completion.complete(flat, last.line, _after_head(flat.line(last.line), last))]
            assert got == want and got, (path.name, move.line, got, want)
            checked += 1
    assert checked, game


@pytest.mark.parametrize("game", GAMES)
def test_hover_on_a_variations_move_shows_that_lines_state(game):
    for path in _trees(game):
        doc = Document(path.read_text(encoding="utf-8"), str(path))
        record = doc.records[0]
        for before, move in _variation_moves(record):
            got = hover.hover(doc, move.line, move.col + 1)
            flat = Document(_flat(record, before + [move]))
            last = flat.records[0].moves[-1]
            want = hover.hover(flat, last.line, last.col + 1)
            assert got is not None and want is not None and "not replayed" not in got, (path.name, move.line, got)
            label = "the deal" if move.is_deal else f"move {move.number}{'...' if move.rest else ''}"
            assert got == want.replace(f"after {label}:", f"after {label} (a variation):", 1), (path.name, move.line)


def _position_line(doc: Document) -> tuple[int, str, int]:
    """(its line, its text, the 0-based index of its value's first character)."""
    tag = doc.records[0].position
    assert tag is not None
    return tag.line, doc.line(tag.line), tag.value_col


@pytest.mark.parametrize("game", GAMES)
def test_completion_in_a_positions_value_offers_the_keys_not_yet_written(game):
    module = registry.get(game)
    for path in _positioned(game):
        text = path.read_text(encoding="utf-8")
        number, line, start = _position_line(Document(text, str(path)))
        end = line.index('"', start)
        whole = Document(text, str(path))
        written = {w.partition("=")[0] for w in line[start:end].split()}
        unwritten = [k for k in position_help.keys(module) if k not in written]  # keys a position may leave out
        assert completion.complete(whole, number, end + 1) == []  # at the end of the last value
        spaced = text.replace(line, line[:end] + " " + line[end:])
        assert [i.text for i in completion.complete(Document(spaced), number, end + 2)] == [f"{k}=" for k in unwritten]
        for word in re.finditer(r"\S+", line[start:end]):
            key = word.group().partition("=")[0]
            cut = line[: start + word.start()] + line[start + word.end() :].lstrip(" ")
            lines = text.split("\n")
            lines[number - 1] = cut
            doc = Document("\n".join(lines), str(path))
            col = start + word.start() + 1
            items = completion.complete(doc, number, col)
            offered = [k for k in position_help.keys(module) if k == key or k in unwritten]
            assert [(i.text, i.replace) for i in items] == [(f"{k}=", 0) for k in offered], (path.name, key)
            if game in FOUR:
                assert all(i.detail for i in items), (game, key)  # the rules page's words
            lines[number - 1] = cut[: col - 1] + key[0] + (" " if cut[col - 1] != '"' else "") + cut[col - 1 :]
            typed = completion.complete(Document("\n".join(lines), str(path)), number, col + 1)
            assert [(i.text, i.replace) for i in typed] == [(f"{k}=", 1) for k in offered if k[0] == key[0]], (path.name, key)
        # inside a value, nothing: a value is the game's to spell
        assert completion.complete(whole, number, start + line[start:].index("=") + 2) == []
        assert position_help.keys(module)


@pytest.mark.parametrize("game", GAMES)
def test_hover_in_a_positions_value_explains_the_key(game):
    module = registry.get(game)
    page = module.full_page()
    for path in _positioned(game):
        doc = Document(path.read_text(encoding="utf-8"), str(path))
        number, line, start = _position_line(doc)
        end = line.index('"', start)
        for word in re.finditer(r"\S+", line[start:end]):
            key = word.group().partition("=")[0]
            for offset in (word.start(), word.end() - 1):  # on the key, on the end of its value
                said = hover.hover(doc, number, start + offset + 1)
                assert said is not None and said.startswith(f"[Position] {key}: "), (path.name, key, said)
                if game in FOUR:  # a cell of the rules page's Positions table, as it is written there
                    meaning = said[len(f"[Position] {key}: ") :].split(" (dungeon rules")[0]
                    assert meaning.split("; ")[0].split(": ", 1)[1] in page, (game, key, meaning)
                else:
                    assert "short rules" in said and module.rules_text.split("Positions")[1][:20] in said
        # on the tag's name: what the tag is
        assert "whole state" in hover.hover(doc, number, 3)


def test_every_key_of_the_four_games_is_in_its_rules_pages_table():
    for game in FOUR:
        module = registry.get(game)
        meanings = position_help.table_meanings(module.full_page(), position_help.keys(module))
        assert set(meanings) == set(position_help.keys(module)), game
        assert all(meanings.values()), game


def test_a_key_no_game_has_is_said_with_the_games_keys():
    module = registry.get("scoundrel")
    assert position_help.explain(module, "mana") == (
        "'mana' is not a key of a scoundrel position; its keys: turn hp weapon left room dungeon discard ran resolved drank"
    )


def test_a_diagnostics_range_in_a_position_is_its_word_or_its_card():
    text = (
        '[Game "scoundrel"]\n'
        '[Position "turn=2 hp=16 weapon=7d/3s left=37 room=Qs,5h,2c dungeon=(As,2s,4s) discard=9s,9c ran=no resolved=1 drank=maybe"]\n'
    )
    doc = Document(text)
    line = doc.line(2)
    last = line.index("maybe") + 1
    assert line[last - 1 : doc.word_end(2, last) - 1] == "maybe"  # not the closing quote and bracket
    card = line.index("2s,4s") + 1
    assert line[card - 1 : doc.word_end(2, card) - 1] == "2s"  # a card of a pile, not the rest of the pile
    value = line.index('"')
    assert line[value : doc.word_end(2, value + 1) - 1] == '"turn=2'  # at the value's quote: its first word


# -- through the server, as an editor speaks to it -------------------------------------------

pygls = pytest.importorskip("pygls", reason="dungeon lsp needs the lsp extra (pip install -e '.[lsp]')")

from lsp_client import Client  # noqa: E402


@pytest.fixture(scope="module")
def client():
    c = Client()
    yield c
    assert c.close() == 0


def _illegal_of_the_tree(game: str) -> list[Path]:
    return [p for p in fixtures(game, "illegal") if p.name.startswith(("variation", "position"))]


@pytest.mark.parametrize("game", GAMES)
def test_diagnostics_inside_variations_and_positions_land_where_verify_puts_them(client, game):
    found = _illegal_of_the_tree(game)
    assert found, game
    for path in found:
        text = path.read_text(encoding="utf-8")
        expected = [m.group(1) for line in text.splitlines() if (m := EXPECT.match(line.strip()))]
        assert expected, path
        diags = client.open(path.as_uri() + "?tree", text)
        lines = text.split("\n")
        got = []
        for d in diags:
            start, end = d["range"]["start"], d["range"]["end"]
            assert start["line"] == end["line"]
            word = lines[start["line"]][start["character"] : end["character"]]
            # a word: never the closing quote, a bracket or the next word (at a value's quote, its first word)
            past_end = start["character"] >= len(lines[start["line"]])
            assert past_end or (word and not re.search(r'[\s"\]]', word[1:] if word[0] == '"' else word)), (path, word)
            severity = {1: "error", 2: "warning"}[d["severity"]]
            got.append(f"{start['line'] + 1}:{start['character'] + 1}: {severity}: {d['message']}")
        assert got == expected, path


def _fmt(text: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "dungeon_cli", "fmt", "-"], input=text, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def _apply_whole(text: str, edits: list[dict]) -> str:
    (edit,) = edits
    assert edit["range"]["start"] == {"line": 0, "character": 0}
    return edit["newText"]


def _messy(line: str) -> str:
    """A move line laid out otherwise: a continuation line (a variation's) at one
    indentation whatever its depth, the words before its comment spaced out."""
    if line.startswith(("[", "#")) or not line.strip():
        return line
    code, hash_, comment = line.partition("#")
    spaced = "   ".join(code.split()) + ("  " if hash_ else "")
    return ("  " if line.startswith(" ") else "") + spaced + hash_ + comment


@pytest.mark.parametrize("game", GAMES)
def test_formatting_a_tree_is_fmts_canonical_tree(client, game):
    for path in _trees(game) + _positioned(game):
        canonical = _fmt(path.read_text(encoding="utf-8"))
        # the same record laid out otherwise: variations at the left margin, words spaced out
        messy = "\n".join(_messy(line) for line in canonical.split("\n"))
        assert messy != canonical
        uri = path.as_uri() + "?fmt-tree"
        client.open(uri, messy)
        edits = client.request(
            "textDocument/formatting", {"textDocument": {"uri": uri}, "options": {"tabSize": 4, "insertSpaces": True}}
        )
        assert edits, path
        assert _apply_whole(messy, edits) == canonical == _fmt(messy), path


def test_through_the_server_completion_in_a_variation_and_hover_on_a_position_key(client):
    path = fixtures("scoundrel", "legal")[0].parent / "variations-table.dgn"
    text = path.read_text(encoding="utf-8")
    uri = path.as_uri() + "?variation"
    client.open(uri, text)
    lines = text.split("\n")
    number = next(i for i, line in enumerate(lines) if line.strip().startswith("2. 2c 3c 4c 5c"))
    at = {"line": number, "character": lines[number].index(":") + 2}
    items = client.request("textDocument/completion", {"textDocument": {"uri": uri}, "position": at})["items"]
    # after running from the first room, no weapon is equipped down this line: fights only
    assert [i["label"] for i in items] == ["2c", "3c", "4c", "5c"]
    path = path.parent / "position-table-mid-turn.dgn"
    text = path.read_text(encoding="utf-8")
    uri = path.as_uri() + "?position"
    client.open(uri, text)
    lines = text.split("\n")
    number = next(i for i, line in enumerate(lines) if line.startswith("[Position"))
    at = {"line": number, "character": lines[number].index("weapon=") + 2}
    said = client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": at})["contents"]["value"]
    assert "[Position] weapon: spelling: `-`, `5d`, or `5d/9s`" in said
    at = {"line": number, "character": len('[Position "')}
    cut = lines[number].replace("turn=2 ", "")
    client.change(uri, "\n".join(lines[:number] + [cut] + lines[number + 1 :]), 2)
    items = client.request("textDocument/completion", {"textDocument": {"uri": uri}, "position": at})["items"]
    assert [(i["label"], i["textEdit"]["range"]["start"]["character"]) for i in items] == [("turn=", at["character"])]
