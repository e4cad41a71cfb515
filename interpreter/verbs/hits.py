"""Verb `cause danos`: hits dealt in a space, each removing one piece its owner chooses.
"""
from __future__ import annotations

from ...compiler import CC, PieceSel, compile_sel, compile_expr
from ... import nodes as N
from ..hooks import replacement
from ..machine import FIN, start
from ..flow import ask
from ..runtime import Decision
from ..small_forms import can_remove as _can_remove, removal_forbidden as _forbidden
from .registry import _actor, _fire_all, _one_obj, _pp, verb
from .removing import _removal


@verb("deal_hits",
      {"pt": "Causa danos a uma facção num espaço (4.3.4): para cada dano, o dono remove uma peça "
             "sua dali, na ordem de dano das categorias (guerreiros antes de construções e marcadores), "
             "escolhendo qual. Quem causa os danos é quem remove. Com 'por E', é E quem escolhe as "
             "peças removidas (D.4.2).",
       "es": "Inflige impactos a una facción en un espacio: por cada impacto, el dueño retira una pieza "
             "suya de allí, en el orden de impactos de las categorías, eligiendo cuál. Con 'por E', "
             "es E quien elige las piezas retiradas (D.4.2)."},
      {"pt": "cause H danos a D em C", "es": "inflige H impactos a D en C"})
def c_deal_hits(cc: CC, node):
    actor = _actor(cc, node)
    hit = _one_obj(cc, node)
    nf = compile_expr(cc, hit.quant)[0] if not isinstance(hit.quant, tuple) and hit.quant is not None else (lambda ctx: 1)
    target, where = None, None
    to = node.args.get("to")
    if isinstance(to, N.Sel):
        # "cause 2 danos às peças de D em C": the pieces say whose and where
        ps = compile_sel(cc, to)
        if not isinstance(ps, PieceSel) or ps.where is None or ps.owner in (None, "enemy"):
            cc.err("C023", node)
        target = (lambda ctx: ctx.me) if ps.owner == "mine" else ps.owner
        where = lambda ctx, ps=ps: ps.where(ctx)[0] if ps.where(ctx) else None
    else:
        target, _ = _pp(cc, node, "to")
        where, _ = _pp(cc, node, "in")
    for f in hit.filters:
        if f.kind == "in" and where is None:
            where = compile_expr(cc, f.arg)[0]
    if target is None or where is None:
        cc.err("C023", node)
    # "... por E": E chooses which pieces the hits remove, instead of their owner (D.4.2)
    chooser, _ = _pp(cc, node, "by")
    K = (cc.law, cc.g)

    def run(ctx):
        me = actor(ctx)
        n = nf(ctx) or 0
        tgt = target(ctx)
        sp = where(ctx)
        picker = (chooser(ctx) if chooser is not None else None) or tgt
        acts = ctx.env.get("__acts", ())
        if n > 0:
            # "em vez de" on hits: a faction that takes hits its own way (damaging pieces in a
            # zone instead of removing pieces from the map)
            ev = {"event": "hits", "owner": tgt, "by": me, "space": sp, "count": n, "acts": acts,
                  "chooser": picker}
            rep = replacement(ctx, ev)
            if rep is not None:
                h, rc = rep
                rc.strict = 0
                rc.env["__acts"] = acts
                ctx.engine.log_change("hits_replaced", ev)
                return h.run(rc)
        return start(_hits_step, K, {"ctx": ctx, "me": me, "n": n, "tgt": tgt, "sp": sp,
                                     "picker": picker, "acts": acts, "events": [], "pc": 0, "d": None})
    return run



def _hits_step(K, L, send):
    law, g = K
    ctx, me, sp, acts, events = L["ctx"], L["me"], L["sp"], L["acts"], L["events"]
    if L["pc"] == 2:
        return FIN
    if L["d"] is not None:
        k = L["d"].options[send]
        L["d"] = None
        _removal(ctx, sp, k, 1, me, events, acts)
        L["n"] -= 1
    kinds = [k for k in g.kinds_of_owner.get(L["tgt"], []) if _can_remove(g.piece_kinds[k], acts)
             and not _forbidden(ctx, sp, k, me)]
    while L["n"] > 0:
        b = ctx.s.board.get(sp, {})
        present = [k for k in kinds if b.get(k)]
        if not present:
            break
        lowest = min(g.piece_kinds[k].hit_order for k in present)
        opts = [k for k in present if g.piece_kinds[k].hit_order == lowest]
        if len(opts) > 1:
            k = ask(ctx, L["picker"], "hits", opts, False, ("take_hit",), law)
            if type(k) is Decision:
                L["d"] = k
                return k
        else:
            k = opts[0]
        _removal(ctx, sp, k, 1, me, events, acts)
        L["n"] -= 1
    # one event per kind, so "whenever N warriors are removed" sees N
    merged = {}
    for ev in events:
        key = ev["kind"]
        if key in merged:
            merged[key]["count"] += ev["count"]
        else:
            merged[key] = dict(ev)
    for ev in merged.values():
        ctx.engine.log_change("remove", ev)
    L["pc"] = 2
    r = _fire_all(ctx, list(merged.values()))
    return FIN if r is None else r
