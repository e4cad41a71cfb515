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


def in_play(ctx) -> dict:
    """{card def id: (owners in seat order)} of every card lying in a play area (one pass over
    the play areas, for the hooks of one event)."""
    s = ctx.s
    # memoized by the state and the version of its cards (PERF: read at every phase event)
    g = ctx.g
    memo = g.__dict__.get("_in_play_memo")
    if memo is None:
        memo = g._in_play_memo = {}
    key = (s.uid, s.vc)
    out = memo.get(key)
    if out is not None:
        return out
    if len(memo) > 256:
        memo.clear()
    out = memo[key] = _in_play_now(s, play_zones(g))
    return out


def _in_play_now(s, pz) -> dict:
    zones, defs = s.zones, s.card_defs
    out = {}
    for f in s.seats:
        for z in pz:
            cards = zones.get(f"{f}:{z}")
            if cards:
                for c in cards:
                    d = defs[c]
                    o = out.get(d)
                    if o is None:
                        out[d] = (f,)
                    elif o[-1] != f:
                        out[d] = o + (f,)
    return out
