"""Writing diagnostics as text (``file:line:col: error: message``), JSON, or GitHub
workflow annotations: for every command, a game's own commands included (so it is
not part of the CLI package, which no game imports)."""

from __future__ import annotations

from typing import Any, TextIO

from notation import Diagnostic
from notation.model import printable

# A JSON object as a command writes it (or a file gives it): its values are whatever
# JSON holds, so Any is their honest type.
JsonObject = dict[str, Any]


def text_line(path: str, diag: Diagnostic) -> str:
    return f"{printable(path)}:{diag.line}:{diag.col}: {diag.severity}: {printable(diag.message)}"


def _gh_data(value: str) -> str:
    """GitHub's own escapes for ``%``, CR and LF (the runner turns them back), then any
    other control character shown escaped, as in every output: a log is read in a
    terminal too."""
    value = value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return printable(value)


def _gh_property(value: str) -> str:
    return _gh_data(value).replace(":", "%3A").replace(",", "%2C")


def github_line(path: str, diag: Diagnostic) -> str:
    return f"::{diag.severity} file={_gh_property(path)},line={diag.line},col={diag.col}::{_gh_data(diag.message)}"


def diag_json(path: str, diag: Diagnostic) -> dict[str, Any]:
    return {"file": path, "line": diag.line, "column": diag.col, "severity": diag.severity, "message": diag.message}


def dump_json(data: Any, out: TextIO) -> None:
    import json

    json.dump(data, out, indent=2, ensure_ascii=True)  # no escape from a file reaches a terminal
    out.write("\n")
