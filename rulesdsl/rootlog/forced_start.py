"""The next turn's start, after a turn ended by force: what it puts on the board is the next
line's.

A tolerant replay ends a turn by force (replay.py `*`, forced.py) when a line is made but its
end does not match the next line's start. The step that ends the turn also runs the next
turn's start, which makes changes without a decision: the Duchy's Birdsong puts a warrior in
the Burrow (12.4), the Marquise's puts wood at her sawmills (6.4), a persistent card draws
(Better Burrow Bank). On a line's ordinary end the matcher consumes those from the next line
(Search.candidates: its changes are taken from both lines); after a forced end they were not
consumed at all (only the points were, start_points.py), so the next line still expected them
and its search had to make them again. In r1g3 l. 33 (`D:3w->0/3w0->10/w10->9/XC10/...`,
after the forced end of l. 31) the Birdsong's warrior was already in the Burrow and the line
still expected three: the two recruits of the assembly (12.5.1.II) made two, and the third
was taken by the Brigadier moving the warrior of 10 back to the Burrow — a move the record does
not write, so `w10->9` was left to a correction and the line ended by force too, as did every
line after it.

Here the changes of that last step (one engine step: the turn's end and the next turn's start)
are consumed from the next line's open changes as the ordinary end consumes them, but leniently:
what the next line does not write is let through unchecked, as before (the forced end checks
nothing of the turn it ends). Points are left to start_points.py."""
from __future__ import annotations

from . import victory as _victory


def consume(rp, last, left, nxt) -> int:
    """Consume from `left` (in place) the next block's changes that the forced end's last step
    made: `last` is (game before it, game after it), kept by forced.end_turn. Returns how many
    were consumed."""
    if last is None or nxt is None:
        return 0
    before, after = last
    diff = rp.diff(rp.obs(before), rp.obs(after))
    took = 0
    for key, d in sorted(diff.items(), key=lambda kv: str(kv[0])):
        if key[0] in ("pv", "zs", "zone-", "zone+") or key[0] in _victory.KEYS:
            continue          # points: start_points.py; a frozen score is always written
        sign, need = (1 if d > 0 else -1), abs(d)
        for x in left:
            at, rem = x
            if not need:
                break
            if not rem or at.turn != nxt or at.optional or at.sign != sign or not _fits(at, key):
                continue
            k = min(rem, need)
            x[1] -= k
            need -= k
            took += k
    return took


def _fits(at, key) -> bool:
    """Whether an open change is one of this observed change's place (and piece kind)."""
    if key[0] in ("zone", "ctr", "edge"):
        return at.place == key             # a card zone, a marker, a path: the place is the key
    # a space's or a board's pieces, an item's count or state: (place, kind)
    return at.place == key[0] and at.kinds is not None and key[1] in at.kinds
