"""Hirelings (Root Law appendix E; engine-gaps N11): small factions without a seat.

A hireling is one side of a hireling card, declared as a faction with `capanga:` (es `secuaz:`):

    facções:
      patrulha:
        capanga: {carta: patrulha, lado: promovido, exclui: marqueses, lei: "E"}
        peças: ...        # its own pieces, setup, triggers, modifiers, actions, as any faction

The two sides of one card are two such factions with the same `carta:`; only one side of a
card is ever in a game (A.6.2 fixes it at setup). The game names the counter (`tipo: facção`)
that says who controls each hireling:

    jogo:
      capangas: {lei: "E.3", controlador: controlador}

What the engine does with them:
* a hireling is never seated: it joins a game (`Game(..., hirelings=[...])`, a scenario's
  `capangas:`, or a setup's `capangas: {quantidade: 3, rebaixados: {"3": 1}}` that deals cards
  and turns some to their demoted side, A.6.1-A.6.2); its pieces, zones, counters, triggers and
  modifiers then hold as a seated faction's (State.hired). Its setup rules run after the game's
  own, one hireling per seat from the last seat backwards, that seat deciding; with the deal's
  `quem_prepara: {lei: "A.6.3", ordem: inversa}` (es `quién_prepara:`) each of those seats
  first chooses which of the hirelings not yet set up it sets up (A.6.3), else they go in the
  order dealt. A faction
  a hireling in play `exclui:` is not offered in the faction choice (A.6.5).
* `defina controlador de H para J` sets the controller; the engine mirrors it into the flag
  (CTL, H) (copied and rolled back with the flags) and fires the event `ganho_de_controle`
  (es `control_ganado`; `por`: the controller, `dono`: the hireling) for the hireling's
  when-hired rules (E.2.1).
* decisions asked of a hireling are its controller's (E.3: "the controller decides"); an
  uncontrolled hireling's are made by the player whose turn it is (during the setup: the seat
  setting it up). A reading: the Law says nothing about who decides for a hireling nobody
  controls (when it defends in battle).
* a hireling and its controller (and the controller's coalition partners) are not enemies
  (E.3.2, G.1.15); every other player and hireling is.
* its action with `disponível: {fases: [dia], quem: controlador}` is offered in its
  controller's menus of those phases, performed by the hireling (E.2.4, E.3.4).
Everything else is data: rule for the controller (`contam_para: controlador de você`, E.3.1),
hiring at the markers, the control die and markers (regras/capangas.yaml in Root).
"""
from __future__ import annotations

from . import chance

CTL = "hireling_controller"        # flag (CTL, hireling) -> faction or None
SETTING_UP = "hireling_setup"      # flag (SETTING_UP, hireling) -> the seat that sets it up


class Hireling:
    __slots__ = ("id", "card", "side", "excludes", "law")

    def __init__(self, fid, card, side, excludes, law):
        self.id = fid
        self.card = card
        self.side = side              # "promoted" | "demoted"
        self.excludes = excludes      # a faction id or None (A.6.5)
        self.law = law


class Deal:
    """A setup's `capangas:` (A.6): cards dealt, demoted by number of players; with
    `quem_prepara:` (A.6.3) each seat in turn chooses which hireling not yet set up it sets up."""
    __slots__ = ("law", "count", "demoted", "choice")

    def __init__(self, law, count, demoted, choice=None):
        self.law = law
        self.count = count
        self.demoted = demoted        # {players: how many demoted}; more players than any key: the largest key's
        self.choice = choice          # (law, reverse) of `quem_prepara:`, or None: set up in the order dealt


def read(g, d) -> None:
    """g.hirelings {faction id: Hireling}, g.hireling_ctl (the controller counter's id) and
    g.hireling_deals {setup id: Deal}."""
    from ..lexicon import get as lexicon
    out = {}
    for fid, f in (d.get("factions") or {}).items():
        h = f.get("hireling") if isinstance(f, dict) else None
        if not isinstance(h, dict):
            continue
        lang = getattr(h, "_lang", None) or g.lang
        side = h.get("side")
        side = lexicon(lang).value_of(str(side)) or str(side)
        exc = h.get("excludes")
        out[str(fid)] = Hireling(str(fid), str(h.get("card")), side,
                                 str(exc) if exc is not None else None, h.get("law"))
    g.hirelings = out
    game = d.get("game") or {}
    hc = game.get("hirelings")
    g.hireling_ctl = str(hc["controller"]) if isinstance(hc, dict) and hc.get("controller") else None
    deals = {}
    for sid, v in (game.get("setups") or {}).items():
        hd = v.get("hirelings") if isinstance(v, dict) else None
        if isinstance(hd, dict):
            dem = {int(k): int(n) for k, n in (hd.get("demoted") or {}).items() if str(k).isdigit()}
            sb = hd.get("set_up_by")
            choice = None
            if isinstance(sb, dict):
                order = sb.get("order")
                order = lexicon(getattr(sb, "_lang", None) or g.lang).value_of(str(order)) if order else None
                choice = (sb.get("law", hd.get("law")), order != "forward")
            deals[str(sid)] = Deal(hd.get("law"), int(hd.get("count") or 0), dem, choice)
    g.hireling_deals = deals
    g.hireling_windows = {}


def controller(s, h):
    return s.flags.get((CTL, h))


def present(s):
    """The factions whose triggers and modifiers hold: the seats and the hirelings in play."""
    h = s.hired
    return s.seats if not h else tuple(s.seats) + h


def decider(s, h):
    """Who decides for hireling h: its controller; uncontrolled, the seat setting it up or
    the player whose turn it is (a reading, see the module's doc)."""
    c = s.flags.get((CTL, h))
    if c is not None:
        return c
    c = s.flags.get((SETTING_UP, h))
    if c is not None:
        return c
    return s.active if s.active is not None else (s.seats[0] if s.seats else None)


def partners(s, f) -> tuple:
    """The hirelings and players that are not f's enemies because of control (E.3.2):
    f's hirelings, or, for a hireling, its controller and the controller's other hirelings."""
    fl = s.flags
    hired = s.hired
    if f in hired:
        c = fl.get((CTL, f))
        if c is None:
            return ()
        return (c,) + tuple(x for x in hired if x != f and fl.get((CTL, x)) == c)
    return tuple(x for x in hired if fl.get((CTL, x)) == f)


def excluded(g, s) -> set:
    """The factions the hirelings in play exclude (A.6.5)."""
    hs = g.hirelings
    return {hs[h].excludes for h in s.hired if h in hs and hs[h].excludes}


def join(game, h) -> None:
    """Hireling h joins the game: its pieces go to its supply, its zones and counters exist,
    its triggers and modifiers hold (State.hired). Set up outside any action (no journal)."""
    g, s = game.g, game.s
    if h in s.hired or h not in g.hirelings:
        return
    for z, zd in g.player_zones.items():
        key = f"{h}:{z}"
        if str(zd.get("content", "cards")) in ("peças", "piezas", "pieces"):
            s.piece_zones.setdefault(key, {})
        else:
            s.zones.setdefault(key, [])
    for z, zd in g.faction_zones.get(h, {}).items():
        if str(zd.get("content", "cards")) in ("peças", "piezas", "pieces"):
            s.piece_zones.setdefault(f"{h}.{z}", {})
        else:
            s.zones.setdefault(f"{h}.{z}", [])
    for cid, c in g.counters.items():
        if str(c.get("scope", "player")) != "global":
            s.counters.setdefault(f"{h}:{cid}", int(c.get("initial") or 0))
    for cid, c in g.faction_counters.get(h, {}).items():
        s.counters.setdefault(f"{h}:{h}.{cid}", int(c.get("initial") or 0))
    for k, p in g.piece_kinds.items():
        if p.owner == h:
            s.supply[k] = p.count
    from .board import add_faction_spaces
    add_faction_spaces(game, h)
    s.hired = s.hired + (h,)
    s._partners = (None, {})
    s.ver += 1
    game.log_event("hireling_joins", h, card=g.hirelings[h].card, side=g.hirelings[h].side)


def deal(game, d: Deal) -> None:
    """A.6.1-A.6.2: `count` hireling cards drawn at random (a card whose faction is seated is
    left out when the factions are fixed: A.6.5 read the other way round); with N players,
    `demoted[N]` of them at random turned to their demoted side; the sides join the game."""
    g, s = game.g, game.s
    seated = set(s.seats)
    cards: dict = {}
    for h in g.hirelings.values():
        cards.setdefault(h.card, {})[h.side] = h.id
    # only cards with both sides written (a demoted side alone is played by naming it)
    pool = [c for c, sides in cards.items() if len(sides) == 2
            and not any(g.hirelings[x].excludes in seated for x in sides.values())]
    k = min(d.count, len(pool))
    if not k:
        return
    fc = game.setup_def.faction_choice if game.seating is not None else None
    if fc is None:
        drawn = chance.sample(game, s.rng, pool, k, "hirelings")
    else:
        # the draft must still seat every player: a card whose faction would leave fewer
        # factions than seats is passed over (never with the Law's ten factions; with a
        # smaller pool it would make the game impossible). Revealed one at a time, each among
        # the cards left that keep the draft possible (a scenario dictates them in order)
        from .setup_limits import room

        def excludes(c):
            return {g.hirelings[x].excludes for x in cards[c].values()} - {None}
        left, drawn, gone = list(pool), [], set()
        while len(drawn) < k:
            fits = [c for c in left
                    if room(game, [f for f in fc.pool if f not in gone | excludes(c)]) >= len(s.seats)]
            if not fits:
                break
            c = chance.choice(game, s.rng, fits, "hirelings")
            left.remove(c)
            drawn.append(c)
            gone |= excludes(c)
        k = len(drawn)
        if not k:
            return
    n = len(s.seats)
    keys = sorted(d.demoted)
    nd = d.demoted.get(n)
    if nd is None and keys:
        nd = d.demoted[keys[-1]] if n > keys[-1] else 0
    nd = min(int(nd or 0), k)
    demoted = set(chance.sample(game, s.rng, list(drawn), nd, "demoted")) if nd else set()
    game.log_event("hirelings_dealt", None, cards=list(drawn), demoted=sorted(demoted), law=d.law)
    for c in drawn:
        sides = cards[c]
        want = "demoted" if c in demoted else "promoted"
        h = sides.get(want) or next(iter(sides.values()))
        join(game, h)


def on_set_controller(ctx, h, new) -> object:
    """`defina controlador de H para J` (the game's controller counter): the flag follows, and
    `ganho_de_controle` fires when J takes control (E.2.1)."""
    s = ctx.s
    if h not in s.hired:
        return None
    old = s.flags.get((CTL, h))
    if old == new:
        return None
    s.set_flag((CTL, h), new)
    ctx.engine.log_event("hireling_control", h, controller=new)
    if new is None:
        return None
    from .hooks import fire
    return fire(ctx, {"event": "control", "by": new, "owner": h})


def set_controllers(game, ctls: dict) -> None:
    """A position's controllers (a scenario's `capangas:`): the counter and the flag."""
    from . import small_forms as _small
    g, s = game.g, game.s
    vals = _small.typed_values(g, g.hireling_ctl) if g.hireling_ctl else None
    for h, c in ctls.items():
        if vals is not None:
            s.counters[g.counter_key(g.hireling_ctl, h)] = _small.encode(g, g.hireling_ctl, vals, c)
        s.flags[(CTL, h)] = c
    s._partners = (None, {})
    s.ver += 1


def hireling_only(g, owner, h, card) -> bool:
    """`só_do_capanga: sim` on a modifier (es `solo_del_secuaz: sí`): the hireling's modifier
    holds only for the hireling itself (its own moves, battles...), not also for its controller
    as a "CONTROLADOR:" ability does (E.2, E.3.4): a hireling's movement rule must not replace
    its controller's. Only a hireling's own modifier may say it (M220); a modifier of who rules
    (`valor: governante`) has its own `contam_para:` (M221)."""
    from ..ytypes import pos_of
    from ..lexicon import get as lexicon
    from .gamedef import _bool
    lang = getattr(h, "_lang", None) or g.lang
    key = lexicon(lang).spell_key("hireling_only")
    if card is not None or owner is None or owner not in g.hirelings:
        g.diags.add("M220", pos_of(h, "hireling_only"), lang, key=key,
                    owner=str(owner) if owner is not None and card is None else "-")
        return False
    return _bool(h.get("hireling_only"))
