"""Paying with pieces or spaces (crafting): activate, cover a cost with distinct spaces, freeze,
step along a track, resolve an effect.
"""
from __future__ import annotations

from ...compiler import CC, PieceSel, Simple, compile_sel, compile_expr
from ... import nodes as N
from ..hooks import fire
from ..machine import FIN, start
from ..flow import ask
from ..runtime import Failure, Decision, matches
from .. import board as _bd
from .registry import _actor, _objs, verb


@verb("activate",
      {"pt": "Ativa peças de quem age para pagar uma lista de valores (o custo de uma carta): cada "
             "valor precisa de uma peça ainda não ativada neste turno num espaço correspondente "
             "(4.1.1). Não pagar tudo é falha.",
       "es": "Activa piezas de quien actúa para pagar una lista de valores (el coste de una carta): "
             "cada valor necesita una pieza no usada este turno en un espacio correspondiente."},
      {"pt": "ative oficinas correspondentes a custo de K", "es": "activa talleres correspondientes a coste de K"})
def c_activate(cc: CC, node):
    actor = _actor(cc, node)
    o = _objs(node)[0]
    s = compile_sel(cc, o, default_owner="mine")
    if not isinstance(s, PieceSel) or s.cover is None:
        cc.err("C026", o)
    law = cc.law

    def run(ctx):
        me = actor(ctx)
        c = ctx if me == ctx.me else ctx.child(me=me, env=ctx.env)
        values = list(s.cover(c))
        g = ctx.g
        # specific values first, wild ones last
        values.sort(key=lambda v: v in g.wild)
        return start(_activate_step, (s, law), {"ctx": ctx, "c": c, "me": me, "values": values,
                                                "i": 0, "d": None})
    return run


def _activate_step(K, L, send):
    s, law = K
    ctx, c, me, values = L["ctx"], L["c"], L["me"], L["values"]
    g = ctx.g
    attr = g.space_enum_attr
    while True:
        if L["d"] is not None:
            sp, k = L["d"].options[send]
            L["d"] = None
        else:
            if L["i"] >= len(values):
                break
            v = values[L["i"]]
            opts = []
            by_piece = me in g.pays_with_piece
            for sp, k, n in s.locations(c):
                used = ctx.s.marks.get(("used", sp, k), 0)
                pv = _pay_value(ctx, sp, k, attr, True) if by_piece else _bd.match_value(ctx, sp, attr)
                if used < n and matches(g, pv, v):
                    opts.append((sp, k))
            if not opts:
                raise Failure("cannot_pay", law)
            x = ask(c, me, "activate", opts, False, ("activate", v), law)
            if type(x) is Decision:
                L["d"] = x
                return x
            sp, k = x
        L["i"] += 1
        ctx.s.set_mark(("used", sp, k), ctx.s.marks.get(("used", sp, k), 0) + 1)
    ctx.engine.log_change("activate", {"by": me, "values": values})
    return FIN


def _pay_value(ctx, sp, k, attr, by_piece):
    """What a piece pays with: its space's value of the attribute, or (`paga_com: peça`, N7)
    the piece's own value (NOVALUE without one: it pays nothing)."""
    if by_piece:
        v = ctx.g.piece_kinds[k].attrs.get(attr)
        return _bd.NOVALUE if v is None else v
    return _bd.match_value(ctx, sp, attr)


def can_cover(ctx, sel, values) -> bool:
    """Can unused pieces of `sel` pay these values? A value corresponds to a place's value
    when they are equal or either is wild (or missing), so the matching is a count: the
    plain values first take places of their own value, what they lack comes from wild places,
    and wild values take whatever is left."""
    g = ctx.g
    wild = g.wild
    try:
        need = {}
        free_vals = 0
        for v in values:
            if v is None or v in wild:
                free_vals += 1
            else:
                need[v] = need.get(v, 0) + 1
    except TypeError:               # a value that is not a plain id: the general search
        return _cover_search(ctx, sel, values)
    exact, anywhere, total = _free_places(ctx, sel)
    lack = 0
    for v, k in need.items():
        have = exact.get(v, 0)
        if k > have:
            lack += k - have
    if lack > anywhere:
        return False
    return free_vals <= total - sum(need.values())


def _free_places(ctx, sel):
    """({value: unused pieces on places of that value}, unused pieces on wild places or
    places without a value, all unused pieces) — kept per state for a selection that reads
    nothing but the state and the acting faction."""
    s = ctx.s
    pure = sel.where is None and not sel.preds and not sel.kind_preds and not callable(sel.owner)
    if pure:
        memo = sel.__dict__.setdefault("_free_memo", {})
        key = (s.uid, s.vid, ctx.me)
        got = memo.get(key)
        if got is not None:
            return got
    g = ctx.g
    attr = g.space_enum_attr
    wild = g.wild
    marks = s.marks
    exact, anywhere, total = {}, 0, 0
    by_piece = ctx.me in g.pays_with_piece
    for sp, k, n in sel.locations(ctx):
        free = n - marks.get(("used", sp, k), 0)
        if free <= 0:
            continue
        v = _pay_value(ctx, sp, k, attr, True) if by_piece else _bd.match_value(ctx, sp, attr)
        if v is _bd.NOVALUE:
            continue                # a place with no value pays nothing
        total += free
        # several values (a space of every suit) count as wild: exact while they are all
        if v is None or v in wild or isinstance(v, tuple):
            anywhere += free
        else:
            exact[v] = exact.get(v, 0) + free
    got = (exact, anywhere, total)
    if pure:
        if len(memo) > 64:
            memo.clear()
        memo[key] = got
    return got


def _cover_search(ctx, sel, values) -> bool:
    """can_cover as a search over every assignment (values that are not plain ids)."""
    g = ctx.g
    attr = g.space_enum_attr
    slots = []
    by_piece = ctx.me in g.pays_with_piece
    for sp, k, n in sel.locations(ctx):
        free = n - ctx.s.marks.get(("used", sp, k), 0)
        slots.extend([_pay_value(ctx, sp, k, attr, by_piece)] * max(0, free))
    vals = sorted(values, key=lambda v: v in g.wild)
    used = [False] * len(slots)

    def assign(i):
        if i == len(vals):
            return True
        v = vals[i]
        for j, s in enumerate(slots):
            if not used[j] and matches(g, s, v):
                used[j] = True
                if assign(i + 1):
                    return True
                used[j] = False
        return False
    return assign(0)


@verb("freeze",
      {"pt": "Congela um contador de quem age: ele não muda mais, nem sobe nem desce (ex.: ao ativar "
             "uma carta de domínio o marcador sai da trilha: você não recebe nem perde mais PV, 3.3.1).",
       "es": "Congela un contador de quien actúa: ya no cambia, ni sube ni baja (p. ej., al activar "
             "una carta de dominación el marcador sale del registro: ya no anotas ni pierdes PV)."},
      {"pt": "congele seus PV", "es": "congela tus PV"})
def c_freeze(cc: CC, node):
    actor = _actor(cc, node)
    o = _objs(node)[0]
    s = compile_sel(cc, o)
    if not isinstance(s, Simple) or s.etype != "counter":
        cc.err("C025", o, what=getattr(o.noun, "text", "?"))
    g = cc.g

    def run(ctx):
        me = actor(ctx)
        ctx.s.set_flag(("locked", g.counter_key(s.what, me)), True)
        ctx.engine.log_change("freeze", {"by": me, "counter": s.what})
    return run


@verb("step",
      {"pt": "Marca um passo declarado da ação em curso (`passos:`): as regras ligadas a ele "
             "(`quando: {evento: passo, passo: ...}`) resolvem-se aqui, com os papéis da ação "
             "(`papéis:`, p. ex. atacante e defensor) e as variáveis do seu `contexto:`, que podem "
             "ler e mudar.",
       "es": "Marca un paso declarado de la acción en curso (`pasos:`): las reglas enganchadas a "
             "él (`cuando: {evento: paso, paso: ...}`) se resuelven aquí, con los papeles de la "
             "acción (`papeles:`, p. ej. atacante y defensor) y las variables de su `contexto:`, "
             "que pueden leer y cambiar."},
      {"pt": "passo emboscar", "es": "paso emboscar"})
def c_step(cc: CC, node):
    objs = _objs(node)
    o = objs[0] if len(objs) == 1 else None
    if isinstance(o, N.Sel) and not o.filters and isinstance(o.noun, N.Name):
        o = o.noun
    if not isinstance(o, N.Name) or o.kind != "step" or o.ids[0] not in cc.g.steps:
        cc.err("C020", node, what=getattr(o, "text", None) or "?")
    sid = o.ids[0]
    _aid, roles, _ctx = cc.g.steps[sid]
    roles = tuple(roles.items())
    law = cc.law

    def run(ctx):
        env = ctx.env
        ev = {"event": "step", "step": sid, "by": ctx.me, "owner": ctx.me, "env": env, "law": law}
        for role, var in roles:
            ev[role] = env.get(var)
        # the attacker says which side uses its effects first (4.3.3); generally, the actor
        ev["chooser"] = ev.get("attacker") or ctx.me
        if ev.get("attacker") is not None and ev.get("defender") is not None:
            ev["sides"] = (ev["attacker"], ev["defender"])
        return fire(ctx, ev)
    return run


@verb("resolve",
      {"pt": "Resolve o efeito escrito numa carta (o seu `efeito:`), com quem age como 'você'.",
       "es": "Resuelve el efecto escrito en una carta (su `efecto:`), con quien actúa como 'tú'."},
      {"pt": "resolva K", "es": "resuelve K"})
def c_resolve(cc: CC, node):
    actor = _actor(cc, node)
    f, _ = compile_expr(cc, _objs(node)[0])
    g = cc.g

    def run(ctx):
        card = f(ctx)
        if card is None:
            return
        cd = g.cards[ctx.s.card_defs[card]]
        if cd.effect is None:
            return
        c = ctx.child(me=actor(ctx), env={"__card": card})
        c.law = cd.law
        return cd.effect(c)
    return run
