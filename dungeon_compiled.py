"""Whether this install runs compiled, and the fallback to the pure source when it cannot.

A compiled wheel (setup.py, ``DUNGEON_MYPYC=1``) holds the hot modules twice: as
extension modules made by mypyc and as the Python sources they were made from. Python
imports the extension where there is one. The extensions share one runtime library,
``dungeon__mypyc``: if it does not load (a wheel for another Python, a library of the
system missing, a file lost), no compiled module can, and a half-compiled mix would be
worse than none (compiled code checks its arguments against the compiled classes). So
``check()``, called by ``dungeon_cli`` and ``notation`` before they import anything
compiled, loads the runtime once; where it fails, it says so once on stderr and puts a
path hook first that imports both packages from their sources alone: the program runs
pure, slower, and ``dungeon --version`` says ``compiled: no`` with the reason.

This module is never compiled, and imports nothing but the standard library.
"""

from __future__ import annotations

import os
import sys

RUNTIME = "dungeon__mypyc"
# A module every compiled wheel compiles (setup.py's MYPYC_MODULES): its extension's
# presence tells a compiled install from a pure one before anything is imported.
WITNESS = ("notation", "reader")
PACKAGES = ("dungeon_cli", "notation")

# None until check() has run; then True (compiled modules in use) or False.
COMPILED: bool | None = None
# Why a compiled install runs pure ("" where it does not, or is pure by build).
FALLBACK_REASON = ""


def _here() -> str:
    return os.path.dirname(os.path.abspath(__file__))


def _has_extensions(where: str) -> bool:
    from importlib.machinery import EXTENSION_SUFFIXES

    base = os.path.join(where, *WITNESS)
    return any(os.path.exists(base + suffix) for suffix in EXTENSION_SUFFIXES)


def _source_only(roots: tuple[str, ...]) -> None:
    """Every directory of the packages found from here on imports .py (and its bytecode),
    never an extension module."""
    from importlib.machinery import BYTECODE_SUFFIXES, SOURCE_SUFFIXES, FileFinder, SourceFileLoader, SourcelessFileLoader

    def hook(path: str) -> FileFinder:
        full = os.path.abspath(path)
        if not any(full == root or full.startswith(root + os.sep) for root in roots):
            raise ImportError("not a directory of dungeon's packages")
        return FileFinder(full, (SourceFileLoader, SOURCE_SUFFIXES), (SourcelessFileLoader, BYTECODE_SUFFIXES))

    sys.path_hooks.insert(0, hook)
    for path in list(sys.path_importer_cache):
        if any(os.path.abspath(path).startswith(root) for root in roots):
            del sys.path_importer_cache[path]


def check() -> bool:
    """True where the compiled modules are in use; the first call decides (and warns)."""
    global COMPILED, FALLBACK_REASON
    if COMPILED is not None:
        return COMPILED
    COMPILED = False
    where = _here()
    if not _has_extensions(where):  # a pure install: a few stat calls, and nothing else to do
        return False
    if os.environ.get("DUNGEON_PURE") == "1":
        reason = "DUNGEON_PURE=1"
    else:
        try:
            __import__(RUNTIME)
        except ImportError as exc:
            reason = f"{type(exc).__name__}: {exc}"
        else:
            COMPILED = True
            return True
    FALLBACK_REASON = reason
    _source_only(tuple(os.path.join(where, package) for package in PACKAGES))
    if reason != "DUNGEON_PURE=1":
        print(
            f"dungeon: warning: the compiled modules did not load ({reason}); running the pure-Python modules, slower",
            file=sys.stderr,
        )
    return False


def describe() -> str:
    """What ``dungeon --version`` says after the version: ``compiled: yes`` or ``compiled: no``."""
    if check():
        return "compiled: yes"
    return f"compiled: no ({FALLBACK_REASON})" if FALLBACK_REASON else "compiled: no"


check()
