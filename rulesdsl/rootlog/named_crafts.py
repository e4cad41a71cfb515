"""A craft the record names by its card (`Zbank`, `Zcommand`): that card leaves the hand.

The notation writes a craft of a card that makes no item by the card's name only; its atom is
"one card fewer in the crafter's hand" (Expected._craft_atoms), and any card spent from that
hand met it. In r1g3 l. 34 (`C:t->1/Zbank/t1->/b_s->12/++/2w->9/XG1/...`) the search's first
pass failed one decision short of the battle's second hit (half_done.py) and the discrepancy
passes then matched the whole line with Better Burrow Bank left in the hand: a bird card spent
for an extra action met `Zbank`'s atom, the extra action was a second battle (a battle has no
atom of its own) that made the second hit. The bank was never crafted, its draws at each
Birdsong (`#->C+V`, from l. 39 on) were never made, and every Marquise line from there failed
at its first action (docs/rootlog.md «O Banco da Toca»).

So a line that names a crafted card ends only once a card of that name the hand held at the
line's start (after the hidden cards were dealt: cards.py) has left it. The check is at the
line's end (Search._named_moved), like the cards a line names onto a board spot."""
from __future__ import annotations

from typing import NamedTuple


class Held(NamedTuple):
    """One craft a line names by card, as its crafter's hand stood at the line's start."""
    action: int         # the craft's index in the record's actions (rp.actions)
    hand: str           # the crafter's hand zone
    ids: frozenset      # the card ids of the name
    held: frozenset     # the cards of that name the hand held at the line's start


def plan(rp) -> dict:
    """Block -> [(the crafter's hand zone, the card ids of the name)] for each craft the
    block's line names by card (not by item: `Z%t` has its own atom)."""
    out = {}
    mp = rp.mp
    for ai, (bi, t, a) in enumerate(rp.actions):
        if a.kind != "craft" or a.item or not a.things or not a.things[0].name or bi == 0:
            continue
        letter = a.faction or t.faction
        ids = frozenset(mp.card_ids(a.things[0].name))
        if ids and letter in mp.factions:
            out.setdefault(bi, []).append((ai, mp.hand(mp.factions[letter]), ids))
    return out


def start(rp, game, bi) -> None:
    """Remember, for line `bi`, which cards of each crafted name its crafter's hand holds now
    (the line's start, its hidden cards dealt)."""
    if not hasattr(rp, "_craft_plan"):
        rp._craft_plan = plan(rp)
    defs, zones = game.s.card_defs, game.s.zones
    rp._craft_start = (bi, [Held(ai, hand, ids, frozenset(c for c in zones.get(hand, ()) if defs[c] in ids))
                            for ai, hand, ids in rp._craft_plan.get(bi, ())])


def held_at_start(rp, bi):
    """The crafts line `bi` names by card (Held), or None when the line's start was not
    recorded (start() runs at each line's start)."""
    st = getattr(rp, "_craft_start", None)
    return None if st is None or st[0] != bi else st[1]


def open_crafts(rp, bi) -> list:
    """The crafts of line `bi` still to be checked: the hand held a card of the name at the
    line's start (the check has something to go by) and the referee did not correct the craft
    (tolerant mode: it is not asked again)."""
    st = held_at_start(rp, bi)
    if not st:
        return []
    fixed = {c.action for c in getattr(rp, "corrections", ())}
    return [h for h in st if h.held and h.action not in fixed]


def crafted(rp, game, bi) -> bool:
    """Whether each card line `bi` crafts by name has left the crafter's hand by now. A craft
    the referee corrected (tolerant mode) is not asked again, nor one whose card the hand did
    not hold at the start (the check has nothing to go by)."""
    zones = game.s.zones
    return not any(h.held <= set(zones.get(h.hand, ())) for h in open_crafts(rp, bi))
