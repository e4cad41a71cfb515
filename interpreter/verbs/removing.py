"""Verbs `remova` and `devolva`: removing pieces (the owner of the hits chooses what goes),
their destination and the replacements of a removal.
"""
from __future__ import annotations

from ...compiler import CC, PieceSel, compile_sel, quant_count
from ..hooks import replacement
from ..machine import FIN, start
from ..flow import ask
from ..runtime import Decision
from ..small_forms import can_remove as _can_remove, removal_forbidden as _forbidden
from .registry import _actor, _fire_all, _objs, _short, _unit_option, verb
from .sides import leave_back_side


def _removal(ctx, sp, kind, n, by, events, cause_acts, bits=0):
    if sp in ctx.s.piece_zones:
        # from a zone of pieces off the map back to the supply
        ctx.s.move_zone_piece(sp, None, kind, n, bits)
        ctx.s.adjust_supply(kind, n)
    elif kind in ctx.g.faces:
        # pieces on their back go back to the supply as their face (`verso:`), or, sent
        # elsewhere by a replacement (`destino:`), to that zone as their face (face up)
        pk = ctx.g.piece_kinds[kind]
        for face, m in leave_back_side(ctx, sp, kind, n, bits, None):
            ev = {"event": "removal", "space": sp, "kind": kind, "face": face,
                  "owner": pk.owner, "count": m, "by": by, "acts": cause_acts}
            if ctx.g.replacements.get("removal") and sp not in ctx.s.piece_zones:
                _to_destination(ctx, ev, face, m)
            events.append(ev)
        return
    else:
        ctx.s.take(sp, kind, n, bits=bits)
    pk = ctx.g.piece_kinds[kind]
    ev = {"event": "removal", "space": sp, "kind": kind, "owner": pk.owner, "count": n,
          "by": by, "acts": cause_acts}
    if ctx.g.replacements.get("removal") and sp not in ctx.s.piece_zones:
        _to_destination(ctx, ev, kind, n)
    events.append(ev)


def _to_destination(ctx, ev, kind, n) -> None:
    """N9: pieces removed from the map go to the supply unless a replacement sends them
    elsewhere (`destino:`, a piece zone of its 'você'; Coffin Makers). Still a removal."""
    rp = replacement(ctx, ev)
    if rp is not None:
        h, rc = rp
        key = ctx.g.zone_key(h.dest, rc.me)
        ctx.s.adjust_supply(kind, -n)
        ctx.s.move_zone_piece(None, key, kind, n)
        ev["destination"] = key


def _piece_objects(cc: CC, node) -> tuple:
    """The verb's objects, each a phrase of pieces (anything else: C020)."""
    sels = []
    for o in _objs(node):
        s = compile_sel(cc, o, role="verb")
        if not isinstance(s, PieceSel):
            cc.err("C020", o, what=getattr(getattr(o, "noun", None), "text", "?"))
        sels.append(s)
    return tuple(sels)


@verb("remove",
      {"pt": "Remove peças do mapa (ou de uma zona de peças: 'de oficiais') para o suprimento do dono "
             "(G.1.28); com uma quantidade, quem age escolhe quais; sem quantidade ('todas'), remove "
             "todas as que a frase descreve.",
       "es": "Retira piezas del mapa (o de una zona de piezas) a la reserva de su dueño; con una "
             "cantidad, quien actúa elige cuáles; sin cantidad ('todas'), retira todas las que "
             "describe la frase."},
      {"pt": "remova 1 madeira de C", "es": "retira 1 madera de C"})
def c_remove(cc: CC, node):
    actor = _actor(cc, node)
    K = (_piece_objects(cc, node), cc.law)

    def run(ctx):
        me = actor(ctx)
        c = ctx if me == ctx.me else ctx.child(me=me, env=ctx.env)
        return start(_remove_step, K, {"ctx": ctx, "c": c, "me": me, "si": 0, "events": [],
                                       "prevented": [], "acts": ctx.env.get("__acts", ()),
                                       "pc": 0, "d": None})
    return run



def _remove_step(K, L, send):
    sels, law = K
    ctx, c, me, events, acts = L["ctx"], L["c"], L["me"], L["events"], L["acts"]
    pk = ctx.g.piece_kinds
    pc = L["pc"]
    while True:
        if pc == 0:
            si = L["si"]
            if si >= len(sels):
                pc = 2
                continue
            L["si"] = si + 1
            s = sels[si]
            q = s.quant
            locs = s.locations(c)
            if any(not _can_remove(pk[k], acts) or _forbidden(c, sp, k, me) for sp, k, _ in locs):
                # a piece no rule removes (`removível: não`, or a prohibition of `remoção` for
                # who removes) stays; "remove all" tells its owner (event removal_prevented), a
                # counted removal just cannot pick it
                for sp, k, n in locs:
                    if (not _can_remove(pk[k], acts) or _forbidden(c, sp, k, me)) and \
                            (q is None or q[0] in ("all", "each")):
                        L["prevented"].append({"event": "removal_prevented", "space": sp, "kind": k,
                                               "owner": pk[k].owner, "count": n, "by": me, "acts": acts})
                locs = [x for x in locs if _can_remove(pk[x[1]], acts) and not _forbidden(c, x[0], x[1], me)]
            if q is None or q[0] in ("all", "each"):
                for u in (s.units(c) if s.st_on or s.st_off else ()):
                    if _can_remove(pk[u[1]], acts) and not _forbidden(c, u[0], u[1], me):
                        _removal(ctx, u[0], u[1], u[3], me, events, acts, u[2])
                if not (s.st_on or s.st_off):
                    for sp, k, n in locs:
                        if sp in ctx.s.piece_zones and ctx.s.pstat:
                            for bits, m in list(ctx.s.zone_split(sp, k).items()):
                                _removal(ctx, sp, k, m, me, events, acts, bits)
                        else:
                            _removal(ctx, sp, k, n, me, events, acts)
                continue
            n = quant_count(q, c, 1)
            total = sum(x[2] for x in locs)
            if total < n:
                if q[0] != "upto":
                    _short(ctx, law)
                n = total
            L["n"] = n
            send = None
            pc = 1
        elif pc == 1:                   # one piece after the other, chosen by who removes
            s = sels[L["si"] - 1]
            if L["d"] is not None:
                pick = L["d"].options[send]
                L["d"] = None
                units = L["units"]
                u = units[L["opts"].index(pick)]
                _removal(ctx, u[0], u[1], 1, me, events, acts, u[2])
                L["n"] -= 1
                L["units"] = L["opts"] = None
            while L["n"] > 0:
                n = L["n"]
                units = [u for u in s.units(c) if _can_remove(pk[u[1]], acts)
                         and not _forbidden(c, u[0], u[1], me)]
                if not units:
                    break
                opts = [_unit_option(ctx.g, u) for u in units]
                if sum(u[3] for u in units) == n or len(opts) == 1:
                    u = units[0]
                    take = min(u[3], n)
                else:
                    pick = ask(c, me, "remove", opts, False, ("remove",), law)
                    if type(pick) is Decision:
                        L["d"] = pick
                        L["units"] = units
                        L["opts"] = opts
                        L["pc"] = 1
                        return pick
                    u = units[opts.index(pick)]
                    take = 1
                _removal(ctx, u[0], u[1], take, me, events, acts, u[2])
                L["n"] = n - take
            pc = 0
        elif pc == 2:
            for ev in L["prevented"]:
                ctx.engine.log_change("remove_prevented", ev)
                events.append(ev)
            for ev in events:
                ctx.engine.log_change("remove", ev)
            L["pc"] = 3
            r = _fire_all(ctx, events)
            return FIN if r is None else r
        else:
            return FIN

@verb("return",
      {"pt": "Devolve aos suprimentos dos donos as peças que a frase descreve numa zona de "
             "peças (as peças numa carta, 'de caixões'): não é uma remoção (não dispara "
             "`remoção`), as peças só voltam ao suprimento. Sem quantidade, todas; com um "
             "número ('devolva 2 guerreiros de seus caixões'), quem age escolhe quais, uma a "
             "uma, quando há mais de um tipo ou lugar (faltando peças, as que houver; num bloco "
             "tudo ou nada, falha). Peças do mapa não são devolvidas: para tirá-las do mapa, `remova`.",
       "es": "Devuelve a las reservas de sus dueños las piezas que la frase describe en una "
             "zona de piezas (las piezas sobre una carta): no es una retirada (no dispara "
             "`retirada`), las piezas solo vuelven a la reserva. Sin cantidad, todas; con un "
             "número ('devuelve 2 guerreros de tus ataúdes'), quien actúa elige cuáles, una a "
             "una, cuando hay más de un tipo o lugar (si faltan piezas, las que haya; en un "
             "bloque todo o nada, falla). Las piezas del mapa no se devuelven: para quitarlas del mapa, `retira`."},
      {"pt": "devolva todos os guerreiros de seus caixões", "es": "devuelve todos los guerreros de tus ataúdes"})
def c_return(cc: CC, node):
    actor = _actor(cc, node)
    K = (_piece_objects(cc, node), cc.law)

    def run(ctx):
        me = actor(ctx)
        c = ctx if me == ctx.me else ctx.child(me=me, env=ctx.env)
        return start(_return_step, K, {"ctx": ctx, "c": c, "me": me, "si": 0, "n": 0, "d": None,
                                       "units": None, "opts": None})
    return run


def _return_pieces(ctx, me, sp, k, m, bits=0):
    st = ctx.s
    st.move_zone_piece(sp, None, k, m, bits)
    st.adjust_supply(k, m)
    ctx.engine.log_change("return", {"by": me, "zone": sp, "kind": k, "count": m,
                                     "owner": ctx.g.piece_kinds[k].owner})


def _return_step(K, L, send):
    sels, law = K
    ctx, c, me = L["ctx"], L["c"], L["me"]
    st = ctx.s
    if L["d"] is not None:              # the piece chosen
        u = L["units"][L["opts"].index(L["d"].options[send])]
        L["d"] = L["units"] = L["opts"] = None
        _return_pieces(ctx, me, u[0], u[1], 1, u[2])
        L["n"] -= 1
    while True:
        if L["n"] <= 0:
            si = L["si"]
            if si >= len(sels):
                return FIN
            L["si"] = si + 1
            s = sels[si]
            q = s.quant
            if q is None or q[0] in ("all", "each"):
                for sp, k, n in s.locations(c):
                    if sp not in st.piece_zones or n <= 0:
                        continue
                    for bits, m in (list(st.zone_split(sp, k).items()) if st.pstat else [(0, n)]):
                        _return_pieces(ctx, me, sp, k, m, bits)
                continue
            # "devolva 2 guerreiros de seus caixões": that many, chosen one by one
            n = quant_count(q, c, 1)
            total = sum(x[2] for x in s.locations(c) if x[0] in st.piece_zones)
            if total < n:
                if q[0] != "upto":
                    _short(ctx, law)
                n = total
            L["n"] = n
            continue
        s = sels[L["si"] - 1]
        units = [u for u in s.units(c) if u[0] in st.piece_zones and u[3] > 0]
        if not units:
            L["n"] = 0
            continue
        opts = [_unit_option(ctx.g, u) for u in units]
        if sum(u[3] for u in units) <= L["n"] or len(opts) == 1:
            u = units[0]
            take = min(u[3], L["n"])
        else:
            pick = ask(c, me, "remove", opts, False, ("return",), law)
            if type(pick) is Decision:
                L["d"], L["units"], L["opts"] = pick, units, opts
                return pick
            u = units[opts.index(pick)]
            take = 1
        _return_pieces(ctx, me, u[0], u[1], take, u[2])
        L["n"] -= take
