"""The end of a game by a condition, its final scoring and its ranking (engine-gaps N14).

`fim_da_partida:` / `final_de_partida:` in data:

    fim_da_partida:
      lei: "..."
      condição: <condition>        # checked for every seat as soon as what it reads changes
      pontuação_final: [rules]     # run once for each seat, in seat order, when the game ends
      classificação: [expr, ...]   # a value per seat, higher first; the next breaks ties

The game ends when the condition holds for some seat (even in the middle of an action: the
rest of the action is not played), or at the round limit. The condition is checked the instant
it may have become true, not at the next decision (a rulebook's "the game ends immediately",
the rest of the turn unplayed): `watch(g)` finds what it reads. A condition that reads only
counters (`pontos de você >= 3`) is checked after a verb changes one of those
counters (receba, perca, defina: `check_end`), and only then, so a game pays nothing for
counters the condition does not read; any other condition is checked after every change a
verb reports (`Game.log_change`) whose parts of the state it reads (State.PARTS versions)
moved, and at every decision. Seats with equal values in every
expression share a rank. `returns()` then gives each seat a value by its rank: from +1 (first)
to -1 (last) in equal steps, seats sharing ranks sharing the mean of theirs (zero-sum), as
OpenSpiel's returns. A game that a rule or a victory condition already won keeps that winner.
"""
from __future__ import annotations


class Ending:
    __slots__ = ("condition", "final_scoring", "ranking", "law", "counters", "parts")

    def __init__(self, condition, final_scoring, ranking, law):
        self.condition = condition          # fn(ctx) or None
        self.final_scoring = final_scoring  # [fn(ctx) -> statement result]
        self.ranking = ranking              # [fn(ctx) -> number]
        self.law = law
        # what the condition reads (watch): the counter ids, when it reads only counters
        # (frozenset; empty: no condition); else None and `parts`, the State.PARTS versions
        # it reads (None: unknown, any change)
        self.counters = frozenset()
        self.parts = ()


def compile_ending(d, block, expr):
    """The `end_of_game:` section compiled with GameDef's `block` and `expr`, or None."""
    e = d.get("end_of_game")
    if not isinstance(e, dict):
        return None
    cond = expr(("end_of_game", "condition"), None) if "condition" in e else None
    rules = []
    for i, r in enumerate(e.get("final_scoring") or []):
        path = ("end_of_game", "final_scoring", i) if isinstance(r, str) else \
            ("end_of_game", "final_scoring", i, "effect")
        run = block(path, None)
        if run:
            rules.append(run)
    ranking = [f for i in range(len(e.get("ranking") or []))
               if (f := expr(("end_of_game", "ranking", i), None)) is not None]
    return Ending(cond, rules, ranking, e.get("law"))


def watch(g) -> None:
    """Find what the end condition reads (see the module's docstring): `g.ending.counters`,
    or `g.ending.counters = None` and `g.ending.parts`."""
    end = g.ending
    if end is None or end.condition is None:
        return
    e = g._exprs.get(("end_of_game", "condition"))
    tree = getattr(e, "tree", None)
    found = None if tree is None else _counters_read(g, tree, set())
    if found is not None:
        end.counters = frozenset(found)
        return
    from rulesdsl.compiler.memo import state_reads
    reads = None if tree is None else state_reads(g, tree)
    end.counters = None
    end.parts = None if reads is None else tuple(sorted(reads))


# what a condition that reads only counters is made of: arithmetic, comparisons, logic, numbers,
# variables, "você", factions, counters (`pontos de J`), derived values made of the same
_COUNTER_NAMES = ("counter", "counter_attr")
_PLAIN_NAMES = ("faction",)


def _counters_read(g, tree, seen):
    """The ids of the counters an expression reads, through the derived values it names; None
    when it reads anything else of the state."""
    from rulesdsl import nodes as N
    plain = (N.Num, N.Var, N.Me, N.Arith, N.Cmp, N.Logic, N.Not)
    out = set()
    for n in tree.walk():
        if isinstance(n, plain):
            continue
        if isinstance(n, N.Sel):
            if not (isinstance(n.noun, N.Name) and n.noun.kind in _COUNTER_NAMES) or n.owner is not None \
                    or n.var is not None or any(getattr(f, "kind", None) != "of" for f in n.filters):
                return None
            continue
        if isinstance(n, N.Filter):
            if n.kind != "of":
                return None
            continue
        if isinstance(n, N.AttrOf):
            if not (isinstance(n.attr, N.Name) and n.attr.kind in _COUNTER_NAMES + ("derived",)):
                return None
            continue
        if isinstance(n, N.Name):
            if n.kind in _COUNTER_NAMES:
                out.update(str(i) for i in n.ids)
                out.update(str(i).split(".")[-1] for i in n.ids)
            elif n.kind in ("derived", "derived_value"):
                pass                 # below, through g._derived_named
            elif n.kind not in _PLAIN_NAMES:
                return None
            continue
        return None
    for d in g._derived_named(tree):
        if d.id in seen:
            continue
        seen.add(d.id)
        if d.base is not None and not d.trees:
            continue                 # a plain number
        if getattr(d, "card_mods", False):
            return None              # a card's modifier holds while the card is in play
        for t in d.trees:
            r = _counters_read(g, t, seen)
            if r is None:
                return None
            out |= r
    return out


def reached(game, ctx) -> bool:
    """Does the end condition hold for some seat now?"""
    end = game.g.ending
    if end is None or end.condition is None:
        return False
    return any(end.condition(ctx.child(me=f, env={})) for f in game.s.seats)


def rank(game, ctx) -> None:
    """Rank the seats by the ranking values (ties broken in order), record and log it; the
    seats ranked first are the winners."""
    s = game.s
    end = game.g.ending
    seats = list(s.seats)
    keys = {}
    for f in seats:
        c = ctx.child(me=f, env={})
        keys[f] = tuple((x(c) or 0) for x in end.ranking)
    order = sorted(seats, key=lambda f: keys[f], reverse=True)
    ranks, prev, r = {}, None, 0
    for i, f in enumerate(order):
        if keys[f] != prev:
            r, prev = i + 1, keys[f]
        ranks[f] = r
    s.ranking = ranks
    s.winners = [f for f in order if ranks[f] == 1]
    s.winner = s.winners[0] if len(s.winners) == 1 else None
    game.log_event("ranking", None, ranks={f: ranks[f] for f in order},
                   values={f: list(keys[f]) for f in order}, law=end.law)


def returns(game) -> list[float]:
    """A value per seat of `game.factions` by rank: +1 first … -1 last; shared ranks share the
    mean of the places they hold."""
    ranks = game.s.ranking
    n = len(game.factions)
    if n < 2:
        return [0.0] * n
    place = [1.0 - 2.0 * p / (n - 1) for p in range(n)]
    out = []
    for f in game.factions:
        r = ranks.get(f)
        if r is None:
            out.append(0.0)
            continue
        k = sum(1 for x in ranks.values() if x == r)
        out.append(sum(place[r - 1:r - 1 + k]) / k)
    return out
