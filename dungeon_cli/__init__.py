"""dungeon: play, record, verify and replay solo dungeon card and dice games in DGN."""

__version__ = "0.1.0"
