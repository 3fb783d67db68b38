"""The build backend: setuptools' own, and a compiled build asked for by a build setting.

``pip wheel . -C mypyc=1`` or ``python -m build --wheel -C mypyc=1`` asks for the
compiled wheel as ``DUNGEON_MYPYC=1`` in the environment does (setup.py); ``-C
mypyc=required`` as ``DUNGEON_MYPYC=required`` does. Either way, in an isolated build,
mypy (with mypyc) is asked for as a build requirement: a pure build never installs it.
"""

from __future__ import annotations

import os
from typing import Any, Mapping, Optional

from setuptools import build_meta as _setuptools
from setuptools.build_meta import (  # noqa: F401  (the rest of the backend is setuptools')
    build_editable,
    build_sdist,
    get_requires_for_build_editable,
    get_requires_for_build_sdist,
    prepare_metadata_for_build_editable,
    prepare_metadata_for_build_wheel,
)

# The mypy whose mypyc compiles the release: the version `make lint` checks the code with.
MYPYC_REQUIREMENT = "mypy==2.4.1"

Settings = Optional[Mapping[str, Any]]


def _setting(config_settings: Settings) -> None:
    """A build setting mypyc=... becomes DUNGEON_MYPYC for setup.py (the backend's own process)."""
    value = (config_settings or {}).get("mypyc")
    if value is not None:
        os.environ["DUNGEON_MYPYC"] = str(value)


def _compiled() -> bool:
    return os.environ.get("DUNGEON_MYPYC", "").strip().lower() not in ("", "0", "no", "false", "off")


def get_requires_for_build_wheel(config_settings: Settings = None) -> list[str]:
    _setting(config_settings)
    requires = _setuptools.get_requires_for_build_wheel(config_settings)
    return [*requires, MYPYC_REQUIREMENT] if _compiled() else requires


def build_wheel(wheel_directory: str, config_settings: Settings = None, metadata_directory: Optional[str] = None) -> str:
    _setting(config_settings)
    return _setuptools.build_wheel(wheel_directory, config_settings, metadata_directory)
