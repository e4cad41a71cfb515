"""A card given from the line's own hand into another faction's hand by a faction that stands
in one clearing: a card of that clearing's suit.

The Vagabond's Aid (9.5.4) gives another player a card matching the clearing of his pawn; the
records write it without its suit (`2#V->E`, `#V->P`). The engine's hand, dealt by its own
shuffle, often held no card of that suit, so the Aid was never offered and the line was
corrected from there (mega_exploding_birds l. 32: a mouse clearing, one mouse card for
`2#V->E`; l. 37, 47, 52, 57). As given_card.py does for the Outrage, the replay asks the
giver's hand to hold, at the line's start, one card of that suit per card given (cards.Need,
dealt as cards.ensure deals the named ones).

Only a giver with one piece on the map at the line's start asks (the Vagabond's pawn); the
clearing is where the line last moved a piece of its own before the gift (`p->8`), else where
that piece stands. A giver with more pieces, or in a forest then, asks for nothing. Nothing names a faction, card
or suit: the pieces' owners come from the model, the clearing's suit from the map."""
from __future__ import annotations

from . import given_card as _given
from .board_owner import kind_owner


def gifts(turn) -> list:
    """[(index of the action in the turn, how many cards)] for each move of unnamed cards from
    the line's own hand into another faction's hand (`2#V->E`)."""
    out = []
    me = turn.faction
    for j, a in enumerate(turn.actions):
        if a.kind != "move" or not a.things or not a.dests:
            continue
        if any(th.kind != "card" or th.name or th.suits or th.start is None
               or th.start.kind != "hand" or (th.start.faction or me) != me for th in a.things):
            continue
        if not all(d.kind == "hand" and d.faction and d.faction != me for d in a.dests):
            continue
        out.append((j, sum(th.count for th in a.things) * len(a.dests)))
    return out


def _moved_to(turn, j, mp):
    """The clearing the line last moved a piece of its own to before action j (`p->8`)."""
    for a in reversed(turn.actions[:j]):
        if a.kind != "move" or len(a.dests) != 1 or a.dests[0].kind != "clearing":
            continue
        if a.things and all(th.kind == "piece" and (th.faction or turn.faction) == turn.faction
                            for th in a.things):
            return mp.space(a.dests[0])
    return None


def _only_place(game, fid):
    """The space of the faction's only piece on the map, or None (none, or more than one)."""
    where, count = None, 0
    for sp, kinds in game.s.board.items():
        for k, n in kinds.items():
            if n and kind_owner(game.g, k) == fid:
                where, count = sp, count + n
                if count > 1:
                    return None
    return where


def needs(rp, game, turns) -> list:
    """One card of the giver's clearing's suit per card each gift of these lines gives."""
    mp = rp.mp
    out = []
    for t in turns:
        fid = mp.factions.get(t.faction)
        if fid is None:
            continue
        found = gifts(t)
        start = _only_place(game, fid) if found else None
        if start is None:
            continue                 # no piece, or more than one: no one clearing to match
        for j, n in found:
            out += _given.suit_needs(rp, game, fid, _moved_to(t, j, mp) or start, n)
    return out
