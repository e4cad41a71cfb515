"""A card that stays in play arrives there only by a craft the lines write.

The play areas are watched (play_area.py) and their changes that no craft atom takes pass
unrecorded (a dominance card activated, 3.3.1). A card of the mapping's `permanente` attribute
arrives in a play area only when crafted (4.1), and the notation always writes a craft (`Z`,
with the card's name or not): a step that crafts such a card where the lines write none
replaced a card the line only discards. The Duchy's `M#leagueD->` (a card discarded at the
Evening, 12.6.3; into the Lizards' Lost Souls, 10.1.4) was replayed as the craft of the League
of Adventurous Mice, the play area's card let through (Lagartos/Inverno, seed 3). The Lost
Souls then lacked the card whose suit the Lizards' hated outcast counts; with another choice
earlier in the game (a service bought), their crusade three lines later cost one acolyte more
and the line stopped (docs/rootlog.md «Ida e volta, quarta parte»).

Strict replays only: in a tolerant one the craft's play-area change is optional already
(play_area.py), and the rule cost a real game (r1g5: one match fewer and the Eyrie's exact score
lost, measured with the rule on and off; its cause there not found yet)."""
from __future__ import annotations


def unwritten(rp, before, after, blocks) -> bool:
    """Whether, from `before` to `after`, a permanent card arrived in a faction's play area
    while the lines (blocks) write no craft of that faction."""
    areas = getattr(rp, "play_areas", None)
    attr = rp.mp.card_attrs.get("permanente")
    if not areas or not attr or getattr(rp, "tolerant", False):
        return False
    zb, za, cards, defs = before.s.zones, after.s.zones, rp.g.cards, after.s.card_defs
    for zone, letter in areas.items():
        new = za.get(zone, ())
        if len(new) <= len(zb.get(zone, ())):
            continue
        old = set(zb.get(zone, ()))
        for c in new:
            cd = cards.get(defs[c]) if c not in old else None
            if cd is not None and cd.attrs.get(attr) is True and not _crafts(rp, letter, blocks):
                return True
    return False


def _crafts(rp, letter, blocks) -> bool:
    return any(b in blocks and a.kind == "craft" and t.faction == letter for b, t, a in rp.actions)
