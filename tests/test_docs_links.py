"""README.md is also the package description and the first page of a fresh clone: every
link in it stays inside the repository and names a file that is there."""

from __future__ import annotations

import re

from conftest import DOC_PAGES, ROOT

LINK = re.compile(r"\]\(([^)\s]+)\)")


def _links(text: str) -> list[str]:
    return [m.group(1) for m in LINK.finditer(text)]


def test_readme_links_only_inside_the_repository():
    for target in _links((ROOT / "README.md").read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", target):  # https:, mailto:
            continue
        path = (ROOT / target.split("#")[0]).resolve()
        assert path.is_relative_to(ROOT), f"README.md links outside the repository: {target}"
        assert path.exists(), f"README.md links to a missing file: {target}"


def test_docs_link_to_files_that_exist():
    for page in [*DOC_PAGES[1:], ROOT / "notation" / "SPEC.md"]:
        for target in _links(page.read_text(encoding="utf-8")):
            if re.match(r"[a-z]+:", target) or target.startswith("#"):
                continue
            path = (page.parent / target.split("#")[0]).resolve()
            assert path.is_relative_to(ROOT), f"{page.name} links outside the repository: {target}"
            assert path.exists(), f"{page.name} links to a missing file: {target}"


def test_solver_times_are_said_once_in_docs_simulation():
    """README.md and docs/simulation.md gave two different solver medians (from two
    runs): the figures live in docs/simulation.md alone, and README.md links there."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    row = next(line for line in readme.splitlines() if line.startswith("| `dungeon solve`"))
    assert not re.search(r"[0-9.]+ s\b", row) and "docs/simulation.md#deals-perfect-play-wins" in row
    assert re.search(r"median [0-9.]+ s", (ROOT / "docs" / "simulation.md").read_text(encoding="utf-8"))
