"""parsimonious, loaded with the standard library's ``re``, without its grammar compiler.

parsimonious uses the third-party ``regex`` module when it can and falls back to the
standard library's ``re`` otherwise (a fallback its authors keep on purpose). The DGN
grammar needs nothing ``re`` lacks, and importing ``regex`` costs more time than the
rest of a ``dungeon verify`` run, so it is hidden while parsimonious loads.

The package's ``__init__`` imports ``parsimonious.grammar``, which builds parsimonious's
own rule grammar at import: about 5 ms of every ``dungeon`` run, spent on a compiler the
reader never uses (``grammar.py`` builds the DGN rules from parsimonious's expressions
directly). So the package is entered without running its ``__init__``: its submodules
import as usual, and the first use of a name the ``__init__`` defines (``from
parsimonious import Grammar``, ``parsimonious.NodeVisitor``) runs it then, in the same
module, so every other user of parsimonious sees the package it expects.

Likewise ``textwrap``, whose import compiles its wrapper's regular expressions (half a
millisecond): parsimonious's exceptions take its ``dedent`` for one error message of
theirs. While they load, ``textwrap`` stands for a module that imports the real one at
the first use of any of its names; after, ``import textwrap`` is the real module again.
Every import of parsimonious in this package goes through here.
"""

import sys
import types
from importlib.machinery import PathFinder  # loaded at start-up already, unlike importlib.util
from typing import Any, Callable

# The import system's table of modules, where None marks a name that cannot be imported
# (what hides ``regex``); typeshed types its values as modules only, hence Any.
_MODULES: dict[str, Any] = sys.modules


class _Deferred(types.ModuleType):
    """A package whose ``__init__`` runs at the first lookup of a name it defines."""

    __cached__: str

    def __getattr__(self, name: str) -> Any:
        spec = self.__spec__
        if spec is None or spec.loader is None:  # _enter_package sets both
            raise AttributeError(name)
        module: types.ModuleType = self
        module.__class__ = types.ModuleType  # from now on an ordinary module
        hide = "regex" not in sys.modules
        if hide:
            _MODULES["regex"] = None
        try:
            spec.loader.exec_module(self)
        finally:
            if hide:
                del sys.modules["regex"]
        return getattr(self, name)


class _LaterTextwrap(types.ModuleType):
    """``textwrap`` until something uses it: then the real module, imported then."""

    dedent: Callable[[str], str]

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):  # what the import system asks of a module (__path__)
            raise AttributeError(name)
        if sys.modules.get("textwrap") is self:
            del sys.modules["textwrap"]
        import textwrap

        return getattr(textwrap, name)


def dedent(text: str) -> str:
    """textwrap.dedent, imported at its first use."""
    from textwrap import dedent as _dedent

    return _dedent(text)


def _enter_package() -> None:
    if "parsimonious" in sys.modules:
        return
    spec = PathFinder.find_spec("parsimonious")
    if spec is None or spec.loader is None or spec.submodule_search_locations is None or not spec.has_location:
        return  # not a package in a directory of sys.path: import it the ordinary way
    # What importlib.util.module_from_spec sets on a package, without running it.
    package = _Deferred(spec.name)
    package.__spec__ = spec
    package.__loader__ = spec.loader
    package.__package__ = spec.name
    package.__path__ = spec.submodule_search_locations
    package.__file__ = spec.origin
    if spec.cached is not None:
        package.__cached__ = spec.cached
    sys.modules["parsimonious"] = package


_hide_regex = "regex" not in sys.modules
if _hide_regex:
    _MODULES["regex"] = None
_later_textwrap = None
if "textwrap" not in sys.modules:
    _later_textwrap = sys.modules["textwrap"] = _LaterTextwrap("textwrap")
    _later_textwrap.dedent = dedent
try:
    _enter_package()
    from parsimonious.exceptions import ParseError
    from parsimonious.expressions import Literal, Optional, Regex, Sequence, ZeroOrMore
finally:
    if _hide_regex:
        del sys.modules["regex"]
    if _later_textwrap is not None and sys.modules.get("textwrap") is _later_textwrap:
        del sys.modules["textwrap"]


def Grammar(*args: Any, **kwargs: Any) -> Any:  # noqa: N802 (the class it stands for; parsimonious is untyped)
    """parsimonious's ``Grammar`` (its compiler loads now)."""
    from parsimonious.grammar import Grammar as _Grammar

    return _Grammar(*args, **kwargs)


__all__ = ["Grammar", "Literal", "Optional", "ParseError", "Regex", "Sequence", "ZeroOrMore"]
