"""dungeon: play, record, verify and replay solo dungeon card and dice games in DGN.

As a library (docs/library.md): ``read_records(path_or_file)`` gives each record with
its game (``GameRecord``: ``.mainline()``, ``.variations``, ``.position``, ``.replay()``,
``.verify()``), and ``write(records)`` their canonical text. They load at their first
use, so that ``dungeon --version`` pays nothing for them.
"""

from typing import TYPE_CHECKING

# A compiled install whose extension modules cannot load runs pure, with a warning
# (dungeon_compiled.py): decided as it is imported, before any module of the package.
import dungeon_compiled  # noqa: F401  (importing it decides)

__version__ = "0.1.0"

if TYPE_CHECKING:
    from .services.library import GameRecord, RecordError, read_records, write

__all__ = ["GameRecord", "RecordError", "read_records", "write"]


def __getattr__(name: str) -> object:
    if name in __all__:
        from .services import library

        return getattr(library, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
