"""The tool for a person at a terminal and for scripts: playing, replaying, summing up.

Everything here works through the rules-core interface (``core``) and a game's
``GameModule`` only, so a game added to the registry gets all of it unchanged. Modules
that need prompt-toolkit or tabulate import them themselves; nothing that ``dungeon
verify`` loads imports this package.
"""
