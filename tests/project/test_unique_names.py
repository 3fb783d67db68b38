"""No name said twice in the source tree: a module's file name says what it holds, in one
place only, and a class name means one class.

- Module and package names outside ``games/<game>/`` are all different: two modules
  called ``replay.py`` (the command and the shell's frames) made every traceback, every
  grep and every "go to file" ask which one. ``__init__`` and ``__main__`` are the only
  names a package may share.
- A game's own modules have the same names as another game's by design (``rules.py``,
  ``notation.py``, ``bots.py``: docs/architecture.md, "A game module"), but none takes
  the name of one of the tool's modules (a game's ``cards.py`` beside the kit's).
- Class names are unique across ``dungeon_cli/`` and ``notation/``, except that a game's
  class may share its name with another game's (each game is its own namespace: every
  game has a ``GreedyBot``), never with the tool's or another in the same game.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

from conftest import ROOT

PACKAGES = ("dungeon_cli", "notation")
SHARED = {"__init__", "__main__"}


def _game_of(path: Path, root: Path) -> str | None:
    """The game a file belongs to (``games/<game>/...``), else None."""
    parts = path.relative_to(root).parts
    if parts[:2] == ("dungeon_cli", "games") and len(parts) > 3:
        return parts[2]
    return None


def _sources(root: Path = ROOT) -> list[Path]:
    return sorted(p for package in PACKAGES for p in (root / package).rglob("*.py") if "__pycache__" not in p.parts)


def repeated_module_names(files: list[Path], root: Path = ROOT) -> dict[str, list[str]]:
    tool: dict[str, list[str]] = defaultdict(list)
    games: dict[str, list[str]] = defaultdict(list)
    for path in files:
        rel = path.relative_to(root)
        if path.stem in SHARED:
            if path.stem == "__init__" and len(rel.parts) > 2 and rel.parts[1] != "games":
                tool[path.parent.name].append(str(rel.parent) + "/")  # a package's name
            continue
        (games if _game_of(path, root) else tool)[path.stem].append(str(rel))
    found = {name: where for name, where in tool.items() if len(where) > 1}
    tool_modules = {name for name, where in tool.items() if any(w.endswith(".py") for w in where)}
    for name, where in games.items():
        if name in tool_modules:
            found[name] = tool[name] + where
    return found


def repeated_class_names(files: list[Path], root: Path = ROOT) -> dict[str, list[str]]:
    where: dict[str, list[tuple[str | None, str]]] = defaultdict(list)
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                where[node.name].append((_game_of(path, root), f"{path.relative_to(root)}:{node.lineno}"))
    found = {}
    for name, places in where.items():
        owners = [game for game, _ in places]
        tool = owners.count(None)
        per_game = [owners.count(game) for game in set(owners) if game is not None]
        if tool > 1 or (tool and len(owners) > 1) or any(n > 1 for n in per_game):
            found[name] = [place for _, place in places]
    return found


def test_no_module_name_is_repeated():
    assert repeated_module_names(_sources()) == {}


def test_no_class_name_is_repeated():
    assert repeated_class_names(_sources()) == {}


def test_the_checks_find_a_repeat(tmp_path):
    """Each rule fails on the repeat it is for (the tree of main before the floor had
    ``cli/replay.py`` and ``shell/replay.py``, and a ``Frame`` in each of two packages)."""
    files = {
        "dungeon_cli/cli/replay.py": "",
        "dungeon_cli/shell/__init__.py": "",
        "dungeon_cli/shell/replay.py": "class Frame: pass\n",
        "dungeon_cli/share/__init__.py": "",
        "dungeon_cli/share/frames.py": "class Frame: pass\n",
        "dungeon_cli/cli/share.py": "",
        "dungeon_cli/kit/cards.py": "",
        "dungeon_cli/games/one/cards.py": "class GreedyBot: pass\nclass Pick: pass\n",
        "dungeon_cli/games/one/bots.py": "class GreedyBot: pass\n",
        "dungeon_cli/games/two/bots.py": "class GreedyBot: pass\nclass Pick: pass\n",
        "dungeon_cli/games/two/rules.py": "class Frame: pass\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    sources = sorted((tmp_path / "dungeon_cli").rglob("*.py"))
    modules = repeated_module_names(sources, tmp_path)
    assert set(modules) == {"replay", "share", "cards"}
    classes = repeated_class_names(sources, tmp_path)
    assert set(classes) == {"Frame", "GreedyBot"}  # Pick: one in each of two games
