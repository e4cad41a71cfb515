"""A cost the rule takes from the acting faction's own pieces and the line does not write
(`log_unpaid_cost`): the step is accepted, the record error reported.

r2g4 l. 20 `C:3w->O$/B#O->C/t->2/Zrpart/b_r->6/++/w->6+10/M#C->/t->2/B#C->/b_s->3/++/#->C`:
the Marquise builds twice (6.5.4: a recruiter, then a sawmill, one wood each) with the wood
the line puts in clearing 2 (Birdsong, 6.4; then Overwork, 6.5.5), and never writes it spent
(`t2->`), though every other build of the record does (`t->2+4/t2+t4->/b_r->2`, l. 25). The
matcher refused the build's step (a removal no line writes), the referee corrected six actions
by hand, left two wood more on the map than the Law does, and the surplus ran the supply dry
further on.

Allowed exactly when, at a step of a tolerant replay (search.py), the changes no line writes
are all removals of the acting faction's own pieces of a kind K from a clearing X where:
1. the line writes K put in X (`t->2`) and writes no K taken from X (the record wrote the
   pieces there, so their removal is the only change it left out);
2. the line does not battle in X (a die's hits are no cost);
and the same step completes a placement the line writes of one of the faction's buildings (a
piece that takes a slot, `PieceKind.occupies`: what the cost pays for). A step that has made
only such removals so far (the cost paid before the building is placed, one decision each) is
followed like a step the record may omit, while the line still has such a placement open. The removals are not consumed from the line; a marker (optional, nothing to
consume) keeps the placement's action, and `settle` reports one correction per such action,
without edits: the engine's position, which follows the Law, is kept."""
from __future__ import annotations

from .board_owner import kind_owner
from .expected import Atom
from .repair import Correction

UNPAID_COST = "log_unpaid_cost"


def accept(rp, left, diff, bi, g2):
    """`left` after the step `diff` (made by `g2`) with the unwritten cost left out and the
    building's action marked, `left` unchanged when the step has only made the cost so far,
    or None when the step is not of that form (see above)."""
    if not getattr(rp, "tolerant", False) or not diff:
        return None
    fid = rp.blocks[bi][0]
    if fid is None:
        return None
    battles = set(getattr(rp, "battle_places", ()) or ())
    unpaid, rest = {}, {}
    for key, d in diff.items():
        if _unwritten_cost(rp, left, bi, fid, key, d, battles):
            unpaid[key] = d
        else:
            rest[key] = d
    if not unpaid:
        return None
    new = rp.consume(left, rest, {bi}) if rest else [list(x) for x in left]
    if new is None:
        return None
    built = [at.action for (at, rem), (_, r2) in zip(left, new)
             if r2 < rem and at.turn == bi and at.sign > 0 and not at.optional and at.kinds
             and isinstance(at.place, str) and _buildings(rp, at.kinds, fid)]
    if not built:
        if all(r2 == x[1] for (_, r2), x in zip(new, left)) and _open_building(rp, left, bi, fid):
            return new            # the cost made, the building not yet: go on
        return None
    for (place, kind), d in sorted(unpaid.items()):
        # a place no change has: the matcher's netting (`_net_within_line`) must not read
        # the marker as the line's own removal there
        marker = Atom(("unpaid_cost", place), None, -1, 0, built[0], bi, True)
        marker.unpaid_cost = (len(g2.history), place, kind, -d)
        new.append([marker, 0])
    return new


def _open_building(rp, left, bi, fid) -> bool:
    """Whether the line still has a placement of another of the faction's own kinds open (what
    a cost made so far may pay for): without one, a step that only removes the pieces is not
    followed (the search's budget goes to the line's own changes: r1g2 l. 44 puts wood in
    three clearings and builds nothing)."""
    return any(rem and at.turn == bi and at.sign > 0 and not at.optional and at.kinds
               and isinstance(at.place, str) and _buildings(rp, at.kinds, fid) for at, rem in left)


def _buildings(rp, kinds, fid) -> bool:
    """Whether every kind is one of the faction's pieces that take a slot of the clearing
    (`PieceKind.occupies`: the buildings), what a cost of other pieces pays for."""
    for k in kinds:
        pk = rp.g.piece_kinds.get(k)
        if pk is None or pk.owner != fid or not getattr(pk, "occupies", None):
            return False
    return True


def _unwritten_cost(rp, left, bi, fid, key, d, battles) -> bool:
    """Whether the change `key` by `d` is a removal of the faction's own pieces from a
    clearing where the line writes them put and never taken (condition 1, 2)."""
    if d >= 0 or not isinstance(key, tuple) or len(key) != 2 or not isinstance(key[0], str):
        return False
    place, kind = key
    if place in ("pv", "zone", "ctr", "edge") or place in battles or kind_owner(rp.g, kind) != fid:
        return False
    put = taken = False
    for at, _ in left:
        if at.turn != bi or at.place != place or at.kinds is None or kind not in at.kinds:
            continue
        if at.sign > 0:
            put = True
        else:
            taken = True
    return put and not taken


def settle(rp, left, bi) -> list:
    """A correction without edits for each action a marker keeps (the record error,
    reported); `left` without the markers."""
    marks = [at for at, _ in left if getattr(at, "unpaid_cost", None)]
    if not marks:
        return left
    from .repair import classify
    seen = set()
    for at in marks:
        if at.action in seen:
            continue
        seen.add(at.action)
        pos = at.unpaid_cost[0]
        _, t, a = rp.actions[at.action]
        klass = classify(rp, t.line, a.raw)
        c = Correction(pos, t.line, a.raw, t.faction, UNPAID_COST if klass == "unexplained" else klass, [])
        c.action = at.action
        rp.corrections.append(c)
    return [x for x in left if not getattr(x[0], "unpaid_cost", None)]
