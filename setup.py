"""The compiled build, opt-in (issue 37), as black built its wheels with mypyc.

Everything else about the package is in pyproject.toml; this file adds the compiled
modules alone, and only when asked: ``DUNGEON_MYPYC=1`` in the environment, or the build
setting ``-C mypyc=1`` (pip wheel, python -m build; build_backend/dungeon_build.py turns it
into the variable and asks for mypy as a build requirement). Without it, nothing here
runs and the wheel is pure Python, built with no compiler: ``pip install .``, ``make play``
and ``make test`` stay as they were.

The compiled wheel holds both the extension modules and the sources they are compiled
from (the sources are the reference, and the fallback: dungeon_compiled.py). The modules
compiled are the hot path of reading, walking and judging a record (``MYPYC_MODULES``);
``make bench`` measures what they give.

``DUNGEON_MYPYC=1``: a build in which mypyc or the C compiler fails says why and makes the
pure wheel. ``DUNGEON_MYPYC=required`` (the release recipe, ``make test-compiled``): such a
build fails.
"""

from __future__ import annotations

import glob
import os
import sys

from setuptools import setup

HERE = os.path.dirname(os.path.abspath(__file__))

# The hot modules (issue 37): the notation's reader and model; the kit's core, piles,
# cards and a notation's defaults; the engine's walk and record; the referee; every game's
# rules and notation, RPG solitaire's map and Cassette Dungeons!' decks and card set.
# Package __init__ files stay pure (the fallback check runs in them). Compiled State,
# Game, Notation, Frozen and Illegal still take interpreted subclasses (the suite's toy
# game, a game installed from outside). Not the notation's tokens: its module __getattr__ (patterns
# compiled at first use) is called by mypyc's own import machinery before the module's
# globals exist, and crashes there.
MYPYC_MODULES = [
    "notation/model.py",
    "notation/text_lines.py",
    "notation/reader.py",
    "dungeon_cli/kit/cards.py",
    "dungeon_cli/kit/piles.py",
    "dungeon_cli/kit/core.py",
    "dungeon_cli/engine/record.py",
    "dungeon_cli/engine/walk.py",
    "dungeon_cli/services/referee.py",
    *(
        f"dungeon_cli/games/{game}/{part}.py"
        for game in ("cassette_dungeons", "clear_the_dungeon", "rpg_solitaire", "scoundrel")
        for part in ("notation", "rules")
    ),
    "dungeon_cli/games/rpg_solitaire/grid.py",  # the rules' map: a quarter of an RPG verify, interpreted
    "dungeon_cli/kit/game_module.py",  # a notation's defaults: reading a deal, a card
    "dungeon_cli/games/cassette_dungeons/decks.py",  # its piles
    "dungeon_cli/games/cassette_dungeons/cardset.py",  # its cards' faces and piles, asked at every draw
]

# The extension modules share one runtime library, dungeon__mypyc: the fallback looks for it by name.
MYPYC_GROUP = "dungeon"


def _requested() -> str:
    value = os.environ.get("DUNGEON_MYPYC", "").strip().lower()
    if value in ("", "0", "no", "false", "off"):
        return ""
    if value in ("1", "yes", "true", "on"):
        return "yes"
    if value == "required":
        return "required"
    sys.exit(f"setup.py: DUNGEON_MYPYC={value!r}: say 1 (compile, or build pure if that fails) or required")


def _warn(why: str) -> None:
    print(f"warning: dungeon: the compiled build failed ({why}); building the pure-Python wheel", file=sys.stderr)


def _compiled_modules(requested: str) -> list:
    """The extension modules, made by mypyc (C sources under build/): run by build_ext
    alone, so that reading the metadata or building the sdist costs no compilation."""
    try:
        from mypyc.build import mypycify
    except ImportError as exc:
        if requested == "required":
            raise
        _warn(f"mypyc is not installed: {exc}")
        return []
    old = os.getcwd()
    os.chdir(HERE)  # mypyc names the modules from paths relative to the current directory
    try:
        extensions = mypycify(
            MYPYC_MODULES,
            opt_level=os.environ.get("MYPYC_OPT_LEVEL", "3"),
            debug_level=os.environ.get("MYPYC_DEBUG_LEVEL", "0"),
            group_name=MYPYC_GROUP,
            multi_file=True,  # several C files, so that build_ext --parallel uses every core
        )
        # A module's small extension includes the shared library's headers: where they
        # change, it is built again (else a stale one crashes at import).
        headers = sorted(glob.glob(os.path.join(HERE, "build", "*.h")))
        for extension in extensions:
            extension.depends = [*extension.depends, *headers]
        return extensions
    except (Exception, SystemExit) as exc:  # mypyc reports a type error by SystemExit
        if requested == "required":
            raise
        _warn(f"mypyc: {exc}")
        return []
    finally:
        os.chdir(old)


def _build_ext(requested: str) -> type:
    """build_ext that asks mypyc for the extensions when it runs, builds them in
    parallel, and (unless required) leaves the wheel pure where mypyc or the C compiler fails."""
    from setuptools.command.build_ext import build_ext

    class BuildExt(build_ext):
        def finalize_options(self) -> None:
            # egg_info and sdist ask build_ext for its sources: the stand-in has none, and
            # mypyc runs for a build alone (in an isolated build, mypy is not there before).
            if not set(self.distribution.commands) <= {"egg_info", "sdist", "dist_info"}:
                self.distribution.ext_modules = _compiled_modules(requested)
            super().finalize_options()
            if self.parallel is None:
                self.parallel = os.cpu_count() or 1

        def run(self) -> None:
            # An extension of a module no longer compiled, left in build/ by an earlier
            # build, would go into the wheel and shadow the module's source.
            wanted = {os.path.abspath(path) for path in self.get_outputs()}
            for found in glob.glob(os.path.join(self.build_lib, "**", "*.so"), recursive=True):
                if os.path.abspath(found) not in wanted:
                    os.remove(found)
            try:
                super().run()
            except Exception as exc:
                if requested == "required":
                    raise
                _warn(f"the C compiler: {exc}")
                self.extensions = self.distribution.ext_modules = []

    return BuildExt


REQUESTED = _requested()
if REQUESTED:
    from setuptools import Extension

    # A stand-in until build_ext runs: the wheel is a platform wheel (cp311-...-linux).
    setup(ext_modules=[Extension(f"{MYPYC_GROUP}__mypyc", sources=[])], cmdclass={"build_ext": _build_ext(REQUESTED)})
else:
    setup()
