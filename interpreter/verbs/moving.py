"""Verb `mova`: a move from one space to another, its legality (rule, prohibitions) and the
choices of which pieces move.
"""
from __future__ import annotations

from ...compiler import CC, quant_count
from ..hooks import prohibited
from ..machine import FIN, start
from ..flow import ask
from ..runtime import Decision
from .registry import _actor, _fire_all, _one_piece_sel, _pp, _short, _unit_option, verb
from .sides import leave_back_side
from .. import board as _bd


@verb("move",
      {"pt": "Leva peças de um espaço para outro (usado pela ação de movimento dos dados do jogo). "
             "Com 'qualquer número de', quem move escolhe quantas (pelo menos 1); com 'até N', "
             "de 1 a N (não mais do que há). Com 'por E', "
             "quem move continua sendo o sujeito (o movimento é dele, para as regras que o veem), "
             "mas é E quem escolhe quantas e quais: um movimento FORÇADO (1.5.5), como "
             "'A leve qualquer número de guerreiros de A de O para D por você'.",
       "es": "Lleva piezas de un espacio a otro. Con 'cualquier número de', quien mueve elige cuántas "
             "(al menos 1); con 'hasta N', de 1 a N (no más de las que hay). Con 'por E', quien mueve sigue siendo el sujeto (el movimiento es suyo, "
             "para las reglas que lo ven), pero es E quien elige cuántas y cuáles: un movimiento "
             "FORZADO (1.5.5), como 'A lleva cualquier número de guerreros de A de O a D por ti'."},
      {"pt": "leve qualquer número de guerreiros seus de O para D",
       "es": "lleva cualquier número de guerreros tuyos de O a D"})
def c_move(cc: CC, node):
    actor = _actor(cc, node)
    chooser, _ = _pp(cc, node, "by")
    _, s = _one_piece_sel(cc, node, default_owner="mine")
    to, _ = _pp(cc, node, "to")
    if to is None:
        cc.err("C022", node)
    K = (s, cc.law)

    def run(ctx):
        me = actor(ctx)
        c = ctx if me == ctx.me else ctx.child(me=me, env=ctx.env)
        # "por E": E decides how many and which (a forced move, 1.5.5); the move stays the actor's
        pk = me if chooser is None else (chooser(ctx) or me)
        return start(_move_step, K, {"ctx": ctx, "c": c, "me": me, "pk": pk, "dst": to(c), "pc": 0,
                                     "d": None})
    return run



def _move_forbidden(c, units, dst, me) -> bool:
    """Does a prohibition forbid this movement? The destination with the first kind moved (as
    always), and every other space the pieces leave (a ban on leaving a space, 13.7.2)."""
    place, kind = units[0][0], units[0][1]
    if prohibited(c, "movement", dst, kind, me, place):
        return True
    for u in units[1:]:
        if u[0] != place and prohibited(c, "movement", dst, u[1], me, u[0]):
            return True
    return False


def _move_step(K, L, send):
    s, law = K
    ctx, c, me, dst = L["ctx"], L["c"], L["me"], L["dst"]
    pc = L["pc"]
    q = s.quant
    if pc == 0:
        locs = s.locations(c)
        if not locs:
            _short(ctx, law)
            return FIN
        total = sum(x[2] for x in locs)
        if q is not None and q[0] in ("any", "upto"):
            # "qualquer número de" (1 to all) and "até N" (1 to N, no more than there are):
            # the mover chooses how many
            hi = total if q[0] == "any" else min(total, quant_count(q, c, total))
            if hi < 1:
                return FIN
            n = ask(c, L["pk"], "count", list(range(1, hi + 1)), False, ("how_many",), law)
            if type(n) is Decision:
                L["d"] = n
                L["pc"] = 1
                return n
        else:
            n = quant_count(q, c, total)
            if n > total:
                _short(ctx, law)
                n = total
        L["n"] = n
        pc = 1
    if pc == 1:
        if L["d"] is not None:
            L["n"] = L["d"].options[send]
            L["d"] = None
        L["events"] = []
        units = s.units(c)          # (place, kind, statuses, n): statuses go along
        if dst not in ctx.s.piece_zones and units and _move_forbidden(c, units, dst, me):
            _short(ctx, law)
            return FIN
        L["units"] = units
        send = None
        pc = 2
    if pc == 2:
        g = ctx.g
        units = L["units"]
        n = L["n"]
        events = L["events"]
        acts = ctx.env.get("__acts", ())
        while n > 0 and units:
            if L["d"] is not None:
                u = units[L["opts"].index(L["d"].options[send])]
                L["d"] = L["opts"] = None
                take = 1
            elif len(units) > 1 and n < sum(u[3] for u in units) and (q is None or q[0] != "any"):
                # which ones: the mover chooses ("leve 1 item de C para sua mochila")
                opts = [_unit_option(g, u) for u in units]
                pick = ask(c, L["pk"], "choose", opts, False, ("move_which",), law)
                if type(pick) is Decision:
                    L["d"] = pick
                    L["opts"] = opts
                    L["units"] = units
                    L["n"] = n
                    L["pc"] = 2
                    return pick
                u = units[opts.index(pick)]
                take = 1
            else:
                u = units[0]
                take = min(u[3], n)
            sp, k, bits = u[0], u[1], u[2]
            pz = ctx.s.piece_zones
            faces = None
            if sp in pz or dst in pz:
                # statuses go along (`estados_de_peça`), between zones and the map alike
                if sp in pz and dst in pz:
                    ctx.s.move_zone_piece(sp, dst, k, take, bits)
                elif sp in pz:
                    ctx.s.move_zone_piece(sp, None, k, take, bits)
                    ctx.s.adjust_supply(k, take)
                    ctx.s.put(dst, k, take)
                    if bits:
                        ctx.s.set_status(dst, k, take, 0, bits)
                elif k in g.faces:
                    # a piece on its back leaves the map as its face
                    for face, m in leave_back_side(ctx, sp, k, take, bits, None):
                        ctx.s.adjust_supply(face, -m)
                        ctx.s.move_zone_piece(None, dst, face, m, bits)
                else:
                    ctx.s.take(sp, k, take, bits=bits)
                    ctx.s.adjust_supply(k, -take)
                    ctx.s.move_zone_piece(None, dst, k, take, bits)
            elif k in g.faces:
                faces = leave_back_side(ctx, sp, k, take, bits, dst)
            else:
                ctx.s.shift(sp, dst, k, take, bits)
            for face, m in (faces or ((None, take),)):
                ev = {"event": "movement", "from": sp, "to": dst, "space": dst, "kind": k,
                      "owner": ctx.g.piece_kinds[k].owner, "count": m, "by": me, "acts": acts}
                if g.path_kinds:
                    # N18: the path moved along, when its edge kind holds pieces
                    ev["path"] = _bd.path_between(ctx, sp, dst)
                if face is not None:
                    ev["face"] = face
                events.append(ev)
            n -= take
            units = [x for x in ((x[0], x[1], x[2], x[3] - take) if x is u else x for x in units) if x[3] > 0]
        for ev in events:
            ctx.engine.log_change("move", ev)
        L["pc"] = 3
        r = _fire_all(ctx, events)
        return FIN if r is None else r
    return FIN


@verb("send_back",
      {"pt": "Manda as peças escolhidas de volta ao espaço onde começou o movimento de cada uma "
             "(num jogo com 'origens_dos_movimentos:'; as que não se moveram ficam): 'unidades "
             "aguardando um combate retornam para o território do qual partiram'.",
       "es": "Manda las piezas elegidas de vuelta al espacio donde empezó el movimiento de cada "
             "una (en un juego con 'orígenes_de_los_movimientos:'; las que no se movieron se "
             "quedan)."},
      {"pt": "mande de volta todos os mechas seus de T",
       "es": "manda de vuelta todos los mecas tuyos de T"})
def c_send_back(cc: CC, node):
    if not getattr(cc.g, "move_origins", None):
        cc.err("M264", node)
    _, s = _one_piece_sel(cc, node, default_owner="mine")
    law = cc.law

    def run(ctx):
        st = ctx.s
        if st.origins is None:
            return None
        events = []
        for sp, k, n in s.locations(ctx):
            for o, m in sorted(st.origin_split(sp, k).items()):
                m = min(m, n)
                if m <= 0:
                    continue
                n -= m
                st._origin_add(sp, k, o, -m)
                if st.pstat and (sp, k) in st.pstat:
                    st._unstatus(sp, k, m, 0)
                st._shift(sp, o, k, m)
                events.append({"event": "movement", "from": sp, "to": o, "space": o, "kind": k,
                               "owner": ctx.g.piece_kinds[k].owner, "count": m, "by": ctx.me, "acts": ()})
        for ev in events:
            ctx.engine.log_change("move", ev)
        return _fire_all(ctx, events) if events else None
    return run
