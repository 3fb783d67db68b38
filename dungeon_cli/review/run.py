"""``dungeon diff`` from records to output: pair the records of two files, walk and
compare each pair, and write the answer in the format asked for. Which files, and how
git names them, is the command line's business (``cli/diffargs.py``)."""

from __future__ import annotations

from typing import Sequence, TextIO

from notation import Record

from .compare import Comparison, compare
from .pairing import pair
from .transcript import Side


def comparisons(
    name_a: str, records_a: Sequence[Record], name_b: str, records_b: Sequence[Record], by: str = "order"
) -> list[Comparison]:
    out = []
    for ra, rb in pair(records_a, records_b, by):
        side_a = Side(name_a, ra) if ra is not None else None
        side_b = Side(name_b, rb) if rb is not None else None
        out.append(compare(side_a, side_b))
    return out


def write(
    found: list[Comparison],
    out: TextIO,
    fmt: str = "text",
    every: bool = False,
    context: int = 0,
    names: tuple[str, str] = ("", ""),
    annotated: str = "",
    git: bool = False,
) -> int:
    """Write the comparisons; 0 when every pair is the same game, else 1. ``annotated``:
    the path GitHub annotations point at (the new side as the repository names it);
    ``git``: run by git as its diff driver."""
    if fmt == "json":
        from . import as_json

        as_json.dump(names, found, out, every)
    elif fmt == "github":
        from . import github

        for cmp in found:
            for line in github.notices(cmp, annotated, every):
                out.write(line + "\n")
    else:
        from .text import lines

        said = False
        for cmp in found:
            text = list(lines(cmp, every, context, quiet=not git))
            if text and said:
                out.write("\n")
            said = said or bool(text)
            for line in text:
                out.write(line + "\n")
    return 0 if all(cmp.equal for cmp in found) else 1
