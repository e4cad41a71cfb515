"""Who owns a card in play: the players who have a copy of it in one of their zones marked
`em_jogo: sim` / `en_juego: sí` (a play area). A card's own actions are theirs while it lies
there (docs/linguagem.md, "Janelas de ação")."""
from __future__ import annotations


def owners_in_play(ctx, card_def_id) -> tuple:
    """The seated factions with a card of `card_def_id` in one of their in-play zones, in seat
    order (empty when no zone is in play or nobody has it there)."""
    s = ctx.s
    defs = s.card_defs
    zones = s.zones
    out = []
    for f in s.seats:
        for z in ctx.g.in_play_zones:
            cards = zones.get(ctx.g.zone_key(z, f))
            if cards and any(defs[c] == card_def_id for c in cards):
                out.append(f)
                break
    return tuple(out)


def in_play_for(ctx, faction, card_def_id) -> bool:
    """Has `faction` a card of `card_def_id` in one of its in-play zones? (the test a menu
    makes for one player, without listing every owner)"""
    defs = ctx.s.card_defs
    zones = ctx.s.zones
    for z in ctx.g.in_play_zones:
        cards = zones.get(ctx.g.zone_key(z, faction))
        if cards and any(defs[c] == card_def_id for c in cards):
            return True
    return False
