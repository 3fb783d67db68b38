"""Text that came from a file, made safe to print.

A record is written by someone else: a tag or comment may hold terminal escapes (an
OSC that sets the window title or writes the clipboard, a screen clear), a line end
that would split a diagnostic, or, for a spreadsheet, a cell that starts with ``=``.
Everything a command prints that came from a file (or a file's name) goes through here
first, whatever the output format.
"""

from __future__ import annotations

import re
from typing import Any

from notation.model import printable

# tabulate formats whose columns are separated by '|': a '|' in a cell would add one
PIPE_FORMATS = {"github", "pipe", "orgtbl", "jira", "presto", "psql", "pretty", "textile", "youtrack", "moinmoin"}
# tabulate formats a spreadsheet opens as cells (tab-separated values): guarded as CSV is
SPREADSHEET_FORMATS = {"tsv"}
# tabulate formats of wiki markup: a '|' starts a cell, '[[' a link or an image, '{{' a
# template; each such character is written as a character reference, which the wiki shows
# as the character and never reads as markup
WIKI_FORMATS = {"mediawiki"}
_WIKI_MARKUP = str.maketrans({c: f"&#{ord(c)};" for c in "&<>|[]{}'~"})
_NUMBER = re.compile(r"-?[0-9]+(\.[0-9]+)?%?")


def safe(text: Any) -> str:
    """One line: control and format characters (``\\x1b``, ``\\n``, ``\\u202e``) escaped."""
    return printable(str(text))


def safe_lines(text: str) -> str:
    """Several lines: each made safe, the line ends kept."""
    return "\n".join(printable(line) for line in text.split("\n"))


def table_cell(value: Any, fmt: str) -> Any:
    if not isinstance(value, str):
        return value
    if fmt in SPREADSHEET_FORMATS:
        return csv_cell(value)
    value = printable(value)
    if fmt in PIPE_FORMATS:
        value = value.replace("|", "\\|")
    elif fmt in WIKI_FORMATS:
        value = value.translate(_WIKI_MARKUP)
    return value


def csv_cell(value: Any) -> Any:
    """A cell a spreadsheet will not run as a formula (OWASP: a leading ``=``, ``+``,
    ``-``, ``@``, tab or carriage return gets a ``'`` in front; numbers stay numbers).
    Spaces before it count for nothing: a spreadsheet (and tabulate's ``tsv``) drops them."""
    if not isinstance(value, str):
        return value
    value = printable(value)
    if value.lstrip()[:1] in ("=", "+", "-", "@", "\t", "\r") and not _NUMBER.fullmatch(value):
        value = "'" + value
    return value
