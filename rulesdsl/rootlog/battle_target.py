"""The defender the record names is the one attacked (search.py).

A battle is written `[Att]X<Def><clearing>` (`XG1`: the second Vagabond in 1), but its
defender was not matched: the battle has no change of its own, only its casualties, and the
hits on a Vagabond damage items, a change that passes unrecorded when the line writes none of
that owner's (Matching._unrecorded_ok). In r1g3 l. 34 (`C:...XG1/w1->/G$_C->h/
(%s+%b)G$->d/...`) both Vagabonds stand in 1, and the Marquise's battle against the first
Vagabond, whose item damage the line does not write, ranked above the battle against the second
one (whose one-hit rolls leave the line's two damaged items half done), so the line was
corrected. The defender chosen right after a battle's clearing is therefore the one the record
names for a battle there, when it is one of the options."""
from __future__ import annotations


def only(rp, game, keyed, ids) -> list:
    """`keyed` [(key, option index)] narrowed to the defenders the lines name for a battle in
    the clearing chosen just before; unchanged when that is not this decision."""
    hist = game.history
    if not hist:
        return keyed
    place = hist[-1]
    wanted = set()
    for t in getattr(rp, "turn_lines", None) or ():
        for a in t.actions:
            if a.kind == "battle" and a.target in rp.mp.factions and a.clearing is not None \
                    and rp.mp.space(_clearing(a.clearing)) == place:
                wanted.add(rp.mp.faction(a.target))
    if not wanted:
        return keyed
    named = [(k, i) for k, i in keyed if k is not None and ids[i] in wanted]
    return named or keyed


def _clearing(n):
    from .notation import Loc
    return Loc("clearing", n)
