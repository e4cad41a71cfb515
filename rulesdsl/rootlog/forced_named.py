"""A turn ended by force takes the card the line names onto a board spot (forced.py).

The notation writes a new Eyrie leader as `#commander->$` (7.7.3): a card named onto a board
spot the mapping does not watch, with no count the matcher can follow (Expected.named_moves).
When the line cannot be matched and its rest is corrected, the turn is ended by force, and the
forced end resolves what the engine still has to do; in r1g2 l. 41
(`E:2F#E->$_r/.../b->4/$_->/--5/#commander->$/++5/3#->E`) that is the decree's last Build card,
which falls into turmoil (7.7), and the leader was the first one the engine offers (the
Builder). The record's Commander was never chosen, the Eyrie's next decree had the Builder's
viziers (Recruit and Move) where the record's has the Commander's (Move and Battle), and l. 46
failed at its battle (`XC10`) with no Battle card.

Here: at a choice among cards, the forced end tries first the cards the line being ended names
onto a board spot and has not moved yet (named_zone_cards.named_spots_open), in the engine's
order; the other options follow as before. Only in the turn of the line's own faction."""
from __future__ import annotations

from . import named_zone_cards as _named


def first(rp, g, ids, order) -> list:
    """`order` (option indices) with the options that are a card the line names onto a board
    spot, not yet moved, put first."""
    nb = getattr(rp, "next_block", None)
    bi = (len(rp.blocks) if nb is None else nb) - 1
    if not (0 <= bi < len(rp.blocks)) or rp.blocks[bi][0] != g.s.active or not rp.named_moves.get(bi):
        return order
    d = g.pending
    if d is None or str(d.kind) in _named.NOT_CARDS or not ids or not all(o.isdigit() for o in ids):
        return order
    wanted = _named.named_spots_open(rp, g)
    if not wanted:
        return order
    defs = g.s.card_defs
    named = [i for i in order if int(ids[i]) < len(defs) and defs[int(ids[i])] in wanted]
    return named + [i for i in order if i not in named] if named else order
