"""A record that ends within a turn (a game exported mid-turn: `rulesdsl rootlog exportar` of a
game cut after N turns, the round trips of export_roundtrip.py).

Its last line never reaches the turn's end, where a line's open opposite changes at one place
cancel out (Matching._cancel_pairs: one engine step made both, so the position shows neither).
The Hundreds' Birdsong places the mob's warrior in 3 and, in the same step, swaps a warrior
there for the warlord (`H:w->3/w3->/w_w->3`): the board shows only the warlord. In the last
line, such pairs cancel as at a turn's end, once the engine has made the line's other
changes (so a line the engine has not begun to play is not taken for done)."""
from __future__ import annotations


def settle_last_line(matcher, left, bi) -> list:
    """`left` with the last line's open opposite pairs cancelled, if the line's other changes
    are all made and at least one of them was; else `left` unchanged."""
    mine = [(at, rem) for at, rem in left if at.turn == bi and not at.optional]
    if not any(rem == 0 for _, rem in mine) or not any(rem for _, rem in mine):
        return left
    out = [list(x) for x in left]
    matcher._cancel_pairs(out, bi)
    if any(rem for at, rem in out if at.turn == bi and not at.optional):
        return left
    return out
