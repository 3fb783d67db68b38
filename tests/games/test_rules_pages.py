"""The full rules pages ship with the package (an installed wheel has no docs/), stay
the same as docs/, and `dungeon rules GAME --full` prints them; no help text points to
a docs/ file."""

from __future__ import annotations

import pytest
from conftest import GAME_PAGES, ROOT

from dungeon_cli import registry

GAMES = ROOT / "dungeon_cli" / "games"


def test_each_rules_page_is_one_file_the_docs_link_to():
    """Issue 24: each page was kept twice (docs/rules/GAME.md and a byte-identical copy
    in the package). The page in the game's package is the one copy: it ships with the
    wheel and sits beside the rules core it states; README.md links to it, and no other
    page of the repository holds its text."""
    shipped = {page.relative_to(ROOT).as_posix(): page.read_text(encoding="utf-8") for page in GAME_PAGES}
    assert not (ROOT / "docs" / "rules").exists()
    # (not the virtualenvs, .venv-compiled's included, nor what builds leave in build/ and dist/)
    made = (".git", "build", "dist")
    others = [
        p
        for p in ROOT.rglob("*.md")
        if p not in GAME_PAGES and not any(part.startswith(".venv") or part in made for part in p.relative_to(ROOT).parts)
    ]
    for other in others:
        text = other.read_text(encoding="utf-8", errors="replace")
        for name, page in shipped.items():
            assert page.split("\n## ", 1)[-1][:400] not in text, f"{other.relative_to(ROOT)} copies {name}"
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for game in registry.names():
        module = registry.get(game)
        package = type(module.game).__module__.rpartition(".")[0]
        if package.startswith("dungeon_cli.games."):
            for page in module.pages:
                assert f"({package.replace('.', '/')}/{page})" in readme, f"README.md does not link to {game}'s {page}"


@pytest.mark.parametrize("game", registry.names())
def test_rules_full_prints_the_page(run, game):
    result = run(["rules", game, "--full"])
    assert result.exit_code == 0
    module = registry.get(game)
    if module.pages:
        assert len(result.stdout.splitlines()) > 20
    else:  # a game that ships no page (the test suite's toy) says so
        assert "has no longer rules page than this" in result.stdout
    assert "docs/" not in run(["rules", game]).stdout


def test_no_help_points_into_docs(run):
    from dungeon_cli.cli import COMMANDS

    for name in COMMANDS:
        assert "docs/" not in run([name, "--help"]).stdout, name


# The wheel holds every page: tests/project/test_package.py, which builds the release.
