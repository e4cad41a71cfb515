"""Seats apart from factions (engine-gaps N12): players sit first, factions are taken later.

    Game(g, ["marqueses", "rapinas"])   # seats with their factions fixed (as always)
    Game(g, 3)                          # three seats; the factions are chosen during setup

In data (`jogo:` / `juego:`):

    ordem_de_turno: aleatória           # A.4: the turn order (and so the first player) drawn
                                        # at the start; `primeiro_aleatório`: only who starts
    escolha_de_facção:                  # A.8.2: each seat takes a faction during setup
      lei: "A.8.2"
      ordem: inversa                    # from the last seat to the first (`direta`: first to last)
      entre: [norte, sul, leste]        # the pool (default: every faction)
      sorteada: não                     # sim: dealt at random, nobody chooses (Scythe)
      ao_escolher:                      # rules each seat runs at once after its faction's own
        - escolha uma carta ...         # setup (a second choice per seat: Scythe's player mat)

A seat without a faction is named `seat1`, `seat2`... (its number in `Game.factions`, which
is the order the game was made with). The player zones and player counters exist for every
seat from the start (a seat may draw cards before it chooses, A.7); when the seat takes a
faction, they are renamed to the faction's, the seat's entry in `State.seats` and
`Game.factions` becomes the faction, and the faction's own pieces, zones, counters and cards
join the game. The choice happens after the game's own setup rules (`preparação:`); the chosen
faction's setup rules run at once, before the next seat chooses (A.8.2). A game made with its
factions fixed has no choice step: the seats' order is the list's (a random `ordem_de_turno:`
still draws it), and `ao_escolher:` runs after each faction's setup, in the setup order.

Randomness goes through chance.py (dictatable); the state keeps nothing that a copy would not.
"""
from __future__ import annotations

from . import chance

SEAT_PREFIX = "seat"


def seat_ids(n: int) -> list[str]:
    return [f"{SEAT_PREFIX}{i + 1}" for i in range(n)]


def seat_number(sid) -> int | None:
    """1 for 'seat1', None for a faction id."""
    if isinstance(sid, str) and sid.startswith(SEAT_PREFIX) and sid[len(SEAT_PREFIX):].isdigit():
        return int(sid[len(SEAT_PREFIX):])
    return None


class FactionChoice:
    __slots__ = ("law", "reverse", "pool", "dealt", "on_choose")

    def __init__(self, law, reverse, pool, dealt, on_choose):
        self.law = law
        self.reverse = reverse
        self.pool = pool              # faction ids, in the order written (default: all)
        self.dealt = dealt
        self.on_choose = on_choose    # [fn(ctx)], run with `você` = the faction just taken


def compile_seating(gdef, d, block):
    """`turn_order` ('random' | 'random_first' | None) and the FactionChoice (or None) of the
    `game:` section."""
    from ..lexicon import get as lexicon
    from .gamedef import _bool
    game = d.get("game") or {}
    lex = lexicon(gdef.lang)

    def neutral(v):
        if v is None:
            return None
        return lex.value_of(v) or str(v)
    order = neutral(game.get("turn_order"))
    fc = game.get("faction_choice")
    if not isinstance(fc, dict):
        return order, None
    pool = [str(f) for f in (fc.get("pool") or []) if str(f) in gdef.factions] or list(gdef.factions)
    rules = []
    for i, r in enumerate(fc.get("on_choose") or []):
        path = ("game", "faction_choice", "on_choose", i) if isinstance(r, str) else \
            ("game", "faction_choice", "on_choose", i, "effect")
        run = block(path, None)
        if run:
            rules.append(run)
    return order, FactionChoice(fc.get("law"), neutral(fc.get("order")) != "forward", pool,
                                _bool(fc.get("dealt")), rules)


def draw_turn_order(game) -> None:
    """A.4: the seats' order drawn (`random`), or only the first player (`random_first`: the
    order round the table is kept, starting from a seat drawn)."""
    g, s = game.g, game.s
    seats = list(s.seats)
    if g.turn_order == "random":
        chance.shuffle(game, s.rng, seats, "turn_order")
    elif g.turn_order == "random_first":
        first = chance.choice(game, s.rng, list(seats), "first_player")
        i = seats.index(first)
        seats = seats[i:] + seats[:i]
    else:
        return
    s.seats = seats
    s.ver += 1
    game.log_event("turn_order", None, seats=list(seats))


def take_faction(game, seat: str, f: str) -> None:
    """The seat `seat` becomes the faction `f`: its player zones and counters are renamed, and
    the faction's own pieces, zones, counters and cards join the game."""
    g, s = game.g, game.s
    s.seats = [f if x == seat else x for x in s.seats]
    game.factions = [f if x == seat else x for x in game.factions]
    old, new = f"{seat}:", f"{f}:"
    for table in (s.zones, s.piece_zones, s.counters):
        for k in [k for k in table if k.startswith(old)]:
            table[new + k[len(old):]] = table.pop(k)
    for z, zd in g.faction_zones.get(f, {}).items():
        if str(zd.get("content", "cards")) in ("peças", "piezas", "pieces"):
            s.piece_zones[f"{f}.{z}"] = {}
        else:
            s.zones[f"{f}.{z}"] = []
    for cid, c in g.faction_counters.get(f, {}).items():
        s.counters[f"{f}:{f}.{cid}"] = int(c.get("initial") or 0)
    # the faction's pieces (with the extra ones of an expansion it brings, 9.7)
    facs = g.rs.data.get("factions") or {}
    exp = (facs.get(f) or {}).get("expansions")
    exp = {str(e) for e in exp} if isinstance(exp, list) else set()
    box = game.box = dict(game.box)
    for k, p in g.piece_kinds.items():
        if p.owner != f:
            continue
        extra = p.attrs.get("expansions") if exp else None
        s.supply[k] = p.count + (sum(int(extra.get(e) or 0) for e in exp) if isinstance(extra, dict) else 0)
        if s.supply[k] != p.count:
            box[k] = s.supply[k]
    # the faction's own cards: new instances (the list of instances is shared by copies of
    # the state: a new list, never changed in place)
    copies = getattr(g, "copy_of", {})
    defs = list(s.card_defs)
    for cid, cd in g.cards.items():
        if cd.owner == f or (cd.owner is not None and copies.get(f) == cd.owner):
            zone = g.card_zone.get(cid) or "cards"
            key = zone if zone in g.global_zones else f"{cd.owner}.{zone}"
            for _ in range(cd.copies):
                s.zones.setdefault(key, []).append(len(defs))
                defs.append(cid)
    s.card_defs = defs
    from .card_scope import gate_cards
    s.gate_on = not gate_cards(g).isdisjoint(defs)      # (State.vg)
    from .board import add_faction_spaces
    add_faction_spaces(game, f)          # the spaces the faction brings (N10)
    views = getattr(game, "views", None)
    if views and seat in views:
        v = views.pop(seat)
        v.faction = f
        views[f] = v
    s.ver += 1
    game.log_event("faction_taken", f, seat=seat, law=g.faction_choice.law if g.faction_choice else None)
