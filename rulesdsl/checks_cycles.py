"""Static cycle checks on actions (issue 21): rules that would loop without end in play.

  * an action whose effect always performs itself, directly or through other actions it
    always performs (`marchar: efeito: marchar`): an error, it could never finish;
  * an action that offers itself in its own menu (`realize até 2 ações` inside an action of
    the faction's menu, or a menu listing the action): a warning — the players can end it,
    but every choice of it opens the same menu again, without end.

"Always" means outside any condition, choice or optional part: a conditional performance
can stop, and is left alone.
"""
from __future__ import annotations

import dataclasses

from . import nodes as N

# nodes under which a performance may not happen: a choice, a condition, an option
_CONDITIONAL = (N.If, N.Choose, N.ChooseBranch, N.Maybe, N.Try)


def _walk(node, always=True):
    """Yield (node, always) for every Perform and ActionMenu of an effect tree."""
    if isinstance(node, (list, tuple)):
        for x in node:
            yield from _walk(x, always)
        return
    if isinstance(node, dict):
        for x in node.values():
            yield from _walk(x, always)
        return
    if not dataclasses.is_dataclass(node) or isinstance(node, type):
        return
    if isinstance(node, N.Perform):
        yield node, always and not node.optional and node.who is None
        return
    if isinstance(node, N.ActionMenu):
        yield node, always
        return
    if isinstance(node, _CONDITIONAL) or getattr(node, "optional", False):
        always = False
    if isinstance(node, N.Repeat):
        always = False   # "N vezes": N may be 0
    for f in dataclasses.fields(node):
        if f.name != "pos":
            yield from _walk(getattr(node, f.name), always)


def _action_effects(gd):
    """(action id, owner, effect tree) of every action with an effect."""
    for path, e in (getattr(gd, "_exprs", None) or {}).items():
        if len(path) >= 3 and path[-1] == "effect" and path[-3] == "actions" and e.tree is not None:
            owner = path[1] if path[0] == "factions" and len(path) >= 5 else None
            aid = gd.action_for((str(path[-2]),), owner)
            if owner and f"{owner}.{path[-2]}" in gd.actions:
                aid = f"{owner}.{path[-2]}"
            if aid in gd.actions:
                yield aid, owner, e


def check_cycles(gd, diags) -> None:
    always: dict[str, list] = {}
    for aid, owner, e in _action_effects(gd):
        for node, sure in _walk(e.tree):
            if isinstance(node, N.Perform):
                if sure:
                    target = gd.action_for(node.action.ids, owner)
                    always.setdefault(aid, []).append((target, node, e.lang))
            else:
                menu = gd.menu_actions(owner) if node.actions is None else [
                    gd.action_for(it.ids, owner) for it in
                    (node.actions.items if isinstance(node.actions, N.ListOf) else [node.actions])
                    if isinstance(it, N.Name)]
                if aid in menu and (node.actions is not None or aid in gd.menu_actions(owner)):
                    diags.add("M071", node.pos, e.lang, severity="warning",
                              name=gd.rs.name("action", aid.split(".")[-1], e.lang))
    # an action that always performs itself again, through any chain of sure performances
    reported = set()
    for start in sorted(always):
        stack, seen = [(start, None)], set()
        while stack:
            cur, first = stack.pop()
            for target, node, lang in always.get(cur, []):
                first_node = first or (node, lang)
                if target == start and start not in reported:
                    reported.add(start)
                    n, lg = first_node
                    diags.add("C037", n.pos, lg, name=gd.rs.name("action", start.split(".")[-1], lg))
                elif target not in seen:
                    seen.add(target)
                    stack.append((target, first_node))
