"""The Eyrie's decree discarded whole in turmoil (Law 7.7.2; Rootlog `$_->`,
rootlog-notation.md 1.4) and the new leader's viziers put there at once (7.7.3).

The notation writes the turmoil's discard as `$_->` and the new leader as `#despot->$`, never
the two Loyal Viziers the new leader puts in two columns of the decree. A line that adds a card
to a column (`F#E->$_b`) and then falls into turmoil names that column, so the vizier put there
by the new leader (the Despot's Build column) was taken for a card the record does not write,
and the only leader choice that matches the rest of the line was refused: mega l. 24 ended its
turn by force with another leader, and the Eyrie's next lines (their decree wrong) were
corrected one after the other (docs/rootlog.md «O decreto das Rapinas»).

Here: a line that discards a faction's card board whole (`$_->`: a board thing with no
sub-location and no destination) lets cards put on that board's zones pass unrecorded once the
line's own cards put there are all made (the ones the viziers cannot be)."""
from __future__ import annotations

from . import named_crafts


def discarded_boards(rp, bi) -> frozenset:
    """The card zones of the boards line block `bi` discards whole (`$_->`)."""
    cache = rp.__dict__.setdefault("_decree_discards", {})
    if bi in cache:
        return cache[bi]
    out = set()
    if bi is not None and 0 < bi < len(rp.blocks):
        for t in rp.blocks[bi][1]:
            for a in t.actions:
                if a.kind != "move" or a.dests or not a.things:
                    continue
                if all(th.kind == "board" and not th.sub and th.start is None for th in a.things):
                    for th in a.things:
                        zones = rp.mp.boards.get(th.faction or t.faction, {})
                        out.update(z for sub, z in zones.items() if sub)
    cache[bi] = frozenset(out)
    return cache[bi]


def refilled(rp, key, left, blocks) -> bool:
    """Whether a card put on board zone key[1], which no open change of the lines records, is
    a new leader's vizier: the line discards that board whole and every card it puts on the
    board itself is already made."""
    zone = key[1]
    board = rp.board_of.get(zone)
    if board is None:
        return False
    for bi in blocks:
        if zone not in discarded_boards(rp, bi):
            continue
        mine = discarded_boards(rp, bi)
        if not any(rem and at.sign > 0 and at.turn == bi and isinstance(at.place, tuple)
                   and at.place[0] == "zone" and at.place[1] in mine for at, rem in left):
            return True
    return False


# -- the suit of a card the line puts on a board zone ------------------------------------------
# `B#E->$_m` is one card fewer in the hand and one more in the Move column, and the matcher
# sees the zones' sizes: any card of the hand made it. In mega l. 34 (`B#E->$_m/Zswap/...`) the
# search put Swap Meet (a rabbit card the line names, so tried first) in the Move column and
# crafted another card for `Zswap`; the Eyrie's decree and play area went wrong from there
# (l. 39: no Swap Meet in Birdsong, `#V->E/#E->V` corrected). A step that puts on such a zone a
# card of a suit (or name) the line never writes for it is no match.

def written(rp, bi) -> dict:
    """Board zone -> (suits, card ids) the cards line block `bi` puts there may have; a zone
    the line also puts an unnamed card of no suit on (`#E->$_m`) is left out (any card)."""
    cache = rp.__dict__.setdefault("_decree_written", {})
    if bi in cache:
        return cache[bi]
    out, anyz = {}, set()
    mp = rp.mp
    if bi is not None and 0 < bi < len(rp.blocks):
        for t in rp.blocks[bi][1]:
            for a in t.actions:
                if a.kind != "move":
                    continue
                for th in a.things:
                    if th.kind != "card":
                        continue
                    for d in a.dests:
                        z = rp._board_zone(d, t.faction)
                        if z is None:
                            continue
                        if d.faction not in (None, t.faction):
                            anyz.add(z)    # another faction's board (`R#D->A$`): not checked
                            continue
                        suits, ids = out.setdefault(z, (set(), set()))
                        if th.name:
                            ids.update(mp.card_ids(th.name, th.suits) or (th.name,))
                        elif th.suits:
                            suits.update(mp.suits.get(s) for _, s in th.suits)
                        else:
                            anyz.add(z)
    cache[bi] = {z: v for z, v in out.items() if z not in anyz}
    return cache[bi]


def wrong_card(rp, before, after, left, bi, ended=False) -> bool:
    """Whether the step from game `before` to `after` put on a board zone of line `bi` a card
    whose suit and name the line writes for none of its cards there (the new leader's viziers
    after `$_->` excepted: see refilled). A step that ends the turn may have put the line's
    own cards on a zone the line empties and taken them off again (unseen in the diff): there
    such zones are not checked."""
    table = written(rp, bi)
    if not table:
        return False
    # the zones the line empties, whole (`$_->`) or card by card (`F#tax$_b->`, the turmoil as
    # the export writes it): once the line's own cards are there, what comes is the viziers
    mine = discarded_boards(rp, bi) | {at.place[1] for atoms in (rp.atoms[bi],) for at in atoms
                                       if at.sign < 0 and isinstance(at.place, tuple)
                                       and at.place[0] == "zone" and at.place[1] in table}
    if mine and ended:
        mine_done = True
    elif mine and not any(rem and at.sign > 0 and at.turn == bi and isinstance(at.place, tuple)
                        and at.place[0] == "zone" and at.place[1] in mine for at, rem in left):
        mine_done = True
    else:
        mine_done = False
    zb, za = before.s.zones, after.s.zones
    defs, cards = after.s.card_defs, after.g.cards
    key = rp.mp.card_attrs.get("naipe", "naipe")
    kept = _crafted_later(rp, after, bi)
    for z, (suits, ids) in table.items():
        if mine_done and z in mine:
            continue
        was = set(zb.get(z, ()))
        for c in za.get(z, ()):
            if c in was:
                continue
            cid = defs[c]
            if cid in ids:
                continue
            if cid in cards and cards[cid].attrs.get(key) in suits and cid not in kept:
                continue
            return True
    return False


# -- a card the line crafts by name is not the card it puts on the board by suit ----------------
# r1g2 l. 46 (`E:(R+B)#E->$_r/Zswap/...`): the Eyrie's hand holds Swap Meet and a rabbit
# Dominance; `R#E->$_r` is one rabbit card fewer in the hand and one more in the Recruit column,
# and the search tries the cards the line names first, so it put Swap Meet there (right suit,
# so `wrong_card` above let it pass). Swap Meet could not be crafted then; with craft_step.py
# refusing another permanent card for `Zswap`, the craft was corrected, and without it the
# search crafted Boat Builders instead (named_crafts.py only looks at the line's end). A card
# written by suit only is never the last card of a name the same line crafts later.

def _crafted_later(rp, after, bi) -> frozenset:
    """The card ids line `bi` crafts by name whose crafter's hand, after the step, holds no
    card of that name any more although it held one at the line's start (named_crafts.start);
    a craft the referee corrected is not asked again."""
    zones, defs = after.s.zones, after.s.card_defs
    out = set()
    for h in named_crafts.open_crafts(rp, bi):
        if not any(defs[c] in h.ids for c in zones.get(h.hand, ())):
            out.update(h.ids)
    return frozenset(out)
