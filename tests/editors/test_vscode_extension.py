"""The VS Code extension (editors/vscode/): its TextMate grammar run by the engine VS
Code runs (npm's vscode-textmate on vscode-oniguruma) over every fixture, each card,
action, tag, tag value, comment and checkpoint checked against the notation's own
lexer (``notation.highlight``, which dungeon lsp's semantic tokens come from); and the
extension packaged to a .vsix with @vscode/vsce."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import zipfile

import pytest
from conftest import FIXTURES, ROOT
from editor_tools import need

from notation.highlight import lex_line

EXTENSION = ROOT / "editors" / "vscode"
FILES = sorted(FIXTURES.rglob("*.dgn"))
SCOPES = {
    "card": ("constant.language.card.dgn",),
    "action": ("keyword.other.action.dgn",),
    "tag": ("entity.name.tag.dgn",),
    "value": ("string.quoted.double.dgn",),
    "comment": ("comment.line.number-sign.dgn",),
    "checkpoint": ("meta.checkpoint.dgn",),
    "number": ("constant.numeric.move.dgn", "keyword.other.deal.dgn"),
}


@pytest.fixture(scope="module")
def node_modules():
    need(shutil.which("node") is not None and shutil.which("npm") is not None, "node and npm")
    need((EXTENSION / "node_modules" / "vscode-textmate").is_dir(), "editors/vscode/node_modules (npm ci in editors/vscode)")
    return EXTENSION / "node_modules"


def _utf16(text: str) -> int:
    return sum(2 if ord(ch) > 0xFFFF else 1 for ch in text)


def test_every_piece_of_every_fixture_gets_its_scope(node_modules):
    done = subprocess.run(
        ["node", str(EXTENSION / "test" / "tokenize.js"), *map(str, FILES)], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    tokens = json.loads(done.stdout)
    checked = dict.fromkeys(SCOPES, 0)
    for path in FILES:
        text = path.read_bytes().decode("utf-8", "replace")
        lines = re.split(r"\r\n|\n", text)
        assert len(tokens[str(path)]) == len(lines)
        for number, (line, got) in enumerate(zip(lines, tokens[str(path)]), 1):
            for offset, kind, piece in lex_line(line):
                if kind not in SCOPES:
                    continue
                start = _utf16(line[:offset])
                end = start + _utf16(piece)
                covering = [scopes for a, b, scopes in got if a < end and b > start]
                assert covering, (path, number, piece)
                for scopes in covering:
                    assert any(s in scopes for s in SCOPES[kind]), (str(path), number, kind, piece, scopes)
                checked[kind] += 1
    assert all(checked.values()), checked  # every kind was met


def test_the_extension_packages_to_a_vsix(node_modules, tmp_path):
    out = tmp_path / "dgn.vsix"
    done = subprocess.run(
        [str(node_modules / ".bin" / "vsce"), "package", "--out", str(out)],
        cwd=EXTENSION,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    names = zipfile.ZipFile(out).namelist()
    for needed in ("package.json", "extension.js", "language-configuration.json", "syntaxes/dgn.tmLanguage.json"):
        assert f"extension/{needed}" in names
    assert "extension/node_modules/vscode-languageclient/package.json" in names  # the client ships
    assert not [n for n in names if n.startswith("extension/test/") or "/vsce/" in n or "vscode-textmate" in n]
    manifest = json.loads(zipfile.ZipFile(out).read("extension/package.json"))
    assert manifest["contributes"]["languages"][0]["extensions"] == [".dgn"]


def test_the_client_starts_dungeon_lsp_and_the_configuration_names_the_comment():
    """What the extension asks of VS Code, read as VS Code reads it."""
    package = json.loads((EXTENSION / "package.json").read_text())
    settings = package["contributes"]["configuration"]["properties"]
    assert settings["dungeon.lsp.command"]["default"] == "dungeon" and settings["dungeon.lsp.args"]["default"] == ["lsp"]
    assert "vscode-languageclient/node" in (EXTENSION / "extension.js").read_text()
    config = json.loads((EXTENSION / "language-configuration.json").read_text())
    assert config["comments"] == {"lineComment": "#"}
    assert ["[", "]"] in config["brackets"] and ["{", "}"] in config["brackets"]
    assert "lsp" in __import__("dungeon_cli.cli", fromlist=["COMMANDS"]).COMMANDS
