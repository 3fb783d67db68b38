"""The Pygments lexer of DGN, found by Pygments through the ``pygments.lexers`` entry
point (``pygmentize -l dgn``, Sphinx, MkDocs, a ```dgn fence). It is the notation's own
lexer (``notation.highlight``) in Pygments' token types; only Pygments imports it."""

from __future__ import annotations

from typing import Iterator

from pygments.lexer import Lexer
from pygments.token import Comment, Keyword, Name, Number, Punctuation, String, Text, _TokenType

from notation.highlight import lex_line

TOKENS = {
    "comment": Comment.Single,
    "tag": Name.Tag,
    "value": String.Double,
    "number": Number,
    "card": Name.Constant,
    "action": Keyword,
    "checkpoint": Name.Attribute,
    "punctuation": Punctuation,
    "text": Text,
}


class DgnLexer(Lexer):
    """DGN, the notation of dungeon's game records."""

    name = "DGN"
    aliases = ["dgn"]
    filenames = ["*.dgn"]
    mimetypes = ["text/x-dgn"]
    url = "https://example.org/you/dungeon"

    def get_tokens_unprocessed(self, text: str) -> Iterator[tuple[int, _TokenType, str]]:
        start = 0
        for line in text.splitlines(keepends=True):
            body = line.rstrip("\r\n")
            for offset, kind, piece in lex_line(body):
                yield start + offset, TOKENS[kind], piece
            if len(body) < len(line):
                yield start + len(body), Text.Whitespace, line[len(body) :]
            start += len(line)
