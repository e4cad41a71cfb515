"""Counter verbs (score, gain, lose, set), die rolls, victory, and the bounds and types of
counters (N8).
"""
from __future__ import annotations

from ...compiler import CC, Simple, compile_sel, compile_expr
from ... import nodes as N
from ..hooks import fire
from ..flow import ask
from ..machine import FIN, start
from ..runtime import Decision
from .. import chance
from .. import small_forms as _small
from .registry import _actor, _counter_key, _ends_on, _hide_again, _objs, _one_obj, verb


# ---------------------------------------------------------------------------------------------
# counters, dice, budget, victory

def _counter_verb(sign):
    def comp(cc: CC, node):
        actor = _actor(cc, node)
        o = _one_obj(cc, node)
        s = compile_sel(cc, o)
        q = o.quant
        nf = compile_expr(cc, q)[0] if q is not None and not isinstance(q, tuple) else (lambda ctx: 1)
        # "receba até N X" (a benefit taken in part): the receiver chooses how many, 0 to N
        upto = isinstance(q, tuple) and q[0] == "upto" and sign > 0
        if isinstance(q, tuple) and q[0] == "upto":
            if not upto:
                cc.err("M171", o, verb=getattr(node, "word", None) or "-")
            nf = compile_expr(cc, q[1])[0]
        elif isinstance(q, tuple):
            cc.err("M171", o, verb=getattr(node, "word", None) or ("+" if sign > 0 else "-"))
        g = cc.g
        if isinstance(s, Simple) and s.etype == "extra_action":
            def extra(ctx):
                if ctx.menus:
                    ctx.menus[-1][0] = (ctx.menus[-1][0] or 0) + sign * (nf(ctx) or 0)
            return extra
        if not isinstance(s, Simple) or s.etype != "counter":
            cc.err("C025", o, what=o.noun.text)
        cid = s.what
        owner = None
        for f in o.filters:
            if f.kind == "of":
                owner = compile_expr(cc, f.arg)[0]
        cdef = _counter_def(g, cid)
        lo = cdef.get("min")
        hi = cdef.get("max")        # N8: the declared maximum holds too
        if _small.typed_values(g, cid) is not None:
            # a counter holding a suit or a faction is set (`defina`), not counted up or down
            cc.err("M112", o, name=o.noun.text, kind=str(cdef.get("type")),
                   key=getattr(node, "word", None) or ("+" if sign > 0 else "-"))
        hidden = cid in g.hidden_counters

        def run(ctx, nv=None):
            if nv is None:
                nv = nf(ctx)
            if g.per_faction(cid):
                # "receba 1 ajuda de D": the actor's value for D
                me = actor(ctx)
                key = _counter_key(g, cid, me, owner(ctx) if owner else None)
                n = (nv or 0) * sign
                cur = ctx.s.counters.get(key, 0)
                if lo is not None and cur + n < lo:      # the declared bounds hold per pair too
                    n = lo - cur
                if hi is not None and n > 0 and cur + n > hi:
                    n = max(0, hi - cur)
                if n == 0:
                    return
                ctx.s.add(key, n)
                ctx.engine.log_change("score" if sign > 0 else "lose", {"by": me, "counter": key, "n": n})
                if _ends_on(g, cid):
                    ctx.engine.check_end(ctx)        # the end condition, the instant it holds
                return
            me = owner(ctx) if owner else actor(ctx)
            n = (nv or 0) * sign
            key = g.counter_key(cid, me)
            if ctx.s.flags.get(("locked", key)):
                # frozen: the marker is off the track, nothing to gain nor to lose (3.3.1)
                return
            cur = ctx.s.counters.get(key, 0)
            if lo is not None and cur + n < lo:
                n = lo - cur
            if hi is not None and n > 0 and cur + n > hi:
                n = max(0, hi - cur)
            if n == 0:
                return
            ctx.s.add(key, n)
            if hidden:
                _hide_again(ctx, key)
            ctx.engine.log_change("score" if sign > 0 else "lose", {"by": me, "counter": cid, "n": n})
            if cid == g.score:
                ctx.engine.check_score(ctx)
            elif _ends_on(g, cid):
                ctx.engine.check_end(ctx)            # the end condition, the instant it holds
            return fire(ctx, {"event": "counter", "counter": cid, "by": me, "owner": me, "count": n})
        if not upto:
            return run

        def room(ctx):
            """How much can be received: N, no more than the declared maximum leaves."""
            me = actor(ctx)
            key = _counter_key(g, cid, me, owner(ctx) if owner else None)
            if not g.per_faction(cid) and ctx.s.flags.get(("locked", key)):
                return me, 0
            n = nf(ctx) or 0
            if hi is not None:
                n = min(n, hi - ctx.s.counters.get(key, 0))
            return me, max(0, n)
        return _upto(room, run, cc.law)
    return comp


def _upto(room, run, law):
    """`até N` on a verb that gives something (receba, compre): who receives takes part of it,
    0 to N ("ou parte dele"); the rest is left. room(ctx) -> (who chooses, most that can be
    taken); run(ctx, n) does the verb with n."""
    K = (run, law)

    def ask_first(ctx):
        who, most = room(ctx)
        if most <= 0:
            return None
        return start(_upto_step, K, {"ctx": ctx, "who": who, "most": most, "pc": 0, "d": None})
    return ask_first


def _upto_step(K, L, send):
    run, law = K
    ctx = L["ctx"]
    if L["pc"] == 0:
        v = ask(ctx, L["who"], "count", list(range(0, L["most"] + 1)), False, ("how_many",), law)
        if type(v) is Decision:
            L["d"] = v
            L["pc"] = 1
            return v
    elif L["pc"] == 1:
        v = L["d"].options[send]
        L["d"] = None
    else:
        return FIN
    L["pc"] = 2
    r = run(ctx, v) if v else None
    return FIN if r is None else r


verb("gain",
     {"pt": "Soma a um contador de quem age (PV, ...) ou dá ações extras a um orçamento de ações. Ao "
            "chegar à pontuação de vitória, a partida acaba (3.1). Com 'até N' ('receba até 2 poder'), "
            "quem recebe escolhe quanto, de 0 a N, sem passar do máximo declarado: um benefício "
            "recebido só em parte.",
      "es": "Suma a un contador de quien actúa (PV, ...) o da acciones extra a un presupuesto de acciones. "
            "Con 'hasta N' ('recibe hasta 2 poder'), quien recibe elige cuánto, de 0 a N, sin pasar del "
            "máximo declarado: un beneficio recibido solo en parte."},
     {"pt": "receba 1 PV", "es": "anota 1 PV"})(_counter_verb(1))
verb("lose",
     {"pt": "Subtrai de um contador de quem age, sem passar do mínimo declarado.",
      "es": "Resta de un contador de quien actúa, sin bajar del mínimo declarado."},
     {"pt": "perca 1 PV", "es": "pierde 1 PV"})(_counter_verb(-1))


@verb("roll",
      {"pt": "Rola dados declarados no conjunto de regras e guarda os resultados, do maior para o menor, "
             "na variável dada.",
       "es": "Tira dados declarados en el conjunto de reglas y guarda los resultados, de mayor a menor, "
             "en la variable dada."},
      {"pt": "role 2 dados R", "es": "tira 2 dados R"})
def c_roll(cc: CC, node):
    o = _objs(node)[0]
    s = compile_sel(cc, o)
    if not isinstance(s, Simple) or s.etype != "die":
        cc.err("C025", o, what=o.noun.text)
    q = o.quant
    nf = compile_expr(cc, q)[0] if q is not None and not isinstance(q, tuple) else (lambda ctx: 1)
    var = o.var
    if var:
        # a die of an enumeration's values (suits): the list of the faces rolled, each a value
        cc.vars[var] = "list:enumval" if cc.g.__dict__.get("die_enum", {}).get(s.what) else "list:number"
    faces = cc.g.dice.get(s.what) or [0]

    def run(ctx):
        n = nf(ctx)
        r = chance.roll(ctx.engine, ctx.s.rng, faces, n)
        if var:
            ctx.env[var] = r
        ctx.engine.log_change("roll", {"by": ctx.me, "result": r})
    return run


@verb("win",
      {"pt": "Quem age vence a partida imediatamente.", "es": "Quien actúa gana la partida inmediatamente."},
      {"pt": "vença", "es": "vence"})
def c_win(cc: CC, node):
    actor = _actor(cc, node)

    def run(ctx):
        ctx.engine.declare_winner(ctx, actor(ctx))
    return run


# ---------------------------------------------------------------------------------------------
# N8: counter bounds and typed counters

def _counter_def(g, cid) -> dict:
    """The declaration of a counter: a global one, or a faction's (`fid.cid`)."""
    return g.counter_def(cid)


def _set_value(cc, node, cid, to):
    """`defina C para X`: the value stored. A number counter keeps within its `mínimo:` and
    `máximo:`; a typed counter (`tipo: naipe`, `tipo: facção`) takes one of its values only
    (a value written out of its type: M113 when compiling; met in play: an error, never
    silent) and stores it encoded (interpreter/small_forms.py)."""
    g = cc.g
    cdef = _counter_def(g, cid)
    vals = _small.typed_values(g, cid)
    if vals is None:
        lo, hi = cdef.get("min"), cdef.get("max")
        if lo is None and hi is None:
            return to

        def bounded(ctx):
            v = to(ctx) or 0
            if lo is not None and v < lo:
                v = lo
            if hi is not None and v > hi:
                v = hi
            return v
        return bounded
    v = node.args.get("to")
    if isinstance(v, N.Name) and v.kind in ("enumval", "faction") and v.ids[0] not in vals:
        cc.err("M113", v, name=getattr(node.obj, "text", None) or cid, kind=str(cdef.get("type")),
               value=v.text, known=", ".join(vals))
    if isinstance(v, N.Num):
        cc.err("M113", v, name=cid, kind=str(cdef.get("type")), value=v.value, known=", ".join(vals))
    lang = cc.lang

    def encoded(ctx):
        return _small.encode(g, cid, vals, to(ctx), lang)
    return encoded
