"""Whose pieces a faction board may get without a record (Matching._unrecorded_ok).

The matcher lets through a piece put on a faction board that the lines say nothing of there:
the Riverfolk's Protectionism (11.4.1) puts two of their own warriors in their payments and
the records leave it out (r2g4). It let through any faction's piece, though, and another
faction's warrior on a board is always a payment the notation writes (`3Cw->O$`, a service
bought, 11.5): a search could then buy services no line writes, and the position went on
with warriors off the map and points or cards the record never had. Only the board owner's
own pieces pass unrecorded now (docs/rootlog.md «O árbitro descarta pelas regras»)."""
from __future__ import annotations


def kind_owner(g, kind):
    """The faction a piece kind belongs to, from the model (`PieceKind.owner`), or None for a
    shared kind or a name the rule set does not have. One place that reads it: the matcher,
    the search and the cost probe used to cut it from the kind's id."""
    pk = g.piece_kinds.get(kind)
    return pk.owner if pk is not None else None


def owns(rp, place, kind) -> bool:
    """Whether the piece kind `kind` (`ribeirinhos.guerreiro`) is the own piece of the
    faction whose board is `place` (("pz", "O$"): the mapping's `quadro_peças:`)."""
    letter = str(place[1]).split("$", 1)[0] if len(place) > 1 else ""
    fid = rp.mp.factions.get(letter)
    return fid is not None and kind_owner(rp.g, kind) == fid
