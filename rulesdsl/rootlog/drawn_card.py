"""A card a line uses by name that reaches the hand by a draw the same line writes first.

`cards.ensure` deals a card the line names by swapping it with a card of the hand that no other
need holds. A hand with no such card (empty, or all its cards named by the line) cannot get it
that way, yet the line may draw before using it: winter_tournament_r2g4 l. 31
(`O:...Zleague/.../#->A$/.../#->A$/.../#->A$/++/#->O/Zswap/#->O/...`): the Riverfolk craft their
only card, and the Swap Meet they craft after is the card their Daylight draw (`#->O`) brought.
The same in l. 36 (`#A->O/#O->A/#->O/.../Zprop`), with a hand empty at the line's start.

Here the card is put where that draw takes it: the deck's top once the cards the line draws from
the deck before it are gone (each card moved with no source, `#->A$`, `#->O`; a card given from a
hand, given_card.py, takes none when its giver can give it). The card comes from the deck, from
another hand, or from a face-down board (the supporters, swapped there for a deck card of its
suit: hidden_board_cards.py); each swap is recorded as cards.ensure records its own.

Only needs that cards.ensure left unmet, and only for the line's own draws: nothing changes
where the hand could hold the card already. Nothing names a faction or a card: the names come
from the record, the hands, the deck and the boards from the mapping."""
from __future__ import annotations

import dataclasses

from . import cards as _cards
from . import given_card as _given


def _key(nd):
    return (nd.zone, nd.ids, nd.suit, nd.item, nd.pair)


def _needs_by_action(turn, mp, fid, known) -> list:
    """[(action index, Need)] of the line's needs, each with the action that uses it."""
    out, before = [], 0
    for j in range(len(turn.actions)):
        got = _cards.needs_of(dataclasses.replace(turn, actions=turn.actions[:j + 1]), mp, fid, known)
        out.extend((j, nd) for nd in got[before:])
        before = len(got)
    return out


def _draws(turn, mp, game, held) -> list:
    """[(action index, hand zone or None, deck position)] of each card the line moves with no
    source, in order; the position counts the deck cards taken before it (0: the top). A card
    given from a hand takes none when the giver holds a card no need of the line holds."""
    gifts = {j: giver for j, giver, _space in _given.gifts(turn, mp)}
    hand_free = {}
    out, pos = [], 0
    for j, a in enumerate(turn.actions):
        if a.kind != "move":
            continue
        for th in a.things:
            if th.kind != "card" or th.start is not None:
                continue
            for d in a.dests:
                for _ in range(th.count):
                    if j in gifts:
                        zone = mp.hand(mp.factions[gifts[j]])
                        if zone not in hand_free:
                            hand_free[zone] = sum(1 for c in game.s.zones.get(zone, ()) if c not in held)
                        if hand_free[zone] > 0:
                            hand_free[zone] -= 1
                            continue
                    dest = None
                    if d.kind == "hand":
                        who = d.faction or turn.faction
                        dest = mp.hand(mp.factions[who]) if who in mp.factions else None
                    out.append((j, dest, pos))
                    pos += 1
    return out


def deal(rp, game, turns, unmet, swaps) -> None:
    """Put each card a line's need left unmet by cards.ensure where a draw of that line into the
    same hand, written before the action that uses it, takes it (the deck's top, past the cards
    the line draws earlier)."""
    if not unmet:
        return
    mp, g, s = rp.mp, game.g, game.s
    deck = mp.zones.get("baralho", "baralho")
    open_keys = {}
    for nd in unmet:
        if nd.ids:
            open_keys[_key(nd)] = open_keys.get(_key(nd), 0) + 1
    if not open_keys:
        return
    for t in turns:
        fid = mp.faction(t.faction)
        held = set()
        for _j, nd in _needs_by_action(t, mp, fid, g.cards):
            have = next((c for c in s.zones.get(nd.zone, ()) if c not in held and nd.ok(g, mp, s.card_defs[c])), None)
            if have is not None:
                held.add(have)
        draws = _draws(t, mp, game, held)
        used = set()
        for j, nd in _needs_by_action(t, mp, fid, g.cards):
            k = _key(nd)
            if not open_keys.get(k):
                continue
            slot = next((pos for (dj, dz, pos) in draws if dj < j and dz == nd.zone and pos not in used), None)
            pile = s.zones.get(deck, [])
            if slot is None or slot >= len(pile):
                continue
            if _put(game, mp, nd, pile, slot, swaps):
                used.add(slot)
                open_keys[k] -= 1


def _put(game, mp, nd, pile, slot, swaps) -> bool:
    """Swap a card fitting `nd` into the deck at `slot` from its top; False if none is free."""
    s, g = game.s, game.g
    dst = pile[len(pile) - 1 - slot]
    if nd.ok(g, mp, s.card_defs[dst]):
        return True
    src = next((c for c in reversed(pile) if c != dst and nd.ok(g, mp, s.card_defs[c])), None)
    if src is None:
        src = next(iter(_cards.other_hands(game, mp, nd, set())), None)
    if src is None:
        src = _from_board(game, mp, nd, pile, dst, swaps)
    if src is None:
        return False
    _cards.swap(game, src, dst)
    swaps.append((len(game.history), src, dst))
    return True


def _from_board(game, mp, nd, pile, dst, swaps):
    """A fitting card face down on a faction board, first swapped there for a deck card of its
    suit (not the one at the slot); returns the deck instance that now holds the needed card."""
    from .hidden_board_cards import _suit
    s = game.s
    for letter, subs in mp.boards.items():
        owner = mp.factions.get(letter)
        if owner not in game.factions:
            continue
        others = [f for f in game.factions if f != owner]
        for bz in subs.values():
            for c in s.zones.get(bz, ()):
                if not nd.ok(game.g, mp, s.card_defs[c]) or any(game.visible_to(c, f) for f in others):
                    continue
                suit = _suit(game, mp, c)
                alt = next((d for d in reversed(pile) if d != dst and _suit(game, mp, d) == suit), None)
                if alt is None:
                    continue
                _cards.swap(game, c, alt)
                swaps.append((len(game.history), c, alt))
                return alt
    return None
