"""Our games under other people's interfaces: OpenSpiel and Gymnasium.

Optional extras (``pip install 'dungeon-cli[openspiel]'``, ``[gym]``): nothing else of
the tool imports this package, so no command pays for either library. Every registered
game is adapted from the rules API alone (``core.State``: chance, legal actions, apply,
observation, resample) through one action encoding (``encoding.py``); a game has no
line of its own here. docs/research.md shows what a researcher writes.
"""
