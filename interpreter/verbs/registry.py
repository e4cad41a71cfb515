"""The registry of verbs (`REGISTRY`, the `@verb` decorator) and the helpers every handler
shares: the acting faction, the objects and prepositional phrases of a verb, events fired after
the whole verb (Law 1.1.3).
"""
from __future__ import annotations

from dataclasses import dataclass
from ...compiler import PieceSel, CardSel, compile_sel, compile_expr
from ... import nodes as N
from ..hooks import fire
from ..machine import Calls
from ..runtime import Failure


REGISTRY: dict[str, "VerbDef"] = {}


@dataclass
class VerbDef:
    id: str
    compile: object
    doc: dict          # lang -> one-paragraph description
    example: dict      # lang -> an example sentence
    may: bool = False  # the handler itself honours "você pode ..." (node.optional)


def verb(ident, doc, example, may=False):
    """Register a verb. `may`: its compiler reads `node.optional` itself (a cost the player may
    decline); for every other verb "você pode X" asks first (compile_stmt, flow.MayDo)."""
    def deco(fn):
        REGISTRY[ident] = VerbDef(ident, fn, doc, example, may)
        return fn
    return deco


# ---------------------------------------------------------------------------------------------
# helpers

def _actor(cc, node):
    if getattr(node, "who", None) is not None:
        f, _ = compile_expr(cc, node.who)
        return f
    return lambda ctx: ctx.me


def _objs(node):
    o = node.obj
    if o is None:
        return []
    if isinstance(o, N.ListOf):
        return list(o.items)
    return [o]


def _one_obj(cc, node):
    """The verb's one object, a noun phrase ("3 guerreiros seus em C"); anything else: C020."""
    objs = _objs(node)
    if len(objs) != 1 or not isinstance(objs[0], N.Sel):
        cc.err("C020", node, what="?")
    return objs[0]


def _one_piece_sel(cc, node, **kw):
    """(object, its PieceSel) of a verb that acts on pieces; another kind of object: C020."""
    o = _one_obj(cc, node)
    s = compile_sel(cc, o, role="verb", **kw)
    if not isinstance(s, PieceSel):
        cc.err("C020", o, what=o.noun.text)
    return o, s


def _pp(cc, node, key):
    v = node.args.get(key)
    if v is None:
        return None, None
    if key in ("in", "to") and isinstance(v, N.Sel) and v.noun.kind == "edgekind" \
            and v.noun.ids[0] not in cc.g.path_kinds:
        # "posicione 1 X em barreira": an edge is a place only when its kind holds pieces (N18)
        cc.err("M120", v, kind=v.noun.text)
    return compile_expr(cc, v)


def _short(ctx, law=None):
    """Fell short of what a rule asked: fine (1.5.4), unless all-or-nothing."""
    if ctx.strict:
        raise Failure("short", law)


def _card_fn(cc, obj, default_zone_owner=True):
    """A card object: a variable or a card phrase. -> (fn(ctx) -> [(card, zone)], quant)"""
    if isinstance(obj, N.Sel):
        sel = compile_sel(cc, obj, role="verb")
        if not isinstance(sel, CardSel):
            cc.err("C020", obj, what=obj.noun.text)
        return sel.located, sel.quant, sel
    f, t = compile_expr(cc, obj)

    def one(ctx):
        c = f(ctx)
        if c is None:
            return []
        cs = c if isinstance(c, list) else [c]
        out = []
        for card in cs:
            for z, lst in ctx.s.zones.items():
                if card in lst:
                    out.append((card, z))
                    break
        return out
    return one, None, None



def _fire_all(ctx, events):
    """Triggers of the events of one verb, after the whole verb (1.1.3)."""
    for i, ev in enumerate(events):
        r = fire(ctx, ev)
        if r is not None:
            # the hooks of this event wait: the other events' wait their turn in a Calls
            rest = events[i + 1:]
            return (Calls([(fire, (ctx, e)) for e in rest], 0), r) if rest else r
    return None


# ---------------------------------------------------------------------------------------------
# piece statuses (`estados_de_peça`), counters per faction, shared victory

def _status_names(g, bits):
    return tuple(g.status_names[b] for b in sorted(g.status_names) if bits & b)


def _unit_option(g, unit):
    place, kind, bits = unit[0], unit[1], unit[2]
    return (place, kind) + _status_names(g, bits)


def _hide_again(ctx, key):
    """A hidden counter that was shown (`revele`) and changes is hidden again (N13)."""
    if ctx.s.flags.get(("shown", key)):
        ctx.s.set_flag(("shown", key), False)


def _counter_key(g, cid, me, other):
    """The key of counter `cid` for actor `me` and an optional `other` ("de J"): a counter kept
    per pair of factions (`por_facção`) is me's value for other; any other counter is other's,
    or me's when no other is named."""
    if g.per_faction(cid):
        return g.pair_key(cid, me, other)
    return g.counter_key(cid, other if other is not None else me)


def _ends_on(g, cid) -> bool:
    """Whether the game's end condition reads counter `cid`, so that a change to it must be
    checked the instant it happens (interpreter/ending.py). Asked at run time: the end condition
    is compiled after the rules."""
    return g.ending is not None and bool(g.ending.counters) and cid in g.ending.counters
