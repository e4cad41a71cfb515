"""A craft the line names by its card makes that card, step by step (not only at the line's end).

The craft of a card that stays in play (`Zleague`) is two expected changes: one card fewer in
the crafter's hand and one more in its play area (play_area.py). The matcher sees the zones'
sizes, so crafting ANY permanent card of the hand met them; named_crafts.py refuses such a line
only at its end. The search, breadth first, stops at the first depth where the line's first
open action is complete: in orderly l. 38 (`E:B#E->$_x/F#E->$_m/Zleague/...`) crafting Tunnels
(two decisions: craft, the card) completed `Zleague` one decision before crafting the League
could (three: craft, the card, the roost to activate), so the League was never crafted, its
battle between two decree cards (`%f->e/XC4`, 1.4.2) could not be made and the line was
corrected from there (docs/rootlog.md «O decreto das Rapinas, segunda parte»).

Here: a step that puts a permanent card in a faction's play area is no match when that
faction's line crafts cards by name only, held a card of each name at the line's start
(named_crafts.start: the check has something to go by), and names none of the new card."""
from __future__ import annotations

from .named_crafts import held_at_start


def other_card(rp, before, after, bi) -> bool:
    """Whether the step from `before` to `after` crafted into a play area a permanent card
    that line `bi` does not name, where the line names the cards it crafts."""
    st = held_at_start(rp, bi)
    if not st or not any(h.held for h in st):
        return False
    attr = rp.mp.card_attrs.get("permanente")
    areas = getattr(rp, "play_areas", None)
    if not attr or not areas:
        return False
    zb, za = before.s.zones, after.s.zones
    cards, defs = rp.g.cards, after.s.card_defs
    for zone, letter in areas.items():
        new = za.get(zone, ())
        if len(new) <= len(zb.get(zone, ())):
            continue
        hand = rp.mp.hand(rp.mp.factions[letter])
        named = [(h.ids, h.held) for h in st if h.hand == hand]
        if not named or not all(held for _, held in named) or _unnamed_craft(rp, letter, bi):
            continue
        allowed = frozenset().union(*(ids for ids, _ in named))
        old = set(zb.get(zone, ()))
        for c in new:
            cd = cards.get(defs[c]) if c not in old else None
            if cd is not None and cd.attrs.get(attr) is True and defs[c] not in allowed:
                return True
    return False


def _unnamed_craft(rp, letter, bi) -> bool:
    """Whether line `bi` has a craft of that faction that names neither a card nor an item
    (any card may be it)."""
    return any(b == bi and a.kind == "craft" and (a.faction or t.faction) == letter
               and not a.item and not (a.things and a.things[0].name)
               for b, t, a in rp.actions)
