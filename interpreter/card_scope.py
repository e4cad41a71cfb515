"""Cards whose rules hold while they lie in a play area (N5).

A card may declare hooks of its own (`gatilhos:`, `substituições:` on the card's entry): they
are active while the card lies face up in a player's area — a player zone of cards that is not
hidden (the hand is) — and there `você` is that zone's owner, whoever set the event off.
"""
from __future__ import annotations


def play_zones(g) -> tuple:
    """The player zones that are play areas: zones of cards every player sees."""
    z = g.__dict__.get("_play_zones")
    if z is None:
        from .gamedef import _bool
        z = g._play_zones = tuple(
            zid for zid, zd in g.player_zones.items()
            if isinstance(zd, dict) and not _bool(zd.get("hidden"))
            and str(zd.get("content", "cards")) not in ("peças", "piezas", "pieces"))
    return z


def owners_in_play(ctx, card_def_id) -> tuple:
    """The players (in seat order) with a card of this definition in a play area of theirs."""
    s = ctx.s
    zones, defs = s.zones, s.card_defs
    out = []
    for f in s.seats:
        for z in play_zones(ctx.g):
            cards = zones.get(f"{f}:{z}")
            if cards and any(defs[c] == card_def_id for c in cards):
                out.append(f)
                break
    return tuple(out)
