"""``dungeon diff`` from records to output: pair the records of two files, walk and
compare each pair, and write the answer in the format asked for. Which files, and how
git names them, is the command line's business (``cli/diffargs.py``)."""

from __future__ import annotations

from typing import Iterable, Iterator, TextIO

from notation import Record

from .compare import Comparison, compare
from .pairing import pair
from .transcript import Side


def comparisons(
    name_a: str, records_a: Iterable[Record], name_b: str, records_b: Iterable[Record], by: str = "order"
) -> Iterator[Comparison]:
    """Each pair compared, as ``write`` asks for it: a comparison holds both games'
    walks, so only one is held at a time (a diff of a 5.3 MB file took 2.56 GB)."""
    for ra, rb in pair(records_a, records_b, by):
        side_a = Side(name_a, ra) if ra is not None else None
        side_b = Side(name_b, rb) if rb is not None else None
        yield compare(side_a, side_b)


def write(
    found: Iterable[Comparison],
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
    equal = True
    if fmt == "json":
        from . import as_json

        return as_json.dump(names, found, out, every)
    elif fmt == "github":
        from . import github

        for cmp in found:
            equal = equal and cmp.equal
            for line in github.notices(cmp, annotated, every):
                out.write(line + "\n")
    else:
        from .text import lines

        said = False
        for cmp in found:
            equal = equal and cmp.equal
            text = list(lines(cmp, every, context, quiet=not git))
            if text and said:
                out.write("\n")
            said = said or bool(text)
            for line in text:
                out.write(line + "\n")
    return 0 if equal else 1
