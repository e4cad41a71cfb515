"""Where a line's first unmatched action is corrected: at the first position of the search's
furthest path where every action the line writes before it is made, not at the furthest
position itself.

The furthest position the search reaches may lie past steps that were decided before the
correction exists. r1g3 l. 31 (`V:...%f9->$/++/%h->e/Z%b/++/.../#->V`): the record crafts a bag
the engine cannot (a bag costs a mouse; the Vagabond is in a fox clearing); the search goes
on to the Evening draw (`#->V`), where the item limit (9.6.4) has already counted the
satchel without that bag, and the bag corrected there comes too late: the engine then
removes the boot just explored, and the Vagabond moves on foot it no longer has in l. 36,
41 and 46. Corrected in the phase the line writes it in (Daylight, after the exploration), the
bag is in the satchel when the Evening counts it, and the search matches the rest of the line
from there again. Only a correction the search carried into a later phase is taken back: within
one phase the furthest position stays (taken back to the first position after the earlier
actions, every correction of r1g2 moved and its l. 28 gave away the card l. 33 crafts with:
−25 there, +6 in r1g3 and orderly)."""
from __future__ import annotations


def _done_before(left, first, bi) -> bool:
    """No action the line writes before `first` has a change still open."""
    return not any(rem and at.turn == bi and not at.optional and at.action < first
                   for at, rem in left)


def position(steps, deep, first, bi):
    """(game, left) to correct at. On the path to the furthest position `deep` = (game,
    left), the positions where all actions before `first` (an action index) are made, with
    `first` still open: when the first of them is in another phase than `deep` (the search
    went on into a later phase of the turn, or a later turn), the last of them still in that
    phase; else `deep` itself (a correction within one phase stays where it was). `deep` too
    when the path is not the one that reached it."""
    if not steps:
        return deep
    (game, left), memo, path = steps
    chain = [(game, left)]
    for i in range(len(path)):
        cands = memo.get(path[:i])
        if cands is None or path[i] >= len(cands):
            return deep
        g2, l2, _ = cands[path[i]]
        chain.append((g2, l2))
    if chain[-1][0] is not deep[0]:
        return deep
    valid = [(g, lf) for g, lf in chain
             if _done_before(lf, first, bi) and any(rem and at.action == first for at, rem in lf)]
    if not valid or _phase(valid[0][0]) == _phase(deep[0]):
        return deep
    # the last of them still in that phase: the fewest steps taken back
    phase = _phase(valid[0][0])
    return [(g, lf) for g, lf in valid if _phase(g) == phase][-1]


def _phase(game):
    s = game.s
    return s.turn_no, s.active, s.phase
