"""A card given from one hand to another is written (`F#V->C`): a step that gives one, where
the record writes the card leaving the giver's hand but not arriving in the receiver's, is not
the record's.

The matcher sees a hand as its number of cards (Matching.obs). A gain the lines do not write may
pass (a draw the log leaves out, Matching._unrecorded_ok), and a loss is consumed by the line's
next written loss of that hand. Together they let one card's move be read as two things the
record does not say: in r1g3 l. 31 (`V:...%h->e/Z%b/++/%f->e/F#domV->/5_9->/...`) the bag cannot
be crafted (a players' mistake), and the search found the Vagabond's Aid (9.5.4) instead: card
22 left the Vagabond's hand, consuming the craft's card (written: to the discard pile, notation
«Move»: no destination is the discard), and arrived in the Marquise's hand as an unwritten
draw. The line was then corrected from that position and the Marquise kept a card the record
never gave her: six cards at her Evening of l. 39 (a discard the record does not write, that
turn ended by force).

The notation writes a card's start and destination; a card that goes from a hand to another
hand is written with both (`#V->C`, `2#G->C`, `R#O->V`: every transfer of the eight games).
So here, in the search (one hook in Search.candidates): when one step moves cards from a
faction's hand X to another's hand Y, and the changes it consumes include a written loss of X's
hand but fewer written gains of Y's hand than the cards moved, the step is refused. A move whose
loss is not written either (a Swap Meet's card taken, `Zswap`, whose exchange the record leaves
out) is let through as before."""
from __future__ import annotations


def unwritten(rp, before, after, diff, left, new) -> bool:
    """Whether the step from `before` to `after` gives cards between hands in a way the
    consumed changes (`left` → `new`) do not write (see above)."""
    hands = rp.hands
    if not any(d > 0 and k[0] in ("zone", "zone+") and k[1] in hands for k, d in diff.items()):
        return False
    zb, za = before.s.zones, after.s.zones
    gifts = {}
    for y in hands:
        came = set(za.get(y, ())) - set(zb.get(y, ()))
        for c in came:
            x = next((h for h in hands if h != y and c in zb.get(h, ())), None)
            if x is not None:
                gifts[(x, y)] = gifts.get((x, y), 0) + 1
    if not gifts:
        return False
    taken = {}
    for (at, old), (_, rem) in zip(left, new):
        if old > rem and isinstance(at.place, tuple) and at.place[0] == "zone":
            k = (at.place[1], at.sign)
            taken[k] = taken.get(k, 0) + old - rem
    return any(taken.get((x, -1), 0) and taken.get((y, 1), 0) < n for (x, y), n in gifts.items())
