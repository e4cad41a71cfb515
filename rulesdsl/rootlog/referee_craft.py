"""The card a corrected craft names: brought into the crafter's hand before the referee
crafts it, so the card that stays in play is the one the record names.

A correction of a craft (repair.py) takes a card out of the crafter's hand; a card that stays
in play (the mapping's `permanente:` attribute) goes to the play area when it is the named
one (referee_discard.py `_kept`), anything else is discarded. When the record's hand is
short (the record spends more cards than it gave the hand: `log_hand_short`), the line's
start could not deal the named card into the hand (cards.ensure: every card there was held
for another need), and the correction discarded an ordinary card while the named one stayed
in the deck. The card never came into play: after_dark l. 35 `Zcoffin` discarded a mouse
Ambush, and the Coffin Makers' points that the Duchy's next three lines begin with (l. 40 `++`,
45 `++2`, 50 `++3`, 4.1.3: scored at the start of its Birdsong) were each corrected.

Now, before such a correction, an unseen card of the name (in the pile the hand draws from, or
in another hand: cards.ensure) swaps identities with a card of the hand, a swap recorded like
the deal's (history length, the two instances), so a saved replay makes it again before the
correction at the same point (saved.py). Only a card that stays in play is brought: a crafted
card that is discarded anyway (an item's) changes nothing the record sees."""
from __future__ import annotations

from . import cards as _cards
from .play_area import stays


def bring(rp, game, left, actions, bi) -> int:
    """Swap into the crafter's hand the card each craft of `actions` names, for the crafts
    whose hand change is still open and whose hand lacks a card of that name. Returns how
    many swaps were made."""
    mp, s = rp.mp, game.s
    deck = mp.zones.get("baralho", "baralho")
    done = 0
    for ai in sorted(actions):
        try:
            _, turn, a = rp.actions[ai]
        except (AttributeError, IndexError, TypeError):
            continue
        if a.kind != "craft" or a.item or not a.things or not a.things[0].name:
            continue
        letter = a.faction or turn.faction
        if letter not in mp.factions:
            continue
        hand = mp.hand(mp.factions[letter])
        if not any(rem and at.action == ai and at.turn == bi and at.sign < 0 and at.place == ("zone", hand)
                   for at, rem in left):
            continue         # the hand's change already made (the card left it by the engine)
        name = a.things[0].name
        ids = mp.card_ids(name)
        if not ids or not stays(rp, name):
            continue
        if any(s.card_defs[c] in ids for c in s.zones.get(hand, ())):
            continue         # the hand holds it: the correction takes it (referee_discard.py)
        if not _cards.ensure(game, mp, [_cards.Need(hand, deck, ids=ids)], rp.swaps):
            done += 1
    return done
