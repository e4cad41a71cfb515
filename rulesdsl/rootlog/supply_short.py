"""Pieces a record places that the faction's supply no longer has, by the record's own sums (the
class `log_supply_short`).

A faction has a fixed number of pieces of each kind (the ruleset's `quantidade:`, PieceKind.count:
15 Corvid warriors, 13.3.1). Counted from the record alone, like ledger.overdraws: each placement
from the supply (`w->6+7+9+10`) takes pieces out of it, each removal (`(w+Pw)5->`) gives back the
pieces the lines had put in that place, a move carries only the pieces the lines had put at its
start, a removal whose place the line does not write (`2w->`) lowers the count wherever it was.
When a placement leaves more pieces of a kind on the map than the kind has, the record
contradicts itself: an earlier line placed pieces it did not have, or left out a removal (after_dark
l. 19 places two warriors in 8, `2w->8`, where the plot it makes then needs two removed; from
there the record keeps more Corvid warriors on the map than the 15 there are, and the recruits of
l. 34, 39, 44 and 49 place warriors the engine's supply, following the record, does not have).

Only clearings and forests are counted (pieces on a board, such as the Riverfolk's payments, may
be spent unwritten by owner: `2w$->`), pieces a move or removal takes from a place where the
lines put none are not counted again, and a flip (`t4^t_e`) takes nothing from the supply: each
uncertainty lowers the count, so a placement is judged only when even the lowest count the lines
allow is over the kind's number. The class is given only to an action the engine could not
reproduce (repair.classify)."""
from __future__ import annotations

from dataclasses import dataclass

SUPPLY_SHORT = "log_supply_short"


@dataclass
class SupplyShort:
    line: int
    raw: str
    owner: str       # faction letter
    code: str        # piece code (`w`)
    out: int         # on the map after the placement, by the record's sums
    have: int        # the kind's number of pieces


def _place(loc):
    if loc is None or loc.kind not in ("clearing", "forest"):
        return None
    return loc.raw or str(loc.value)


def shortfalls(rec, mp, g) -> list:
    """Every placement after which the record has more pieces of a kind on the map than the
    kind has (the kinds whose code names one piece kind with a known number)."""
    count: dict = {}
    out_of: dict = {}
    res = []
    kinds = getattr(g, "piece_kinds", {})
    for t in rec.turns:
        for a in t.actions:
            if a.kind != "move":
                continue
            placed = set()
            for th in a.things:
                if th.kind != "piece" or th.type == "p" or th.faction is None and t.faction is None:
                    continue
                owner = th.faction or t.faction
                key = (owner, th.type + ("_" + th.sub if th.sub else ""))
                src = _place(th.start)
                moved = th.count * max(1, len(a.dests))
                if th.start is None and not a.dests:
                    # removed from a place the line does not write (`XA4F@/2w->`): fewer on
                    # the map, wherever they were
                    out_of[key] = max(0, out_of.get(key, 0) - moved)
                    continue
                if th.start is not None:
                    if src is None:
                        continue        # from a board or a hand: not counted
                    have = count.get(key + (src,), 0)
                    moved = min(have, moved)
                    count[key + (src,)] = have - moved
                    out_of[key] = out_of.get(key, 0) - moved
                    per = moved // max(1, len(a.dests))
                else:
                    per = th.count
                for d in a.dests:
                    dst = _place(d)
                    if dst is None:
                        continue
                    count[key + (dst,)] = count.get(key + (dst,), 0) + per
                    out_of[key] = out_of.get(key, 0) + per
                if th.start is None and a.dests:
                    placed.add(key)
            for key in placed:
                ids = mp.piece_kinds(key[0], key[1].split("_", 1)[0],
                                     key[1].split("_", 1)[1] if "_" in key[1] else None)
                pk = kinds.get(ids[0]) if len(ids) == 1 else None
                n = getattr(pk, "count", 0) if pk is not None else 0
                if n and out_of.get(key, 0) > n:
                    res.append(SupplyShort(a.line, a.raw, key[0], key[1], out_of[key], n))
    return res


def witnessed(rp, line, raw) -> bool:
    """Whether the action at (line, raw) places pieces the record's own sums leave no supply
    for."""
    cache = rp.__dict__.get("_supply_short")
    if cache is None:
        cache = rp.__dict__["_supply_short"] = shortfalls(rp.rec, rp.mp, rp.g)
    return any(s.line == line and s.raw == raw for s in cache)
