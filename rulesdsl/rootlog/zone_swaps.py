"""A board zone's cards, not only their number, in the changes the matcher consumes; and one
step's net change of a space that the line writes as two opposite changes (`net_prefix`).

The matcher (matching.py) sees each watched card zone as a size. A step that takes one card off
a board zone and puts another there leaves the size as it was, so the line's discard from that
zone stays open: the Eyrie's decree card discarded in turmoil (7.7) after a move it cannot make,
in the same engine step that puts the new leader's vizier in that column
(`M#scoutingE->$_m/2w->4/M#scouting$_m->/#builder->$`). The observation therefore also keeps
each board zone's cards (`("zs", zone)`, Matching.obs); when a step both takes cards off a
board zone and puts cards there, the change is two: the cards gone (`("zone-", zone)`, negative)
and the cards come (`("zone+", zone)`, positive), consumed like the zone's own changes
(`place`), the removals first (`order`: the line's discard before what the engine put there
unrecorded, which Matching._names_zone lets through once the line has emptied the zone of what
it names). A zone that only gains or only loses cards keeps its single net change, as before."""
from __future__ import annotations


def diff(a, b):
    """The changes from observation a to b ({key: delta}); the card sets (`zs`) become the
    split changes of a zone that both lost and gained cards."""
    out = {}
    for k in set(a) | set(b):
        if k[0] == "zs":
            continue
        d = b.get(k, 0) - a.get(k, 0)
        if d:
            out[k] = d
    for k, now in b.items():
        if k[0] != "zs":
            continue
        was = a.get(k, frozenset())
        gone, came = len(was - now), len(now - was)
        if gone and came:
            out.pop(("zone", k[1]), None)
            out[("zone-", k[1])] = -gone
            out[("zone+", k[1])] = came
    return out


def place(key):
    """The place a change is consumed at: the zone itself for its split changes."""
    return ("zone", key[1]) if key[0] in ("zone-", "zone+") else key


def order(kv):
    """The order changes are consumed in: as before (by key), a zone's split changes where the
    zone's own change would be, the cards gone first."""
    key, _d = kv
    if key[0] in ("zone-", "zone+"):
        return (str(("zone", key[1])), 0 if key[0] == "zone-" else 1)
    return (str(key), 0)


def net_prefix(left, key, d, blocks) -> bool:
    """One engine step that makes two opposite changes the line writes one after the other at
    one space: the Keepers move four warriors to 10 and the Evening then removes one from every
    clearing with four or more (15.6.1) before the next decision: `4w2->10/.../w10->` is +3
    there in one step. The open changes of that piece kind at that space, in the line's order
    from the first, whose sum is the step's change and which include both signs, are consumed
    together (`left` is changed in place). Only when the first open change of the step's sign
    is larger than the step's change (consumed alone, it would stay half done)."""
    if not isinstance(key[0], str) or key[0] in ("pv", "zone", "ctr", "edge"):
        return False
    sign = 1 if d > 0 else -1
    opn = [x for x in left if x[1] and x[0].turn in blocks and not x[0].optional
           and x[0].place == key[0] and x[0].kinds is not None and key[1] in x[0].kinds]
    first = next((x for x in opn if x[0].sign == sign), None)
    if first is None or first[1] <= abs(d):
        return False
    total, signs, take = 0, set(), []
    for x in opn:
        total += x[0].sign * x[1]
        signs.add(x[0].sign)
        take.append(x)
        if total == d and len(signs) == 2:
            for y in take:
                y[1] = 0
            return True
    return False
