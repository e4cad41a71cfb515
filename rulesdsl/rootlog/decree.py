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


def discarded_boards(rp, bi) -> frozenset:
    """The card zones of the boards line block `bi` discards whole (`$_->`)."""
    cache = rp.__dict__.setdefault("_decree_discards", {})
    if bi in cache:
        return cache[bi]
    out = set()
    if 0 < bi < len(rp.blocks):
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
