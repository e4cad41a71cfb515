"""Verb `vire`: flipping two-sided pieces.
"""
from __future__ import annotations

from ...compiler import CC, quant_count
from ..machine import FIN, start
from ..flow import ask
from ..runtime import Decision
from .registry import _actor, _fire_all, _one_piece_sel, _unit_option, verb
from .sides import _which_face


def _flip_one(ctx, sp, kind, bits, me):
    """One piece turns to its other side where it lies: a back shows its face, a face lies on
    its back (hiding it again when the back hides faces). The event `virada`."""
    s, g = ctx.s, ctx.g
    if kind in g.faces:
        face = _which_face(ctx, sp, kind)
        new, hidden_face = face, None
        if kind in g.hidden_backs:
            s.ident_add(sp, kind, face, -1)
    else:
        new = g.back_of[kind]
        hidden_face = kind
    if bits:
        s.set_status(sp, kind, 1, bits, 0)
    elif s.pstat:
        s._unstatus(sp, kind, 1, 0)
    s.board_add(sp, kind, -1)
    s.board_add(sp, new, 1)
    if hidden_face is not None and new in g.hidden_backs:
        s.ident_add(sp, new, hidden_face, 1)
    if bits:
        s.set_status(sp, new, 1, 0, bits)
    ev = {"event": "flip", "space": sp, "kind": new, "from": kind, "owner": g.piece_kinds[new].owner,
          "count": 1, "by": me, "acts": ctx.env.get("__acts", ())}
    if hidden_face is not None and new in g.hidden_backs:
        ev["face"] = hidden_face
    return ev


@verb("flip",
      {"pt": "Vira peças do mapa para o outro lado (peças declaradas com `verso:`): uma peça virada "
             "para baixo mostra a sua face (revelada a todos) e uma face fica com o verso para cima. "
             "Faz o que puder; com uma quantidade, quem vira escolhe quais. Dispara o evento `virada` "
             "(ou `revelação`), com `peças:` o lado que ficou para cima.",
       "es": "Voltea piezas del mapa a su otra cara (piezas declaradas con `reverso:`): una pieza boca "
             "abajo muestra su cara (revelada a todos) y una cara queda boca abajo. Hace lo que pueda; "
             "con una cantidad, quien voltea elige cuáles. Dispara el evento `volteo` (o "
             "`revelación`), con `piezas:` la cara que quedó arriba."},
      {"pt": "vire 1 trama sua em C", "es": "voltea 1 trama tuya en C"})
def c_flip(cc: CC, node):
    actor = _actor(cc, node)
    _, s = _one_piece_sel(cc, node)
    g = cc.g
    law = cc.law
    q = s.quant
    K = (g, law)

    def run(ctx):
        me = actor(ctx)
        c = ctx if me == ctx.me else ctx.child(me=me, env=ctx.env)
        units = [u for u in s.units(c) if u[0] not in ctx.s.piece_zones
                 and (u[1] in g.faces or u[1] in g.back_of)]
        total = sum(u[3] for u in units)
        n = total if q is None or q[0] in ("all", "each") else min(quant_count(q, c, 1), total)
        return start(_flip_step, K, {"ctx": ctx, "c": c, "me": me, "n": n, "units": units,
                                      "events": [], "d": None, "opts": None, "pc": 0})
    return run


def _flip_step(K, L, send):
    g, law = K
    ctx, c, me, events = L["ctx"], L["c"], L["me"], L["events"]
    if L["pc"] == 1:
        return FIN
    n, units = L["n"], L["units"]
    while n > 0 and units:
        if L["d"] is not None:
            u = units[L["opts"].index(L["d"].options[send])]
            L["d"] = L["opts"] = None
            take = 1
        elif len(units) > 1 and n < sum(u[3] for u in units):
            opts = [_unit_option(g, u) for u in units]
            pick = ask(c, me, "choose", opts, False, ("flip_which",), law)
            if type(pick) is Decision:
                L["d"], L["opts"], L["n"], L["units"] = pick, opts, n, units
                return pick
            u = units[opts.index(pick)]
            take = 1
        else:
            u = units[0]
            take = min(u[3], n)
        for _ in range(take):
            events.append(_flip_one(ctx, u[0], u[1], u[2], me))
        n -= take
        units = [x for x in ((x[0], x[1], x[2], x[3] - take) if x is u else x for x in units) if x[3] > 0]
    for ev in events:
        ctx.engine.log_change("flip", ev)
    if g.triggers.get("reveal"):
        # a piece on its back turned face up is also revealed (`revelação`, N9)
        events = events + [dict(ev, event="reveal") for ev in events if ev["from"] in g.faces]
    L["pc"] = 1
    r = _fire_all(ctx, events)
    return FIN if r is None else r
