"""Expressions → `f(ctx) -> value`: numbers, names, attributes (`X de Y`), calls of the
built-in functions, counts and existence.
"""
from __future__ import annotations

from .. import nodes as N
from ..errors import suggest
from ..interpreter.runtime import ruler, free_capacity
from ..interpreter import board as _bd
from ..interpreter import small_forms as _small
from ..interpreter.runtime import supply_count as _supply_count
from ..interpreter.proof_cuts import supply_kinds as _supply_kinds
from .. import codegen as _cg
from .context import (ANY, BOOL, CARD, CC, COUNTER, ENUMVAL, FACTION, LIST, NUMBER, PIECE, SPACE, ZONE)
from .sels import ListSel, MAX_LITERAL, PieceSel, Simple, SpaceSel, _MATCH_FN, _flat
from .memo import memoized
from . import bounded as _bounded
from .filter_checks import _TYPED, _compare_kinds, _never_equal, _swallowed_filter, _type_words



def enum_eq(a, b) -> bool:
    """`=` between values of an enumeration, where a map attribute may hold several values
    (`defina naipe de C para raposa e rato`): equal when they share a value."""
    if a == b:
        return True
    if type(a) is tuple:
        return b in a if type(b) is not tuple else not set(a).isdisjoint(b)
    return type(b) is tuple and a in b

def compile_expr(cc: CC, node):
    """-> (fn, type)"""
    t = type(node)
    if t is N.Num:
        v = node.value
        if isinstance(v, (int, float)) and abs(v) > MAX_LITERAL:
            # "10^12 vezes: compre 1 carta" would run for ever; the data's numbers have the
            # same bound (grammar/schema: INT)
            cc.err("C038", node, value=v, limit=MAX_LITERAL)
        return _cg.const(lambda ctx: v, v), NUMBER
    if t is N.Var:
        name = node.name
        if name not in cc.vars:
            hint = suggest(name, list(cc.vars), cutoff=0.5)
            cc.err("C001", node, var=name, hint=hint)
        return _cg.var(lambda ctx: ctx.env.get(name), name), cc.vars[name]
    if t is N.Me:
        return _cg.me(lambda ctx: ctx.me), FACTION
    if t is N.Name:
        return compile_name_value(cc, node)
    if t is N.Arith:
        fa, _ = compile_expr(cc, node.a)
        fb, _ = compile_expr(cc, node.b)
        op = node.op
        if _cg.ON:
            return _cg.arith(op, fa, fb, (node.a, node.b)), NUMBER
        if op == "+":
            return (lambda ctx: (fa(ctx) or 0) + (fb(ctx) or 0)), NUMBER
        if op == "-":
            return (lambda ctx: (fa(ctx) or 0) - (fb(ctx) or 0)), NUMBER
        if op == "*":
            return (lambda ctx: (fa(ctx) or 0) * (fb(ctx) or 0)), NUMBER
        return (lambda ctx: (fa(ctx) or 0) // max(1, fb(ctx) or 1)), NUMBER
    if t is N.Cmp:
        fa, ta = compile_expr(cc, node.a)
        fb, tb = compile_expr(cc, node.b)
        if ta == BOOL and tb != BOOL:
            _swallowed_filter(cc, node)
        if PIECE in (ta, tb):
            same_kind = _compare_kinds(cc, node, fa, ta, fb)
            if same_kind is not None:
                return same_kind, BOOL
        _never_equal(cc, node, ta, tb)
        op = node.op
        if ENUMVAL in (ta, tb) and op in ("=", "!="):
            # a space with several values of an attribute is each of them (the Lost City's
            # clearing is fox, rabbit and mouse): `naipe de C = raposa` holds there
            if _cg.ON:
                return _cg.cmp(op, fa, fb, enum_eq, (node.a, node.b)), BOOL
            if op == "=":
                return (lambda ctx: enum_eq(fa(ctx), fb(ctx))), BOOL
            return (lambda ctx: not enum_eq(fa(ctx), fb(ctx))), BOOL
        bounded = _bounded.compare(op, fa, fb, (node.a, node.b))
        if bounded is not None:
            return bounded, BOOL
        if _cg.ON and op in _cg._CMP:
            return _cg.cmp(op, fa, fb, nodes=(node.a, node.b)), BOOL
        if op == "=":
            return (lambda ctx: fa(ctx) == fb(ctx)), BOOL
        # one closure per operator (no second call to compare)
        if op == "!=":
            return (lambda ctx: fa(ctx) != fb(ctx)), BOOL
        if op == "<":
            return (lambda ctx: (fa(ctx) or 0) < (fb(ctx) or 0)), BOOL
        if op == "<=":
            return (lambda ctx: (fa(ctx) or 0) <= (fb(ctx) or 0)), BOOL
        if op == ">":
            return (lambda ctx: (fa(ctx) or 0) > (fb(ctx) or 0)), BOOL
        if op == ">=":
            return (lambda ctx: (fa(ctx) or 0) >= (fb(ctx) or 0)), BOOL
        raise KeyError(op)
    if t is N.Logic:
        fs = [compile_expr(cc, x)[0] for x in node.items]
        if _cg.ON:
            return _cg.logic(node.op, fs, node.items), BOOL
        if len(fs) == 2:
            f0, f1 = fs
            if node.op == "and":
                return (lambda ctx: True if f0(ctx) and f1(ctx) else False), BOOL
            return (lambda ctx: True if f0(ctx) or f1(ctx) else False), BOOL
        if node.op == "and":
            def conj(ctx):
                for f in fs:
                    if not f(ctx):
                        return False
                return True
            return conj, BOOL

        def disj(ctx):
            for f in fs:
                if f(ctx):
                    return True
            return False
        return disj, BOOL
    if t is N.Not:
        f, _ = compile_expr(cc, node.a)
        if _cg.ON:
            return _cg.negate(f, node.a), BOOL
        return (lambda ctx: not f(ctx)), BOOL
    if t is N.Count:
        sel = compile_sel(cc, node.sel, role="count")
        _no_count_of_simple(cc, node.sel, sel)
        f = count_fn(sel)
        mf = memoized(f, node, cc)
        return (_bounded.mark_count(f, sel) if mf is f else mf), NUMBER
    if t is N.Exists:
        sel = compile_sel(cc, node.sel, role="count")
        _no_count_of_simple(cc, node.sel, sel)
        _compiled_sels(cc.g)[id(node)] = sel       # for _where_candidates
        return memoized(exists_fn(sel), node, cc), BOOL
    if t is N.Sel:
        sel = compile_sel(cc, node, role="value")
        if isinstance(sel, Simple) and sel.etype == ZONE:
            return sel.key, ZONE
        if isinstance(sel, Simple) and sel.etype == "active_faction":
            return (lambda ctx: ctx.s.active), FACTION
        if isinstance(sel, Simple) and sel.etype in ("first_player", "last_player"):
            # seats (N12): the first and the last seat in turn order
            at = 0 if sel.etype == "first_player" else -1
            return (lambda ctx: ctx.s.seats[at] if ctx.s.seats else None), FACTION
        if isinstance(sel, Simple) and sel.etype == COUNTER and len(node.filters) == 1 \
                and node.filters[0].kind == "of" and not cc.g.per_faction(sel.what):
            # "CONTADOR de D": a player's counter read as a value (the player D's)
            fo, _ = compile_expr(cc, node.filters[0].arg)
            cid = sel.what
            if _small.typed_values(cc.g, cid) is not None:
                return _typed_counter_read(cc, cid, fo)
            return (lambda ctx: ctx.s.counters.get(cc.g.counter_key(cid, fo(ctx)), 0)), NUMBER
        if isinstance(sel, Simple) and sel.etype == COUNTER and not node.filters and \
                str((cc.g.counters.get(sel.what) or {}).get("scope", "player")) == "global" and \
                _small.typed_values(cc.g, sel.what) is None:
            # a global counter read by its name alone ("marcadores de capanga tomados < 3")
            cid = sel.what
            return (lambda ctx: ctx.s.counters.get(cid, 0)), NUMBER
        if isinstance(sel, Simple):
            cc.err("C010", node)
        if sel.quant is None and sel.etype in (SPACE, CARD, FACTION, ENUMVAL) and sel.var is None:
            # a bare noun phrase used as a value: the list of what it names
            return sel.items, LIST + ":" + sel.etype
        if isinstance(sel, PieceSel):
            return sel.count, NUMBER
        return sel.items, LIST + ":" + sel.etype
    if t is N.AttrOf:
        return compile_attr(cc, node)
    if t is N.Call:
        return compile_call(cc, node)
    if t is N.ListOf:
        fs = [compile_expr(cc, x) for x in node.items]
        et = fs[0][1] if fs else ANY
        funcs = [f for f, _ in fs]
        return (lambda ctx: [f(ctx) for f in funcs]), LIST + ":" + et
    cc.err("C002", node, what=type(node).__name__)


def free_vars(node) -> tuple:
    """Variables an expression reads but does not bind itself (its memo key)."""
    used, bound = [], set()
    for n in node.walk():
        if isinstance(n, N.Var) and n.name not in used:
            used.append(n.name)
        elif isinstance(n, N.Sel) and n.var:
            bound.add(n.var)
    return tuple(v for v in used if v not in bound)


_COSTLY_FILTERS = {"where", "connected", "with", "without", "adjacent", "fewest", "most"}


def _costly(node) -> bool:
    """Worth memoizing: nested counts, filters that look around (with, adjacent, where...),
    or pieces counted on the whole map with no variable read ("não houver simpatia" inside
    "houver clareira C onde ...": the same for every C)."""
    sel = getattr(node, "sel", None)
    if isinstance(sel, N.Sel) and not sel.filters and isinstance(sel.noun, N.Name) \
            and sel.noun.kind in ("piece", "category") and not free_vars(node):
        return True
    for n in node.walk():
        if n is node:
            continue
        if isinstance(n, (N.Count, N.Exists)):
            return True
        if isinstance(n, N.Filter) and n.kind in _COSTLY_FILTERS:
            return True
    return False


def _no_count_of_simple(cc, node, sel):
    """`número de PV seus`, `houver dados`: a counter, a die, hits or extra actions are
    quantities, not things to count — counting them would silently give 0 (C030)."""
    if isinstance(sel, Simple) and sel.etype not in (ZONE, "active_faction", "first_player", "last_player"):
        noun = getattr(getattr(node, "noun", None), "text", None) or "?"
        cc.err("C030", getattr(node, "noun", None) or node, noun=noun)


def exists_fn(sel):
    """`houver ...`: stop at the first element that passes every filter."""
    if isinstance(sel, PieceSel):
        if sel.cover is not None:
            return lambda ctx: sel.count(ctx) > 0
        q = sel.quant
        if q is not None and q[0] in ("n", "atleast"):
            return lambda ctx: sel.count(ctx) >= (q[1](ctx) or 0)
        return sel.exists
    if isinstance(sel, (SpaceSel, ListSel)) and not getattr(sel, "post", None):
        return sel.any
    f = count_fn(sel)
    return lambda ctx: f(ctx) > 0


def compile_can_place(cc: CC, node: N.Call):
    """`é possível posicionar N X em C` / `es posible colocar N X en C`: the acting faction
    has N pieces of a kind X in its supply, and no prohibition nor lack of room (the spaces a
    kind occupies) keeps them out of every place the phrase names."""
    from ..interpreter.hooks import prohibited
    arg = node.args[0]
    sel = compile_sel(cc, arg, role="verb", default_owner="mine") if isinstance(arg, N.Sel) else None
    if not isinstance(sel, PieceSel):
        cc.err("C007", arg, word=getattr(getattr(arg, "noun", None), "text", "?"))
    g = cc.g

    every = sel.where is not None     # "em C": every place named; none named: somewhere

    def can(ctx):
        me = ctx.me
        n = quant_count(sel.quant, ctx, 1) or 1
        where = sel.spaces(ctx)
        if every and not where:
            return False
        s = ctx.s
        pzones = s.piece_zones
        for k in sel.kind_list(ctx):
            pk = g.piece_kinds[k]
            if pk.owner not in (me, None) or _supply_count(g, s, k) < n:
                continue
            occ = pk.occupies
            for sp in where:
                fits = sp in pzones or not (
                    prohibited(ctx, "placement", sp, k, me)
                    or (occ and free_capacity(ctx, sp, occ) < n))
                if fits != every:
                    break
            else:
                if every:
                    return True
                continue
            if not every:
                return True
        return False
    return can


def compile_can_remove(cc: CC, node: N.Call):
    """`é possível remover X em C` / `es posible retirar X en C`: a piece the phrase names is
    there and a rule may remove it now: not `removível: não`, and one `removível_em:` only
    while one of those actions is under way (the Warlord outside battle, Law 14.2.2)."""
    from ..interpreter.small_forms import can_remove
    arg = node.args[0]
    sel = compile_sel(cc, arg, role="verb") if isinstance(arg, N.Sel) else None
    if not isinstance(sel, PieceSel):
        cc.err("C007", arg, word=getattr(getattr(arg, "noun", None), "text", "?"))
    pk = cc.g.piece_kinds

    def can(ctx):
        acts = ctx.env.get("__acts", ())
        n = quant_count(sel.quant, ctx, 1) or 1
        return sum(u[3] for u in sel.units(ctx) if can_remove(pk[u[1]], acts)) >= n
    return can


def count_fn(sel):
    if isinstance(sel, PieceSel):
        return sel.count
    if isinstance(sel, Simple):
        return lambda ctx: 0
    items = sel.items
    return lambda ctx: len(items(ctx))


def compile_name_value(cc: CC, node: N.Name):
    kind, ids = node.kind, node.ids
    g = cc.g
    if kind == "faction":
        v = ids[0]
        return _cg.const(lambda ctx: v, v), FACTION
    if kind == "space":
        v = ids[0]
        return _cg.const(lambda ctx: v, v), SPACE
    if kind == "enumval":
        v = ids[0]
        return _cg.const(lambda ctx: v, v), ENUMVAL
    if kind in ("piece",):
        v = pick_owned(cc, ids)
        return _cg.const(lambda ctx: v, v), PIECE
    if kind in ("derived", "derived_value"):
        d = g.derived_for(ids, cc.owner)
        if d is None:
            cc.err("C003", node, name=node.text)
        return _cg.mark(lambda ctx: d.eval(ctx, None), "{ev}(ctx, None)", ev=d.eval), d.vtype
    if kind == "card":
        v = ids[0]
        return _cg.const(lambda ctx: v, v), "carddef"
    if kind in ("tag", "phase", "action", "pieceset", "deck", "map", "step"):
        v = ids[0]
        return _cg.const(lambda ctx: v, v), kind
    if kind == "zone":
        z = ids[0]
        return _cg.mark(lambda ctx: g.zone_key(z, ctx.me), "{zk}({z}, ctx.me)", zk=g.zone_key, z=z), ZONE
    if kind in ("spacekind", "category", "counter", "enum", "die", "edgekind", "builtin"):
        # a noun used as a value: treat as a selection of everything it names
        return compile_expr(cc, N.Sel(None, node, pos=node.pos))
    cc.err("C002", node, what=kind)


def pick_owned(cc, ids):
    """Of several piece kinds spelled alike, the one of the faction whose rule this is."""
    if len(ids) == 1:
        return ids[0]
    for i in ids:
        if cc.g.piece_kinds[i].owner == cc.owner:
            return i
    return ids[0]


def compile_attr(cc: CC, node: N.AttrOf):
    g = cc.g
    attr = node.attr
    kind, ids = attr.kind, attr.ids
    if kind == "derived":
        d = g.derived_for(ids, cc.owner)
        if d is None:
            # a faction's derived value named in one compiled before it (a global one)
            cc.err("C003", node, name=attr.text)
        fo, _ = compile_expr(cc, node.obj)
        return _cg.mark(lambda ctx: d.eval(ctx, fo(ctx)), "{ev}(ctx, {0})", fo, ev=d.eval), d.vtype
    if kind == "counter_attr" or (kind == "counter" and g.per_faction(ids[0])):
        # "relação de D": the acting faction's value for the other faction D
        cid = ids[0]
        fo, _ = compile_expr(cc, node.obj)
        return (lambda ctx: ctx.s.counters.get(g.pair_key(cid, ctx.me, fo(ctx)), 0)), NUMBER
    if kind == "counter":
        cid = ids[0]
        fo, _ = compile_expr(cc, node.obj)
        if _small.typed_values(g, cid) is not None:
            return _typed_counter_read(cc, cid, fo)
        return _cg.mark(lambda ctx: ctx.s.counters.get(g.counter_key(cid, fo(ctx)), 0),
                        "ctx.s.counters.get({ck}({c}, {0}), 0)", fo, ck=g.counter_key, c=cid), NUMBER
    aid = ids[0]
    obj = node.obj
    # "custo de serraria": a track value of a piece kind (the slot its next piece uncovers)
    if isinstance(obj, N.Sel) and obj.noun.kind in ("piece",) and not obj.filters:
        pk = pick_owned(cc, obj.noun.ids)
        return _track_value(cc, node, pk, aid), NUMBER
    fo, to = compile_expr(cc, obj)
    if to == PIECE:
        tracks_ok = any(aid in p.tracks for p in g.piece_kinds.values())
        if tracks_ok:
            def track_dyn(ctx, fo=fo):
                k = fo(ctx)
                return g.track_next(ctx, k, aid)
            return track_dyn, NUMBER
        return _cg.mark(lambda ctx: g.piece_kinds[fo(ctx)].attrs.get(aid), "{pk}[{0}].attrs.get({a})",
                        fo, pk=g.piece_kinds, a=aid), g.attr_type(aid)
    if to == SPACE:
        return _cg.mark(lambda ctx: _bd.attr(ctx, fo(ctx), aid), "{at}(ctx, {0}, {a})", fo, at=_bd.attr,
                        a=aid), g.attr_type(aid)
    if to in (CARD,):
        return _cg.mark(lambda ctx: g.card_attr(ctx, fo(ctx), aid), "{ca}(ctx, {0}, {a})", fo,
                        ca=g.card_attr, a=aid), g.attr_type(aid)
    if to == "carddef":
        return _cg.mark(lambda ctx: g.cards[fo(ctx)].attrs.get(aid), "{cs}[{0}].attrs.get({a})", fo,
                        cs=g.cards, a=aid), g.attr_type(aid)
    if to == ENUMVAL:
        return _cg.mark(lambda ctx: g.enumval_attr(fo(ctx), aid), "{ea}({0}, {a})", fo, ea=g.enumval_attr,
                        a=aid), g.attr_type(aid)
    if to == FACTION:
        if _small.typed_values(g, aid) is not None:
            return _typed_counter_read(cc, aid, fo)
        return _cg.mark(lambda ctx: ctx.s.counters.get(g.counter_key(aid, fo(ctx)), 0),
                        "ctx.s.counters.get({ck}({a}, {0}), 0)", fo, ck=g.counter_key, a=aid), NUMBER
    if to == ANY:
        def dyn(ctx):
            v = fo(ctx)
            return g.any_attr(ctx, v, aid)
        return dyn, g.attr_type(aid)
    cc.err("C004", node, attr=attr.text, what=to)


def _track_value(cc, node, pk, aid):
    g = cc.g
    if aid not in g.piece_kinds[pk].tracks:
        cc.err("C005", node, attr=node.attr.text, piece=pk)
    return _cg.mark(lambda ctx: g.track_next(ctx, pk, aid), "{tn}(ctx, {pk}, {a})", tn=g.track_next, pk=pk, a=aid)


_SEAT_STEP = {"next_player": 1, "left_neighbour": 1, "previous_player": -1, "right_neighbour": -1}


def compile_call(cc: CC, node: N.Call):
    g = cc.g
    fn = node.fn
    if fn == "rules":
        fw, tw = compile_expr(cc, node.args[0])
        if tw != FACTION and (tw in _TYPED or tw.startswith(LIST)):
            # "número de soldados governa V": a count (a space, a list...) never rules (C032)
            cc.err("C032", node.args[0], who=getattr(node, "who_words", None) or "?",
                   what=_type_words(cc, tw, node.args[0]), hint=getattr(node, "rules_hint", None))
        fs, _ = compile_expr(cc, node.args[1])
        return (lambda ctx: ruler(ctx, fs(ctx)) == fw(ctx)), BOOL
    if fn in ("uncovered", "uncovered_sum"):
        a = node.args[0] if node.args else None
        if not (isinstance(a, N.AttrOf) and isinstance(a.obj, N.Sel) and a.obj.noun.kind == "piece"):
            cc.err("C027", node)
        pk = pick_owned(cc, a.obj.noun.ids)
        aid = a.attr.ids[0]
        if aid not in g.piece_kinds[pk].tracks:
            cc.err("C005", a, attr=a.attr.text, piece=pk)
        if fn == "uncovered":
            return (lambda ctx: (g.track_uncovered(ctx, pk, aid) or [0])[-1]), NUMBER
        return (lambda ctx: sum(g.track_uncovered(ctx, pk, aid))), NUMBER
    if fn == "supply_of":
        a = node.args[0]
        if isinstance(a, N.Sel):
            ps = compile_sel(cc, a)
            # a back kind's (`verso:`) supply is its faces'
            if ps.kind_preds or ps.owner not in (None, "enemy"):
                fs = lambda ctx: sum(_supply_count(g, ctx.s, k) for k in ps.kind_list(ctx))  # noqa: E731
                # (codegen_req: "> 0" asks the supplies before the filters)
                return (_cg.supply_of(fs, ps, _supply_count, g) if _cg.ON else fs), NUMBER
            # of any owner: without the kinds whose supply this game proves stays 0 (proof_cuts)
            live = {}
            return (lambda ctx: sum(_supply_count(g, ctx.s, k) for k in
                                    _supply_kinds(g, ctx.s, ps.owner_kinds(ctx), live))), NUMBER
        f, _ = compile_expr(cc, a)
        return (lambda ctx: _supply_count(g, ctx.s, f(ctx))), NUMBER
    if fn == "truthy":
        f, _ = compile_expr(cc, node.args[0])
        return (lambda ctx: bool(f(ctx))), BOOL
    if fn in ("option", "option_on"):
        from ..options import compile_read
        return compile_read(cc, node)
    if fn == "can_place":
        return compile_can_place(cc, node), BOOL
    if fn == "can_remove":
        return compile_can_remove(cc, node), BOOL
    if fn in ("matches_all", "matches_strict"):
        matches = _MATCH_FN[fn]      # noqa: F841 (N18: `corresponde exatamente a`)
        # "custo de K corresponde a C": every value of a list corresponds to a value (an
        # enumeration value, or the one a space or a card carries); wild values match all
        fa, ta = compile_expr(cc, node.args[0])
        fb, tb = compile_expr(cc, node.args[1])
        if ta == BOOL:
            _swallowed_filter(cc, node)

        def all_match(ctx):
            v = fb(ctx)
            if tb == SPACE or (isinstance(v, str) and v in ctx.m.attrs):
                v = _bd.match_value(ctx, v, g.space_enum_attr)
            elif tb == CARD or (isinstance(v, int) and not isinstance(v, bool)):
                v = g.card_attr(ctx, v, g.card_enum_attr)
            suits = g.enums.get(g.attr_types.get(g.space_enum_attr), ())
            for x in _flat(fa(ctx)):
                # "C corresponde a N", "K corresponde a C": a space or a card by its own value
                if ta == SPACE:
                    x = _bd.match_value(ctx, x, g.space_enum_attr) if x is not None else None
                elif ta == CARD:
                    x = g.card_attr(ctx, x, g.card_enum_attr)
                if x is None:
                    continue
                if x is _bd.NOVALUE or isinstance(x, tuple):
                    y = x                                    # a space with none / several values
                else:
                    y = g.enumval_attr(x, g.space_enum_attr)      # a cost value names its suit
                if y is None:
                    if x not in suits:
                        continue                             # "any suit"
                    y = x
                if not matches(g, y, v):
                    return False
            return True
        return all_match, BOOL
    if fn in _SEAT_STEP:
        # seats (N12): the player after / before D in seat order, wrapping round the table
        f, _ = compile_expr(cc, node.args[0])
        step = _SEAT_STEP[fn]

        def seat(ctx):
            seats = ctx.s.seats
            d = f(ctx)
            if d not in seats:
                return None
            return seats[(seats.index(d) + step) % len(seats)]
        return seat, FACTION
    if fn == "distance":
        # "distância entre A e B" (N17): the fewest steps over the adjacency now
        if len(node.args) != 2:
            cc.err("C002", node, what=fn)
        fa, _ = compile_expr(cc, node.args[0])
        fb, _ = compile_expr(cc, node.args[1])

        def distance(ctx):
            a, b = fa(ctx), fb(ctx)
            if isinstance(b, (list, tuple)):
                # to a list of spaces (`iniciais de ...`, A.8.2.II): to the nearest of them
                return min((_bd.distance(ctx, a, x) for x in _flat(b)), default=_bd.INFINITE)
            return _bd.distance(ctx, a, b)
        return distance, NUMBER
    if fn == "starts":
        # "iniciais de J" (A.8.2.I): the spaces J chose as starting spaces (`comece em C`); of
        # a list of players, all of theirs
        if len(node.args) != 1:
            cc.err("C002", node, what=fn)
        fw, _ = compile_expr(cc, node.args[0])

        def starts(ctx):
            who = fw(ctx)
            fl = ctx.s.flags
            if isinstance(who, (list, tuple)):
                return [sp for w in _flat(who) for sp in fl.get(("start", w), ())]
            return list(fl.get(("start", who), ()))
        return starts, LIST + ":" + SPACE
    if fn == "longest_line":
        # "a maior linha reta de (campos com torres suas)" (N17): the most in a row through
        # the map's grid; every map of the ruleset must declare its `coordenadas:`
        missing = [mid for mid, m in g.maps.items() if m.grid is None]
        if missing or not g.maps:
            cc.err("C091", node, maps=", ".join(cc.g.rs.name("map", mid, cc.lang) for mid in missing))
        f, _ = compile_expr(cc, node.args[0])
        return (lambda ctx: _bd.longest_line(ctx, _flat(f(ctx)))), NUMBER
    if fn == "hidden_face":
        # "face escondida em C" (N6): the face under the face-down pieces on C, which only the
        # engine reads (a guess checked against it, Law 13.2.4): one kind, or the sorted list
        # of the faces when several lie there, or no value
        f, _ = compile_expr(cc, node.args[0])

        def hidden_face(ctx):
            sp = f(ctx)
            faces = sorted(fk for (at, _), d in ctx.s.ident.items() if at == sp for fk, n in d.items()
                           for _ in range(n))
            if not faces:
                return None
            return faces[0] if len(faces) == 1 else faces
        return hidden_face, PIECE
    if fn == "length":
        f, _ = compile_expr(cc, node.args[0])

        def length(ctx):
            v = f(ctx)
            return len(v) if isinstance(v, (list, tuple)) else (0 if v is None else 1)
        return length, NUMBER
    typed = [compile_expr(cc, a) for a in node.args]
    args = [f for f, _ in typed]
    if fn == "half_up":
        a = args[0]
        return (lambda ctx: ((a(ctx) or 0) + 1) // 2), NUMBER
    if fn in ("max", "min"):
        f = max if fn == "max" else min

        def mm(ctx):
            vals = []
            for a in args:
                v = a(ctx)
                if isinstance(v, list):
                    vals.extend(v)
                else:
                    vals.append(v or 0)
            return f(vals) if vals else 0
        # faces of a die of suits (`role 1 dado de turba R`): the face rolled, a suit
        if all(t in (ENUMVAL, LIST + ":enumval") for _, t in typed):
            return mm, ENUMVAL
        return mm, NUMBER
    cc.err("C002", node, what=fn)


# Below the definitions: these modules call back into this one (the compiler is mutually
# recursive: an expression holds a selection whose filters hold expressions).
from .selections import _typed_counter_read, compile_sel, quant_count  # noqa: E402
from .spaces import _compiled_sels  # noqa: E402
