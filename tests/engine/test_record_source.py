"""What a record names relative to itself is found beside it; checkpoints follow moves."""

from __future__ import annotations

import shutil
from pathlib import Path

from conftest import FIXTURES, ROOT, run_subprocess

DEFAULT_SET = ROOT / "dungeon_cli" / "games" / "cassette_dungeons" / "sets" / "default.toml"


def _record_with_set(tmp_path: Path, set_path: str) -> Path:
    legal = sorted((FIXTURES / "cassette-dungeons" / "legal").glob("*.dgn"))[0]
    text = legal.read_text(encoding="utf-8").replace(
        '[Game "cassette-dungeons"]', f'[Game "cassette-dungeons"]\n[Cards "{set_path}"]', 1
    )
    path = tmp_path / "records" / "game.dgn"
    path.parent.mkdir()
    path.write_text(text, encoding="utf-8")
    (tmp_path / "records" / "sets").mkdir()
    shutil.copy(DEFAULT_SET, tmp_path / "records" / "sets" / "mine.toml")
    return path


def test_a_card_set_path_is_read_beside_the_record(tmp_path):
    path = _record_with_set(tmp_path, "sets/mine.toml")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    proc = run_subprocess(["verify", str(path)], cwd=elsewhere)
    assert proc.returncode == 0, proc.stdout


def test_a_record_on_stdin_reads_its_card_set_from_the_working_directory(tmp_path):
    path = _record_with_set(tmp_path, "sets/mine.toml")
    away = run_subprocess(["verify", "-"], input=path.read_bytes(), cwd=tmp_path)
    assert away.returncode == 1
    assert b"card set sets/mine.toml: " in away.stdout
    beside = run_subprocess(["verify", "-"], input=path.read_bytes(), cwd=path.parent)
    assert beside.returncode == 0, beside.stdout


def test_annotate_writes_checkpoints_on_moves_not_on_the_deal_line(run, tmp_path):
    source = sorted((FIXTURES / "clear-the-dungeon" / "legal").glob("*.dgn"))[0]
    path = tmp_path / "game.dgn"
    shutil.copy(source, path)
    result = run(["fmt", "--annotate", str(path)])
    assert result.exit_code == 0
    lines = path.read_text(encoding="utf-8").splitlines()
    deal = [line for line in lines if line.startswith("deal:")]
    moves = [line for line in lines if line[:1].isdigit()]
    assert deal and "{" not in deal[0]
    assert moves and all("{dmg=" in line for line in moves)
