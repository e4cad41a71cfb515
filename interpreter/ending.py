"""The end of a game by a condition, its final scoring and its ranking (engine-gaps N14).

`fim_da_partida:` / `final_de_partida:` in data:

    fim_da_partida:
      lei: "..."
      condição: <condition>        # checked for every seat, at every decision and turn end
      pontuação_final: [rules]     # run once for each seat, in seat order, when the game ends
      classificação: [expr, ...]   # a value per seat, higher first; the next breaks ties

The game ends when the condition holds for some seat (even in the middle of an action: the
rest of the action is not played), or at the round limit. Seats with equal values in every
expression share a rank. `returns()` then gives each seat a value by its rank: from +1 (first)
to -1 (last) in equal steps, seats sharing ranks sharing the mean of theirs (zero-sum), as
OpenSpiel's returns. A game that a rule or a victory condition already won keeps that winner.
"""
from __future__ import annotations


class Ending:
    __slots__ = ("condition", "final_scoring", "ranking", "law")

    def __init__(self, condition, final_scoring, ranking, law):
        self.condition = condition          # fn(ctx) or None
        self.final_scoring = final_scoring  # [fn(ctx) -> statement result]
        self.ranking = ranking              # [fn(ctx) -> number]
        self.law = law


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
