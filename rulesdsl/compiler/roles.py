"""What a choice is for, read from the rule around it: in `escolha um vale O ...` followed by
`leve ... de O para D`, O is the origin of a move and D its destination. The prompt of the
decision then says so ("escolha um espaço (origem de «leve»)", describe.py) instead of only
what kind of thing is chosen. Read once, when the rule is compiled; nothing changes in play.

Roles: `from` (the place a move leaves), `to` (where something goes), `in` (where a verb
acts), `obj` (the thing a verb acts on); each with the verb that uses the variable first.
"""
from __future__ import annotations

import dataclasses

from .. import nodes as N


def _uses(x, var):
    return isinstance(x, N.Var) and x.name == var


def _mentions(node, var) -> bool:
    if _uses(node, var):
        return True
    if isinstance(node, (list, tuple)):
        return any(_mentions(x, var) for x in node)
    if isinstance(node, dict):
        return any(_mentions(x, var) for x in node.values())
    names = _fields(node)
    if names:
        return any(_mentions(getattr(node, n, None), var) for n in names)
    return False


_FIELDS: dict = {}


def _fields(node) -> tuple:
    """The field names of a dataclass instance but `pos` (read once per class), else ()."""
    cls = type(node)
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = (tuple(f.name for f in dataclasses.fields(cls) if f.name != "pos")
                                if dataclasses.is_dataclass(cls) else ())
    return names


def _role_in(node, var):
    """(role, verb) of the first verb statement under `node` that uses `var`, else None."""
    if isinstance(node, N.Verb):
        objs = node.obj.items if isinstance(node.obj, N.ListOf) else [node.obj]
        if any(_uses(o, var) for o in objs):
            return "obj", node.verb
        for key, val in (node.args or {}).items():
            if _uses(val, var):
                if key == "in":
                    return ("from" if node.verb == "move" else "in"), node.verb
                if key == "to":
                    return "to", node.verb
        if _mentions(node.obj, var):
            # "leve guerreiros seus de O para D": O is where the things are taken from
            return ("from" if node.verb == "move" else "in"), node.verb
    if isinstance(node, N.Perform) and _mentions(node.args, var):
        ids = getattr(node.action, "ids", None) or ()
        if len(ids) == 1:
            return "in", "@" + str(ids[0])
    if isinstance(node, (list, tuple)):
        for x in node:
            r = _role_in(x, var)
            if r:
                return r
        return None
    if isinstance(node, dict):
        return _role_in(list(node.values()), var)
    for n in _fields(node):
        r = _role_in(getattr(node, n, None), var)
        if r:
            return r
    return None


def _blocks(node):
    """The blocks directly inside a statement (an `se`'s branches, a loop's body...)."""
    if isinstance(node, N.Block):
        yield node
        return
    if isinstance(node, (list, tuple)):
        for x in node:
            yield from _blocks(x)
    elif not isinstance(node, N.Verb):
        for n in _fields(node):
            yield from _blocks(getattr(node, n, None))


def mark_roles(block, tail=()) -> None:
    """Give each `escolha ... V` of `block` (and of the blocks inside it) the role of V in the
    statements after it — in its own block, then in the blocks around it (`tail`)."""
    # a block is marked once: the first pass over it (from the outermost block, with the
    # widest tail) gives every choice inside it its role, so a later pass changes nothing
    if getattr(block, "__dict__", None) is not None:
        if block.__dict__.get("_roles_marked"):
            return
        block.__dict__["_roles_marked"] = True
    stmts = getattr(block, "stmts", None) or []
    for i, s in enumerate(stmts):
        after = list(stmts[i + 1:]) + list(tail)
        if isinstance(s, N.Choose) and s.sel.var and "role" not in s.__dict__:
            s.__dict__["role"] = _role_in(after, s.sel.var)
        for b in _blocks(s):
            mark_roles(b, after)
