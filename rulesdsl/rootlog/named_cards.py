"""Where a correction (repair.py) takes a card the record names from: a card named onto a
board (`#marshal->$`, the Duchy's sway, 12.5.3; `#captain->$`) is that card, found wherever the
engine keeps it (the Duchy's unswayed ministers), not the deck's top card. Before, the
referee's correction of a sway put an ordinary card from the deck among the swayed ministers
and the minister stayed unswayed (r1g5 l. 30: docs/rootlog.md, «O Ducado e os Corvídeos»)."""
from __future__ import annotations


def named_source(rp, s, pool_of, at, dest):
    """(card, zone) of a card the atom's action names, outside `dest`, or None. `pool_of(z)`
    is the planned content of zone z (repair.plan follows its own edits)."""
    try:
        a = rp.actions[at.action][2]
    except (AttributeError, IndexError, TypeError):
        return None
    names = [th for th in getattr(a, "things", ()) or () if th.kind == "card" and th.name]
    if not names:
        return None
    defs = s.card_defs
    for th in names:
        ids = set(rp.mp.card_ids(th.name, th.suits))
        if not ids:
            continue
        for z in sorted(s.zones):
            if z == dest:
                continue
            for c in pool_of(z):
                if defs[c] in ids:
                    return c, z
    return None
