"""A rules page (markdown, shipped in the game's package) as a reader at a terminal
reads it: a link is its words (the file it points to is not beside the reader; a web
address is kept, in brackets), a picture its description, a heading a line of its own
underlined, without the section number it has among the project's documents, and
bold without its stars. Code, in blocks or in backticks, is left as written."""

from __future__ import annotations

import re

_IMAGE = re.compile(r"!\[([^\]]*)\]\([^)\s]*(?:\s+\"[^\"]*\")?\)")
_LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]*)(?:\s+\"[^\"]*\")?\)")
_HEADING = re.compile(r"^(#{1,6})\s+(?:\d+(?:\.\d+)*\.?\s+)?(.*?)\s*#*\s*$")
_BOLD = re.compile(r"\*\*(\S(?:.*?\S)?)\*\*")
_CODE = re.compile(r"(`+)(.*?)\1")


def for_terminal(markdown: str) -> str:
    out: list[str] = []
    fenced = False
    for line in markdown.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            out.append(line)
            continue
        if fenced:
            out.append(line)
            continue
        heading = _HEADING.match(line)
        if heading:
            text = _inline(heading.group(2))
            out.append(text)
            out.append(("=" if len(heading.group(1)) <= 2 else "-") * len(text))
            continue
        out.append(_inline(line))
    return "\n".join(out)


def _inline(line: str) -> str:
    """Links, pictures and bold outside code spans."""
    parts = []
    last = 0
    for code in _CODE.finditer(line):
        parts.append(_words(line[last : code.start()]))
        parts.append(code.group(0))
        last = code.end()
    parts.append(_words(line[last:]))
    return "".join(parts)


def _words(text: str) -> str:
    text = _IMAGE.sub(lambda m: f"[picture: {m.group(1)}]" if m.group(1) else "", text)
    text = _LINK.sub(_link, text)
    return _BOLD.sub(r"\1", text)


def _link(match: re.Match[str]) -> str:
    words: str = match.group(1)
    target: str = match.group(2)
    if re.match(r"https?://", target):
        return f"{words} <{target}>"
    return words
