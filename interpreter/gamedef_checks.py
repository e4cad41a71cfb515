"""GameDef's checks over the whole ruleset, run once everything is compiled.

Each finds what no single rule shows: a faction choice naming a group no faction has
(M102-M104), an action nothing can perform (M040), triggers that may set themselves off
again, alone or in a chain (M041, M075). Warnings unless the ruleset cannot mean it.
"""
from __future__ import annotations

from ..lexicon import get as _lexicon
from ..ytypes import pos_of
from .. import nodes as N


def check_setups(g, d) -> None:
    """The groups a faction choice reveals or locks (A.8.1) are groups of some faction
    (`grupo:`): M102 with a suggestion; a draft whose pool has no group at all: M103."""
    from ..errors import suggest
    from .seating import groups_of
    known = sorted(set(groups_of(g).values()))
    game = d.get("game") or {}
    srcs = [game] + [v for v in (game.get("setups") or {}).values() if isinstance(v, dict)]
    for src in srcs:
        fc = src.get("faction_choice")
        if not isinstance(fc, dict):
            continue
        lang = getattr(src, "_lang", None) or g.lang
        named = []
        for step in fc.get("reveal_factions") or []:
            named += [(x, step, "groups") for x in step.get("groups") or []]
        for k, v in (fc.get("removed_with_players") or {}).items():
            named += [(x, fc["removed_with_players"], k) for x in v or []]
        lk = fc.get("lock_last")
        if isinstance(lk, dict):
            named += [(lk.get(k), lk, k) for k in ("group", "until") if lk.get(k) is not None]
        for x, container, key in named:
            if str(x) not in known:
                g.diags.add("M102", pos_of(container, key), lang, value=str(x),
                            known=", ".join(known) or "-", hint=suggest(str(x), known, 0.5))
        if fc.get("reveal_factions") and not known:
            g.diags.add("M103", pos_of(fc, "reveal_factions"), lang)
    # a faction's `preparações:` name setups of the game (M104)
    ids = [str(k) for k in (game.get("setups") or {})]
    seen = set()
    for fid, fac in (d.get("factions") or {}).items():
        own = fac.get("setups") if isinstance(fac, dict) else None
        if not isinstance(own, dict) or id(own) in seen:
            continue                # (a copy of a faction shares its original's: once)
        seen.add(id(own))
        lang = getattr(fac, "_lang", None) or g.lang
        for sid in own:
            if str(sid) not in ids:
                g.diags.add("M104", pos_of(own, sid), lang, value=str(sid), known=", ".join(ids) or "-",
                            hint=suggest(str(sid), ids, 0.5))


def check_reachable(g, d) -> None:
    """An action no menu offers and no rule performs can never happen (a typo, a missing
    `realize ... entre` entry): a warning at its declaration."""
    for aid, act in g.actions.items():
        if aid in g.reached:
            continue
        if act.owner is not None and ("menu", act.owner) in g.reached and aid in g.factions[act.owner].menu:
            continue
        t = g.rs.thing("action", aid)
        g.diags.add("M040", t.pos if t else None, getattr(t.data, "_lang", g.lang) if t else g.lang,
                    severity="warning", name=g.rs.name("action", aid, g.lang))


# what each verb makes happen, for the retrigger check
_VERB_EVENTS = {"place": "placement", "remove": "removal", "deal_hits": "removal",
                "move": "movement", "discard": "discard", "spend": "discard",
                "gain": "counter", "lose": "counter"}


def check_self_triggers(g, d) -> None:
    """A trigger whose effect makes its own event happen again (placing on a placement:
    M041), or a chain of triggers that comes back to the first (a placement sets off a
    removal whose trigger places again: M075), can loop without bound: a warning. Not an
    error: a condition or the supply may stop it (the engine stops a real loop, see
    runtime.RulesLoop)."""
    hooks = [h for hs in g.triggers.values() for h in hs if getattr(h, "tree", None) is not None]
    made = {id(h): _events_made(g, h.tree) for h in hooks}

    def feeds(a, b):
        kinds = made[id(a)].get(b.event, False)
        return kinds is not False and (b.pieces is None or kinds is None or bool(kinds & b.pieces))

    for h in hooks:
        if feeds(h, h):
            lang = _lang_of(g, h.tree)
            g.diags.add("M041", getattr(h.tree, "pos", None), lang, severity="warning",
                        event=_lexicon(lang).spell_value(h.event))
    # longer cycles: a path from a hook back to itself through others (each reported once,
    # at the hook that comes first in the files)
    nexts = {id(a): [b for b in hooks if b is not a and feeds(a, b)] for a in hooks}
    reported = set()
    for h in hooks:
        path = _cycle_from(h, nexts)
        if path is None or reported & {id(x) for x in path}:
            continue
        reported |= {id(x) for x in path}
        lang = _lang_of(g, h.tree)
        lx = _lexicon(lang)
        g.diags.add("M075", getattr(h.tree, "pos", None), lang, severity="warning",
                    chain=" → ".join(lx.spell_value(x.event) for x in path + [h]))


def _cycle_from(h, nexts):
    """The shortest chain of other hooks from `h` back to `h` (breadth first), or None."""
    seen = {id(h)}
    frontier = [[h]]
    while frontier:
        nxt = []
        for path in frontier:
            for b in nexts[id(path[-1])]:
                if b is h:
                    if len(path) > 1:
                        return path
                    continue
                if id(b) not in seen:
                    seen.add(id(b))
                    nxt.append(path + [b])
        frontier = nxt
    return None


def _events_made(g, tree) -> dict:
    """event -> the piece kinds the effect's verbs name for it (None: any kind)."""
    out = {}
    for n in tree.walk():
        if isinstance(n, N.Verb):
            ev = _VERB_EVENTS.get(n.verb)
            if ev is None:
                continue
            kinds = _verb_kinds(g, n)
            if ev in out:
                old = out[ev]
                out[ev] = None if old is None or kinds is None else old | kinds
            else:
                out[ev] = kinds
    return out


def _lang_of(g, tree):
    for e in g.rs.expressions:
        if e.tree is tree:
            return e.lang
    return g.lang


def _verb_kinds(g, n):
    """The piece kinds a verb's object names, when the words say (else None: unknown)."""
    o = n.obj
    if not isinstance(o, N.Sel) or not isinstance(o.noun, N.Name):
        return None
    if o.noun.kind == "piece":
        return set(o.noun.ids)
    if o.noun.kind == "category":
        return {k for k, p in g.piece_kinds.items() if p.category in o.noun.ids}
    return None
