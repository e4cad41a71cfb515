"""Piece codes the mapping cannot read as written.

A piece code is `<type>[_<subtype>]` (`b_r`: a rabbit base of the Alliance, 8.1). A transcriber
who types the two halves the other way round (`r_b+w->7`, r2g3 l. 46) writes a code that reads
as the old ferry letter `r` with a subtype, and the ferry has none: the code names no piece. It
used to be dropped from the line's expected changes without a word, so the revolt that placed
the base could not match the line and the whole line was corrected. Here such a code is read as
its halves swapped when, and only when, the written code names no piece of its owner and the
swapped one does; every code read so, and every code still unread, is listed in the report
(report.py), never passed over in silence."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Reading:
    line: int
    action: str          # the action as written
    written: str         # the piece code as written (`r_b`)
    read: str | None     # the code it was read as (`b_r`), None: unread


def kinds(mp, owner, ptype, sub) -> tuple:
    """The piece kinds a code may be: as written, else with its halves swapped; () if neither."""
    found = mp.piece_kinds(owner, ptype, sub)
    if found or not sub or not ptype:
        return found
    return mp.piece_kinds(owner, sub, ptype)


def readings(rec, mp) -> list:
    """Every piece code of the record's moves that does not read as written (Reading)."""
    out = []
    for t in rec.turns:
        for a, th in t.piece_moves():
            owner = th.faction or t.faction
            if mp.piece_kinds(owner, th.type, th.sub):
                continue
            written = th.type + (f"_{th.sub}" if th.sub else "")
            swapped = kinds(mp, owner, th.type, th.sub)
            out.append(Reading(a.line, a.raw, written, f"{th.sub}_{th.type}" if swapped else None))
    return out
