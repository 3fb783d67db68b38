"""GitHub workflow commands (``::notice file=F,line=L,title=T::message``), escaped as
GitHub documents them: in the message ``%``, CR and LF; in a property also ``:`` and
``,``, which would otherwise end the property or the list. A record's text may hold any
of them (a Player tag, a path), and an unescaped one cuts the annotation short or
forges another.
"""

from __future__ import annotations

from typing import Iterator

from notation.model import printable

from .compare import Comparison
from .facts import cost, line, outcome, score_change, summary


def escape_data(value: str) -> str:
    return value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(value: str) -> str:
    return escape_data(value).replace(":", "%3A").replace(",", "%2C")


def command(kind: str, message: str, **properties: object) -> str:
    """One workflow command; properties in the order given, None ones left out."""
    props = ",".join(f"{name}={escape_property(str(value))}" for name, value in properties.items() if value is not None)
    return f"::{kind} {props}::{escape_data(message)}" if props else f"::{kind}::{escape_data(message)}"


def notices(cmp: Comparison, path: str, every: bool = False) -> Iterator[str]:
    """A notice on the new side's record for each difference a reviewer should see.
    Messages are made printable first: the annotation's text is shown as it is."""
    a, b = cmp.a, cmp.b
    if cmp.kind == "equal":
        return
    if a is None or b is None:
        side = a or b
        assert side is not None
        if b is not None:
            yield command(
                "notice",
                printable(f"a new record: {outcome(b)}"),
                file=path,
                line=b.record.line,
                title="dungeon diff: new record",
            )
        return
    title = printable("dungeon diff: " + summary(cmp).split(";")[0])
    if cmp.kind == "same-game":
        tags = ", ".join(f"{name} {va!r} -> {vb!r}" for name, va, vb in cmp.tags)
        yield command("notice", printable(f"the same moves; tags differ: {tags}"), file=path, line=b.record.line, title=title)
        return
    rows = cmp.differing
    if cmp.kind == "same-deal" and not every:
        assert cmp.parting is not None
        rows = [cmp.parting.row]
    change = score_change(cmp)
    ending = change if change is not None else f"{outcome(a)} -> {outcome(b)}"
    for row in rows:
        parts = [summary(cmp) if cmp.parting is not None and row is cmp.parting.row else row.label]
        parts.append(f"- {line(a, row.a, row.turn_a)}" if row.a is not None else f"- {a.name} has no {row.label}")
        parts.append(f"+ {line(b, row.b, row.turn_b)}" if row.b is not None else f"+ {b.name} has no {row.label}")
        if cmp.parting is not None and row is cmp.parting.row:
            said = cost(a, b, row.turn_a, row.turn_b)
            if said:
                parts.append(f"after it: {said}")
            parts.append(f"outcome: {ending}")
        where = row.b.line if row.b is not None else b.record.line
        yield command("notice", "\n".join(printable(p) for p in parts), file=path, line=where, title=title)
    if cmp.parting is None:
        yield command("notice", printable(f"outcome: {ending}"), file=path, line=b.record.line, title=title)
