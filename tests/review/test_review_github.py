"""GitHub workflow commands as GitHub documents them ("Workflow commands for GitHub
Actions"): ``::command key=value,key=value::message``; in the message ``%``, CR and LF
are escaped ``%25 %0D %0A``; in a property value ``:`` and ``,`` too (``%3A %2C``).
Read back the way the Actions runner parses them, every annotation ``verify`` and
``diff`` write gives back the path and message it was made of, on one line."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dungeon_cli.plumbing.report import github_line
from dungeon_cli.review.github import command, escape_data, escape_property
from notation import Diagnostic

_DATA = {"%25": "%", "%0D": "\r", "%0A": "\n"}
_PROPERTY = {**_DATA, "%3A": ":", "%2C": ","}


def _unescape(text: str, table: dict) -> str:
    return re.sub("%25|%0D|%0A|%3A|%2C", lambda m: table.get(m.group(), m.group()), text)


def parse(line: str) -> tuple[str, dict[str, str], str]:
    """As the runner reads a command: ``::``, up to the next ``::`` the command and its
    properties (the name ends at the first blank; properties split on ``,``, each at its
    first ``=``), then the message."""
    assert line.startswith("::") and "\n" not in line and "\r" not in line
    head, _, data = line[2:].partition("::")
    name, _, props = head.partition(" ")
    properties = {}
    for prop in props.split(",") if props else []:
        key, _, value = prop.partition("=")
        properties[key] = _unescape(value, _PROPERTY)
    return name, properties, _unescape(data, _DATA)


# What reads back as it was written: GitHub's escapes cover %, CR, LF, ':' and ','; any
# other control or format character, and any space but the plain one, is shown escaped, as
# everywhere (test below).
text = st.text(
    alphabet=st.characters(
        blacklist_categories=("Cs", "Cc", "Cf", "Cn", "Co", "Zs", "Zl", "Zp"), whitelist_characters="\r\n%:, "
    ),
    max_size=40,
)


def test_a_terminal_escape_in_an_annotation_is_shown_escaped():
    line = github_line("a\x1b[2Jb.dgn", Diagnostic(1, 1, "bad \x1b]0;title\x07"))
    assert "\x1b" not in line and "\x07" not in line
    assert "a\\x1b[2Jb.dgn" in line


@settings(max_examples=300)
@given(path=text, message=text)
def test_verify_annotations_read_back(path, message):
    diag = Diagnostic(3, 7, message)
    name, props, data = parse(github_line(path, diag))
    assert name == "error"
    assert props == {"file": path, "line": "3", "col": "7"}
    assert data == diag.message


@settings(max_examples=300)
@given(path=text, title=text, message=text)
def test_diff_annotations_read_back(path, title, message):
    name, props, data = parse(command("notice", message, file=path, line=12, title=title))
    assert name == "notice"
    assert props == {"file": path, "line": "12", "title": title}
    assert data == message


@pytest.mark.parametrize(
    "raw, data, prop",
    [
        ("100%", "100%25", "100%25"),
        ("a\r\nb", "a%0D%0Ab", "a%0D%0Ab"),
        ("x: y, z", "x: y, z", "x%3A y%2C z"),
        ("%0A", "%250A", "%250A"),  # an escape written in the input is not one
    ],
)
def test_the_documented_escapes(raw, data, prop):
    assert escape_data(raw) == data
    assert escape_property(raw) == prop


def test_a_path_and_a_record_that_would_break_an_annotation(run, tmp_path):
    path = tmp_path / "a,b:c\nd.dgn"
    path.write_text('[Game "scoundrel"]\n[Date "100%"]\n\n1. 9s 5d 4h Kc : 5d x9s 4h\n')
    out = run(["verify", "--format", "github", str(path)]).stdout
    (line,) = out.splitlines()
    name, props, data = parse(line)
    assert props["file"] == str(path) and props["line"] == "2"
    assert data == "Date is YYYY-MM-DD, not '100%'"
    other = tmp_path / "b.dgn"
    other.write_text('[Game "scoundrel"]\n[Date "2026-11-30"]\n\n1. 9s 5d 4h Kc : 5d x9s 4h\n')
    (line,) = run(["diff", "--format", "github", str(other), str(path)]).stdout.splitlines()
    name, props, data = parse(line)
    assert props["file"] == str(path) and props["title"] == "dungeon diff: the same moves"
    assert data == "the same moves; tags differ: Date '2026-11-30' -> '100%'"
