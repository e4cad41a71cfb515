"""A faction's simple bot, written in its data: `prioridades:` (issue 19).

    prioridades:                          # ES prioridades:
      - ação: construir                   # a menu's action of the faction (or the game's)
        peso: 3                           # a number, or an expression read when it is offered
        condição: "pontos de você < 10"   # optional: the entry counts only while it holds
      - espaço: C                         # a space offered (to place, move, battle, ...) is C
        condição: "C não é governada por você"
        peso: 2

The agent `heuristico` (ES `heurístico`) values each legal option as the sum of the weights of
the entries that match it and whose condition holds (read with `você` = the deciding faction),
and takes the best; ties, and decisions no entry speaks to, go to the greedy agent's valuation
(agents.py), then to the agent's seeded generator. A faction without `prioridades:` plays as the
greedy agent does. Weights and conditions are compiled once, with the ruleset; an action no menu
knows is an error (M136), as is an entry that names neither an action nor a space (M137).
"""
from __future__ import annotations

from ..errors import suggest
from ..ytypes import pos_of


class Priority:
    __slots__ = ("action", "var", "condition", "weight", "law")

    def __init__(self, action, var, condition, weight, law):
        self.action = action          # action id, or None
        self.var = var                # the variable bound to a space offered, or None
        self.condition = condition    # fn(ctx) -> bool, or None
        self.weight = weight          # fn(ctx) -> number
        self.law = law


def build(g, data) -> None:
    """Compile every faction's `prioridades:` into g.priorities {faction: [Priority]}."""
    from ..compiler import SPACE
    g.priorities = {}
    for fid, fac in (data.get("factions") or {}).items():
        entries = fac.get("priorities") if isinstance(fac, dict) else None
        if not entries:
            continue
        lang = getattr(fac, "_lang", None) or g.lang
        out = []
        for i, e in enumerate(entries):
            if not isinstance(e, dict):
                continue
            path = ("factions", fid, "priorities", i)
            action = var = None
            if e.get("action") is not None:
                name = str(e["action"])
                action = f"{fid}.{name}" if f"{fid}.{name}" in g.actions else (name if name in g.actions else None)
                if action is None:
                    known = sorted({a.split(".", 1)[1] for a in g.actions if a.startswith(fid + ".")}
                                   | {a for a in g.actions if "." not in a})
                    g.diags.add("M136", pos_of(e, "action"), lang, value=name, faction=fid,
                                hint=suggest(name, known))
                    continue
            if e.get("space") is not None:
                var = str(e["space"])
            if action is None and var is None:
                g.diags.add("M137", getattr(e, "pos", None) or pos_of(e, "weight"), lang)
                continue
            cc = g._cc(fid, e.get("law"), lang)
            if var is not None:
                cc.vars[var] = SPACE
            cond = g._expr(path + ("condition",), fid, cc) if "condition" in e else None
            weight = g._expr(path + ("weight",), fid, cc) if "weight" in e else (lambda ctx: 1)
            if weight is None or ("condition" in e and cond is None):
                continue                       # the compiler said why
            out.append(Priority(action, var, cond, weight, e.get("law")))
        if out:
            g.priorities[fid] = out


def value(game, player, option) -> float | None:
    """The sum of the weights of `player`'s entries matching `option`; None when no entry of
    the faction speaks to options of this shape."""
    entries = getattr(game.g, "priorities", {}).get(player)
    if not entries:
        return None
    is_space = isinstance(option, str) and game.m is not None and option in game.m.attrs
    total = 0.0
    spoke = False
    for p in entries:
        if p.action is not None:
            if option != p.action:
                continue
            ctx = game.ctx.child(me=player, env={})
        elif is_space:
            ctx = game.ctx.child(me=player, env={p.var: option})
        else:
            continue
        spoke = True
        if p.condition is not None and not p.condition(ctx):
            continue
        total += float(p.weight(ctx) or 0)
    return total if spoke else None


def __getattr__(name):
    # the agent lives with the others (agents.py); named here too, where its priorities are,
    # without loading the agents whenever a ruleset is compiled
    if name == "HeuristicAgent":
        from .agents import HeuristicAgent
        return HeuristicAgent
    raise AttributeError(name)
