"""A hand the line shows in place of a card holds no card that would have served (cards.py).

Outrage (8.2.6): a faction that moves warriors into a sympathetic clearing, or removes a
sympathy token, gives the Alliance a card matching the clearing, and only when it holds none
shows its hand and the Alliance draws one. The record writes that as the hand shown right after
the move or the removal: `w12->3/^A/#->A$` (winter_tournament_r1g5 l. 59). The engine's hands
are dealt by a seeded shuffle (cards.py); in r1g5 the Eyrie's held two bird cards there (wild,
2.1.1), so the engine asked for one of them where the record shows the hand, `#->A$` (a card
drawn) was corrected, the moves after it too, and the turn ended by force fell into turmoil
(7.7, −2) over the Move card those corrected moves had left unused: the Eyrie ended with 16
where the record sums 18.

So, at the line's start, after the cards its needs call for are dealt: for each hand the line
shows right after an action in a clearing, each card in that hand matching the clearing (the
engine's own correspondence, wild suits included) that no need of the line holds is swapped
with the top card of the deck that does not match it. Each swap is recorded as cards.ensure's
are."""
from __future__ import annotations

from . import cards as _cards


def clear(rp, game, turns, needs, swaps) -> int:
    """Swap the cards out of each hand the line shows; returns how many were swapped."""
    from ..interpreter.board import attr
    from ..interpreter.runtime import matches
    mp, s, g = rp.mp, game.s, game.g
    suit_attr = mp.card_attrs.get("naipe", "naipe")
    deck = mp.zones.get("baralho", "baralho")
    kept = set()
    for nd in needs:           # the cards the line's needs hold (cards.ensure put them there)
        zone = s.zones.get(nd.zone, [])
        have = next((c for c in zone if c not in kept and nd.ok(g, mp, s.card_defs[c])), None)
        if have is not None:
            kept.add(have)
    done = 0
    for t in turns:
        prev = None
        for a in t.actions:
            space = action_place(mp, prev) if a.kind == "reveal" and not a.things and a.target else None
            prev = a
            if space is None:
                continue
            owner = a.faction or t.faction
            if owner not in mp.factions:
                continue
            suit = attr(game.ctx, space, "naipe")
            if suit is None:
                continue
            hand = s.zones.get(mp.hand(mp.factions[owner]), [])

            def fits(c):
                return matches(g, g.cards[s.card_defs[c]].attrs.get(suit_attr), suit)

            for c in [c for c in hand if c not in kept and fits(c)]:
                src = next((d for d in reversed(s.zones.get(deck, [])) if not fits(d)), None)
                if src is None:
                    break
                _cards.swap(game, src, c)
                swaps.append((len(game.history), src, c))
                done += 1
    return done


def action_place(mp, act):
    """The space an action ends in: its destination clearing, else the clearing it takes a
    piece from (`w12->3`: 3; `(2w+At)7->`: 7); None for any other action."""
    if act is None or act.kind != "move":
        return None
    for d in act.dests or ():
        if d.kind == "clearing":
            return mp.space(d)
    if act.dests:
        return None
    for th in act.things or ():
        if th.kind == "piece" and th.start is not None and th.start.kind == "clearing":
            return mp.space(th.start)
    return None
