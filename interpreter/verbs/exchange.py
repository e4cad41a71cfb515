"""Verbs `troque` and `substitua`: exchanging two things' places, replacing one piece by another (N18).
"""
from __future__ import annotations

from ...compiler import CC, PieceSel, compile_sel, quant_count
from ... import nodes as N
from ..hooks import prohibited
from ..machine import FIN, start
from ..flow import ask
from ..runtime import Decision, free_capacity, supply_count
from ..small_forms import can_remove as _can_remove, removal_forbidden as _forbidden
from .registry import _actor, _fire_all, _objs, _short, _unit_option, verb
from .sides import _which_face
from .removing import _removal


# ---------------------------------------------------------------------------------------------
# N18: swap two pieces' places; replace a piece by another, all or nothing

def _place_of_sel(cc, node, s, verb_id):
    """The place a piece phrase of `troque`/`substitua` names (`em C`): required (M116)."""
    if not isinstance(s, PieceSel) or s.where is None:
        cc.err("M116", node, verb=_verb_word(cc, verb_id), what=getattr(getattr(node, "noun", None), "text", "?"))


def _verb_word(cc, verb_id):
    from ...lexicon import get as _lex
    sp = _lex(cc.lang).words.get("VERB:" + verb_id) or [verb_id]
    return sp[0]


@verb("swap",
      {"pt": "Troca de lugar duas peças do mapa: uma da primeira frase vai para o espaço da segunda e "
             "uma da segunda vem para o da primeira, cada uma com os seus estados e, virada para baixo, "
             "com a sua face (a Trapaça dos Corvídeos, 13.5.4). As duas frases dizem o lugar ('em C'). "
             "Tudo ou nada: se faltar uma das peças, nada acontece (num bloco 'tente', é falha). "
             "Trocar não é mover: não dispara gatilhos de movimento nem consulta proibições de movimento.",
       "es": "Intercambia de lugar dos piezas del mapa: una de la primera frase va al espacio de la "
             "segunda y una de la segunda viene al de la primera, cada una con sus estados y, boca "
             "abajo, con su cara (13.5.4). Las dos frases dicen el lugar ('en C'). Todo o nada: si "
             "falta una de las piezas, no pasa nada (en un bloque 'intenta', es un fracaso). "
             "Intercambiar no es mover: no dispara disparadores de movimiento ni consulta prohibiciones."},
      {"pt": "troque 1 ficha sua em C e 1 ficha sua em D",
       "es": "intercambia 1 ficha tuya en C y 1 ficha tuya en D"})
def c_swap(cc: CC, node):
    actor = _actor(cc, node)
    objs = _objs(node)
    if len(objs) != 2 or not all(isinstance(o, N.Sel) for o in objs):
        cc.err("M116", node, verb=_verb_word(cc, "swap"), what="?")
    sels = []
    for o in objs:
        s = compile_sel(cc, o, role="verb")
        _place_of_sel(cc, o, s, "swap")
        sels.append(s)
    K = (tuple(sels), cc.law)

    def run(ctx):
        me = actor(ctx)
        c = ctx if me == ctx.me else ctx.child(me=me, env=ctx.env)
        return start(_swap_step, K, {"ctx": ctx, "c": c, "me": me, "picked": [], "opts": None,
                                     "units": None, "d": None})
    return run


def _swap_step(K, L, send):
    sels, law = K
    ctx, c, me, picked = L["ctx"], L["c"], L["me"], L["picked"]
    g, s = ctx.g, ctx.s
    if L["d"] is not None:
        picked.append(L["units"][L["opts"].index(L["d"].options[send])])
        L["d"] = None
    while len(picked) < 2:
        sel = sels[len(picked)]
        units = [u for u in sel.units(c) if u[0] not in s.piece_zones
                 and not (picked and u[0] == picked[0][0])]
        if not units:
            _short(ctx, law)            # one side missing: nothing happens (all or nothing)
            return FIN
        if len(units) == 1:
            picked.append(units[0])
            continue
        opts = [_unit_option(g, u) for u in units]
        pick = ask(c, me, "choose", opts, False, ("move_which",), law)
        if type(pick) is Decision:
            L["d"], L["opts"], L["units"] = pick, opts, units
            return pick
        picked.append(units[opts.index(pick)])
    (a, ka, ba, _), (b, kb, bb, _) = picked
    # the faces under face-down pieces, known before either moves (a face-down piece of the
    # same kind arriving must not be taken for the one leaving)
    fa = _which_face(ctx, a, ka) if ka in g.faces else None
    fb = _which_face(ctx, b, kb) if kb in g.faces else None
    events = []
    for src, dst, k, bits, face in ((a, b, ka, ba, fa), (b, a, kb, bb, fb)):
        if face is None:
            s.shift(src, dst, k, 1, bits)
        else:
            if bits or s.pstat:
                s._unstatus(src, k, 1, bits)
            hidden = k in g.hidden_backs
            if hidden:
                s.ident_add(src, k, face, -1)
            s.board_add(src, k, -1)
            s.board_add(dst, k, 1)
            if hidden:
                s.ident_add(dst, k, face, 1)
            if bits:
                s.set_status(dst, k, 1, 0, bits)
        ev = {"from": src, "to": dst, "space": dst, "kind": k, "owner": g.piece_kinds[k].owner,
              "count": 1, "by": me, "swap": True}
        if face is not None:
            ev["face"] = face
        events.append(ev)
    for ev in events:
        ctx.engine.log_change("move", ev)
    return FIN


@verb("replace",
      {"pt": "Substitui peças de um lugar por outras do suprimento de quem age: 'substitua X por Y' remove "
             "X (para o suprimento do dono, com o evento remoção) e posiciona Y no mesmo espaço. Tudo ou "
             "nada (10.4.3.II): se Y não pode ser posicionado ali (suprimento, proibições, lugar depois "
             "de X sair) ou X não pode ser removido, nada acontece (num bloco 'tente', é falha). X diz "
             "o lugar ('em C'); Y é um só tipo de peça. Com vários X possíveis, quem age escolhe.",
       "es": "Sustituye piezas de un lugar por otras de la reserva de quien actúa: 'sustituye X por Y' "
             "retira X (a la reserva de su dueño, con el evento retirada) y coloca Y en el mismo espacio. "
             "Todo o nada (10.4.3.II): si Y no puede colocarse allí (reserva, prohibiciones, lugar tras "
             "salir X) o X no puede retirarse, no pasa nada (en un bloque 'intenta', es un fracaso). X "
             "dice el lugar ('en C'); Y es un solo tipo de pieza. Con varios X posibles, quien actúa elige."},
      {"pt": "substitua 1 guerreiro inimigo em C por 1 guerreiro seu",
       "es": "sustituye 1 guerrero enemigo en C por 1 guerrero tuyo"})
def c_replace(cc: CC, node):
    actor = _actor(cc, node)
    objs = _objs(node)
    by = node.args.get("by")
    if len(objs) != 1 or not isinstance(objs[0], N.Sel) or not isinstance(by, N.Sel):
        cc.err("M116", node, verb=_verb_word(cc, "replace"), what="?")
    x = compile_sel(cc, objs[0], role="verb")
    _place_of_sel(cc, objs[0], x, "replace")
    y = compile_sel(cc, by, role="verb", default_owner="mine")
    if not isinstance(y, PieceSel) or y.where is not None or any(k in cc.g.faces for k in y.kinds):
        # Y goes where X was; a piece placed face down (`verso:`) is placed with `posicione`
        cc.err("M116", by, verb=_verb_word(cc, "replace"), what=by.noun.text)
    K = (x, y, cc.law, cc.g)

    def run(ctx):
        me = actor(ctx)
        c = ctx if me == ctx.me else ctx.child(me=me, env=ctx.env)
        return start(_replace_step, K, {"ctx": ctx, "c": c, "me": me, "pc": 0, "d": None,
                                        "acts": ctx.env.get("__acts", ()), "events": []})
    return run


def _replace_step(K, L, send):
    x, y, law, g = K
    ctx, c, me, acts, events = L["ctx"], L["c"], L["me"], L["acts"], L["events"]
    s, pk = ctx.s, g.piece_kinds
    while True:
        pc = L["pc"]
        if pc == 0:                     # where it can be done, all of it
            units = [u for u in x.units(c) if u[0] not in s.piece_zones and _can_remove(pk[u[1]], acts)
                     and not _forbidden(c, u[0], u[1], me)]
            n = quant_count(x.quant, c, 1) if x.quant is not None and x.quant[0] not in ("all", "each") \
                else sum(u[3] for u in units)
            m = quant_count(y.quant, c, 1)
            kinds = [k for k in y.kind_list(c) if pk[k].owner in (me, None)]
            options = []
            for sp in dict.fromkeys(u[0] for u in units):
                here = [u for u in units if u[0] == sp]
                if n <= 0 or sum(u[3] for u in here) < n:
                    continue
                for k in kinds:
                    if supply_count(g, s, k) < m or prohibited(c, "placement", sp, k, me):
                        continue
                    occ = pk[k].occupies
                    if occ:
                        freed = n if all(pk[u[1]].occupies == occ for u in here) else 0
                        if free_capacity(c, sp, occ) + freed < m:
                            continue
                    options.append((sp, k))
            if not options:
                _short(ctx, law)        # Y not available (or no X): nothing happens
                return FIN
            L["n"], L["m"] = n, m
            if len(options) == 1:
                L["sp"], L["kind"] = options[0]
                L["pc"] = 2
                continue
            opts = [f"{sp}:{k}" for sp, k in options]
            v = ask(c, me, "choose", opts, False, ("place_where",), law)
            if type(v) is Decision:
                L["d"], L["opts"], L["options"], L["pc"] = v, opts, options, 1
                return v
            L["sp"], L["kind"] = options[opts.index(v)]
            L["pc"] = 2
        elif pc == 1:
            L["sp"], L["kind"] = L["options"][L["opts"].index(L["d"].options[send])]
            L["d"] = None
            L["pc"] = 2
        elif pc == 2:                   # X leaves, one piece after the other, chosen by who acts
            sp = L["sp"]
            if L["d"] is not None:
                u = L["units"][L["uopts"].index(L["d"].options[send])]
                L["d"] = None
                _removal(ctx, u[0], u[1], 1, me, events, acts, u[2])
                L["n"] -= 1
            while L["n"] > 0:
                units = [u for u in x.units(c) if u[0] == sp and _can_remove(pk[u[1]], acts)
                         and not _forbidden(c, u[0], u[1], me)]
                if len(units) == 1 or sum(u[3] for u in units) == L["n"]:
                    u = units[0]
                    take = min(u[3], L["n"])
                else:
                    uopts = [_unit_option(g, u) for u in units]
                    pick = ask(c, me, "remove", uopts, False, ("remove",), law)
                    if type(pick) is Decision:
                        L["d"], L["units"], L["uopts"] = pick, units, uopts
                        return pick
                    u = units[uopts.index(pick)]
                    take = 1
                _removal(ctx, u[0], u[1], take, me, events, acts, u[2])
                L["n"] -= take
            L["pc"] = 3
        elif pc == 3:                   # Y comes from the supply
            sp, k, m = L["sp"], L["kind"], L["m"]
            s.put(sp, k, m)
            events.append({"event": "placement", "space": sp, "kind": k, "owner": pk[k].owner,
                           "count": m, "by": me, "acts": acts})
            for ev in events:
                ctx.engine.log_change("remove" if ev["event"] == "removal" else "place", ev)
            L["pc"] = 4
            r = _fire_all(ctx, events)
            return FIN if r is None else r
        else:
            return FIN
