"""Piece selections: kinds, owners, places and the filters on pieces.
"""
from __future__ import annotations

from .. import nodes as N
from ..interpreter import board as _bd
from .. import codegen as _cg
from .context import ANY, CC, FACTION, LIST, PIECE, SPACE, ZONE
from .sels import PieceSel, Simple, SpaceSel, _MATCH_FN, _flat
from .filter_checks import _filter_word, _number_filter
from .expressions import compile_expr, free_vars
from .selections import _bind, compile_sel
from .spaces import space_pred


def compile_piece_sel(cc: CC, node: N.Sel, kinds, quant, default_owner=None):
    g = cc.g
    node.filters = _hoist_zone_filters(node)
    # a verb's default owner ("posicione 1 guerreiro") is the actor — or nobody, for neutral
    # pieces such as items; an explicit "seus" means the actor's only
    owner = node.owner if node.owner is not None else (
        "mine_or_neutral" if default_owner == "mine" else default_owner)
    if owner not in (None, "mine", "enemy", "mine_or_neutral"):
        owner, _ = compile_expr(cc, owner)
    where = None
    preds = []
    kind_preds = []
    cover = None
    st_on = st_off = 0
    rnd, weight = False, None
    for f in node.filters:
        k = f.kind
        if k == "random":
            # "escolha uma relíquia oculta T aleatória ponderada por (suprimento de T)": the
            # game draws the kind (N tickets each, N read with T bound to it), nobody chooses
            rnd, weight = True, f.arg
            continue
        if k in ("of", "not_of") and isinstance(f.arg, N.Name) and f.arg.kind == "status":
            # "itens exauridos", "itens não danificados": statuses of pieces in zones
            bit = g.status_bit(f.arg.ids[0])
            if k == "of":
                st_on |= bit
            else:
                st_off |= bit
            continue
        if k == "not_of":
            cc.err("C009", f, kind=_filter_word(cc, k))
        if k == "matching":
            fo, to = compile_expr(cc, f.arg)
            _number_filter(cc, f, to, node)
            if to.startswith(LIST) or to == ANY:
                cover = lambda ctx, fo=fo: [v for v in _flat(fo(ctx)) if v is not None]
                continue
            attr = g.space_enum_attr
            mf = _MATCH_FN[f.arg2 or "matches_all"]
            preds.append(lambda ctx, sp, fo=fo, mf=mf: mf(g, _bd.match_value(ctx, sp, attr), fo(ctx)))
            continue
        if k == "of" and isinstance(f.arg, N.Name) and f.arg.kind == "tag":
            # "peças artesãs": a fixed property of kinds, so the kinds narrow once, here,
            # and the selection keeps its fast paths (no filter left to ask per kind)
            tag = f.arg.ids[0]
            kinds = tuple(kk for kk in kinds if tag in g.piece_kinds[kk].tags)
            continue
        if k in ("in", "of"):
            if isinstance(f.arg, N.Sel):
                inner = compile_sel(cc, f.arg)
                if isinstance(inner, SpaceSel):
                    where = _chain_where(where, inner.items)
                    continue
                if isinstance(inner, PieceSel) and f.arg.quant == ("each",):
                    # "em cada serraria": at the place of each of those pieces
                    def each_piece(ctx, inner=inner):
                        out = []
                        for sp, _, n in inner.locations(ctx):
                            out.extend([sp] * n)
                        return out
                    where = _chain_where(where, each_piece)
                    continue
                if isinstance(inner, PieceSel):
                    where = _chain_where(where, lambda ctx, inner=inner: list(dict.fromkeys(sp for sp, _, _ in inner.locations(ctx))))
                    continue
                if isinstance(inner, Simple) and inner.etype == ZONE:
                    where = _chain_where(where, lambda ctx, inner=inner: [inner.key(ctx)])
                    continue
                if inner.etype == "edge":
                    # "pedágio na barreira": a kind of edge that holds no pieces (N18)
                    cc.err("M120", f.arg, kind=f.arg.noun.text)
                    continue
                cc.err("C008", f, kind=inner.etype)
            fo, to = compile_expr(cc, f.arg)
            if to == FACTION:
                owner = fo
                continue
            if to == SPACE or to.startswith(LIST):
                where = _chain_where(where, _cg.flat_of(lambda ctx, fo=fo: _flat(fo(ctx)), fo))
                continue
            if to == ANY and k == "of":
                # a variable of unknown type ("guerreiros de AT em C" in a derived value's
                # context): a faction names the owner, anything else a place
                facs = g.factions

                def any_where(ctx, fo=fo):
                    v = fo(ctx)
                    return _bd.piece_spaces(ctx) if isinstance(v, str) and v in facs else _flat(v)

                def any_owner(ctx, kk, fo=fo):
                    v = fo(ctx)
                    return not (isinstance(v, str) and v in facs) or g.piece_kinds[kk].owner == v
                where = _chain_where(where, any_where)
                kind_preds.append(any_owner)
                continue
            if to == ANY or to == ZONE:
                where = _chain_where(where, _cg.flat_of(lambda ctx, fo=fo: _flat(fo(ctx)), fo))
                continue
            if to == "tag":
                kind_preds.append(lambda ctx, kk, fo=fo: fo(ctx) in g.piece_kinds[kk].tags)
                continue
            cc.err("C008", f, kind=to)
        elif k == "among":
            fo, _ = compile_expr(cc, f.arg)
            kind_preds.append(_kind_pred(lambda ctx, kk, fo=fo: kk in _flat(fo(ctx)),
                                         fo, True, node.var, f.arg))
        elif k == "except":
            fo, _ = compile_expr(cc, f.arg)
            kind_preds.append(_kind_pred(lambda ctx, kk, fo=fo: kk not in _flat(fo(ctx)),
                                         fo, False, node.var, f.arg))
        elif k == "where":
            _bind(cc, node.var, PIECE)
            fc, _ = compile_expr(cc, f.arg)
            var = node.var

            def wp(ctx, kk, fc=fc, var=var):
                if var:
                    ctx.env[var] = kk
                return fc(ctx)
            wp._cg_kwhere = (fc, var)
            kind_preds.append(wp)
        else:
            preds.append(space_pred(cc, f, None, node))
    _bind(cc, node.var, PIECE)
    if weight is not None:
        weight = compile_expr(cc, weight)[0]
    ps = PieceSel(kinds, owner, where, preds, node.var, quant, tuple(kind_preds), cover)
    ps.st_on, ps.st_off = st_on, st_off
    _cg.piece_sel(ps, _bd.piece_spaces, _flat)
    if rnd:
        ps.random, ps.weight = True, weight
    return ps


def _kind_pred(pred, fo, inside, var, arg):
    """A kind filter 'entre X' / 'exceto X': unless X reads the selection's own variable,
    it is evaluated once per list of kinds (`on_list`), not once per kind."""
    if var and var in free_vars(arg):
        return pred

    def on_list(ctx, ks):
        vals = _flat(fo(ctx))
        if inside:
            return [k for k in ks if k in vals]
        return [k for k in ks if k not in vals]
    pred.on_list = on_list
    return pred


def _chain_where(prev, new):
    if prev is None:
        return new
    return lambda ctx: [x for x in new(ctx) if x in set(prev(ctx))]


# Below the definitions: these modules call back into this one (the compiler is mutually
# recursive: an expression holds a selection whose filters hold expressions).
from .cards import _hoist_zone_filters  # noqa: E402
