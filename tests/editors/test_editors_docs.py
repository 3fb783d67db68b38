"""docs/editors.md: each editor's configuration is the one the tests run (Neovim's is
editors/neovim/dgn.lua, run by tests/editors/test_neovim.py), or, for an editor not on the test
machine (Helix, Emacs), held to how the server is started; its DGN example is a legal
record; README links the page."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tomllib

from conftest import ROOT

PAGE = ROOT / "docs" / "editors.md"


def _blocks(language: str) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```", PAGE.read_text(encoding="utf-8"), re.M | re.S)


def test_the_neovim_configuration_shown_is_the_one_tested():
    assert _blocks("lua") == [(ROOT / "editors" / "neovim" / "dgn.lua").read_text(encoding="utf-8")]


def test_the_helix_configuration_starts_dungeon_lsp_for_dgn_files():
    (block,) = _blocks("toml")
    config = tomllib.loads(block)
    (language,) = config["language"]
    assert language["file-types"] == ["dgn"] and language["comment-token"] == "#"
    assert language["language-servers"] == ["dungeon"]
    assert config["language-server"]["dungeon"] == {"command": "dungeon", "args": ["lsp"]}


def test_the_emacs_configuration_starts_dungeon_lsp_for_dgn_files():
    (block,) = _blocks("elisp")
    assert block.count("(") == block.count(")")
    assert '(dgn-mode . ("dungeon" "lsp"))' in block and "\\\\.dgn\\\\'" in block and "eglot-ensure" in block


def test_the_vscode_steps_name_the_package_vsce_writes():
    (steps,) = [b for b in _blocks("sh") if "vsce" in b]
    package = json.loads((ROOT / "editors" / "vscode" / "package.json").read_text())
    assert f"code --install-extension {package['name']}-{package['version']}.vsix" in steps


def test_the_pages_dgn_example_is_a_legal_record():
    (record,) = _blocks("dgn")
    done = subprocess.run(
        [sys.executable, "-m", "dungeon_cli", "verify", "-"], input=record, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_readme_links_the_page():
    assert "(docs/editors.md)" in (ROOT / "README.md").read_text(encoding="utf-8")
