"""The play area of each faction (the mapping's zone `área_de_jogo`), watched so that a craft of
a card that stays in play (4.1: `Zboat`, `Zcplans`; the card attribute the mapping names
`permanente:` in `atributos_de_carta:`) is made only by that card arriving there.

Before, the craft of a card was one expected change: a card leaves the crafter's hand. Any
step that spends a card matched it: a Keepers' recruit in the Dawn (15.4.3), which discards a
card and places two warriors, "made" the `Zboat` the line writes before its moves and its
recruits, and the line failed later (two round trips of docs/rootlog.md, «Ida e volta,
terceira parte»: the Corvid Planners never crafted, so the move back `w1->5` lacked the free
movement they give). Now the craft also expects the play area to gain a card.

What else puts a card in the play area (a dominance card activated, 3.3.1, written on the
faction's board `$`) is not this atom's: the play area's other changes pass unrecorded, as they
did while the zone was not watched (`unrecorded_ok`). In a tolerant replay the atom is optional:
a correction (repair.py) would make it by moving the named card there besides discarding a
card for the hand's change, two cards out of the hand for one craft."""
from __future__ import annotations


def zones(mp, players) -> dict:
    """{play area zone: letter} of the record's factions; empty when the mapping has none."""
    pattern = mp.zones.get("área_de_jogo")
    if not pattern:
        return {}
    return {str(pattern).replace("{facção}", mp.factions[x]): x for x in players if x in mp.factions}


def stays(rp, name) -> bool:
    """Whether every card the name may be stays in play once crafted."""
    attr = rp.mp.card_attrs.get("permanente")
    cards = getattr(rp.g, "cards", {})
    ids = rp.mp.card_ids(name) or ((name,) if name in cards else ())
    return bool(attr and ids) and all(i in cards and cards[i].attrs.get(attr) is True for i in ids)


def craft_atoms(rp, a, letter, ai, bi) -> list:
    """The crafter's play area gains the crafted card (a card name, not an item: `Zsap`)."""
    if a.item or not a.things or not a.things[0].name:
        return []
    zone = next((z for z, x in getattr(rp, "play_areas", {}).items() if x == letter), None)
    if zone is None or not stays(rp, a.things[0].name):
        return []
    from .expected import Atom       # (expected.py imports this module)
    return [Atom(("zone", zone), None, 1, 1, ai, bi, bool(getattr(rp, "tolerant", False)))]


def unrecorded_ok(rp, key) -> bool:
    """A change of a play area that no craft atom takes: always let through (see above)."""
    return key[0] == "zone" and key[1] in getattr(rp, "play_areas", ())
