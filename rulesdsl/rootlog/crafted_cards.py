"""A crafted card taken from a faction's board (`#boatA$->`): it leaves that faction's play
area, not the zone the mapping gives the board's `$`.

The notation writes a card that stays in play once crafted (4.1; the mapping's card attribute
`permanente:`) on its crafter's board, `A$`, as it does a card the Saboteurs discard from an
enemy (r1g5 l. 71: `#sabo$->/#boatA$->`, the Corvids discard the Boat Builders the Alliance
crafted at l. 38). For most factions `$` is no card zone and the card is only named (expected.py,
`named_moves`), and stays so; for the Alliance `$` is the supporters (`quadro: {"": apoiadores}`), so the line
asked for one supporter fewer, no step of the engine (which discards the crafted card from the
play area) made it, and the referee discarded a supporter instead.

The source is the faction's play area when the card's name is one that stays in play and an
earlier line of that faction crafts a card of that name (`Zboat`): the record itself says the
card lies there."""
from __future__ import annotations


def source(rp, th, letter, line):
    """The play area zone a card named on a faction's own `$` leaves from, or None."""
    st = th.start
    if th.kind != "card" or not th.name or st is None or st.kind != "board" or st.sub:
        return None
    owner = st.faction or letter
    if not rp.mp.boards.get(owner, {}).get(""):
        # `$` names no card zone of this faction (the Eyrie, the Corvids): the card stays only
        # named (expected.py, named_moves), as before; a play area the engine emptied without
        # a record line (another faction's Saboteurs, optional) would otherwise fail it
        return None
    zone = next((z for z, x in (getattr(rp, "play_areas", None) or {}).items() if x == owner), None)
    if zone is None:
        return None
    from .play_area import stays
    if not stays(rp, th.name) or not _crafted_before(rp.rec, owner, th.name, line):
        return None
    return zone


def _crafted_before(rec, letter, name, line) -> bool:
    return any(t.faction == letter and t.line < line and a.kind == "craft" and a.things
               and a.things[0].name == name for t in rec.turns for a in t.actions)
