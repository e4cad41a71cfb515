"""Battles written with the acting faction as their defender.

The notation writes a battle `[Att]X<Def><clearing>`, its attacker the line's faction unless
named. Some transcribers write the attacker after the `X` in its own line (r1g2 l. 49, the
Marquise's turn: `XC8B@/(3w+Ew)8->`; l. 56, the Eyrie's: `XE10B@M@/(w+Cw+Cb_w)10->`): a faction
cannot battle itself (4.3), so such a battle names no defender. Its defender is read from the
record itself: the other faction whose pieces the removal right after it takes in that clearing
(the casualties, 4.3.3). The ambushes (`B@`, `B@M@`) are then the defender's card and the
attacker's counter, as for any battle (Expected._ambush_atoms, ledger.py)."""
from __future__ import annotations


def name_defenders(turn) -> None:
    """Set the defender of each battle of `turn` that names its own attacker as defender, when
    the removal that follows it in the same clearing names exactly one other faction."""
    acts = turn.actions
    for i, a in enumerate(acts):
        if a.kind != "battle" or a.faction not in (None, turn.faction) or a.target != turn.faction:
            continue
        for b in acts[i + 1:]:
            if b.kind == "battle":
                break
            if b.kind != "move" or b.dests:
                continue
            owners = {th.faction for th in b.things if th.kind == "piece" and th.faction
                      and th.faction != turn.faction and th.start is not None
                      and th.start.kind == "clearing" and th.start.value == a.clearing}
            if len(owners) == 1:
                a.target = owners.pop()
                a.faction = turn.faction
            break
