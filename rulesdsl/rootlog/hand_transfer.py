"""A card passed from one hand to another is written with the hand it leaves.

The notation writes a card given or bought from a hand with that hand as its start (`#O->K`,
the Riverfolk's hand card bought as a service, 11.2.7; `#V->A`, the Vagabond's aid, 13.4.1): a
draw from the deck (`#->K`) has none. A hand's loss the lines do not write may pass (matching.py,
a discard the log leaves out), so a step that moves a card from the Riverfolk's hand to the
buyer's looked like that draw: a round trip whose Keepers bought the Mercenaries (`4w->O$`, the
hand card at the same price) was replayed buying the hand card, its card taken for the line's
`#->K` at the Evening, and the battles after it without Mercenaries stopped the line
(Guardiões/Outono, docs/rootlog.md «Ida e volta, quarta parte»).

A step in which a card instance leaves one faction's hand (with the zones its hand counts) and
arrives in another's is therefore kept only when the lines matched write a card leaving that
hand."""
from __future__ import annotations


def _hand_groups(rp):
    """{zone: the hand it counts for}: each hand with the zones of revealed cards it counts."""
    groups = {h: h for h in rp.hands}
    for h, extra in rp.hand_extra:
        for z in extra:
            groups[z] = h
    return groups


def unwritten(rp, before, after, left, blocks) -> bool:
    """Whether, from `before` to `after`, a card passed from one hand to another while the
    lines (blocks) write no card leaving the first hand."""
    groups = getattr(rp, "_hand_groups", None)
    if groups is None:
        groups = rp._hand_groups = _hand_groups(rp)
    zb, za = before.s.zones, after.s.zones
    where = {}
    for z, h in groups.items():
        for c in zb.get(z, ()):
            where[c] = h
    if not where:
        return False
    for z, h in groups.items():
        for c in za.get(z, ()):
            src = where.get(c)
            if src is not None and src != h and not any(
                    at.place == ("zone", src) and at.sign < 0 and at.turn in blocks for at, _ in left):
                return True
    return False
