"""The kit a game is written with: everything a game's own modules may import from the
tool, and nothing that knows which games there are.

A game's package imports this kit, the plumbing (``dungeon_cli.plumbing``: reading and
writing files) and the notation, never the registry, the engine, the services or a
front end: pyproject.toml's layers contract and tests/games/test_game_imports.py hold it to
that. Nothing here is imported on import of the package itself, so a game pays only for
the modules it uses.
"""
