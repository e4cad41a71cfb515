"""A wild card kept for the spend the line makes by its suit.

A cost paid with a card that matches a clearing (Overwork, 6.5.5) may be paid with a card of
the clearing's suit or with a bird, which matches every clearing (2.1.1; the suit's `curinga:`
in the ruleset, GameDef.wild). The record writes the suits a line spends (`(M+R+B+F)#C->`, then
`B#C->`) but not which card paid which cost, and both cards make the same change at that step
(a card fewer in the hand). When the line also spends a card by the wild suit itself (a bird for
an extra action, 6.5), the bird spent on the matching cost leaves the hand without one for
that later spend (r1g3 l. 59: the Brutal Tactics paid the Overwork in the rabbit clearing, the
Command Warren stayed, and the fifth action had no bird: `b_w->6` found no action left). The
search tries a card of a suit that is not wild first; the wild one stays an option."""
from __future__ import annotations


def _suit(game, mp, option):
    try:
        cid = game.s.card_defs[int(option)]
    except (ValueError, TypeError, IndexError):
        return None
    card = game.g.cards.get(cid)
    return card.attrs.get(mp.card_attrs.get("naipe", "naipe")) if card is not None else None


def kept(game, mp, needs, option, options, preferred) -> bool:
    """Whether the card `option` is of a wild suit that a need of the line spends by suit,
    while another option, of a suit that is not wild, is a card the line needs (`preferred`)."""
    wild = getattr(game.g, "wild", None) or ()
    suit = _suit(game, mp, option)
    if suit is None or suit not in wild:
        return False
    if not any(nd.suit == suit for nd in needs):
        return False
    return any(o != option and o.isdigit() and _suit(game, mp, o) not in wild and preferred(o)
               for o in options)
