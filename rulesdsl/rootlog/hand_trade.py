"""A card that goes from one faction's hand into another's is written by the lines.

Such a move is a card changing owner (a card bought, taken, traded: `B#O->C`, `#A->O/#O->A`);
the notation always writes it with its source hand. A trade that gives one card back for the one
taken leaves both hands the same size, and the hands' atoms do not see it: the search could make
it where no line writes it. In winter_tournament_r2g4 the Riverfolk's Swap Meet (4.1.3: at the
start of Birdsong, take a random card from another hand and give one back) is written in l. 36
and l. 46 and not in l. 41, where it was not used; made there unwritten it changed which card
each hand held (docs/rootlog.md, «rl-riverdark»).

So a step that moves a card from a faction's hand into another faction's hand is no match
unless the lines (this block, and the next one once the turn has ended) write a card moved from
that hand to that hand. Tolerant replays only (a strict replay never reached such a line).
Nothing names a faction or card: the hands and letters come from the mapping."""
from __future__ import annotations


def unwritten(rp, before, after, blocks) -> bool:
    """Whether, from `before` to `after`, a card left one faction's hand for another's while
    the lines (blocks) write no card moved between those two hands."""
    if not getattr(rp, "tolerant", False):
        return False
    mp = rp.mp
    zb, za = before.s.zones, after.s.zones
    hands = {}
    for letter, fid in mp.factions.items():
        if fid in after.factions:
            hands[mp.hand(fid)] = letter
    if len(hands) < 2:
        return False
    where = {}
    for z in hands:
        for c in zb.get(z, ()):
            where[c] = z
    for z, letter in hands.items():
        old = zb.get(z, ())
        for c in za.get(z, ()):
            src = where.get(c)
            if src is None or src == z or c in old:
                continue
            if not _written(rp, hands[src], letter, blocks):
                return True
    return False


def _written(rp, giver, taker, blocks) -> bool:
    """Whether an action of these blocks moves a card from giver's hand to taker's hand."""
    for b, t, a in rp.actions:
        if b not in blocks or a.kind != "move":
            continue
        for th in a.things:
            st = th.start
            if th.kind != "card" or st is None or st.kind != "hand" or (st.faction or t.faction) != giver:
                continue
            if any(d.kind == "hand" and (d.faction or t.faction) == taker for d in a.dests):
                return True
    return False
