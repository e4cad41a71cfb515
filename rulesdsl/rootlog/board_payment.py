"""A faction's own piece put on its board in another faction's line: a payment, written.

The matcher lets the board owner's own pieces reach its board unrecorded (board_owner.py): the
Riverfolk's Protectionism (11.4.1) in their own Birdsong, and the records leave it out. But a
buyer without warriors pays a service with the seller's own warriors from the supply (11.2.6.I:
the Vagabond, `R#O->V/2Ow->O$`, mega_exploding_birds l. 17), and the notation writes that
payment in the buyer's line like any other. Let through, it allowed a search to buy a service
no line writes: at mega l. 37 the Vagabond bought the Riverboats, paying with an exhausted bag
(exhausting passes unrecorded), so both his bags were down at his Evening and the Capacity
check (9.6.4) removed the two boots and the sword the record goes on using (l. 39, 47, 52).

So in a line of another faction such a piece passes only if the step took a piece of that kind
off the map (a piece that goes from the map to its owner's board, as a Lizard warrior removed
in battle becomes an acolyte, 10.2.3 Revenge); in the owner's own line and in the setup, as
before."""
from __future__ import annotations


def passes(rp, key, blocks) -> bool:
    """Whether the owner's own piece put on its board (`key`: (("pz", "O$"), kind)) may pass
    unrecorded while the lines of `blocks` are matched."""
    letter = str(key[0][1]).split("$", 1)[0]
    fid = rp.mp.factions.get(letter)
    for b in blocks:
        if b is None:
            continue
        f = rp.blocks[b][0]
        if f is None or f == fid:
            return True              # the setup, or the owner's own line
    diff = getattr(rp, "_diff", None) or {}
    return any(d < 0 and isinstance(k[0], str) and k[0] not in ("pv", "zone", "ctr", "edge")
               and k[1] == key[1] for k, d in diff.items())
