"""parsimonious, loaded with the standard library's ``re``.

parsimonious uses the third-party ``regex`` module when it can and falls back to the
standard library's ``re`` otherwise (a fallback its authors keep on purpose). The DGN
grammar needs nothing ``re`` lacks, and importing ``regex`` costs more time than the
rest of a ``dungeon verify`` run, so it is hidden while parsimonious loads. Every import
of parsimonious in this package goes through here.
"""

import sys

_hide_regex = "regex" not in sys.modules
if _hide_regex:
    sys.modules["regex"] = None  # type: ignore[assignment]
try:
    from parsimonious.exceptions import ParseError
    from parsimonious.grammar import Grammar
finally:
    if _hide_regex:
        del sys.modules["regex"]

__all__ = ["Grammar", "ParseError"]
