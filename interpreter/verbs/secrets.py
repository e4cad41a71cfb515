"""Verb `revele`: revealing cards and secret values to players.
"""
from __future__ import annotations

from ...compiler import CC, compile_expr
from ... import nodes as N
from .registry import _actor, _card_fn, _fire_all, _objs, _pp, verb


@verb("reveal",
      {"pt": "Revela cartas a um jogador (ou a todos, sem 'para'): o registro passa a mostrá-las a quem as viu. "
             "Sozinho, revela a todos as escolhas secretas e os contadores ocultos; com um contador oculto, só ele.",
       "es": "Revela cartas a un jugador (o a todos, sin 'a'): el registro pasa a mostrarlas a quien las vio. "
             "Solo, revela a todos las elecciones secretas y los contadores ocultos; con un contador oculto, solo ese."},
      {"pt": "revele as cartas da mão de D para você", "es": "revela las cartas de la mano de D a ti"})
def c_reveal(cc: CC, node):
    actor = _actor(cc, node)
    objs = _objs(node)
    if not objs or (isinstance(objs[0], N.Sel) and isinstance(objs[0].noun, N.Name)
                    and objs[0].noun.kind == "counter"):
        return _reveal_secrets(cc, node, actor, objs[0] if objs else None)
    located, q, sel = _card_fn(cc, objs[0])
    to, _ = _pp(cc, node, "to")

    def run(ctx):
        me = actor(ctx)
        who = to(ctx) if to is not None else None
        cards = [c for c, _ in located(ctx)]
        for c in cards:
            seen = ctx.s.visible.setdefault(c, set())
            if who is None:
                seen.update(ctx.s.seats)
            else:
                seen.add(who)
        ctx.engine.log_change("reveal", {"by": me, "cards": cards, "to": who})
        if ctx.g.triggers.get("reveal"):
            # `revelação` (N9): one event per card shown, with who showed it
            acts = ctx.env.get("__acts", ())
            return _fire_all(ctx, [{"event": "reveal", "card": k, "by": me, "owner": me, "to": who,
                                    "acts": acts} for k in cards])
    return run


def _has_secrets(g) -> bool:
    """Does some rule of the ruleset ask a secret decision (`escolha em segredo`)?"""
    known = g.__dict__.get("_has_secrets")
    if known is None:
        known = any(getattr(n, "secret", False) for e in g.rs.expressions if e.tree is not None
                    for n in e.tree.walk())
        g.__dict__["_has_secrets"] = known
    return known


def _reveal_secrets(cc, node, actor, obj):
    """`revele` alone: every secret answer given so far (the secret decisions' choices and the
    hidden counters' values) is shown to all; `revele CONTADOR [de D]`: that hidden counter's
    values (N13, docs/informacao-oculta.md). A counter shown stays shown until it changes."""
    g = cc.g
    if obj is None and not g.hidden_counters and not _has_secrets(g):
        # nothing a bare `revele` could show: the verb lacks its object (C034)
        raise IndexError("revele")
    cids = None if obj is None else [obj.noun.ids[0]]
    owner = None
    if obj is not None:
        for f in obj.filters:
            if f.kind == "of":
                owner = compile_expr(cc, f.arg)[0]

    def run(ctx):
        s = ctx.s
        who = [owner(ctx)] if owner is not None else list(s.seats)
        keys = []
        for cid in (cids if cids is not None else sorted(g.hidden_counters)):
            if cid not in g.hidden_counters:
                continue
            if cid in g.counters and str(g.counters[cid].get("scope", "player")) == "global":
                ks = [cid]
            else:
                ks = [g.counter_key(cid, f) for f in who]
            for k in ks:
                if k in s.counters and k not in keys:
                    keys.append(k)
        for k in keys:
            if not s.flags.get(("shown", k)):
                s.set_flag(("shown", k), True)
        ctx.engine.log_change("reveal_secrets", {"by": actor(ctx), "choices": obj is None,
                                                 "values": {k: s.counters[k] for k in keys}})
    return run
