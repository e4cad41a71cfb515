"""A card the line crafts by name, one that stays in play, must arrive in play: a step that takes
it out of the crafter's hand to anywhere else is not that craft.

The craft of a card that stays in play (`Zswap`) is two expected changes: one card fewer in the
crafter's hand and one more in its play area (play_area.py); in a tolerant replay the second is
optional. A craft whose rule offers another outcome for the same card then met the line with
that outcome: the Riverfolk's craft with funds (11.5.3) may export the card instead of using it
(11.5.3.I: the card is discarded and a warrior goes to the payments, a board piece that passes
unrecorded for the Protectionism, 11.4.1). In winter_tournament_r2g4 l. 31
(`O:...#->O/Zswap/#->O/$_h->3`) the search took the export, the first option: Swap Meet went to
the discard pile, and the Riverfolk's Birdsong swaps of l. 36 and l. 46 (`#A->O/#O->A`, 4.1.3)
had no card to make them; 17 `unexplained` corrections followed there.

Here (tolerant replays only: in a strict one the play-area change is required already): a step
that takes a card of a name the line crafts (a card that stays in play) out of the crafter's
hand, and does not put it in the crafter's play area, is no match, unless another action of the
line names that card too (`Zfalse/#false$->`: crafted and discarded in one line)."""
from __future__ import annotations


def elsewhere(rp, before, after, bi) -> bool:
    """Whether the step from `before` to `after` took a card line `bi` crafts by name (a card
    that stays in play) out of the crafter's hand without it arriving in its play area."""
    if not getattr(rp, "tolerant", False):
        return False
    crafts = (getattr(rp, "_craft_plan", None) or {}).get(bi)
    attr = rp.mp.card_attrs.get("permanente")
    areas = getattr(rp, "play_areas", None)
    if not crafts or not attr or not areas:
        return False
    cards, defs = rp.g.cards, after.s.card_defs
    zb, za = before.s.zones, after.s.zones
    fixed = {c.action for c in getattr(rp, "corrections", ())}
    for ai, hand, ids in crafts:
        if ai in fixed or not all(i in cards and cards[i].attrs.get(attr) is True for i in ids):
            continue
        now = set(za.get(hand, ()))
        gone = [c for c in zb.get(hand, ()) if defs[c] in ids and c not in now]
        if not gone:
            continue
        area = next((z for z, x in areas.items() if rp.mp.hand(rp.mp.factions[x]) == hand), None)
        if area is None or _named_elsewhere(rp, bi, ai, ids):
            continue
        played = set(za.get(area, ()))
        if any(c not in played for c in gone):
            return True
    return False


def _named_elsewhere(rp, bi, ai, ids) -> bool:
    """Whether an action of line `bi` other than the craft `ai` names a card of these ids."""
    for j, (b, _, a) in enumerate(rp.actions):
        if b != bi or j == ai:
            continue
        for th in getattr(a, "things", None) or ():
            name = getattr(th, "name", None)
            if name and ids & frozenset(rp.mp.card_ids(name)):
                return True
    return False
