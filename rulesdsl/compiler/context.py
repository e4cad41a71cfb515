"""The compile context (CC), the compile error and the element types of selections.
"""
from __future__ import annotations

from ..errors import Diagnostics


def _has_value(v, x) -> bool:
    """A space's value is x (or, holding several values, one of them is x)."""
    return v == x or (isinstance(v, tuple) and x in v)

# element types of selections and expressions
SPACE, PIECE, CARD, FACTION, ENUMVAL, ZONE, COUNTER, NUMBER, BOOL, ANY = (
    "space", "piece", "card", "faction", "enumval", "zone", "counter", "number", "bool", "any")
LIST = "list"


class CompileError(Exception):
    pass


class CC:
    """Compile context: where we are (faction, variables in scope and their types)."""

    def __init__(self, g, diags: Diagnostics, lang: str, owner: str | None, law=None):
        self.g = g
        self.diags = diags
        self.lang = lang
        self.owner = owner
        self.vars: dict[str, str] = {}
        self.law = law

    def err(self, code, node, **args):
        pos = getattr(node, "pos", None) if node is not None else None
        self.diags.add(code, pos, self.lang, **args)
        raise CompileError(code)

    def warn(self, code, node, **args):
        pos = getattr(node, "pos", None) if node is not None else None
        self.diags.add(code, pos, self.lang, severity="warning", **args)
