"""Card and faction selections: zones (hand, deck, discard, play area), card filters, factions.
"""
from __future__ import annotations

from .. import nodes as N
from ..interpreter import board as _bd
from .. import codegen as _cg
from .context import ANY, CARD, CC, ENUMVAL, FACTION, SPACE, ZONE
from .sels import CardSel, ListSel, PieceSel, _MATCH_FN, _flat
from .filter_checks import _filter_word, _number_filter
from .expressions import compile_expr
from .selections import _bind, compile_sel, owner_expr


def _card_in(ctx, c, vals):
    """A card instance is 'among' values that are instances, card ids or tags."""
    d = ctx.s.card_defs[c]
    cd = ctx.g.cards[d]
    for v in vals:
        if v == c or v == d or (isinstance(v, str) and v in cd.tags):
            return True
    return False


def _top_pred(zones_fn, top_n):
    """A card among the N on top of its zone (the zone's last N cards)."""
    def top(ctx, c):
        n = top_n(ctx) or 0
        if n <= 0:
            return False
        zones = ctx.s.zones
        for z in zones_fn(ctx):
            if c in zones.get(z, ())[-n:]:
                return True
        return False
    return top


def _hoist_zone_filters(node: N.Sel) -> list:
    """Filters attach to the nearest noun: in "uma carta K da sua mão onde ...", the 'onde'
    lands on "mão". A zone phrase only takes an owner ('de D'); anything else it carries
    belongs to the phrase around it."""
    out = []
    for f in node.filters:
        out.append(f)
        a = f.arg
        if f.kind in ("of", "in") and isinstance(a, N.Sel) and a.noun.kind == "zone":
            keep = [x for x in a.filters if x.kind == "of"]
            moved = [x for x in a.filters if x.kind != "of"]
            if moved:
                a.filters = keep
                out.extend(moved)
    return out


def compile_card_sel(cc: CC, node: N.Sel, quant):
    g = cc.g
    _bind(cc, node.var, CARD)
    rnd = False
    zones_fn = None
    top_n = None
    preds = []
    owner = node.owner
    any_owner = None            # 'cartas de D' with D a parameter of unknown type (below)
    node.filters = _hoist_zone_filters(node)
    for f in node.filters:
        k = f.kind
        if k in ("of", "in"):
            arg = f.arg
            if isinstance(arg, N.Sel) and arg.noun.kind == "zone":
                zsel = compile_sel(cc, arg)
                zones_fn = _cg.one_zone(lambda ctx, zsel=zsel: [zsel.key(ctx)], zsel.key)
                continue
            fo, to = compile_expr(cc, arg)
            if to == ENUMVAL:
                attr = g.card_enum_attr
                preds.append(_cg.mark_pred(lambda ctx, c, fo=fo: g.card_attr(ctx, c, attr) == fo(ctx),
                                           "{ca}(ctx, {x}, {a}) == {0}", fo, ca=g.card_attr, a=attr))
                continue
            if to == "tag":
                preds.append(lambda ctx, c, fo=fo: fo(ctx) in g.card_tags(c, ctx))
                continue
            if to == ZONE:
                zones_fn = _cg.one_zone(lambda ctx, fo=fo: [fo(ctx)], fo)
                continue
            if to == FACTION:
                zones_fn = (lambda ctx, fo=fo: [g.zone_key(g.hand_zone, fo(ctx))])
                continue
            if to == "carddef":
                preds.append(lambda ctx, c, fo=fo: ctx.s.card_defs[c] == fo(ctx))
                continue
            if to == CARD:
                # "carta de K": a card like K (the same card)
                preds.append(lambda ctx, c, fo=fo: fo(ctx) is not None and ctx.s.card_defs[c] == ctx.s.card_defs[fo(ctx)])
                continue
            if to == ANY:
                # a parameter of unknown type: a card instance, a card id or a tag; or a
                # faction ("cartas de D", D a derived value's parameter): D's hand (below)
                def like(ctx, c, fo=fo):
                    v = fo(ctx)
                    if isinstance(v, int) and not isinstance(v, bool):
                        return ctx.s.card_defs[c] == ctx.s.card_defs[v]
                    if isinstance(v, str) and v in g.factions:
                        return True
                    return v is not None and (ctx.s.card_defs[c] == v or v in g.card_tags(c, ctx))
                preds.append(like)
                any_owner = fo
                continue
            cc.err("C008", f, kind=to)
        elif k == "random":
            if f.arg is not None:
                cc.err("C009", f, kind=_filter_word(cc, "random_weighted"))
            rnd = True
        elif k == "top":
            # "entre as primeiras N" (App. E, the Lizard Envoys): only the N cards on top of
            # the zones (the last N put in each); read below, once the zones are known
            top_n = compile_expr(cc, f.arg)[0]
        elif k == "has_attr":
            aid = f.arg.ids[0]
            preds.append(_cg.mark_pred(lambda ctx, c, aid=aid: bool(g.card_attr(ctx, c, aid)),
                                       "{ca}(ctx, {x}, {a})", ca=g.card_attr, a=aid))
        elif k == "matching":
            fo, to = compile_expr(cc, f.arg)
            _number_filter(cc, f, to, node)
            attr = g.card_enum_attr

            def m(ctx, c, fo=fo, to=to, matches=_MATCH_FN[f.arg2 or "matches_all"]):
                v = fo(ctx)
                if to == ANY:
                    # a parameter of unknown type ("correspondente a K" in a derived value):
                    # a card instance, a space, or the value itself
                    if isinstance(v, int) and not isinstance(v, bool):
                        v = g.card_attr(ctx, v, attr)
                    elif v in ctx.m.attrs:
                        v = _bd.match_value(ctx, v, g.space_enum_attr)
                elif to == SPACE:
                    v = _bd.match_value(ctx, v, g.space_enum_attr)
                elif to == CARD:
                    v = g.card_attr(ctx, v, attr)
                return matches(g, g.card_attr(ctx, c, attr), v)
            preds.append(m)
        elif k == "where":
            fc, _ = compile_expr(cc, f.arg)
            preds.append(lambda ctx, c, fc=fc: fc(ctx))
            preds[-1]._cg_where = fc
            preds[-1]._cg_wnode = (f.arg, cc.g)
        elif k == "among":
            fo, _ = compile_expr(cc, f.arg)
            preds.append(lambda ctx, c, fo=fo: _card_in(ctx, c, _flat(fo(ctx))))
        elif k == "except":
            fo, _ = compile_expr(cc, f.arg)
            preds.append(lambda ctx, c, fo=fo: not _card_in(ctx, c, _flat(fo(ctx))))
        elif k == "with":
            # "carta com custo" / "com item": has a non-empty attribute
            if isinstance(f.arg, N.Sel) and f.arg.noun.kind == "attr":
                aid = f.arg.noun.ids[0]
                preds.append(lambda ctx, c, aid=aid: bool(g.card_attr(ctx, c, aid)))
                continue
            cc.err("C008", f, kind="with")
        else:
            if k == "is":
                _number_filter(cc, f, compile_expr(cc, f.arg)[1], node)
            cc.err("C009", f, kind=_filter_word(cc, k))
    if zones_fn is None and any_owner is not None:
        # the parameter's value says: a faction, its hand; anything else, the owner's hand
        of = owner_expr(cc, owner)

        def zones_fn(ctx, fo=any_owner, of=of):
            v = fo(ctx)
            return [g.zone_key(g.hand_zone, v if isinstance(v, str) and v in g.factions else of(ctx))]
    if zones_fn is None:
        if owner == "enemy":
            cc.err("C008", node, kind="enemy")
        of = owner_expr(cc, owner)
        zones_fn = lambda ctx: [g.zone_key(g.hand_zone, of(ctx))]
        _cg.one_zone(zones_fn, _cg.mark(lambda ctx: g.zone_key(g.hand_zone, of(ctx)), "{zk}({h}, {0})", of,
                                         zk=g.zone_key, h=g.hand_zone))
    if top_n is not None:
        preds.insert(0, _top_pred(zones_fn, top_n))
    sel = CardSel(zones_fn, preds, node.var, quant)
    _cg.card_sel(sel)
    sel.random = rnd
    return sel


def compile_faction_sel(cc: CC, node: N.Sel, quant, hirelings=False):
    g = cc.g
    _bind(cc, node.var, FACTION)
    preds = []
    if node.owner == "enemy":
        preds.append(lambda ctx, f: f != ctx.me and f not in ctx.s.partners(ctx.me))
    for f in node.filters:
        k = f.kind
        if k == "with":
            inner = compile_sel(cc, f.arg, role="count")
            if not isinstance(inner, PieceSel):
                cc.err("C007", f.arg, word=f.arg.noun.text)

            def hasp(ctx, fac, inner=inner):
                ks = [kk for kk in inner.kinds if g.piece_kinds[kk].owner == fac]
                board = ctx.s.board
                for sp in inner.spaces(ctx):
                    b = board.get(sp)
                    if b and any(b.get(kk) for kk in ks):
                        return True
                return False
            preds.append(hasp)
        elif k == "where":
            fc, _ = compile_expr(cc, f.arg)
            preds.append(lambda ctx, fac, fc=fc: fc(ctx))
        elif k == "except":
            fo, _ = compile_expr(cc, f.arg)
            preds.append(lambda ctx, fac, fo=fo: fac not in _flat(fo(ctx)))
        elif k == "among":
            fo, _ = compile_expr(cc, f.arg)
            preds.append(lambda ctx, fac, fo=fo: fac in _flat(fo(ctx)))
        elif k == "another":
            preds.append(lambda ctx, fac: fac != ctx.me)
        else:
            if k == "is":
                _number_filter(cc, f, compile_expr(cc, f.arg)[1], node)
            cc.err("C009", f, kind=_filter_word(cc, k))
    if hirelings == "both":
        from ..interpreter.hirelings import present
        return ListSel(FACTION, lambda ctx: present(ctx.s), preds, node.var, quant)
    if hirelings:
        return ListSel(FACTION, lambda ctx: ctx.s.hired, preds, node.var, quant)
    return ListSel(FACTION, lambda ctx: ctx.s.seats, preds, node.var, quant)
