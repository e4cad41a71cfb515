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
from . import hirelings as _hirelings

SEAT_PREFIX = "seat"


def seat_ids(n: int) -> list[str]:
    return [f"{SEAT_PREFIX}{i + 1}" for i in range(n)]


def seat_number(sid) -> int | None:
    """1 for 'seat1', None for a faction id."""
    if isinstance(sid, str) and sid.startswith(SEAT_PREFIX) and sid[len(SEAT_PREFIX):].isdigit():
        return int(sid[len(SEAT_PREFIX):])
    return None


class FactionChoice:
    __slots__ = ("law", "reverse", "pool", "dealt", "on_choose", "reveal", "removed", "lock")

    def __init__(self, law, reverse, pool, dealt, on_choose, reveal=(), removed=None, lock=None):
        self.law = law
        self.reverse = reverse
        self.pool = pool              # faction ids, in the order written (default: all)
        self.dealt = dealt
        self.on_choose = on_choose    # [fn(ctx)], run with `você` = the faction just taken
        # the draft (A.8.1): [(law, groups, count | "per_player")] revealed in order from the
        # pool; {players: groups left out}; (law, group, until) for the last one revealed
        self.reveal = reveal
        self.removed = removed or {}
        self.lock = lock


class Setup:
    """One way to set the game up (Law 5.1, or one of `preparações:`, Law A): the game's
    setup rules, the turn order, the faction choice, and rules run after the factions."""
    __slots__ = ("id", "law", "rules", "turn_order", "faction_choice", "after", "landmarks", "standard")

    def __init__(self, sid, law, rules, turn_order, faction_choice, after=(), landmarks=None, standard=None):
        self.id = sid
        self.law = law
        self.rules = rules
        self.turn_order = turn_order
        self.faction_choice = faction_choice
        self.after = after
        self.landmarks = landmarks      # the A.5 step (landmarks.LandmarkStep) or None
        self.standard = standard        # `facções_padrão_com:` (an option id: setup_limits.py) or None


def compile_seating(gdef, d, block, src=None, base=("game",)):
    """`turn_order` ('random' | 'random_first' | None) and the FactionChoice (or None) of the
    `game:` section (or of one of its setups, `src` at path `base`)."""
    from ..lexicon import get as lexicon
    from .gamedef import _bool
    game = (d.get("game") or {}) if src is None else src
    lex = lexicon(gdef.lang)

    def neutral(v):
        if v is None:
            return None
        return lex.value_of(v) or str(v)
    order = neutral(game.get("turn_order"))
    fc = game.get("faction_choice")
    if not isinstance(fc, dict):
        return order, None
    hs = getattr(gdef, "hirelings", {})      # hirelings never take a seat (hirelings.py)
    pool = [str(f) for f in (fc.get("pool") or []) if str(f) in gdef.factions and str(f) not in hs] or \
        [f for f in gdef.factions if f not in hs]
    rules = []
    for i, r in enumerate(fc.get("on_choose") or []):
        path = base + ("faction_choice", "on_choose", i) if isinstance(r, str) else \
            base + ("faction_choice", "on_choose", i, "effect")
        run = block(path, None)
        if run:
            rules.append(run)
    reveal = []
    for step in fc.get("reveal_factions") or []:
        n = step.get("count")
        # a word is `por_jogador` in the file's own language (checked by the validator, M044;
        # an overlay may be in another language than its base's)
        n = "per_player" if isinstance(n, str) else int(n)
        reveal.append((step.get("law", fc.get("law")), [str(x) for x in step.get("groups") or []], n))
    removed = {int(k): [str(x) for x in v or []] for k, v in (fc.get("removed_with_players") or {}).items()}
    lk = fc.get("lock_last")
    lock = (lk.get("law", fc.get("law")), str(lk["group"]), str(lk["until"])) if isinstance(lk, dict) else None
    return order, FactionChoice(fc.get("law"), neutral(fc.get("order")) != "forward", pool,
                                _bool(fc.get("dealt")), rules, tuple(reveal), removed, lock)


def compile_setups(gdef, d, block) -> dict:
    """{None: the game's own setup, id: each of `preparações:`} (Setup objects)."""
    game = d.get("game") or {}
    # the game's own setup may also run rules after the factions set up (`depois_das_facções:`)
    after = []
    for i, r in enumerate(game.get("after_factions") or []):
        run = block(("game", "after_factions", i) if isinstance(r, str) else ("game", "after_factions", i, "effect"),
                    None)
        if run:
            after.append(run)
    out = {None: Setup(None, None, gdef.setup_rules, gdef.turn_order, gdef.faction_choice, after)}
    for sid, v in (game.get("setups") or {}).items():
        base = ("game", "setups", sid)

        def rules(key):
            runs = []
            for i, r in enumerate(v.get(key) or []):
                run = block(base + (key, i) if isinstance(r, str) else base + (key, i, "effect"), None)
                if run:
                    runs.append(run)
            return runs
        order, fc = compile_seating(gdef, d, block, v, base)
        from .landmarks import compile_step
        from .setup_limits import standard_option
        out[str(sid)] = Setup(str(sid), v.get("law"), rules("setup") if "setup" in v else gdef.setup_rules,
                              order, fc, rules("after_factions"), compile_step(gdef, v),
                              standard_option(gdef, v))
    return out


def setup_names(gdef) -> dict:
    """{folded id or name in any language: setup id} of the game's `preparações:` (Law A),
    for the command line (`--preparacao`) and the scenarios (`preparação:`)."""
    from ..errors import fold
    raw = (gdef.rs.data.get("game") or {}).get("setups") or {}
    names = {}
    for sid, v in raw.items():
        nm = v.get("name") if isinstance(v, dict) else None
        for x in (nm.values() if isinstance(nm, dict) else [nm]):
            for y in (x if isinstance(x, list) else [x]):
                if y is not None:
                    names[fold(str(y))] = str(sid)
        names[fold(str(sid))] = str(sid)
    return names


def groups_of(gdef) -> dict:
    """faction id -> its `grupo:` (A.8.1), for the factions that have one."""
    facs = gdef.rs.data.get("factions") or {}
    return {str(f): str(v["group"]) for f, v in facs.items() if isinstance(v, dict) and v.get("group")}


def reveal_offer(game, fc) -> tuple:
    """A.8.1: the factions offered to the seats, revealed by chance step by step: each step
    draws its count (a number, or one per seat) among the factions of its groups not yet
    revealed, left out those whose group the number of players removes (A.8.1.I). Returns
    (offered factions in the order revealed, the locked one or None: A.8.1.II)."""
    g, s = game.g, game.s
    groups = groups_of(g)
    out_groups = set(fc.removed.get(len(s.seats), ()))
    offered: list = []
    gone = _hirelings.excluded(g, s) if s.hired else ()      # A.6.5
    for _law, gs, n in fc.reveal:
        cand = [f for f in fc.pool if f not in offered and groups.get(f) in gs
                and groups.get(f) not in out_groups and f not in gone]
        k = len(s.seats) if n == "per_player" else n
        k = min(k, len(cand))
        if k:
            offered += chance.sample(game, s.rng, cand, k, "faction_reveal")
    locked = None
    if fc.lock is not None and offered and groups.get(offered[-1]) == fc.lock[1]:
        locked = offered[-1]
    # A.8.1.III: a faction `revelada_com:` a zone of its cards comes with one of them, at random
    extra = []
    for f in offered:
        rw = revealed_with(g, f)
        if rw is None:
            continue
        cands = [cid for cid, cd in g.cards.items() if cd.owner == f and g.card_zone.get(cid) == rw[1]
                 for _ in range(cd.copies)]
        if cands:
            extra.append((f, chance.choice(game, s.rng, cands, "faction_card")))
    game.log_event("factions_revealed", None, factions=list(offered), locked=locked,
                   law=fc.reveal[0][0] if fc.reveal else fc.law,
                   cards={f: c for f, c in extra} or None, unlock=fc.lock[2] if locked else None)
    return tuple(offered), locked, tuple(extra)


def revealed_with(g, f):
    """(law, zone, to) of a faction's `revelada_com:`, or None."""
    facs = g.rs.data.get("factions") or {}
    rw = (facs.get(f) or {}).get("revealed_with") if isinstance(facs.get(f), dict) else None
    if not isinstance(rw, dict):
        return None
    return rw.get("law"), str(rw.get("zone")), str(rw.get("to"))


def give_revealed_card(game, f, cid) -> None:
    """The faction just taken gets the card revealed with it (A.8.1.III): that card instance
    moves from its zone to the faction's `para:` zone, before the faction's setup rules."""
    g, s = game.g, game.s
    law, zone, to = revealed_with(g, f)
    src = zone if zone in g.global_zones else f"{f}.{zone}"
    dst = to if to in g.global_zones else f"{f}.{to}"
    for c in s.zones.get(src, []):
        if s.card_defs[c] == cid:
            s.zones[src] = [x for x in s.zones[src] if x != c]
            s.zones[dst] = s.zones.get(dst, []) + [c]
            break
    s.ver += 1
    game.log_event("faction_card", f, card=cid, law=law)


def offer_now(game, fc, offered, locked, extra=()) -> list:
    """The factions a seat may choose now: those offered and not taken; the locked one only
    after a faction of the lock's `until` group was taken (A.8.1.II)."""
    s = game.s
    pool = [f for f in (offered if offered is not None else fc.pool) if f not in s.seats]
    if s.hired:
        gone = _hirelings.excluded(game.g, s)      # A.6.5: a faction whose hireling is in play
        pool = [f for f in pool if f not in gone]
    if locked is not None and locked in pool and len(pool) > 1:
        groups = groups_of(game.g)
        if not any(groups.get(f) == fc.lock[2] for f in s.seats):
            pool.remove(locked)
    return pool


def draw_turn_order(game) -> None:
    """A.4: the seats' order drawn (`random`), or only the first player (`random_first`: the
    order round the table is kept, starting from a seat drawn)."""
    s = game.s
    seats = list(s.seats)
    order = game.setup_def.turn_order
    if order == "random":
        chance.shuffle(game, s.rng, seats, "turn_order")
    elif order == "random_first":
        first = chance.choice(game, s.rng, list(seats), "first_player")
        i = seats.index(first)
        seats = seats[i:] + seats[:i]
    else:
        return
    s.seats = seats
    s.ver += 1
    game.log_event("turn_order", None, seats=list(seats))


def take_faction(game, seat: str, f: str, law=None) -> None:
    """The seat `seat` becomes the faction `f`: its player zones and counters are renamed, and
    the faction's own pieces, zones, counters and cards join the game (`law`: the paragraph
    logged, by default the faction choice's)."""
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
    fc = game.setup_def.faction_choice
    game.log_event("faction_taken", f, seat=seat, law=law or (fc.law if fc else None))
