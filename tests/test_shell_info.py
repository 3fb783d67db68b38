"""``dungeon games`` and ``dungeon rules``: what the tool knows, for every game."""

from __future__ import annotations

from dungeon_cli import registry


def test_games_lists_every_game_and_its_variants(run):
    out = run(["games"]).stdout
    for name in registry.names():
        game = registry.get(name).game
        assert f"{name}: {game.title}\n" in out
        for variant, text in game.variants.items():
            assert f'[Variant "{variant}"]  {text}' in out


def test_rules_prints_each_games_summary_and_refuses_an_unknown_game(run):
    for name in registry.names():
        result = run(["rules", name])
        assert result.exit_code == 0
        # a pointer into docs/ (which an installed wheel lacks) becomes `rules GAME --full`
        expected = registry.get(name).rules_text.rstrip().replace(f"docs/rules/{name}.md", f"dungeon rules {name} --full")
        assert result.stdout == expected + "\n"
    assert run(["rules", "chess"]).exit_code == 2
