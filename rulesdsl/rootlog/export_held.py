"""Export: which hand holds a card that is put, not drawn, into a zone a hand counts.

The export follows each card's hand from the log (export._follow) to write where a card
spent or discarded comes from (`M#espadaL->`). An `add` of a card used to forget its hand,
which lost two things the importer needs:

- a card a ritual shows (10.2.2) goes to the Lizards' revealed cards, which their hand still
  counts (`mão_inclui: [reveladas]` of the mapping); the one the scoring ritual then discards
  was written `M#dom->`, from no hand, and the importer took it for the available dominance
  card (3.3.4) rather than the Lizards' own (a round trip of docs/rootlog.md, «Ida e volta,
  terceira parte», Corvídeos/Montanha seed 3: the mouse dominance went to the Hundreds);
- a card put back into a hand (the revealed cards returned at the Evening, 10.6.1; the
  Duchy's revealed cards, 12.5.3) was written afterwards without its hand either."""
from __future__ import annotations


def follow_add(e, mp, letters, held) -> bool:
    """Update `held` for an `add` event that keeps or gives a card a hand; whether it did."""
    c = e.get("card")
    zone = e.get("zone")
    who = held.get(c)
    if isinstance(who, str) and zone in mp.hand_extra.get(who, ()):
        return True                      # into a zone its hand counts: still that hand's
    for f, letter in letters.items():
        if zone == mp.hand(f):
            held[c] = letter             # into a hand (not a draw from the deck)
            return True
    return False
