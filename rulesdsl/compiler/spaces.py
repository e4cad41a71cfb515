"""Space selections and their filters (suit, ruled by, adjacent, connected, with/without, where).
"""
from __future__ import annotations

from .. import nodes as N
from ..interpreter.runtime import ruler, free_capacity, _CHECKED
from ..interpreter import board as _bd
from ..interpreter import presence as _presence
from .. import codegen as _cg
from .context import ANY, BOOL, CARD, CC, ENUMVAL, LIST, SPACE, _has_value
from .sels import CoverSpaceSel, PieceSel, SpaceSel, _MATCH_FN, _flat, _passing
from .filter_checks import _filter_word, _never_equal_filter, _number_filter
from .expressions import compile_expr, free_vars
from .selections import _bind, compile_sel


def _hoist_edge_filters(node: N.Sel) -> list:
    """Filters attach to the nearest noun: in "clareira X conectada a O por rio onde ...", the
    'onde' lands on "rio". A kind of edge takes no filter; what it carries belongs to the
    phrase around it (before this, such a filter was silently dropped). Likewise the 'onde'
    after "sem PEÇAS" (below)."""
    out = []
    for f in node.filters:
        out.append(f)
        b = f.arg2
        if (f.kind == "connected" and isinstance(b, N.Sel) and b.noun.kind == "edgekind"
                and b.filters):
            out.extend(b.filters)
            b.filters = []
        a = f.arg
        if f.kind == "without" and isinstance(a, N.Sel) and a.var is None \
                and any(x.kind == "where" for x in a.filters):
            # "clareira sem guerreiros seus onde ...": the 'onde' lands on "guerreiros", where it
            # cannot speak of them (no variable); read there, the space would pass whenever the
            # condition fails ("sem (guerreiros e condição)"). It is the space's condition.
            out.extend(x for x in a.filters if x.kind == "where")
            a.filters = [x for x in a.filters if x.kind != "where"]
    return out


def compile_space_sel(cc: CC, node: N.Sel, kind, quant):
    node.filters = _hoist_edge_filters(node)
    g = cc.g
    _bind(cc, node.var, SPACE)
    preds = []
    pred_nodes = []
    post = []
    rnd = False
    weight = None
    for f in node.filters:
        if f.kind == "prefer":
            # A.8.2.II "de preferência onde A senão onde B": among the spaces the other filters
            # leave, those meeting the first tier some of them meet; none meets any: all stay
            tiers = [space_pred(cc, N.Filter("where", x, None, pos=f.pos), node.var, node) for x in f.arg.items]
            post.append(("prefer", tiers))
            continue
        if f.kind in ("fewest", "most"):
            inner = compile_sel(cc, f.arg, role="count")
            if not isinstance(inner, PieceSel):
                cc.err("C007", f.arg, word=f.arg.noun.text)
            post.append((f.kind, inner))
            continue
        if f.kind == "random":
            rnd = True
            if f.arg is not None:
                # "aleatória ponderada por (N)": N tickets for each space (compile_choose)
                weight = compile_expr(cc, f.arg)[0]
            continue
        if kind is not None and kind in g.path_kinds and f.kind in ("adjacent", "among"):
            preds.append(path_pred(cc, f))          # N18: a path's ends
        else:
            preds.append(space_pred(cc, f, node.var, node))
        pred_nodes.append(f)
    covers = [p for p in preds if getattr(p, "cover", None) is not None]
    if covers:
        # "clareiras correspondentes a custo de K com ...": a list covered by distinct spaces
        # (N7); a single value (a parameter of unknown type) filters as always
        sel = CoverSpaceSel(kind, preds, node.var, quant)
        sel.cover_pred = covers[0]
        _cg.space_sel(sel, "_plain_any", "_plain_items")
    else:
        sel = SpaceSel(kind, preds, node.var, quant)
        _cg.space_sel(sel)
    sel.pred_nodes = pred_nodes
    sel.random = rnd
    sel.weight = weight
    if post:
        sel.post = post
        base_items = sel.items

        def items(ctx, base_items=base_items):
            out = base_items(ctx)
            for how, inner in post:
                if not out:
                    break
                if how == "prefer":
                    out = _preferred(ctx, out, inner, sel)
                    continue
                ks = inner.kind_list(ctx)
                board = ctx.s.board
                counts = [(sum(board.get(sp, {}).get(k, 0) for k in ks), sp) for sp in out]
                best = min(c for c, _ in counts) if how == "fewest" else max(c for c, _ in counts)
                out = [sp for c, sp in counts if c == best]
            return out
        sel.items = items
    return sel


def _preferred(ctx, out, tiers, sel):
    """The spaces of `out` meeting the first tier that some of them meet (each read with the
    selection's variable bound to the space), or `out` when none meets any."""
    for tier in tiers:
        keep = _passing(ctx, out, (tier,), sel.var)
        if keep:
            return keep
    return out


def path_pred(cc: CC, f: N.Filter):
    """A filter on the spaces of an edge kind that holds pieces (N18), read on the path's two
    ends: "caminho adjacente a C" (an end is C, or one of a list or selection of spaces),
    "o caminho entre C e D" (both ends among those; a path itself in the list also passes)."""
    if isinstance(f.arg, N.Sel) and f.kind == "adjacent":
        inner = compile_sel(cc, f.arg)
        if isinstance(inner, PieceSel):
            fo = lambda ctx: [x for x, _, _ in inner.locations(ctx)]
        else:
            fo = inner.items
    else:
        fo, _ = compile_expr(cc, f.arg)
    both = f.kind == "among"

    def ends(ctx, sp):
        e = _bd.path_ends(ctx, sp)
        if e is None:
            return False
        o = fo(ctx)
        o = _flat(o) if isinstance(o, list) else (o,)
        if both:
            return sp in o or (e[0] in o and e[1] in o)
        return e[0] in o or e[1] in o
    return ends


def space_pred(cc: CC, f: N.Filter, var=None, sel=None):
    """A filter on spaces: fn(ctx, space) -> bool (var: the variable the selection binds to
    each space, when it is a selection of spaces; sel: the noun phrase, for messages)."""
    g = cc.g
    k = f.kind
    if k == "ruled_by" or k == "not_ruled_by":
        fw, _ = compile_expr(cc, f.arg)
        if k == "ruled_by":
            # who rules a space finds a faction's own space too (board.set_apart): the Burrow,
            # always ruled by the Duchy, is one of "as clareiras que você governa" (Root 12.2.2)
            ruled = _cg.mark_pred(lambda ctx, sp: ruler(ctx, sp) == fw(ctx), _cg.RULER + " == {0}", fw, r=ruler,
                                  ck=_CHECKED)
            ruled.apart = True
            return ruled
        return _cg.mark_pred(lambda ctx, sp: ruler(ctx, sp) != fw(ctx), _cg.RULER + " != {0}", fw, r=ruler,
                             ck=_CHECKED)
    if k in ("with", "without"):
        inner = compile_sel(cc, f.arg, role="count")
        if not isinstance(inner, PieceSel):
            cc.err("C007", f.arg, word=f.arg.noun.text)
        need = inner.quant

        def has(ctx, sp, inner=inner):
            b = ctx.s.board.get(sp)
            if not b:
                return False
            if inner.kind_preds:
                # filters on kinds ("... onde ...") only for the kinds that are there
                ks = [kk for kk in inner.owner_kinds(ctx) if kk in b]
                if not ks:
                    return False
                n = 0
                for kk in inner.filter_kinds(ctx, ks):
                    n += b[kk]
            else:
                kset = inner.kind_set(ctx)
                n = 0
                for kk, v in b.items():
                    if kk in kset:
                        n += v
            if need is not None and need[0] in ("n", "atleast"):
                return n >= need[1](ctx)
            return n > 0
        if k == "with":
            if (need is None or need[0] not in ("n", "atleast")) and \
                    (inner.owner is None or inner.owner.__class__ is str):
                has.candidates = _occupied_fn(inner)
            has.apart = True
            return has
        return lambda ctx, sp: not has(ctx, sp)
    if k == "free":
        aid = f.arg.ids[0]
        return _cg.mark_pred(lambda ctx, sp: free_capacity(ctx, sp, aid) > 0, "{fc}(ctx, {x}, {a}) > 0",
                             fc=free_capacity, a=aid)
    if k == "adjacent":
        if isinstance(f.arg, N.Sel):
            inner = compile_sel(cc, f.arg)
            if isinstance(inner, PieceSel):
                adj_p = lambda ctx, sp: any(_bd.board(ctx).adjacent(sp, x) for x, _, _ in inner.locations(ctx))
            else:
                adj_p = lambda ctx, sp: any(_bd.board(ctx).adjacent(sp, x) for x in inner.items(ctx))
            adj_p.apart = True
            return adj_p
        fo, to = compile_expr(cc, f.arg)

        def adj(ctx, sp):
            o = fo(ctx)
            if isinstance(o, list):
                m = _bd.board(ctx)
                return any(m.adjacent(sp, x) for x in o)
            return _bd.board(ctx).adjacent(sp, o)

        def near(ctx):
            o = fo(ctx)
            if isinstance(o, list):
                out = set()
                for x in o:
                    out |= _bd.board(ctx).neighbors.get(x, set())
                return out
            return _bd.board(ctx).neighbors.get(o, ())
        adj.candidates = near
        adj.apart = True
        return adj
    if k == "connected":
        fo, _ = compile_expr(cc, f.arg)
        if isinstance(f.arg2, N.Sel) and f.arg2.noun.kind == "edgekind":
            # "conectada a C por caminho fechado": joined to C by an edge of that kind now,
            # adjacency or not (the route a move takes: the Ferry's river, C.2.5)
            ek = f.arg2.noun.ids[0]

            def linked(ctx, sp):
                o = fo(ctx)
                got = _bd.board(ctx).linked_by(ek)
                if isinstance(o, list):
                    return any(sp in got.get(x, ()) for x in o)
                return sp in got.get(o, ())

            def linked_near(ctx):
                o = fo(ctx)
                got = _bd.board(ctx).linked_by(ek)
                if isinstance(o, list):
                    out = set()
                    for x in o:
                        out |= got.get(x, set())
                    return out
                return got.get(o, ())
            linked.candidates = linked_near
            linked.apart = True
            return linked
        via = compile_sel(cc, f.arg2)
        if not isinstance(via, SpaceSel):
            cc.err("C007", f.arg2, word=f.arg2.noun.text)

        memo = {}
        via_free = free_vars(f.arg2)
        nothing = frozenset()

        def component(ctx):
            # the components of the spaces `via` selects, once per state (and the variables
            # `via` reads): the filter asks for every space, and for every start X in turn
            s = ctx.s
            key = (s.uid, s.vid, ctx.me) + tuple([ctx.env.get(v) for v in via_free])
            parts = memo.get(key)
            if parts is None:
                if len(memo) > 64:
                    memo.clear()
                parts = memo[key] = _bd.board(ctx).components(ctx, via)
            return parts.get(fo(ctx), nothing)

        def conn(ctx, sp):
            return sp in component(ctx)
        conn.candidates = component
        conn.apart = True
        return conn
    if k == "where":
        fc, _ = compile_expr(cc, f.arg)

        def where(ctx, sp):
            return fc(ctx)
        where._cg_where = fc
        where._cg_wnode = (f.arg, cc.g)      # what a loop may hoist (codegen_hoist.py)
        cand = _where_candidates(cc.g, f.arg, var) if var else None
        if cand is not None:
            where.candidates = cand
        return where
    if k == "except":
        fo, _ = compile_expr(cc, f.arg)

        def exc(ctx, sp):
            o = fo(ctx)
            return sp not in o if isinstance(o, list) else sp != o
        return exc
    if k == "among":
        fo, _ = compile_expr(cc, f.arg)
        return _cg.mark_pred(lambda ctx, sp: sp in _flat(fo(ctx)), "{x} in {fl}({0})", fo, fl=_flat)
    if k == "is":
        fo, to = compile_expr(cc, f.arg)
        _number_filter(cc, f, to, sel)
        _never_equal_filter(cc, f, to, sel)
        return _cg.mark_pred(lambda ctx, sp: sp == fo(ctx), "{x} == {0}", fo)
    if k == "matching":
        fo, to = compile_expr(cc, f.arg)
        _number_filter(cc, f, to, sel)
        attr = g.space_enum_attr
        matches = _MATCH_FN[f.arg2 or "matches_all"]

        def match(ctx, sp):
            v = fo(ctx)
            if to == CARD or (isinstance(v, int) and not isinstance(v, bool)):
                v = g.card_attr(ctx, v, g.card_enum_attr)
            elif to == SPACE:
                v = _bd.match_value(ctx, v, attr)
            return matches(g, _bd.match_value(ctx, sp, attr), v)
        if to.startswith(LIST) or to == ANY:
            # a list: each value a space of its own (CoverSpaceSel does it); the filter lets
            # every space through then, and filters as always for a single value
            def match_or_cover(ctx, sp):
                v = fo(ctx)
                if isinstance(v, list):
                    return True
                if to == CARD or (isinstance(v, int) and not isinstance(v, bool)):
                    v = g.card_attr(ctx, v, g.card_enum_attr)
                return matches(g, _bd.match_value(ctx, sp, attr), v)
            match_or_cover.cover = fo
            return match_or_cover
        return match
    if k == "of":
        fo, to = compile_expr(cc, f.arg)
        if to == ENUMVAL:
            attr = g.space_enum_attr
            return _cg.mark_pred(lambda ctx, sp: _has_value(_bd.attr(ctx, sp, attr), fo(ctx)),
                                 "{hv}({at}(ctx, {x}, {a}), {0})", fo, hv=_has_value, at=_bd.attr, a=attr)
        if to == BOOL:
            return lambda ctx, sp: bool(fo(ctx))
        if to.startswith(LIST) or to == SPACE:
            return lambda ctx, sp: sp in _flat(fo(ctx))
        cc.err("C008", f, kind=to)
    if k == "in":
        fo, to = compile_expr(cc, f.arg)
        return _cg.mark_pred(lambda ctx, sp: sp in _flat(fo(ctx)), "{x} in {fl}({0})", fo, fl=_flat)
    if k == "another":
        return lambda ctx, sp: True
    if k == "has_attr":
        aid = f.arg.ids[0]
        return _cg.mark_pred(lambda ctx, sp: bool(_bd.attr(ctx, sp, aid)), "{at}(ctx, {x}, {a})", at=_bd.attr,
                             a=aid)
    cc.err("C009", f, kind=_filter_word(cc, k))


def _compiled_sels(g) -> dict:
    """id(Exists node) -> its compiled selection (the trees live as long as the ruleset)."""
    t = g.__dict__.get("_exists_sels")
    if t is None:
        t = g._exists_sels = {}
    return t


def _where_candidates(g, node, var):
    """fn(ctx) -> a set of spaces outside which a condition on the space `var` is surely
    false, or None. "onde houver guerreiros seus em O": only where such pieces are; "A ou B":
    where either is; "A e B": where A is."""
    t = type(node)
    if t is N.Exists:
        sel = _compiled_sels(g).get(id(node))
        if not isinstance(sel, PieceSel) or sel.cover is not None or sel.st_on or sel.quant is not None \
                or not (sel.owner is None or sel.owner.__class__ is str):
            return None
        places = [f for f in node.sel.filters if f.kind in ("in", "of")
                  and not (isinstance(f.arg, N.Name) and f.arg.kind in ("status", "tag"))]
        if len(places) != 1 or places[0].kind != "in" or not (
                isinstance(places[0].arg, N.Var) and places[0].arg.name == var):
            return None
        return _occupied_fn(sel)
    if t is N.Logic:
        parts = [_where_candidates(g, x, var) for x in node.items]
        if node.op == "and":
            return next((p for p in parts if p is not None), None)
        if not parts or any(p is None for p in parts):
            return None
        if len(parts) == 1:
            return parts[0]

        def either(ctx):
            out = set()
            for p in parts:
                out |= p(ctx)
            return out
        return either
    return None


def _occupied_fn(inner):
    """fn(ctx) -> the spaces with some piece of the kinds a selection may name (before its
    filters on kinds): the candidates of "com <peças>", kept per state of the map and shared
    by every selection that asks for the same kinds (interpreter/presence.py)."""
    def kinds(ctx):
        if inner.kind_preds:
            return frozenset(inner.owner_kinds(ctx))
        return inner.kind_set(ctx)          # the same kinds, as a set kept per owner

    def occupied(ctx):
        return _presence.occupied(ctx.s, kinds(ctx))
    return occupied
