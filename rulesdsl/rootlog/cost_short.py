"""A line that pays less for an action than the rule charges: the correction class
`log_cost_short`.

Some actions cost pieces of the acting faction, taken from the clearing where they act, and
the cost may grow within a turn: the Corvids' plot takes one warrior plus one for each plot
token already placed this turn (13.5.2). mega l. 20 (`P:...w6->/t->6/w10->1/w1->/t->1`, the
last plot made by Exerting, 13.6.1: the line draws no card) places its second plot of the turn
with one warrior removed where the rule takes two. The engine's plot there makes the line's
plot token and takes two warriors from clearing 1; the line cannot be matched, its `w1->` and
`t->1` are corrected, and the report called them `unexplained`, as if the engine might be
wrong.

The class is decided where the correction is made (Replayer._correct), by a probe: from the
position being corrected, one more search step (Search.candidates, a small budget) with the
line's open changes plus, for each clearing where a corrected action takes the acting
faction's own pieces, an optional change "any number more of those pieces taken there". A
candidate that completes the corrected action, uses that optional change (so it takes more
than the line writes) and makes everything else it changes as the line does, is the witness:
the engine's rule makes the record's action at a higher cost than the record pays. Every
action that candidate completes in that clearing is classed `log_cost_short`. Not a clearing
where the line battles (a die's hits are no cost). Only the class changes: the correction
itself (the record's position, as for every class), the search and the matching stay as they
were."""
from __future__ import annotations

from .expected import ALL, Atom
from .board_owner import kind_owner

COST_SHORT = "log_cost_short"
BUDGET = 400          # nodes of the probe's search step (a plot after an Exert: 4 decisions)


def probe(rp, game, left, actions, bi) -> None:
    """Find the witness for the corrected `actions` of block `bi` at `game` (see above) and
    remember the actions it shows charged more (rp._cost_short: action index -> clearing)."""
    if not getattr(rp, "tolerant", False) or game is None or game.pending is None:
        return
    fid = rp.blocks[bi][0]
    seen = rp.__dict__.setdefault("_cost_short", {})
    extra = _extra_atoms(rp, left, actions, bi, fid, seen)
    if not extra:
        return
    wide = [list(x) for x in left] + [[at, ALL] for at in extra]
    nxt = getattr(rp, "next_block", None)
    try:
        cands = rp.candidates(game, wide, bi, nxt, keep=6, budget=BUDGET)
    except Exception:     # noqa: BLE001 - a probe that fails classifies nothing
        return
    n = len(left)
    for g2, new, ended in cands:
        used = {at.place for at, rem in new[n:n + len(extra)] if rem < ALL}
        if not used or len(new) > n + len(extra):
            continue          # took no more than the line writes, or owes the line a change
        hit = _done(left, new, n, bi, used) & set(actions)
        if not hit:
            continue
        # the action's other changes there may come a decision or two later (the plot
        # token placed after its warriors are taken): followed while they complete more
        for _ in range(2):
            if ended:
                break
            more = _follow(rp, g2, new, bi, nxt, n, extra, used, left)
            if more is None:
                break
            g2, new, ended = more
        for ai in _done(left, new, n, bi, used):
            seen.setdefault(ai, sorted(used)[0])
        return


def _done(left, new, n, bi, used) -> set:
    """The actions of block `bi` with a change in a `used` clearing that `new` completes."""
    out = set()
    for at, old in left:
        if at.turn != bi or at.optional or at.place not in used:
            continue
        ai = at.action
        if any(r for (a2, _), (_, r) in zip(left, new[:n]) if a2.action == ai and a2.turn == bi and not a2.optional):
            continue
        if any(old2 for a2, old2 in left if a2.action == ai and a2.turn == bi and not a2.optional):
            out.add(ai)
    return out


def _follow(rp, g2, new, bi, nxt, n, extra, used, left):
    """The next step's candidate from (g2, new) that completes another action of the line in
    the clearings used, owing nothing; None if none."""
    before = _done(left, new, n, bi, used)
    try:
        cands = rp.candidates(g2, new, bi, nxt, keep=6, budget=BUDGET)
    except Exception:     # noqa: BLE001 - a probe that fails classifies nothing
        return None
    for g3, new3, ended3 in cands:
        if len(new3) > n + len(extra):
            continue
        if _done(left, new3, n, bi, used) - before:
            return g3, new3, ended3
    return None


def _extra_atoms(rp, left, actions, bi, fid, seen) -> list:
    """One optional removal per (clearing, own kind) a corrected action, not yet classed,
    still takes, outside the clearings of the line's battles."""
    if fid is None:
        return []
    battles = set(getattr(rp, "battle_places", ()) or ())
    out, keys = [], set()
    for at, rem in left:
        if not rem or at.turn != bi or at.action not in actions or at.action in seen:
            continue
        if at.sign > 0 or at.optional or not isinstance(at.place, str) or at.place in battles:
            continue
        for k in sorted(at.kinds or ()):
            if kind_owner(rp.g, k) == fid and (at.place, k) not in keys:
                keys.add((at.place, k))
                out.append(Atom(at.place, frozenset((k,)), -1, ALL, at.action, bi, optional=True))
    return out


def witnessed(rp, line, raw) -> bool:
    """Whether an action of this line, written `raw`, is one a witness showed charged more."""
    seen = getattr(rp, "_cost_short", None)
    if not seen:
        return False
    for ai in seen:
        try:
            _, t, a = rp.actions[ai]
        except (IndexError, TypeError, ValueError):
            continue
        if t.line == line and a.raw == raw:
            return True
    return False
