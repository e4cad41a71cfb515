"""A card a line names may be one the engine's deal put face down on a faction board.

Which unseen card is which is the deal's choice (cards.py, `ensure`): a card the record names
in a hand is looked for in the pile it was dealt from, then in the other hands. The Alliance's
supporters (8.2.6) are face down too, and their cards never shown in the record may be any: a
round trip of Guardiões/Outono (seed 1) spent the Eyrie Émigré from the Keepers' hand to
recruit (`B#emiK->/2w->5`), and the replay's deal had put it among the supporters.

Looked at last, and only for a card of a zone no other faction sees, swapped with a card of
the hand that no other need of the line holds, of the same suit when the hand has one (a
supporter's suit is what the record may show of it, `F#A$->`, spent by suit)."""
from __future__ import annotations


def _suit(game, mp, c):
    cd = game.g.cards.get(game.s.card_defs[c])
    return cd.attrs.get(mp.card_attrs.get("naipe", "naipe")) if cd is not None else None


def swap_pair(game, mp, nd, zone, held, needs):
    """(a fitting card face down on a faction board, a card of `zone` that no other need
    fits, of its suit if there is one), or None."""
    s = game.s
    # the hand's cards no other need of the line fits (the same for every candidate)
    free = [d for d in zone if d not in held
            and not any(n2.ok(game.g, mp, s.card_defs[d]) for n2 in needs if n2 is not nd)]
    if not free:
        return None
    for letter, subs in mp.boards.items():
        owner = mp.factions.get(letter)
        if owner not in game.factions:
            continue
        others = [f for f in game.factions if f != owner]
        for bz in subs.values():
            for c in s.zones.get(bz, ()):
                if c in held or not nd.ok(game.g, mp, s.card_defs[c]):
                    continue
                if any(game.visible_to(c, f) for f in others):
                    continue
                suit = _suit(game, mp, c)
                return c, next((d for d in free if _suit(game, mp, d) == suit), free[0])
    return None
