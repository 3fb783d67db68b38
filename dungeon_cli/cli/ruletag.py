"""A game's rule tag given on the command line (``play --cards FILE``), as
``inputs.rule_tag_option`` reads it. A module of its own: making a NamedTuple class
costs every command that imports it, and only play and sim take a rule tag."""

from __future__ import annotations

from typing import NamedTuple, Optional


class RuleTag(NamedTuple):
    """A game's rule tag given on the command line: ``value`` as it is read, from the
    directory ``base`` (None: a built-in name), and as the record writes it."""

    name: str
    value: str
    base: Optional[str]
    written: str
