"""The Pygments lexer (``pygments.lexers`` entry point): ``pygmentize -l dgn`` and every
```dgn fence of the docs highlight DGN; every token of every fixture gets a type that is
not an error, and the tokens give the text back."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import FIXTURES, ROOT

pygments = pytest.importorskip("pygments", reason="the lexer needs the pygments extra (pip install -e '.[pygments]')")
from pygments.lexers import get_lexer_by_name, get_lexer_for_filename  # noqa: E402
from pygments.token import Comment, Error, Name, Number, Punctuation, String  # noqa: E402

from notation.highlight import lex_line  # noqa: E402

FILES = sorted(FIXTURES.rglob("*.dgn"))


def test_found_through_the_entry_point():
    from notation.pygments_lexer import DgnLexer

    assert type(get_lexer_by_name("dgn")) is DgnLexer
    assert type(get_lexer_for_filename("game.dgn")) is DgnLexer


def test_pygmentize_highlights_a_record():
    pygmentize = Path(sys.executable).parent / "pygmentize"
    record = FIXTURES / "examples" / "scoundrel-win.dgn"
    done = subprocess.run([str(pygmentize), "-l", "dgn", "-f", "html", str(record)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert '<span class="nt">Game</span>' in done.stdout and '<span class="no">Td</span>' in done.stdout


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(FIXTURES)) for p in FILES])
def test_every_token_of_every_fixture_has_a_type(path):
    text = path.read_bytes().decode("utf-8", "replace")
    lexer = get_lexer_by_name("dgn", stripnl=False, ensurenl=False)
    tokens = list(lexer.get_tokens_unprocessed(text))
    assert "".join(piece for _, _, piece in tokens) == text
    assert not [piece for _, kind, piece in tokens if kind in Error]
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.lstrip("\ufeff \t")
        pieces = [(kind, piece) for kind, piece in _line_tokens(lexer, line)]
        if stripped.startswith("#"):
            assert pieces[-1][0] in Comment and pieces[-1][1] == stripped, (path, number)
        elif stripped.startswith("[") and re.match(r'\[[A-Za-z]\w*\s+"', stripped):
            assert any(kind in Name.Tag for kind, _ in pieces) and any(kind in String for kind, _ in pieces), (path, number)


def _line_tokens(lexer, line: str):
    for _, kind, piece in lexer.get_tokens_unprocessed(line):
        if piece.strip():
            yield kind, piece


def test_cards_and_actions_are_told_apart():
    lexer = get_lexer_by_name("dgn")
    tokens = [(kind, piece) for kind, piece in lexer.get_tokens("2. (Kc) As Ks Qc : xKc 7c+6d ^Qh run {hp=3}\n") if piece.strip()]
    cards = [piece for kind, piece in tokens if kind in Name.Constant]
    assert cards == ["Kc", "As", "Ks", "Qc", "Kc", "7c", "6d", "Qh"]
    assert ("Token.Keyword", "run") in [(str(k), p) for k, p in tokens]
    assert [p for k, p in tokens if k in Name.Attribute] == ["{hp=3}"]


def test_the_docs_dgn_fences_lex_without_an_error():
    lexer = get_lexer_by_name("dgn")
    fences = []
    for doc in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        fences += re.findall(r"^```dgn\n(.*?)^```", doc.read_text(encoding="utf-8"), re.M | re.S)
    assert fences
    for fence in fences:
        assert not [p for k, p in lexer.get_tokens(fence) if k in Error]


def test_a_variation_s_brackets_and_numbers_are_told_from_a_carried_card():
    """NOTATION.md section 9: on a continuation line '(' and ')' are a variation's, and
    '3.' or '7...' a move's number, while Scoundrel's '(3c)' is still a carried card."""
    kinds = lambda line: [(kind, text) for _, kind, text in lex_line(line) if kind != "text"]  # noqa: E731
    assert kinds("  ( 3. (3c) 4c : run  # why") == [
        ("punctuation", "("),
        ("number", "3."),
        ("action", "("),
        ("card", "3c"),
        ("action", ")"),
        ("card", "4c"),
        ("punctuation", ":"),
        ("action", "run"),
        ("comment", "# why"),
    ]
    assert kinds("    4. 9s : x9s {hp=3} ) )")[-3:] == [("checkpoint", "{hp=3}"), ("punctuation", ")"), ("punctuation", ")")]
    assert kinds("  (5. 9s : run)") == [
        ("punctuation", "("),
        ("number", "5."),
        ("card", "9s"),
        ("punctuation", ":"),
        ("action", "run"),
        ("punctuation", ")"),
    ]
    assert kinds("7... x7h")[0] == ("number", "7...")


def test_a_position_tag_its_rest_of_a_turn_and_a_variation_are_highlighted():
    """NOTATION.md section 9 in the Pygments lexer: the Position tag is a tag, its whole
    value one string (its key=value words are no moves), ``2...`` a move's number, and a
    variation's brackets punctuation."""
    lexer = get_lexer_by_name("dgn", stripnl=False, ensurenl=False)
    value = '"turn=2 hp=16 weapon=7d/3s left=37 room=Qs,5h,2c dungeon=(As,2s) discard=9s,9c ran=no resolved=1 drank=no"'
    assert list(_line_tokens(lexer, f"[Position {value}]")) == [
        (Punctuation, "["),
        (Name.Tag, "Position"),
        (String.Double, value),
        (Punctuation, "]"),
    ]
    assert list(_line_tokens(lexer, "2... Qs 5h"))[0] == (Number, "2...")
    kinds = list(_line_tokens(lexer, "  ( 3. (2c) 8d Ac 4h : run )"))
    assert kinds[0] == (Punctuation, "(") and kinds[1] == (Number, "3.") and kinds[-1] == (Punctuation, ")")
