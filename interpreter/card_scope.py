"""Cards whose rules hold while they lie in play (N5).

A card is in play for the players who have a copy of it in one of their zones marked
`em_jogo: sim` / `en_juego: sí` (a play area). A card's own actions (docs/linguagem.md, "Janelas
de ação") and hooks (`gatilhos:`, `substituições:` on the card) are theirs while it lies there,
and `você` is that zone's owner, whoever set the event off."""
from __future__ import annotations


def owners_in_play(ctx, card_def_id) -> tuple:
    """The seated factions with a card of `card_def_id` in one of their in-play zones, in seat
    order (empty when no zone is in play or nobody has it there)."""
    s = ctx.s
    defs = s.card_defs
    zones = s.zones
    out = []
    for f in s.seats:
        for key in ctx.g.in_play_keys(f):
            cards = zones.get(key)
            if cards:
                # (a plain loop: asked for every menu of a card's action, mostly of empty or
                # one-card play areas, where a generator costs more than the test)
                for c in cards:
                    if defs[c] == card_def_id:
                        break
                else:
                    continue
                out.append(f)
                break
    return tuple(out)


def in_play_for(ctx, faction, card_def_id) -> bool:
    """Has `faction` (a seated one) a card of `card_def_id` in one of its in-play zones? (the
    test a menu makes for one player, at every decision: it reads that player's few in-play
    cards rather than building the table of every card in play, `in_play`)"""
    s = ctx.s
    if faction not in s.seats:
        return False
    zones, defs = s.zones, s.card_defs
    for key in ctx.g.in_play_keys(faction):
        cards = zones.get(key)
        if cards:
            for c in cards:
                if defs[c] == card_def_id:
                    return True
    return False


def in_play(ctx) -> dict:
    """{card def id: (owners in seat order)} of every card lying in play (one pass over the
    in-play zones, for the hooks of one event); memoized by the state and its cards' version."""
    s = ctx.s
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
    zones, defs = s.zones, s.card_defs
    out = {}
    for f, zkey in _play_areas(g, s.seats):
        cards = zones.get(zkey)
        if cards:
            for c in cards:
                d = defs[c]
                o = out.get(d)
                if o is None:
                    out[d] = (f,)
                elif o[-1] != f:
                    out[d] = o + (f,)
    memo[key] = out
    return out


def _play_areas(g, seats) -> tuple:
    """((faction, zone key), ...) of the in-play zones of `seats`, in seat order: worked out
    once per seating (the cards in them change at every draw; the zones do not), so a pass
    over them asks no in_play_keys per seat."""
    got = g.__dict__.get("_play_areas")
    if got is not None and got[0] == seats:
        return got[1]
    pairs = tuple((f, key) for f in seats for key in g.in_play_keys(f))
    g._play_areas = (list(seats), pairs)
    return pairs


def game_cards(g, s) -> frozenset:
    """The card defs the game of state `s` has (its card instances, made when it starts and
    shared by its copies): a card's own hooks and actions hold in no other game. Kept per
    instance list."""
    memo = g.__dict__.get("_game_cards")
    if memo is None:
        memo = g._game_cards = {}
    defs = s.card_defs
    got = memo.get(id(defs))
    if got is not None and got[0] is defs and got[2] == len(defs):
        return got[1]
    if len(memo) > 64:
        memo.clear()
    out = frozenset(defs)
    memo[id(defs)] = (defs, out, len(defs))      # the list kept alive: its id stays its own
    return out


def gate_cards(g) -> frozenset:
    """The card defs whose rules change values the engine keeps (memo keys) while they lie in
    play: those with modifiers of who rules (interpreter/rule.py), of a derived value, or with
    adjacency (`adjacências:`). A game without any of them pays nothing for them (State.vg)."""
    got = g.__dict__.get("_gate_cards")
    if got is None:
        out = {m.card for m in getattr(g.rule, "mods", ()) if m.card is not None}
        for d in g.derived.values():
            out.update(m.card for m in d.mods if m.card is not None)
        for md in getattr(g, "maps", {}).values():
            out.update(c for c, _, _ in md.card_adjacency)
        got = g._gate_cards = frozenset(out)
    return got
