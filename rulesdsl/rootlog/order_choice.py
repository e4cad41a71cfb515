"""The order of a loop "for each clearing … in any order" (the engine's `order` decision).

The search tries only the spaces a line names (search.py, Search._ordered): a space it does not
name is a choice the record says nothing of. An `order` decision is different: every space
offered is handled in turn, and choosing a named one first leaves the unnamed ones still to
choose later, so none of them may be left out. The Keepers' Dawn (15.4.1, 15.4.2: encamp, then
decamp, once per clearing, in any order) asks for the order of their clearings, most of which a
line does not name (nothing is done there): with only the named one tried, the loop never got
past the others, and the battle after it was never made (a round trip of Guardiões/Outono,
docs/rootlog.md «Ida e volta, quarta parte»).

The unnamed spaces are alike to the record, and nothing the record sees happens there: one of
them (the first offered) is tried, and only once no named space is offered (the named ones are
handled first, as before; a loop down to one space goes on by itself). Trying each, or trying
them beside the named ones, only multiplied equal positions and changed which candidate a
later step ranked first (Centenas/Lago, seed 4, crafted another copy of the card)."""
from __future__ import annotations


def unnamed_to_try(decision, ids, places, spaces):
    """The index of the one unnamed space of an `order` decision that offers no named one,
    or None."""
    if decision is None or str(decision.kind) != "order" or any(oid in places for oid in ids):
        return None
    return next((i for i, oid in enumerate(ids) if oid in spaces and oid not in places), None)
