"""A card given from a hand that the record writes with no source (the Outrage, 8.2.6).

A faction that moves warriors into a sympathetic clearing, or removes a sympathy token, gives
the Alliance a card matching that clearing from its hand; only when it holds none does it
show its hand and the Alliance draw one from the deck. The records write both the same way,
with no source: `w3->7/#->A$` (the card given) and `w12->3/^A/#->A$` (the hand shown, the card
drawn) — winter_tournament_r1g5 l. 59. Read as a draw, the first leaves the giver's hand a card
too many, and when the same line spends from that hand (`M#E->$_m`) the matcher refused the
engine's own choice of the card to give (a hand's card gone where the line names a spend).

So a card moved with no source onto another faction's board, right after an action in a
clearing (a move there, a piece taken off there: shown_hand.action_place) with no hand shown in
between, is read as given from the hand of who acted there:

- `fold` (expected.py) adds to that action an optional change of one card fewer in that hand:
  the engine's choice to give a card is matched, and the draw, when it is one, is not owed it;
- `needs` (replay.py) asks that hand to hold, at the line's start, a card of that clearing's
  suit (unnamed: any card of the suit serves), dealt as cards.ensure deals the named ones.

Not every such card is given (`shown_gifts`): some writers leave out the shown hand. In
winter_tournament_r2g4 the Riverfolk's hand is never written shown, and the record's own count
of it (ledger.py: the cards each line writes into and out of it) runs out if any of its eleven
such cards comes from it (l. 26 would leave no card for the crafts of l. 31, `Zleague`, and
l. 35, `#O->C`): read as given, the engine's hand kept a card too few from l. 26 on. So for a
giver the record never writes shown (`^A` in no line), a card is read as given only while the
record's count of the giver's hand, with it taken (and the cards read as given before), stays at
zero or more to the end; otherwise it is the deck's card, the shown hand left out. A giver the
record does write shown (r2g4's Marquise, l. 35: `^A/#->A$` and then `At3->/#->A$`) has every
card without a shown hand read as given, as before.

Nothing names a faction, card or suit: the clearing's suit is the map's attribute, the hand
and the boards come from the mapping."""
from __future__ import annotations

from . import cards as _cards
from .shown_hand import action_place


def gifts(turn, mp, drawn=()) -> list:
    """[(index of the action in the turn, giver's letter, the clearing's space id)] for each
    card the turn moves with no source onto another faction's board right after an action in
    a clearing (`w3->7/#->A$`, `At8->/#->A$`); not after a hand shown (`^A/#->A$`), nor one
    of `drawn` ((line, action index): shown_gifts)."""
    out = []
    prev = None
    for j, a in enumerate(turn.actions):
        before, prev = prev, a
        if before is None or a.kind != "move" or not a.things or not a.dests:
            continue
        if any(th.kind != "card" or th.start is not None for th in a.things):
            continue
        space = action_place(mp, before)
        if space is None:
            continue
        giver = before.faction or turn.faction
        if giver not in mp.factions:
            continue
        if not all(d.kind == "board" and (d.faction or turn.faction) != giver
                   and (d.faction or turn.faction) in mp.boards for d in a.dests):
            continue
        if (turn.line, j) in drawn:
            continue
        out.append((j, giver, space))
    return out


def shown_gifts(rec, mp, start=3) -> frozenset:
    """(line, action index) of each card `gifts` finds that the record's count of its giver's
    hand cannot spare, for a giver whose hand no line writes shown: the deck's card."""
    from .ledger import _hand_flows
    shown_by = {a.faction or t.faction for t in rec.play_turns for a in t.actions
                if a.kind == "reveal" and not a.things}
    hand = {x: start for x in rec.players}
    trail = []           # (line, action index, giver or None, hand counts after the action)
    for t in rec.play_turns:
        found = {j: giver for j, giver, _space in gifts(t, mp)}
        for j, a in enumerate(t.actions):
            for who, d in _hand_flows(a, t.faction):
                hand[who] = hand.get(who, start) + d
            trail.append((t.line, j, found.get(j), dict(hand)))
    out = set()
    taken = {}
    for k, (line, j, giver, _h) in enumerate(trail):
        if giver is None or giver in shown_by:
            continue
        less = taken.get(giver, 0) + 1
        if all(h.get(giver, start) - less >= 0 for _l, _j, _g, h in trail[k:]):
            taken[giver] = less
        else:
            out.add((line, j))
    return frozenset(out)


def fold(line, mp, turn, bi, drawn=()):
    """line: [(action index, Action, [Atom])] of one turn line (expected.py): each gift may
    take its card from the giver's hand (optional: a card drawn from the deck takes none)."""
    from .expected import Atom
    if bi == 0:
        return
    for j, giver, _space in gifts(turn, mp, drawn):
        ai, a, atoms = line[j]
        atoms.append(Atom(("zone", mp.hand(mp.factions[giver])), None, -1, _cards_given(a), ai, bi, True))


def needs(rp, game, turns) -> list:
    """The cards the gifts of these turn lines take from the givers' hands: one of the
    clearing's suit each (cards.Need), so the engine's giver holds what it gives."""
    mp = rp.mp
    out = []
    drawn = drawn_of(rp)
    for t in turns:
        for j, giver, space in gifts(t, mp, drawn):
            out += suit_needs(rp, game, mp.factions[giver], space, _cards_given(t.actions[j]))
    return out


def suit_needs(rp, game, fid, space, n) -> list:
    """`n` cards of the suit of `space` in the hand of `fid` (cards.Need), none for a space
    without a suit (also used by hand_gifts.py)."""
    from ..interpreter.board import attr
    suit = attr(game.ctx, space, "naipe") if space is not None else None
    if suit is None:
        return []
    deck = rp.mp.zones.get("baralho", "baralho")
    return [_cards.Need(rp.mp.hand(fid), deck, suit=suit) for _ in range(n)]


def drawn_of(rp) -> frozenset:
    """shown_gifts of the replayer's record, computed once."""
    got = getattr(rp, "_drawn_gifts", None)
    if got is None:
        start = getattr(rp.mp, "start_hand", None)
        got = shown_gifts(rp.rec, rp.mp, 3 if start is None else start)
        rp._drawn_gifts = got
    return got


def _cards_given(a) -> int:
    """How many cards a gift moves: each card to each destination."""
    return sum(th.count for th in a.things) * len(a.dests)
