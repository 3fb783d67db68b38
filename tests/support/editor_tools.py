"""Whether an editor or tool the editor tests drive is here. Missing, a test skips and
says what to install; with DUNGEON_EDITOR_TESTS=required (.ci/run sets it, after
installing them) it fails instead, so CI never passes by skipping."""

from __future__ import annotations

import os

import pytest


def need(found: bool, what: str) -> None:
    if found:
        return
    if os.environ.get("DUNGEON_EDITOR_TESTS") == "required":
        pytest.fail(f"{what} is missing, and DUNGEON_EDITOR_TESTS=required")
    pytest.skip(f"{what} is missing")
