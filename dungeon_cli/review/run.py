"""``dungeon diff`` from operands to output: read both sides, pair their records, walk
and compare each pair, and write the answer in the format asked for."""

from __future__ import annotations

from typing import TextIO

from .compare import Comparison, compare
from .files import Operands
from .pairing import pair
from .transcript import Side


def comparisons(ops: Operands, by: str = "order") -> list[Comparison]:
    records_a, records_b = ops.a.records(), ops.b.records()
    out = []
    for ra, rb in pair(records_a, records_b, by):
        side_a = Side(ops.a.name, ra) if ra is not None else None
        side_b = Side(ops.b.name, rb) if rb is not None else None
        out.append(compare(side_a, side_b))
    return out


def diff_files(ops: Operands, out: TextIO, fmt: str = "text", every: bool = False, context: int = 0, by: str = "order") -> int:
    """Write the comparison of two files; 0 when every pair is the same game, else 1."""
    if ops.unmerged is not None:
        from notation.model import printable

        out.write(f"* Unmerged path {printable(ops.unmerged)}\n")
        return 0
    found = comparisons(ops, by)
    if fmt == "json":
        from . import as_json

        as_json.dump(ops, found, out, every)
    elif fmt == "github":
        from . import github

        for cmp in found:
            for line in github.annotations(cmp, ops.annotated, every):
                out.write(line + "\n")
    else:
        from .text import lines

        for index, cmp in enumerate(found):
            if index:
                out.write("\n")
            for line in lines(cmp, every, context):
                out.write(line + "\n")
    return 0 if all(cmp.equal for cmp in found) else 1
