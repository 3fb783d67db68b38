"""What the language server says, made safe: a record's and a card set's text reaches an
editor's hover (Markdown), outline and completion with no control character raw and no
way to close the hover's code block (issue 41, items 3 and 4). In-process: the modules
behind ``dungeon lsp`` answer in plain data."""

from __future__ import annotations

import re

from conftest import EXAMPLES

from dungeon_cli.lsp import hover, symbols
from dungeon_cli.lsp.document import Document

RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")
FORGED = "Rat\x1b]0;owned\x07\u202e\n```\n![x](http://example.com/x.png)\n````"


def _fenced(value: str) -> str:
    """The text inside a Markdown code block, checked to be one block."""
    fence = re.match("`{3,}", value)
    assert fence is not None, value
    head, _, rest = value.partition("\n")
    body, _, tail = rest.rpartition("\n")
    assert head == fence.group() + "text" and tail == fence.group(), value
    assert not any(line.startswith(fence.group()) for line in body.split("\n")), value  # nothing closes it early
    return body


def test_hover_shows_a_boards_text_escaped_inside_one_code_block(monkeypatch):
    doc = Document((EXAMPLES / "scoundrel-win.dgn").read_text())
    module = doc.verdicts[0].module
    assert module is not None
    monkeypatch.setattr(module, "render", lambda state: f"monster: {FORGED}")
    text = hover.hover(doc, 6, 3)
    assert text is not None and "after move 2:" in text
    assert not RAW.search(text), text
    body = _fenced(hover.markdown(text))
    assert "\\x1b]0;owned\\x07\\u202e" in body and body == text


def test_markdown_fences_with_more_backticks_than_the_text_holds():
    for text in ("plain", "```", "a\n```\nb", "`" * 10):
        assert _fenced(hover.markdown(text)) == text


def test_symbols_of_tags_with_escapes_are_shown_escaped():
    doc = Document('[Game "scoundrel\x1b[31m"]\n[Seed "7\u202e"]\n[Result "win\x07 3"]\n\n1. 9s 5d 4h Kc : run\x1b[2J\n')
    (record,) = symbols.symbols(doc)
    shown = [record.name, record.detail, *(c.name for c in record.children), *(c.detail for c in record.children)]
    assert record.name == "scoundrel\\x1b[31m (seed 7\\u202e)", shown
    assert not any(RAW.search(s) for s in shown), shown


def test_semantic_tokens_measure_each_character_of_a_line_once(monkeypatch):
    """A 60 KB line of 20,000 cards took 50 s: every token's column was measured from the
    line's start. Counted, not timed: the characters measured are the line's."""
    from dungeon_cli.lsp import semantic

    measured = []

    def counting(text: str) -> int:
        measured.append(len(text))
        return len(text) + sum(ord(ch) > 0xFFFF for ch in text)

    monkeypatch.setattr(semantic, "utf16_length", counting)
    line = "1. " + "9s 🂡 " * 5_000
    data = semantic.encode(['[Game "scoundrel"]', line])
    starts, column = [], 0
    for i in range(0, len(data), 5):
        column = data[i + 1] if data[i] else column + data[i + 1]
        starts.append(column)
    assert starts[-1] == len(line.encode("utf-16-le")) // 2 - len("🂡 ") * 2 + 1  # UTF-16 columns, as before
    assert sum(measured) <= 2 * (len(line) + 20), sum(measured)
