"""Which actions make which kind of change, read from the compiled ruleset (why.py uses it).

A record's action says what changed (a piece kind more in a clearing, points, a card drawn), not
which of the engine's actions made it. To say why the engine could not make it, why.py first
needs the actions that *would* make that kind of change: those whose effect uses a verb of
that kind (put a piece somewhere: `posicione`, `mova`, `substitua`...; take one off:
`remova`, `mova`, a battle's hits...; score; draw; spend...), on pieces of that kind when the
verb's object names its kinds. Nothing here names a faction or an action: it is read from the
effects' trees (GameDef._exprs), following the actions an effect performs by name."""
from __future__ import annotations

from .. import nodes as N

# the kinds of change of the record (Atom: a space, points, a card zone, a board's pieces, an
# item, a board marker) and the sign -> the verbs that may make them
VERBS = {
    ("space", 1): {"place", "move", "replace", "swap", "flip", "return"},
    ("space", -1): {"remove", "move", "replace", "swap", "flip", "deal_hits", "return"},
    ("zone", 1): {"draw", "take", "give", "add"},
    ("zone", -1): {"discard", "spend", "give", "add", "remove"},
    ("pz", 1): {"add", "place", "move"},
    ("pz", -1): {"remove", "spend", "move", "add"},
    ("it", 1): {"set_status", "clear_status", "take", "add", "gain"},
    ("it", -1): {"set_status", "clear_status", "remove", "lose", "spend"},
    ("ctr", 1): {"set", "gain", "lose"},
    ("ctr", -1): {"set", "gain", "lose"},
}
# a verb that changes the score counter: `pv` (GameDef.score), gained or lost
SCORE_VERBS = {"gain", "lose", "set"}
_ANY = "*"        # the verb's kinds are not known (a variable the analysis cannot resolve)


def index(g) -> dict:
    """{action id: {(verb, kind or "*")}}, the verbs each action's effect uses (and those of
    the actions it performs by name, two levels down), kept per ruleset."""
    got = g.__dict__.get("_rootlog_why_index")
    if got is not None:
        return got
    own, calls = {}, {}
    for path, e in g._exprs.items():
        if e.tree is None or path[-1] != "effect" or len(path) < 3 or path[-3] != "actions":
            continue
        aid = _action_id(path)
        if aid not in g.actions:
            continue
        verbs, sub = own.setdefault(aid, set()), calls.setdefault(aid, set())
        for n in e.tree.walk():
            t = type(n)
            if t is N.Verb:
                for k in _verb_kinds(g, n, e.tree):
                    verbs.add((n.verb, k))
                if n.verb in SCORE_VERBS and _names_counter(n, g.score):
                    verbs.add(("score", _ANY))
            elif t is N.Perform and isinstance(n.action, N.Name):
                sub.update(n.action.ids)
            elif t is N.ActionMenu and isinstance(n.actions, N.Name):
                sub.update(n.actions.ids)
    out = {}
    for aid, verbs in own.items():
        allv, seen, todo = set(verbs), {aid}, list(calls.get(aid, ()))
        for _ in range(2):
            nxt = []
            for c in todo:
                if c in seen:
                    continue
                seen.add(c)
                allv |= own.get(c, set())
                nxt.extend(calls.get(c, ()))
            todo = nxt
        out[aid] = frozenset(allv)
    g.__dict__["_rootlog_why_index"] = out
    return out


def reach(g, fid) -> frozenset:
    """The actions the rules of faction `fid` name in a menu or perform (its turn's menus offer
    everyone's `mover`, `criar`...), kept per ruleset: those come before everyone's others."""
    got = g.__dict__.setdefault("_rootlog_why_reach", {})
    if fid in got:
        return got[fid]
    out = set()
    for path, e in g._exprs.items():
        if e.tree is None or len(path) < 2 or path[0] != "factions" or path[1] != fid:
            continue
        for n in e.tree.walk():
            t = type(n)
            a = n.action if t is N.Perform else n.actions if t is N.ActionMenu else None
            if isinstance(a, N.Name):
                out.update(a.ids)
            elif isinstance(a, N.ListOf):
                out.update(i for x in a.walk() if type(x) is N.Name and x.kind == "action" for i in x.ids)
    got[fid] = frozenset(out)
    return got[fid]


def makers(g, aids, what, sign, kinds) -> list:
    """The actions among `aids` that may make this kind of change, those whose verb names
    the change's piece kinds first: [(action id, exact)]."""
    idx = index(g)
    wanted = VERBS.get((what, 1 if sign > 0 else -1), set())
    out = []
    for aid in aids:
        vs = idx.get(aid, ())
        if what == "pv":
            hit = any(v == "score" for v, _ in vs)
            exact = hit
        else:
            hits = [k for v, k in vs if v in wanted]
            exact = bool(kinds) and any(k in kinds for k in hits)
            hit = exact or _ANY in hits or (not kinds and bool(hits))
        if hit:
            out.append((aid, exact))
    out.sort(key=lambda x: not x[1])
    return out


def _action_id(path):
    if path[0] == "actions":
        return str(path[1])
    if path[0] == "factions" and len(path) == 5:
        return f"{path[1]}.{path[3]}"
    return str(path[-2])


def _names_counter(verb, counter) -> bool:
    for x in _walk(verb):
        if type(x) is N.Name and x.kind in ("counter", "counter_attr") and counter in x.ids:
            return True
    return False


def _walk(verb):
    yield from verb.walk()
    for v in verb.args.values():
        if isinstance(v, N.Node):
            yield from v.walk()


def _verb_kinds(g, verb, tree) -> set:
    """The piece kinds a verb's object (and a `substitua ... por` / `troque` argument) may
    be; {"*"} when a variable or a generic noun hides them."""
    from ..interpreter.proof_facts import object_kinds
    parts = [verb.obj] + [v for k, v in verb.args.items() if k in ("by", "with")]
    kinds, generic, unbound = object_kinds(g, tree, parts)
    if generic or unbound:
        kinds.add(_ANY)
    for k in list(kinds):
        kinds.update(g.faces.get(k, ()))
        if k in g.back_of:
            kinds.add(g.back_of[k])
    return kinds or {_ANY}
