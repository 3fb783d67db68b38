"""README.md is also the package description and the first page of a fresh clone: every
link in it stays inside the repository and names a file that is there."""

from __future__ import annotations

import ast
import io
import re
import tokenize

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


NAMED_FILE = re.compile(
    r"(?<![\w/.-])((?:tests|bench|fuzz|docs|fixtures|dungeon_cli|notation|editors)/[\w./<>*-]*\.(?:py|md|lua|dgn|toml|js|json))\b"
)


def _prose(page) -> str:
    """A page's text; of Python, its comments and docstrings only (a test may build a
    tree of made-up paths in its strings)."""
    text = page.read_text(encoding="utf-8", errors="replace")
    if page.suffix != ".py":
        return text
    said = [tok.string for tok in tokenize.generate_tokens(io.StringIO(text).readline) if tok.type == tokenize.COMMENT]
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            said.append(ast.get_docstring(node, clean=False) or "")
    return "\n".join(said)


def test_files_the_docs_and_code_name_are_there():
    """A path named in prose (``tests/hardening/test_signals.py``, ``docs/shell.md``)
    outlives the file it names unless something looks: a page that sends a reader to a
    test file after it moved (or that never was) is a broken link all the same. Patterns
    (``*``, ``<game>``, ``GAME``) name a kind of file, and what a run writes (``out/``) is
    not there until it runs: both are left alone."""
    code = [path for top in ("dungeon_cli", "notation", "tests", "bench", "fuzz") for path in sorted((ROOT / top).rglob("*.py"))]
    pages = [*DOC_PAGES, ROOT / "notation" / "SPEC.md", *code]
    missing = []
    for page in pages:
        if "__snapshots__" in page.parts or not page.is_file():
            continue
        for name in NAMED_FILE.findall(_prose(page)):
            pattern = any(c in name for c in "*<>") or any(part.split(".")[0].isupper() for part in name.split("/"))
            if pattern or "/out/" in name or (ROOT / name).exists():
                continue
            missing.append(f"{page.relative_to(ROOT)}: {name}")
    assert missing == []
