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

Nothing names a faction, card or suit: the clearing's suit is the map's attribute, the hand
and the boards come from the mapping."""
from __future__ import annotations

from . import cards as _cards
from .shown_hand import action_place


def gifts(turn, mp) -> list:
    """[(index of the action in the turn, giver's letter, the clearing's space id)] for each
    card the turn moves with no source onto another faction's board right after an action in
    a clearing (`w3->7/#->A$`, `At8->/#->A$`); not after a hand shown (`^A/#->A$`)."""
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
        out.append((j, giver, space))
    return out


def fold(line, mp, turn, bi):
    """line: [(action index, Action, [Atom])] of one turn line (expected.py): each gift may
    take its card from the giver's hand (optional: a card drawn from the deck takes none)."""
    from .expected import Atom
    if bi == 0:
        return
    for j, giver, _space in gifts(turn, mp):
        ai, a, atoms = line[j]
        atoms.append(Atom(("zone", mp.hand(mp.factions[giver])), None, -1, _cards_given(a), ai, bi, True))


def needs(rp, game, turns) -> list:
    """The cards the gifts of these turn lines take from the givers' hands: one of the
    clearing's suit each (cards.Need), so the engine's giver holds what it gives."""
    from ..interpreter.board import attr
    mp = rp.mp
    deck = mp.zones.get("baralho", "baralho")
    out = []
    for t in turns:
        for j, giver, space in gifts(t, mp):
            suit = attr(game.ctx, space, "naipe")
            if suit is None:
                continue
            out.extend(_cards.Need(mp.hand(mp.factions[giver]), deck, suit=suit)
                       for _ in range(_cards_given(t.actions[j])))
    return out


def _cards_given(a) -> int:
    """How many cards a gift moves: each card to each destination."""
    return sum(th.count for th in a.things) * len(a.dests)
