"""The adaptors' tests need their extras: without one, they are skipped, saying how to
install it; CI (.ci/run) sets DUNGEON_ADAPTOR_TESTS=required, which makes a missing
extra a failure, so that CI never passes by skipping them."""

from __future__ import annotations

import importlib
import os

import pytest

REQUIRED = os.environ.get("DUNGEON_ADAPTOR_TESTS") == "required"
EXTRAS = {"openspiel": "pyspiel", "gym": "gymnasium"}


def need(extra: str) -> None:
    """Skip (or, in CI, fail) the calling test module unless ``extra`` is installed."""
    module = EXTRAS[extra]
    try:
        importlib.import_module(module)
        return
    except ImportError:
        pass
    reason = f"the '{extra}' extra is not installed ({module} is missing): pip install -e '.[{extra}]'"
    if REQUIRED:
        pytest.fail(f"DUNGEON_ADAPTOR_TESTS=required, but {reason}", pytrace=False)
    pytest.skip(reason, allow_module_level=True)
