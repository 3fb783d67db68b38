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
        assert result.stdout == registry.get(name).rules_text.rstrip() + "\n"
        assert "docs/" not in result.stdout  # an installed wheel has no docs/: `rules GAME --full`
    assert run(["rules", "chess"]).exit_code == 2


def test_games_lists_what_each_game_brings_as_its_module_names_it(run):
    from dungeon_cli import bots

    out = run(["games"]).stdout
    blocks = {block.split(":", 1)[0]: block for block in _blocks(out)}
    assert list(blocks) == registry.names()
    for name in registry.names():
        module = registry.get(name)
        assert f"  bots (dungeon sim --bot): {', '.join(bots.names(name))}\n" in blocks[name]
        exact = "  solver: dungeon solve (exact)\n"
        searched = "  solver: dungeon solve (searched: a win found is proven)\n"
        assert (exact if module.solver is not None else searched) in blocks[name]
        for command in module.commands:
            assert f"  command: dungeon {command}\n" in blocks[name]


def test_sim_and_solve_help_list_what_the_registry_holds(run):
    from dungeon_cli import bots, solver

    sim = run(["sim", "--help"]).stdout
    for name in registry.names():
        assert f"{name}  " in sim and ", ".join(bots.names(name)) in sim
    solve = " ".join(run(["solve", "--help"]).stdout.split())
    exact = solver.solvable()
    searched = [name for name in registry.names() if name not in exact]
    assert f"solved exactly: {', '.join(exact)} " in solve
    assert solve.endswith(f"undecided): {', '.join(searched)}")


def _blocks(text: str) -> list[str]:
    """``dungeon games`` output cut into one block per game (a game's line is not indented)."""
    out: list[str] = []
    for line in text.splitlines(keepends=True):
        if line.startswith(" ") and out:
            out[-1] += line
        else:
            out.append(line)
    return out
