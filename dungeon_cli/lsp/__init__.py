"""``dungeon lsp``: DGN in an editor, by the code the commands use.

Every answer comes from the tool's own parts: the reader and the referee (the
diagnostics of ``dungeon verify``), the prompt's candidates (completion), the game's
board render (hover), the formatter (``dungeon fmt``). pygls is imported by ``server``
alone, which only ``dungeon lsp`` loads; the other modules answer in plain data.
"""
