"""The available cards (3.3.3, 3.3.4): the dominance cards spent, which lie beside the map
instead of the discard pile, and any faction may take by spending a card of their suit.

The notation has no place for them. The community's records write a card taken from there
into the taker's hand without a start (`R#dom->E`, r1g2 l. 48, r1g3 l. 46) and the card that
pays for it just before (`B#sapE->/R#dom->E`); `exportar` writes the same. The engine spends
the one and takes the other in one step, so the hand's size never changes: the search saw
nothing happen there, stopped at the first depth where another action of the line was made
without taking the card (a recruit), and the line failed (two of the 25 long round trips).

The mapping names the zone (`zonas: disponíveis:`) and the cards that lie there
(`cartas_disponíveis:`). A card of those names moved into a hand without a start leaves that
zone (an atom the search sees), and, when the card spent just before it came from the same
hand (or from no written place), the two hand changes are dropped: the step makes neither.
A card of those names spent from a hand goes back there (an optional atom: the engine's
discards of it are written or not). The zone's cards are watched, not only their number
(zone_swaps.py): a dominance card spent to take another (`B#domV->/M#dom->V`) leaves the
number as it was."""
from __future__ import annotations


def watched(mp) -> set:
    """The zone of the available cards, if the mapping names it (a zone the replay watches)."""
    zone = mp.zones.get("disponíveis")
    return {zone} if zone and mp.available_cards else set()


def fold(line, mp, letter, bi):
    """line: [(action index, Action, [Atom])] of one turn line (expected.py)."""
    from .expected import Atom
    zone = mp.zones.get("disponíveis")
    if not zone or not mp.available_cards or bi == 0:
        return
    for j, (ai, a, atoms) in enumerate(line):
        th = _card(a, mp)
        if th is None:
            continue
        if th.start is not None and th.start.kind == "hand" and not a.dests:
            atoms.append(Atom(("zone", zone), None, 1, th.count, ai, bi, True))   # spent: back there
            continue
        hand = _taker(a, letter)
        if th.start is not None or hand is None:
            continue
        atoms.append(Atom(("zone", zone), None, -1, th.count, ai, bi))
        if j == 0:
            continue
        _, paid, paid_atoms = line[j - 1]
        if not _pays(paid, hand, letter):
            continue
        place = ("zone", mp.hand(mp.factions[hand])) if hand in mp.factions else None
        got = next((x for x in atoms if x.place == place and x.sign > 0), None)
        if got is None:
            continue
        atoms.remove(got)
        spent = next((x for x in paid_atoms if x.place == place and x.sign < 0), None)
        if spent is not None:
            paid_atoms.remove(spent)


def _card(a, mp):
    """The one card of a move whose name the mapping lists among the available cards."""
    if a.kind != "move" or len(a.things) != 1:
        return None
    th = a.things[0]
    if th.kind != "card" or th.name not in mp.available_cards:
        return None
    return th


def _taker(a, letter):
    """The faction letter whose hand a move puts its card in (one destination), or None."""
    if len(a.dests) != 1 or a.dests[0].kind != "hand":
        return None
    return a.dests[0].faction or letter


def _pays(a, hand, letter) -> bool:
    """A single card spent (no destination) from that hand or from no written place."""
    if a.kind != "move" or a.dests or len(a.things) != 1 or a.things[0].kind != "card":
        return False
    th = a.things[0]
    if th.count != 1:
        return False
    st = th.start
    return st is None or (st.kind == "hand" and (st.faction or letter) == hand)
