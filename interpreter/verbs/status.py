"""Statuses of units, `defina` on spaces and attributes, dealing markers to spaces (A.1).
"""
from __future__ import annotations

from ...compiler import CC, Simple, compile_sel, compile_expr, quant_count, SPACE, _flat
from ... import nodes as N
from .. import chance
from ..machine import FIN, start
from ..flow import ask
from ..runtime import Failure, PASS, Decision
from .. import board as _bd
from .. import small_forms as _small
from .registry import _actor, _counter_key, _ends_on, _hide_again, _objs, _one_piece_sel, _pp, _unit_option, verb
from .counters import _set_value
from .. import hirelings as _hirelings


def _status_verb(setting):
    def comp(cc: CC, node):
        actor = _actor(cc, node)
        _, s = _one_piece_sel(cc, node)
        g = cc.g
        bit = g.status_bit(node.status)
        law = cc.law
        q = s.quant
        own_zones = s.where is None

        def run(ctx):
            me = actor(ctx)
            c = ctx if me == ctx.me else ctx.child(me=me, env=ctx.env)
            if own_zones:
                # no place named: the acting faction's own zones of pieces
                places = [z for z in ctx.s.piece_zones if z.startswith(me + ".") or z.startswith(me + ":")]
                units = [u for u in _units_in(c, s, places)]
            else:
                units = s.units(c)          # on the map or in zones of pieces
            units = [u for u in units if bool(u[2] & bit) != setting]
            total = sum(u[3] for u in units)
            if q is None or q[0] in ("n", "upto", "atleast"):
                n = quant_count(q, c, 1)
            else:
                n = total
            if total < n:
                # putting a status on is a cost ("exaura 1 bota"): short of it, the rule fails;
                # taking it off does what it can
                if setting and (q is None or q[0] != "upto"):
                    raise Failure("cannot_pay", law)
                n = total
            L = {"ctx": ctx, "c": c, "me": me, "n": n, "units": units, "changed": [], "d": None,
                 "opts": None, "asked": False}
            return start(_status_step, K, L)
        K = (g, bit, law, setting, node.status, node.optional)
        return run
    return comp



def _status_step(K, L, send):
    g, bit, law, setting, status, optional = K
    ctx, c, me, changed = L["ctx"], L["c"], L["me"], L["changed"]
    n, units = L["n"], L["units"]
    if optional and n > 0 and not L["asked"]:
        # "você pode <verbo do estado> 1 X": who acts says whether
        if L["d"] is None:
            v = ask(c, me, "may", [True], True, ("may_status", status), law)
            if type(v) is Decision:
                L["d"] = v
                return v
        else:
            v = L["d"].options[send]
            L["d"] = None
        L["asked"] = True
        if v is PASS:
            ctx.env["__passed"] = True
            return FIN
    while n > 0 and units:
        if L["d"] is not None:
            u = units[L["opts"].index(L["d"].options[send])]
            L["d"] = L["opts"] = None
            take = 1
        elif len(units) > 1 and n < sum(u[3] for u in units):
            opts = [_unit_option(g, u) for u in units]
            pick = ask(c, me, "status", opts, False, ("status", status), law)
            if type(pick) is Decision:
                L["d"] = pick
                L["opts"] = opts
                L["n"] = n
                L["units"] = units
                return pick
            u = units[opts.index(pick)]
            take = 1
        else:
            u = units[0]
            take = min(u[3], n)
        new = (u[2] | bit) if setting else (u[2] & ~bit)
        ctx.s.set_status(u[0], u[1], take, u[2], new)
        changed.append((u[0], u[1], take))
        n -= take
        units = [x for x in ((x[0], x[1], x[2], x[3] - take) if x is u else x for x in units) if x[3] > 0]
    if changed:
        ctx.engine.log_change("status", {"by": me, "status": status, "on": setting,
                                         "pieces": changed})
    return FIN

def _units_in(ctx, sel, places):
    out = []
    on, off = sel.st_on, sel.st_off
    for z in places:
        zone = ctx.s.piece_zones.get(z) or {}
        for k in sel.kind_list(ctx):
            if not zone.get(k):
                continue
            for bits, m in sorted(ctx.s.zone_split(z, k).items()):
                if (bits & on) == on and not (bits & off):
                    out.append((z, k, bits, m))
    return out


verb("set_status",
     {"pt": "Põe um estado de peça (declarado em `estados_de_peça:`) em peças de zonas de peças ou do "
            "mapa: o verbo é o que o estado declara em `verbo:` ('exaura 1 bota'). Sem lugar, as zonas de "
            "quem age; com um espaço ('canse 1 soldado seu em C'), as peças dali. É um custo: sem peças "
            "bastantes sem o estado, a regra falha ('até N': as que houver).",
      "es": "Pone un estado de pieza (declarado en `estados_de_pieza:`) en piezas de zonas de piezas o del "
            "mapa: el verbo es el que el estado declara en `verbo:` ('agota 1 bota'). Sin lugar, las zonas "
            "de quien actúa; con un espacio ('cansa 1 soldado tuyo en C'), las piezas de allí. Es un coste: "
            "sin piezas bastantes sin el estado, la regla fracasa ('hasta N': las que haya)."},
     {"pt": "exaura 1 bota não danificada", "es": "agota 1 bota no dañada"}, may=True)(_status_verb(True))
verb("clear_status",
     {"pt": "Tira um estado de peça (o verbo de `verbo_inverso:`, 'reanime 2 itens exauridos'); faz "
            "o que puder (1.5.4). Quem age escolhe quais peças, quando há escolha.",
      "es": "Quita un estado de pieza (el verbo de `verbo_inverso:`, 'refresca 2 artículos agotados'); "
            "hace lo que pueda. Quien actúa elige qué piezas, cuando hay elección."},
     {"pt": "reanime 3 itens exauridos", "es": "refresca 3 artículos agotados"}, may=True)(_status_verb(False))


@verb("set",
      {"pt": "Define um contador de quem age (ou, num contador por facção, o valor dele para outra "
             "facção: 'defina relação de D para 0').",
       "es": "Fija un contador de quien actúa (o, en un contador por facción, su valor para otra "
             "facción: 'establece relación de D a 0')."},
      {"pt": "defina relação de D para 0", "es": "establece relación de D a 0"})
def c_set(cc: CC, node):
    actor = _actor(cc, node)
    objs = _objs(node)
    if len(objs) != 1:
        cc.err("C020", node, what="?")
    o = objs[0]
    other = None
    if isinstance(o, N.AttrOf) and o.attr.kind == "attr":
        # "defina naipe de C para raposa": a space attribute, during the game (board.py)
        return _set_space_attr(cc, node, o)
    if isinstance(o, N.AttrOf) and o.attr.kind in ("counter", "counter_attr"):
        # "defina relação de D para 0" reads the counter like an attribute of D
        cid = o.attr.ids[0]
        other = compile_expr(cc, o.obj)[0]
    else:
        s = compile_sel(cc, o)
        if not isinstance(s, Simple) or s.etype != "counter":
            cc.err("C025", o, what=getattr(getattr(o, "noun", None), "text", "?"))
        cid = s.what
        for f in o.filters:
            if f.kind == "of":
                other = compile_expr(cc, f.arg)[0]
    to, _ = _pp(cc, node, "to")
    if to is None:
        cc.err("C022", node)
    g = cc.g
    said = to
    typed = _small.typed_values(g, cid) is not None
    to = _set_value(cc, node, cid, to)      # N8: typed counters, and the declared bounds

    def run(ctx):
        me = actor(ctx)
        key = _counter_key(g, cid, me, other(ctx) if other else None)
        ctx.s.set_counter(key, to(ctx) or 0)
        if hidden:
            _hide_again(ctx, key)
        ctx.engine.log_change("set", {"by": me, "counter": key,
                                      "value": said(ctx) if typed else ctx.s.counters[key]})
        if _ends_on(g, cid):
            ctx.engine.check_end(ctx)                # the end condition, the instant it holds
        if ctl:
            # the game's hireling controller counter (App. E, interpreter/hirelings.py)
            h = other(ctx) if other else me
            return _hirelings.on_set_controller(ctx, h, _small.decode(_small.typed_values(g, cid),
                                                                      ctx.s.counters[key]))
    hidden = cid in g.hidden_counters
    ctl = cid == getattr(g, "hireling_ctl", None)
    return run


def _set_space_attr(cc, node, o):
    fo, to_type = compile_expr(cc, o.obj)
    if to_type not in (SPACE, "any"):
        cc.err("C025", o, what=getattr(o.attr, "text", "?"))
    aid = o.attr.ids[0]
    v = node.args.get("to")
    if v is None:
        cc.err("C022", node)
    # "para raposa e coelho": several values (a space of every suit)
    items = v.items if isinstance(v, N.Logic) and v.op == "and" else [v]
    fs = [compile_expr(cc, x)[0] for x in items]

    def run(ctx):
        vals = [f(ctx) for f in fs]
        val = vals[0] if len(vals) == 1 else vals
        for sp in _flat(fo(ctx)):
            _bd.set_attr(ctx, sp, aid, val)
            ctx.engine.log_change("set_attr", {"by": ctx.me, "space": sp, "attr": aid,
                                               "value": val})
    return run


@verb("deal",
      {"pt": "Distribui ao acaso (gerador com semente) as peças de um tipo que declara `por_valor:` "
             "(quantas há de cada valor), uma por espaço da seleção: cada espaço passa a ter aquele "
             "valor no atributo do mesmo tipo (os marcadores de naipe, A.1). As peças ficam no "
             "suprimento; o valor cobre o impresso.",
       "es": "Reparte al azar (generador con semilla) las piezas de un tipo que declara `por_valor:` "
             "(cuántas hay de cada valor), una por espacio de la selección: cada espacio pasa a tener "
             "ese valor en el atributo del mismo tipo (las fichas de palo). Las piezas quedan en la "
             "reserva; el valor cubre el impreso."},
      {"pt": "distribua os marcadores de naipe nas clareiras",
       "es": "reparte las fichas de palo en los claros"})
def c_deal(cc: CC, node):
    objs = _objs(node)
    if len(objs) != 1 or not isinstance(objs[0], N.Sel) or objs[0].noun.kind != "piece":
        cc.err("C020", node, what="?")
    o = objs[0]
    kind = o.noun.ids[0]
    g = cc.g
    per = g.piece_kinds[kind].attrs.get("per_value") or {}
    if not isinstance(per, dict) or not per:
        cc.err("C020", o, what=o.noun.text)
    bag = [str(v) for v, n in per.items() for _ in range(int(n))]
    # the attribute whose type is the enumeration of those values
    enum = next((e for e, vals in g.enums.items() if set(per) <= set(vals)), None)
    aid = next((a for a, t in g.attr_types.items() if t == enum), None)
    where = None
    for f in o.filters:
        if f.kind == "in":
            where = compile_sel(cc, f.arg) if isinstance(f.arg, N.Sel) else None
            if where is None:
                where_f = compile_expr(cc, f.arg)[0]
                where = Simple_fn(where_f)
    dest, _ = _pp(cc, node, "in")
    if where is None and dest is None:
        cc.err("C022", node)
    if aid is None:
        cc.err("C020", o, what=o.noun.text)

    def run(ctx):
        spaces = list(where.items(ctx)) if where is not None else _flat(dest(ctx))
        markers = list(bag)
        chance.shuffle(ctx.engine, ctx.s.rng, markers)    # a chance event (interpreter/chance.py)
        dealt = {}
        for sp, v in zip(spaces, markers):
            _bd.set_attr(ctx, sp, aid, v)
            dealt[sp] = v
        ctx.engine.log_change("deal", {"pieces": kind, "attr": aid, "spaces": dealt})
    return run


class Simple_fn:
    """A destination given as an expression (a variable holding spaces)."""

    def __init__(self, f):
        self.f = f

    def items(self, ctx):
        return _flat(self.f(ctx))
