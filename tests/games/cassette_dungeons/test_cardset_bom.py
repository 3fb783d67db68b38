"""A card set (and a pyproject.toml) saved as UTF-8 with a byte-order mark, as some
Windows editors save, is read as the notation reads a record: the mark is no part of the
text (issue 41, item 25: it was "TOML syntax: Invalid statement" at 1:1)."""

from __future__ import annotations

from conftest import FIXTURES, ROOT

DEFAULT = ROOT / "dungeon_cli" / "games" / "cassette_dungeons" / "sets" / "default.toml"
BOM = b"\xef\xbb\xbf"
WIN = FIXTURES / "scoundrel" / "legal" / "runs.dgn"


def test_cards_check_and_a_record_naming_the_set_read_past_the_mark(run, tmp_path, monkeypatch):
    (tmp_path / "bom.toml").write_bytes(BOM + DEFAULT.read_bytes())
    monkeypatch.chdir(tmp_path)
    checked = run(["cards", "check", "bom.toml"])
    assert checked.exit_code == 0, checked.stdout
    assert "17 monsters, 8 treasures" in checked.stdout
    (tmp_path / "g.dgn").write_text('[Game "cassette-dungeons"]\n[Cards "bom.toml"]\n\ndeal: crypt\n')
    verified = run(["verify", "g.dgn"])
    assert verified.exit_code == 0 and verified.stdout == "", verified.stdout


def test_a_syntax_error_after_the_mark_is_placed_as_without_it(run, tmp_path):
    (tmp_path / "bad.toml").write_bytes(BOM + b"[monster\n")
    checked = run(["cards", "check", str(tmp_path / "bad.toml")])
    assert checked.exit_code == 1 and "bad.toml:1:9: error: TOML syntax" in checked.stdout, checked.stdout


def test_a_settings_file_with_the_mark_is_read(run, tmp_path, monkeypatch):
    (tmp_path / "pyproject.toml").write_bytes(BOM + b'[tool.dungeon]\nformat = "github"\n')
    (tmp_path / "bad.dgn").write_text('[Game "scoundrel"]\n\n1. 9s 9s 4h Kc : run\n')
    monkeypatch.chdir(tmp_path)
    result = run(["verify", "bad.dgn"])
    assert result.exit_code == 1 and result.stdout.startswith("::error file=bad.dgn"), result.output
    assert run(["verify", str(WIN)]).exit_code == 0
