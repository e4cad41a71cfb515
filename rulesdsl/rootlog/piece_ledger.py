"""The record against itself, per line: how many pieces of one kind a faction has on the map
after each line, counted from the record alone (no engine), as ledger.overdraws counts them per
place. Where a line scores by a count of pieces (the Eyrie's roosts, 7.6.1: the rightmost
uncovered space of the roost track), the record's own count says what the line should score
(r1g5 l. 44: five roosts, `++3`; docs/rootlog.md «As facções de base nas partidas reais»)."""
from __future__ import annotations

from .ledger import _code, _place


def on_map_by_line(rec, owner: str, code: str) -> list:
    """[(line, count)]: the faction's pieces of `code` (`b`, `w`, `b_s`) on the map after each
    turn line of the record (setup lines included), in the record's order."""
    n = 0
    out = []
    for t in rec.turns:
        for a, th in t.piece_moves():
            if (th.faction or t.faction) != owner or _code(th) != code:
                continue
            k = th.count * max(1, len(a.dests))
            if _place(th.start) is not None:
                n -= k
            n += th.count * sum(1 for d in a.dests if _place(d) is not None)
        out.append((t.line, n))
    return out
