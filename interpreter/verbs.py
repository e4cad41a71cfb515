"""The closed registry of primitive verbs. One handler each; docs generated from here.

A handler's `compile(cc, node)` returns a generator function `run(ctx)`. Handlers honour the
golden rules generically: "as many as possible" (Law 1.5.4: do what you can, unless inside an
all-or-nothing block, where falling short is a failure), the owner of the hits chooses what
is removed, triggers fire after the whole verb (1.1.3).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..compiler import (CC, PieceSel, CardSel, Simple, ListSel, SpaceSel, compile_sel,
                        compile_expr, quant_count, CARD, SPACE, FACTION, ZONE, _flat)
from .. import nodes as N
from .hooks import fire, replacement, prohibited
from . import chance
from .machine import FIN, STOP, Calls, run_calls, start
from .flow import ask
from . import decks as _decks
from .runtime import Failure, GameOver, PASS, DONE, Decision, free_capacity, matches, ruler, supply_count
from . import board as _bd
from . import small_forms as _small
from .small_forms import can_remove as _can_remove

REGISTRY: dict[str, "VerbDef"] = {}


@dataclass
class VerbDef:
    id: str
    compile: object
    doc: dict          # lang -> one-paragraph description
    example: dict      # lang -> an example sentence


def verb(ident, doc, example):
    def deco(fn):
        REGISTRY[ident] = VerbDef(ident, fn, doc, example)
        return fn
    return deco


# ---------------------------------------------------------------------------------------------
# helpers

def _actor(cc, node):
    if getattr(node, "who", None) is not None:
        f, _ = compile_expr(cc, node.who)
        return f
    return lambda ctx: ctx.me


def _objs(node):
    o = node.obj
    if o is None:
        return []
    if isinstance(o, N.ListOf):
        return list(o.items)
    return [o]


def _one_obj(cc, node):
    """The verb's one object, a noun phrase ("3 guerreiros seus em C"); anything else: C020."""
    objs = _objs(node)
    if len(objs) != 1 or not isinstance(objs[0], N.Sel):
        cc.err("C020", node, what="?")
    return objs[0]


def _one_piece_sel(cc, node, **kw):
    """(object, its PieceSel) of a verb that acts on pieces; another kind of object: C020."""
    o = _one_obj(cc, node)
    s = compile_sel(cc, o, role="verb", **kw)
    if not isinstance(s, PieceSel):
        cc.err("C020", o, what=o.noun.text)
    return o, s


def _pp(cc, node, key):
    v = node.args.get(key)
    if v is None:
        return None, None
    return compile_expr(cc, v)


def _short(ctx, law=None):
    """Fell short of what a rule asked: fine (1.5.4), unless all-or-nothing."""
    if ctx.strict:
        raise Failure("short", law)


def _card_fn(cc, obj, default_zone_owner=True):
    """A card object: a variable or a card phrase. -> (fn(ctx) -> [(card, zone)], quant)"""
    if isinstance(obj, N.Sel):
        sel = compile_sel(cc, obj, role="verb")
        if not isinstance(sel, CardSel):
            cc.err("C020", obj, what=obj.noun.text)
        return sel.located, sel.quant, sel
    f, t = compile_expr(cc, obj)

    def one(ctx):
        c = f(ctx)
        if c is None:
            return []
        cs = c if isinstance(c, list) else [c]
        out = []
        for card in cs:
            for z, lst in ctx.s.zones.items():
                if card in lst:
                    out.append((card, z))
                    break
        return out
    return one, None, None


# ---------------------------------------------------------------------------------------------
# pieces

@verb("place",
      {"pt": "Posiciona peças do suprimento de quem age em espaços (G.1.26). Faz o máximo possível "
             "(1.5.4); dentro de um bloco 'tente', ficar aquém é falha. Respeita capacidade (locais) e "
             "proibições.",
       "es": "Coloca piezas de la reserva de quien actúa en espacios. Hace lo máximo posible; dentro "
             "de un bloque 'intenta', quedarse corto es un fracaso. Respeta capacidad y prohibiciones."},
      {"pt": "posicione 1 guerreiro em cada clareira com recrutador",
       "es": "coloca 1 guerrero en cada claro con reclutador"})
def c_place(cc: CC, node):
    actor = _actor(cc, node)
    sels = []
    for o in _objs(node):
        if not isinstance(o, N.Sel):
            # "posicione T em C": a piece kind held in a variable, one piece
            f, t = compile_expr(cc, o)
            sels.append(_KindValue(f))
            continue
        s = compile_sel(cc, o, role="verb", default_owner="mine")
        if not isinstance(s, PieceSel):
            cc.err("C020", o, what=o.noun.text)
        sels.append(s)
    where_pp, _ = _pp(cc, node, "in")
    dest = None
    for s in sels:
        if s.where is not None:
            dest = s.where
    if dest is None and where_pp is not None:
        dest = lambda ctx: _flat(where_pp(ctx))
    if dest is None:
        cc.err("C021", node)
    K = (tuple(sels), cc.g, cc.law)

    def run(ctx):
        me = actor(ctx)
        c = ctx if me == ctx.me else ctx.child(me=me, env=ctx.env)
        return start(_place_step, K, {"ctx": ctx, "c": c, "me": me, "spaces": dest(c), "si": 0,
                                      "events": [], "short": False, "pc": 0, "d": None})
    return run


class _KindValue:
    """A piece kind given by value (a variable), used where a piece phrase is expected."""
    quant = None
    where = None

    def __init__(self, f):
        self.f = f

    def kind_list(self, ctx):
        v = self.f(ctx)
        return [v] if v is not None else []



def _fire_all(ctx, events):
    """Triggers of the events of one verb, after the whole verb (1.1.3)."""
    for i, ev in enumerate(events):
        r = fire(ctx, ev)
        if r is not None:
            # the hooks of this event wait: the other events' wait their turn in a Calls
            rest = events[i + 1:]
            return (Calls([(fire, (ctx, e)) for e in rest], 0), r) if rest else r
    return None


def _place_step(K, L, send):
    sels, g, law = K
    ctx, c, me = L["ctx"], L["c"], L["me"]
    s = ctx.s
    pc = L["pc"]
    while True:
        if pc == 0:                     # the next selection of pieces
            si = L["si"]
            if si >= len(sels):
                pc = 5
                continue
            L["si"] = si + 1
            sel = sels[si]
            where = sel.where(c) if sel.where is not None else L["spaces"]
            kinds = [k for k in sel.kind_list(c) if g.piece_kinds[k].owner in (me, None)]
            if not kinds:
                L["short"] = True     # 1.5.4: place what you can; all-or-nothing fails afterwards
                continue
            L["n"] = quant_count(sel.quant, c, 1)
            L["where"] = list(where)
            if len(kinds) > 1:
                avail = [k for k in kinds if supply_count(g, s, k) > 0]
                if not avail:
                    L["short"] = True
                    continue
                v = ask(c, me, "choose", avail, False, ("choose_kind",), law)
                if type(v) is Decision:
                    L["d"] = v
                    L["pc"] = 1
                    return v
                L["kind"] = v
            else:
                L["kind"] = kinds[0]
            pc = 2
        elif pc == 1:                   # the kind chosen
            L["kind"] = L["d"].options[send]
            L["d"] = None
            pc = 2
        elif pc == 2:                   # where they go
            kind, n, where = L["kind"], L["n"], L["where"]
            targets = []
            zone_targets = [z for z in where if z in s.piece_zones]
            if zone_targets:
                for z in zone_targets:
                    k = min(n, s.supply.get(kind, 0))
                    if k < n:
                        L["short"] = True
                    if k > 0:
                        s.adjust_supply(kind, -k)
                        s.move_zone_piece(None, z, kind, k)
                        ctx.engine.log_change("place", {"zone": z, "kind": kind, "count": k, "by": me})
                where = [w for w in where if w not in s.piece_zones]
            for sp in where:
                if prohibited(c, "placement", sp, kind, me):
                    L["short"] = True
                    continue
                targets.append(sp)
            L["targets"] = targets
            pc = 4
            need = n * len(targets)
            have = supply_count(g, s, kind)
            if have < need:
                L["short"] = True
                if len(set(targets)) > 1 and have > 0:
                    # the placer chooses where the few pieces go (1.5.4, 1.1.3)
                    L["chosen"] = []
                    L["left"] = list(targets)
                    L["have"] = have
                    send = None
                    pc = 3
        elif pc == 3:
            chosen, left = L["chosen"], L["left"]
            if L["d"] is not None:
                sp = L["d"].options[send]
                L["d"] = None
                left.remove(sp)
                chosen.append(sp)
                L["have"] -= min(L["n"], L["have"])
            while L["have"] > 0 and left:
                sp = ask(c, me, "choose", list(dict.fromkeys(left)), False, ("place_where",), law)
                if type(sp) is Decision:
                    L["d"] = sp
                    L["pc"] = 3
                    return sp
                left.remove(sp)
                chosen.append(sp)
                L["have"] -= min(L["n"], L["have"])
            L["targets"] = chosen
            pc = 4
        elif pc == 4:                   # put them
            kind, n = L["kind"], L["n"]
            pk = g.piece_kinds[kind]
            sides = g.faces.get(kind)
            queue = L["queue"] = []
            for sp in L["targets"]:
                k = min(n, supply_count(g, s, kind) - len(queue))
                if pk.occupies:
                    k = min(k, free_capacity(c, sp, pk.occupies))
                if k < n:
                    L["short"] = True
                if k <= 0:
                    continue
                if sides is not None:
                    # pieces placed on their back: which face lies under each, below
                    queue.extend([sp] * k)
                    continue
                s.put(sp, kind, k)
                L["events"].append({"event": "placement", "space": sp, "kind": kind, "owner": pk.owner,
                                    "count": k, "by": me, "acts": ctx.env.get("__acts", ())})
            pc = 7 if queue else 0
        elif pc == 7:                   # pieces placed on their back (`verso:`), one by one
            kind, queue = L["kind"], L["queue"]
            if L["d"] is not None:
                face = L["d"].options[send]
                L["d"] = None
                _put_back_side(ctx, queue.pop(0), kind, face, me, L["events"])
            while queue:
                faces = [f for f in g.faces[kind] if s.supply.get(f, 0) > 0]
                if not faces:
                    L["short"] = True
                    break
                if len(faces) == 1:
                    face = faces[0]
                elif g.sees_face(kind, me):
                    # who places sees the faces: chooses which one lies face down
                    face = ask(c, me, "choose", faces, False, ("face_down",), law)
                    if type(face) is Decision:
                        L["d"] = face
                        L["pc"] = 7
                        return face
                else:
                    # nobody sees them: a random one of those left (a chance event)
                    face = chance.choice(ctx.engine, s.rng, [f for f in faces for _ in range(s.supply[f])],
                                         kind="face_down")
                _put_back_side(ctx, queue.pop(0), kind, face, me, L["events"])
            queue.clear()
            pc = 0
        elif pc == 5:
            events = L["events"]
            for ev in events:
                ctx.engine.log_change("place", ev)
            L["pc"] = 6
            r = _fire_all(ctx, events)
            if r is not None:
                return r
            pc = 6
        else:
            if L["short"]:
                _short(ctx, law)
            return FIN

def _removal(ctx, sp, kind, n, by, events, cause_acts, bits=0):
    if sp in ctx.s.piece_zones:
        # from a zone of pieces off the map back to the supply
        ctx.s.move_zone_piece(sp, None, kind, n, bits)
        ctx.s.adjust_supply(kind, n)
    elif kind in ctx.g.faces:
        # pieces on their back go back to the supply as their face (`verso:`)
        pk = ctx.g.piece_kinds[kind]
        for face, m in leave_back_side(ctx, sp, kind, n, bits, None):
            events.append({"event": "removal", "space": sp, "kind": kind, "face": face,
                           "owner": pk.owner, "count": m, "by": by, "acts": cause_acts})
        return
    else:
        ctx.s.take(sp, kind, n, bits=bits)
    pk = ctx.g.piece_kinds[kind]
    ev = {"event": "removal", "space": sp, "kind": kind, "owner": pk.owner, "count": n,
          "by": by, "acts": cause_acts}
    if ctx.g.replacements.get("removal") and sp not in ctx.s.piece_zones:
        # N9: pieces removed from the map go to the supply unless a replacement sends them
        # elsewhere (`destino:`, a piece zone of its 'você'; Coffin Makers). Still a removal.
        rp = replacement(ctx, ev)
        if rp is not None:
            h, rc = rp
            key = ctx.g.zone_key(h.dest, rc.me)
            ctx.s.adjust_supply(kind, -n)
            ctx.s.move_zone_piece(None, key, kind, n)
            ev["destination"] = key
    events.append(ev)


@verb("remove",
      {"pt": "Remove peças do mapa (ou de uma zona de peças: 'de oficiais') para o suprimento do dono "
             "(G.1.28); com uma quantidade, quem age escolhe quais; sem quantidade ('todas'), remove "
             "todas as que a frase descreve.",
       "es": "Retira piezas del mapa (o de una zona de piezas) a la reserva de su dueño; con una "
             "cantidad, quien actúa elige cuáles; sin cantidad ('todas'), retira todas las que "
             "describe la frase."},
      {"pt": "remova 1 madeira de C", "es": "retira 1 madera de C"})
def c_remove(cc: CC, node):
    actor = _actor(cc, node)
    sels = []
    for o in _objs(node):
        s = compile_sel(cc, o, role="verb")
        if not isinstance(s, PieceSel):
            cc.err("C020", o, what=getattr(getattr(o, "noun", None), "text", "?"))
        sels.append(s)
    K = (tuple(sels), cc.law)

    def run(ctx):
        me = actor(ctx)
        c = ctx if me == ctx.me else ctx.child(me=me, env=ctx.env)
        return start(_remove_step, K, {"ctx": ctx, "c": c, "me": me, "si": 0, "events": [],
                                       "prevented": [], "acts": ctx.env.get("__acts", ()),
                                       "pc": 0, "d": None})
    return run



def _remove_step(K, L, send):
    sels, law = K
    ctx, c, me, events, acts = L["ctx"], L["c"], L["me"], L["events"], L["acts"]
    pk = ctx.g.piece_kinds
    pc = L["pc"]
    while True:
        if pc == 0:
            si = L["si"]
            if si >= len(sels):
                pc = 2
                continue
            L["si"] = si + 1
            s = sels[si]
            q = s.quant
            locs = s.locations(c)
            if any(not _can_remove(pk[k], acts) for _, k, _ in locs):
                # a piece no rule removes (`removível: não`) stays; "remove all" tells its
                # owner (event removal_prevented), a counted removal just cannot pick it
                for sp, k, n in locs:
                    if not _can_remove(pk[k], acts) and (q is None or q[0] in ("all", "each")):
                        L["prevented"].append({"event": "removal_prevented", "space": sp, "kind": k,
                                               "owner": pk[k].owner, "count": n, "by": me, "acts": acts})
                locs = [x for x in locs if _can_remove(pk[x[1]], acts)]
            if q is None or q[0] in ("all", "each"):
                for u in (s.units(c) if s.st_on or s.st_off else ()):
                    if _can_remove(pk[u[1]], acts):
                        _removal(ctx, u[0], u[1], u[3], me, events, acts, u[2])
                if not (s.st_on or s.st_off):
                    for sp, k, n in locs:
                        if sp in ctx.s.piece_zones and ctx.s.pstat:
                            for bits, m in list(ctx.s.zone_split(sp, k).items()):
                                _removal(ctx, sp, k, m, me, events, acts, bits)
                        else:
                            _removal(ctx, sp, k, n, me, events, acts)
                continue
            n = quant_count(q, c, 1)
            total = sum(x[2] for x in locs)
            if total < n:
                if q[0] != "upto":
                    _short(ctx, law)
                n = total
            L["n"] = n
            send = None
            pc = 1
        elif pc == 1:                   # one piece after the other, chosen by who removes
            s = sels[L["si"] - 1]
            if L["d"] is not None:
                pick = L["d"].options[send]
                L["d"] = None
                units = L["units"]
                u = units[L["opts"].index(pick)]
                _removal(ctx, u[0], u[1], 1, me, events, acts, u[2])
                L["n"] -= 1
                L["units"] = L["opts"] = None
            while L["n"] > 0:
                n = L["n"]
                units = [u for u in s.units(c) if _can_remove(pk[u[1]], acts)]
                if not units:
                    break
                opts = [_unit_option(ctx.g, u) for u in units]
                if sum(u[3] for u in units) == n or len(opts) == 1:
                    u = units[0]
                    take = min(u[3], n)
                else:
                    pick = ask(c, me, "remove", opts, False, ("remove",), law)
                    if type(pick) is Decision:
                        L["d"] = pick
                        L["units"] = units
                        L["opts"] = opts
                        L["pc"] = 1
                        return pick
                    u = units[opts.index(pick)]
                    take = 1
                _removal(ctx, u[0], u[1], take, me, events, acts, u[2])
                L["n"] = n - take
            pc = 0
        elif pc == 2:
            for ev in L["prevented"]:
                ctx.engine.log_change("remove_prevented", ev)
                events.append(ev)
            for ev in events:
                ctx.engine.log_change("remove", ev)
            L["pc"] = 3
            r = _fire_all(ctx, events)
            return FIN if r is None else r
        else:
            return FIN

@verb("return",
      {"pt": "Devolve aos suprimentos dos donos todas as peças que a frase descreve numa zona de "
             "peças (as peças numa carta, 'de caixões'): não é uma remoção (não dispara "
             "`remoção`), as peças só voltam ao suprimento. Peças do mapa não são devolvidas: "
             "para tirá-las do mapa, `remova`.",
       "es": "Devuelve a las reservas de sus dueños todas las piezas que la frase describe en una "
             "zona de piezas (las piezas sobre una carta): no es una retirada (no dispara "
             "`retirada`), las piezas solo vuelven a la reserva. Las piezas del mapa no se "
             "devuelven: para quitarlas del mapa, `retira`."},
      {"pt": "devolva todos os guerreiros de seus caixões", "es": "devuelve todos los guerreros de tus ataúdes"})
def c_return(cc: CC, node):
    actor = _actor(cc, node)
    sels = []
    for o in _objs(node):
        s = compile_sel(cc, o, role="verb")
        if not isinstance(s, PieceSel) or (s.quant is not None and s.quant[0] not in ("all", "each")):
            # all of them: which ones of a count would need a choice no rule has asked for
            cc.err("C020", o, what=getattr(getattr(o, "noun", None), "text", "?"))
        sels.append(s)

    def run(ctx):
        me = actor(ctx)
        c = ctx if me == ctx.me else ctx.child(me=me, env=ctx.env)
        st = ctx.s
        for s in sels:
            for sp, k, n in s.locations(c):
                if sp not in st.piece_zones or n <= 0:
                    continue
                for bits, m in (list(st.zone_split(sp, k).items()) if st.pstat else [(0, n)]):
                    st.move_zone_piece(sp, None, k, m, bits)
                    st.adjust_supply(k, m)
                    ctx.engine.log_change("return", {"by": me, "zone": sp, "kind": k, "count": m,
                                                     "owner": ctx.g.piece_kinds[k].owner})
    return run


@verb("move",
      {"pt": "Leva peças de um espaço para outro (usado pela ação de movimento dos dados do jogo). "
             "Com 'qualquer número de', quem move escolhe quantas (pelo menos 1). Com 'por E', "
             "quem move continua sendo o sujeito (o movimento é dele, para as regras que o veem), "
             "mas é E quem escolhe quantas e quais: um movimento FORÇADO (1.5.5), como "
             "'A leve qualquer número de guerreiros de A de O para D por você'.",
       "es": "Lleva piezas de un espacio a otro. Con 'cualquier número de', quien mueve elige cuántas "
             "(al menos 1). Con 'por E', quien mueve sigue siendo el sujeto (el movimiento es suyo, "
             "para las reglas que lo ven), pero es E quien elige cuántas y cuáles: un movimiento "
             "FORZADO (1.5.5), como 'A lleva cualquier número de guerreros de A de O a D por ti'."},
      {"pt": "leve qualquer número de guerreiros seus de O para D",
       "es": "lleva cualquier número de guerreros tuyos de O a D"})
def c_move(cc: CC, node):
    actor = _actor(cc, node)
    chooser, _ = _pp(cc, node, "by")
    _, s = _one_piece_sel(cc, node, default_owner="mine")
    to, _ = _pp(cc, node, "to")
    if to is None:
        cc.err("C022", node)
    K = (s, cc.law)

    def run(ctx):
        me = actor(ctx)
        c = ctx if me == ctx.me else ctx.child(me=me, env=ctx.env)
        # "por E": E decides how many and which (a forced move, 1.5.5); the move stays the actor's
        pk = me if chooser is None else (chooser(ctx) or me)
        return start(_move_step, K, {"ctx": ctx, "c": c, "me": me, "pk": pk, "dst": to(c), "pc": 0,
                                     "d": None})
    return run



def _move_forbidden(c, units, dst, me) -> bool:
    """Does a prohibition forbid this movement? The destination with the first kind moved (as
    always), and every other space the pieces leave (a ban on leaving a space, 13.7.2)."""
    place, kind = units[0][0], units[0][1]
    if prohibited(c, "movement", dst, kind, me, place):
        return True
    for u in units[1:]:
        if u[0] != place and prohibited(c, "movement", dst, u[1], me, u[0]):
            return True
    return False


def _move_step(K, L, send):
    s, law = K
    ctx, c, me, dst = L["ctx"], L["c"], L["me"], L["dst"]
    pc = L["pc"]
    q = s.quant
    if pc == 0:
        locs = s.locations(c)
        if not locs:
            _short(ctx, law)
            return FIN
        total = sum(x[2] for x in locs)
        if q is not None and q[0] == "any":
            n = ask(c, L["pk"], "count", list(range(1, total + 1)), False, ("how_many",), law)
            if type(n) is Decision:
                L["d"] = n
                L["pc"] = 1
                return n
        else:
            n = quant_count(q, c, total)
            if n > total:
                _short(ctx, law)
                n = total
        L["n"] = n
        pc = 1
    if pc == 1:
        if L["d"] is not None:
            L["n"] = L["d"].options[send]
            L["d"] = None
        L["events"] = []
        units = s.units(c)          # (place, kind, statuses, n): statuses go along
        if dst not in ctx.s.piece_zones and units and _move_forbidden(c, units, dst, me):
            _short(ctx, law)
            return FIN
        L["units"] = units
        send = None
        pc = 2
    if pc == 2:
        g = ctx.g
        units = L["units"]
        n = L["n"]
        events = L["events"]
        acts = ctx.env.get("__acts", ())
        while n > 0 and units:
            if L["d"] is not None:
                u = units[L["opts"].index(L["d"].options[send])]
                L["d"] = L["opts"] = None
                take = 1
            elif len(units) > 1 and n < sum(u[3] for u in units) and (q is None or q[0] != "any"):
                # which ones: the mover chooses ("leve 1 item de C para sua mochila")
                opts = [_unit_option(g, u) for u in units]
                pick = ask(c, L["pk"], "choose", opts, False, ("move_which",), law)
                if type(pick) is Decision:
                    L["d"] = pick
                    L["opts"] = opts
                    L["units"] = units
                    L["n"] = n
                    L["pc"] = 2
                    return pick
                u = units[opts.index(pick)]
                take = 1
            else:
                u = units[0]
                take = min(u[3], n)
            sp, k, bits = u[0], u[1], u[2]
            pz = ctx.s.piece_zones
            faces = None
            if sp in pz or dst in pz:
                # statuses go along (`estados_de_peça`), between zones and the map alike
                if sp in pz and dst in pz:
                    ctx.s.move_zone_piece(sp, dst, k, take, bits)
                elif sp in pz:
                    ctx.s.move_zone_piece(sp, None, k, take, bits)
                    ctx.s.adjust_supply(k, take)
                    ctx.s.put(dst, k, take)
                    if bits:
                        ctx.s.set_status(dst, k, take, 0, bits)
                elif k in g.faces:
                    # a piece on its back leaves the map as its face
                    for face, m in leave_back_side(ctx, sp, k, take, bits, None):
                        ctx.s.adjust_supply(face, -m)
                        ctx.s.move_zone_piece(None, dst, face, m, bits)
                else:
                    ctx.s.take(sp, k, take, bits=bits)
                    ctx.s.adjust_supply(k, -take)
                    ctx.s.move_zone_piece(None, dst, k, take, bits)
            elif k in g.faces:
                faces = leave_back_side(ctx, sp, k, take, bits, dst)
            else:
                ctx.s.shift(sp, dst, k, take, bits)
            for face, m in (faces or ((None, take),)):
                ev = {"event": "movement", "from": sp, "to": dst, "space": dst, "kind": k,
                      "owner": ctx.g.piece_kinds[k].owner, "count": m, "by": me, "acts": acts}
                if face is not None:
                    ev["face"] = face
                events.append(ev)
            n -= take
            units = [x for x in ((x[0], x[1], x[2], x[3] - take) if x is u else x for x in units) if x[3] > 0]
        for ev in events:
            ctx.engine.log_change("move", ev)
        L["pc"] = 3
        r = _fire_all(ctx, events)
        return FIN if r is None else r
    return FIN

@verb("deal_hits",
      {"pt": "Causa danos a uma facção num espaço (4.3.4): para cada dano, o dono remove uma peça "
             "sua dali, na ordem de dano das categorias (guerreiros antes de construções e marcadores), "
             "escolhendo qual. Quem causa os danos é quem remove. Com 'por E', é E quem escolhe as "
             "peças removidas (D.4.2).",
       "es": "Inflige impactos a una facción en un espacio: por cada impacto, el dueño retira una pieza "
             "suya de allí, en el orden de impactos de las categorías, eligiendo cuál. Con 'por E', "
             "es E quien elige las piezas retiradas (D.4.2)."},
      {"pt": "cause H danos a D em C", "es": "inflige H impactos a D en C"})
def c_deal_hits(cc: CC, node):
    actor = _actor(cc, node)
    hit = _one_obj(cc, node)
    nf = compile_expr(cc, hit.quant)[0] if not isinstance(hit.quant, tuple) and hit.quant is not None else (lambda ctx: 1)
    target, where = None, None
    to = node.args.get("to")
    if isinstance(to, N.Sel):
        # "cause 2 danos às peças de D em C": the pieces say whose and where
        ps = compile_sel(cc, to)
        if not isinstance(ps, PieceSel) or ps.where is None or ps.owner in (None, "enemy"):
            cc.err("C023", node)
        target = (lambda ctx: ctx.me) if ps.owner == "mine" else ps.owner
        where = lambda ctx, ps=ps: ps.where(ctx)[0] if ps.where(ctx) else None
    else:
        target, _ = _pp(cc, node, "to")
        where, _ = _pp(cc, node, "in")
    for f in hit.filters:
        if f.kind == "in" and where is None:
            where = compile_expr(cc, f.arg)[0]
    if target is None or where is None:
        cc.err("C023", node)
    # "... por E": E chooses which pieces the hits remove, instead of their owner (D.4.2)
    chooser, _ = _pp(cc, node, "by")
    K = (cc.law, cc.g)

    def run(ctx):
        me = actor(ctx)
        n = nf(ctx) or 0
        tgt = target(ctx)
        sp = where(ctx)
        picker = (chooser(ctx) if chooser is not None else None) or tgt
        acts = ctx.env.get("__acts", ())
        if n > 0:
            # "em vez de" on hits: a faction that takes hits its own way (damaging pieces in a
            # zone instead of removing pieces from the map)
            ev = {"event": "hits", "owner": tgt, "by": me, "space": sp, "count": n, "acts": acts}
            rep = replacement(ctx, ev)
            if rep is not None:
                h, rc = rep
                rc.strict = 0
                rc.env["__acts"] = acts
                ctx.engine.log_change("hits_replaced", ev)
                return h.run(rc)
        return start(_hits_step, K, {"ctx": ctx, "me": me, "n": n, "tgt": tgt, "sp": sp,
                                     "picker": picker, "acts": acts, "events": [], "pc": 0, "d": None})
    return run



def _hits_step(K, L, send):
    law, g = K
    ctx, me, sp, acts, events = L["ctx"], L["me"], L["sp"], L["acts"], L["events"]
    if L["pc"] == 2:
        return FIN
    if L["d"] is not None:
        k = L["d"].options[send]
        L["d"] = None
        _removal(ctx, sp, k, 1, me, events, acts)
        L["n"] -= 1
    kinds = [k for k in g.kinds_of_owner.get(L["tgt"], []) if _can_remove(g.piece_kinds[k], acts)]
    while L["n"] > 0:
        b = ctx.s.board.get(sp, {})
        present = [k for k in kinds if b.get(k)]
        if not present:
            break
        lowest = min(g.piece_kinds[k].hit_order for k in present)
        opts = [k for k in present if g.piece_kinds[k].hit_order == lowest]
        if len(opts) > 1:
            k = ask(ctx, L["picker"], "hits", opts, False, ("take_hit",), law)
            if type(k) is Decision:
                L["d"] = k
                return k
        else:
            k = opts[0]
        _removal(ctx, sp, k, 1, me, events, acts)
        L["n"] -= 1
    # one event per kind, so "whenever N warriors are removed" sees N
    merged = {}
    for ev in events:
        key = ev["kind"]
        if key in merged:
            merged[key]["count"] += ev["count"]
        else:
            merged[key] = dict(ev)
    for ev in merged.values():
        ctx.engine.log_change("remove", ev)
    L["pc"] = 2
    r = _fire_all(ctx, list(merged.values()))
    return FIN if r is None else r

# ---------------------------------------------------------------------------------------------
# cards

def _refill(ctx):
    """An empty draw pile is rebuilt from the shuffled discard pile as soon as it is empty and
    the discard pile has cards: after a draw that empties it, and after a discard onto a pile
    whose deck is already empty (not only at the next draw)."""
    s = ctx.s
    # every deck in play that reshuffles (one for a game with one deck, as before)
    for _did, p in ctx.engine.decks_in_play:
        draw, discard = p.draw, p.discard
        if p.reshuffle and discard and not s.zones.get(draw) and s.zones.get(discard):
            cards = list(s.zones[discard])
            chance.shuffle(ctx.engine, ctx.s.rng, cards)
            s.set_zone(discard, [])
            s.set_zone(draw, cards)
            ctx.engine.log_change("reshuffle", {"zone": draw, "count": len(cards)})


@verb("draw",
      {"pt": "Compra cartas do topo do baralho para a mão de quem age (G.1.5); assim que o baralho "
             "acaba, o monte de descarte é embaralhado e vira o baralho, na hora e não só na próxima "
             "compra (2.1; um descarte com o baralho vazio também o refaz). Com 'para Z', as cartas "
             "vão para a zona Z de quem compra; numa zona cheia (a sua `capacidade:`) são descartadas. "
             "Com 'de B', compra do baralho B que nomeia as suas pilhas (`pilha_de_compra:`).",
       "es": "Coge cartas de la parte superior del mazo a la mano de quien actúa; en cuanto el mazo "
             "se agota, se baraja la pila de descartes para formar uno nuevo, en el acto y no solo al "
             "robar de nuevo (un descarte con el mazo vacío también lo rehace). Con 'a Z', las cartas "
             "van a la zona Z de quien roba; en una zona llena (su `capacidad:`) se descartan. "
             "Con 'de B', roba del mazo B que nombra sus pilas (`pila_de_robo:`)."},
      {"pt": "compre 2 cartas", "es": "coge 2 cartas"})
def c_draw(cc: CC, node):
    # "compre 3 cartas para Z" / "roba 3 cartas a Z": the cards go to the zone Z of whoever
    # draws instead of the hand (a zone at its capacity discards them, see _room)
    actor = _actor(cc, node)
    q = _one_obj(cc, node).quant
    nf = (lambda ctx: 1) if q is None else compile_expr(cc, q)[0] if not isinstance(q, tuple) else compile_expr(cc, q[1])[0]
    dest, _ = _pp(cc, node, "to")
    # "compre 2 cartas de B": from the deck B (its id or its draw pile, decks.py)
    src = _deck_src(cc, node)
    g = cc.g

    def run(ctx):
        me = actor(ctx)
        n = nf(ctx) or 0
        draw, hand_zone = g.draw_zone, g.hand_zone
        if src is not None:
            p = _decks.by_name(ctx.engine, src)
            if p is None:
                raise Failure("deck", None)
            draw, hand_zone = p.draw, p.hand or g.hand_zone
        if n > 0 and g.replacements.get("draw") and not ctx.env.get("__drawing_instead"):
            # "em vez de comprar" (Informantes: no Anoitecer, em vez de comprar cartas...): a
            # draw is replaceable; the replacing effect may draw itself (it is not replaced again)
            ev = {"event": "draw", "by": me, "owner": me, "count": n, "phase": ctx.s.phase,
                  "acts": ctx.env.get("__acts", ())}
            rp = replacement(ctx, ev)
            if rp is not None:
                h, rc = rp
                rc.env["__drawing_instead"] = True
                rc.env["__acts"] = ev["acts"]
                ctx.engine.log_change("draw_replaced", {"by": me, "count": n})
                return h.run(rc)
        hand = g.zone_key(hand_zone, me) if dest is None else _zone(ctx, dest(ctx), me)
        return run_calls([(_draw_one, (ctx, me, hand, dest is not None, draw))] * n)
    return run


def _deck_src(cc, node):
    """The deck named by 'de' in a draw ("compre 2 cartas de lotes"): a deck of the data or
    its draw pile that names its piles (decks.py); anything else there is an error."""
    sel = _objs(node)[0]
    for f in sel.filters:
        if f.kind != "of":
            continue
        a = f.arg
        if isinstance(a, N.Sel) and not a.filters and a.quant is None:
            a = a.noun
        name = a.ids[0] if isinstance(a, N.Name) and a.kind in ("deck", "zone") and a.ids else None
        if name is None or not (name in cc.g.deck_piles
                                or any(p.draw == name for p in cc.g.deck_piles.values())):
            cc.err("C020", f.arg, what=getattr(a, "text", None) or "?")
        return str(name)
    return None


def _draw_one(ctx, me, hand, to_zone, draw=None):
    g = ctx.g
    draw = draw or g.draw_zone
    _refill(ctx)
    deck = ctx.s.zones.get(draw)
    if not deck:
        return STOP
    card = deck[-1]
    if to_zone and _room(ctx, hand) == 0:
        return _overflow(ctx, card, draw, hand, me)
    ctx.s.move_card(card, draw, hand)
    ctx.engine.log_change("draw", {"by": me, "card": card, "zone": hand})
    # the deck that runs out is rebuilt at once, not at the next draw (Root 2.1)
    _refill(ctx)
    return None

def _room(ctx, key):
    """How many more cards the zone `key` takes: None when it has no capacity (declared by
    `capacidade:` on the zone, optionally only while its `condição:` holds for the zone's owner)."""
    caps = ctx.g.zone_caps
    if not caps:
        return None
    spec = caps.get(key)
    owner = None
    if spec is None:
        if ":" not in key:
            return None
        owner, z = key.split(":", 1)
        spec = caps.get("*:" + z)
        if spec is None:
            return None
    n, cond, fowner = spec
    if cond is not None and not cond(ctx.child(me=owner or fowner, env={})):
        return None
    return max(0, n - len(ctx.s.zones.get(key, ())))


def _overflow(ctx, card, src, zone, me):
    """A card that would enter a full zone is discarded instead."""
    ctx.engine.log_change("overflow", {"by": me, "card": card, "zone": zone})
    return _discard_cards(ctx, [(card, src)], me, False)


def _discard_cards(ctx, pairs, me, spend):
    calls = [(_discard_one, (ctx, card, zone, me, spend)) for card, zone in pairs]
    # an empty deck takes the discard pile at once (the cards discarded together)
    calls.append((_refill, (ctx,)))
    return run_calls(calls)


def _discard_one(ctx, card, zone, me, spend):
    g = ctx.g
    ev = {"event": "discard", "card": card, "by": me, "owner": me,
          "tags": g.card_tags(card, ctx), "acts": ctx.env.get("__acts", ())}
    rep = replacement(ctx, ev)
    if rep is not None:
        h, c = rep
        c.env[h.binds.get("card", "__card")] = card
        ctx.engine.log_change("discard", {"by": me, "card": card, "replaced": True})
        return h.run(c)
    ctx.s.move_card(card, zone, _decks.discard_zone(ctx.engine, card))
    ctx.engine.log_change("spend" if spend else "discard", {"by": me, "card": card})
    return fire(ctx, ev)

def _make_discard(spend):
    def comp(cc: CC, node):
        actor = _actor(cc, node)
        objs = _objs(node)
        if len(objs) != 1:
            cc.err("C020", node, what="?")
        located, q, sel = _card_fn(cc, objs[0])
        law = cc.law
        optional = node.optional
        K = (sel, law, optional, spend)

        def run(ctx):
            me = actor(ctx)
            c = ctx if me == ctx.me else ctx.child(me=me, env=ctx.env)
            avail = located(c)
            if optional and not avail:
                raise Failure("cannot", law)
            if q is None and sel is None:
                if not avail and spend:
                    raise Failure("cannot_pay", law)
                return _discard_cards(ctx, avail, me, spend)
            if q is not None and q[0] == "all":
                return _discard_cards(ctx, avail, me, spend)
            n = quant_count(q, c, 1)
            if n <= 0:
                return None
            if len(avail) < n:
                if spend or ctx.strict:
                    raise Failure("cannot_pay", law)
                n = len(avail)
            # exactly as many cards as asked for: nothing to choose
            chosen = [x[0] for x in avail] if len(avail) == n and not optional else []
            return start(_discard_step, K, {"ctx": ctx, "c": c, "me": me, "avail": avail, "n": n,
                                            "chosen": chosen, "d": None})
        return run
    return comp



def _discard_step(K, L, send):
    sel, law, optional, spend = K
    ctx, c, me, avail, chosen = L["ctx"], L["c"], L["me"], L["avail"], L["chosen"]
    if L["d"] is not None:
        card = L["d"].options[send]
        L["d"] = None
        if card is PASS:
            ctx.env["__passed"] = True
            return FIN
        chosen.append(card)
    elif L.get("done"):
        return FIN
    while len(chosen) < L["n"]:
        opts = [x[0] for x in avail if x[0] not in chosen]
        card = ask(c, me, "card", opts, optional and not chosen, ("spend" if spend else "discard",), law)
        if type(card) is Decision:
            L["d"] = card
            return card
        if card is PASS:
            ctx.env["__passed"] = True
            return FIN
        chosen.append(card)
    if sel is not None and sel.var:
        ctx.env[sel.var] = chosen[0] if len(chosen) == 1 else chosen
    zones = dict(avail)
    L["done"] = True
    r = _discard_cards(ctx, [(x, zones[x]) for x in chosen], me, spend)
    return FIN if r is None else r

verb("discard",
     {"pt": "Descarta cartas (G.1.7) no monte de descarte — ou onde uma substituição mandar (cartas de "
            "domínio ficam disponíveis, 3.3.3). Com uma quantidade, quem descarta escolhe quais.",
      "es": "Descarta cartas en la pila de descartes, o donde mande una sustitución. Con una cantidad, "
            "quien descarta elige cuáles."},
     {"pt": "descarte 1 carta da sua mão", "es": "descarta 1 carta de tu mano"})(_make_discard(False))
verb("spend",
     {"pt": "Gasta cartas como custo (G.1.11): como descartar, mas não pagar é falha — a ação que o "
            "pede não pode ser feita.",
      "es": "Gasta cartas como coste: como descartar, pero no poder pagar es un fracaso."},
     {"pt": "gaste uma carta de pássaro", "es": "gasta una carta de pájaro"})(_make_discard(True))


@verb("add",
      {"pt": "Põe uma carta numa zona (a coluna de um decreto, a área de jogo...). Uma zona que "
             "declara `capacidade:` e está cheia não a recebe: a carta é descartada.",
       "es": "Pone una carta en una zona (una columna del decreto, el área de juego...). Una zona "
             "que declara `capacidad:` y está llena no la recibe: la carta se descarta."},
      {"pt": "adicione K em recrutar", "es": "añade K en reclutar"})
def c_add(cc: CC, node):
    actor = _actor(cc, node)
    objs = _objs(node)
    dst = None
    if "in" not in node.args and "to" not in node.args and isinstance(objs[0], N.Sel):
        # "adicione 1 carta em vizires em primeira coluna de L": the last 'em' is where to
        from ..compiler import _hoist_zone_filters
        o = objs[0]
        o.filters = _hoist_zone_filters(o)
        for i in range(len(o.filters) - 1, -1, -1):
            if o.filters[i].kind == "in":
                dst = compile_expr(cc, o.filters.pop(i).arg)[0]
                break
    located, q, sel = _card_fn(cc, objs[0])
    if dst is None:
        dst, _ = _pp(cc, node, "in")
    if dst is None:
        dst, _ = _pp(cc, node, "to")
    if dst is None:
        cc.err("C024", node)
    law = cc.law

    def run(ctx):
        me = actor(ctx)
        c = ctx if me == ctx.me else ctx.child(me=me, env=ctx.env)
        pairs = located(c)
        n = quant_count(q, c, len(pairs)) if q is not None else len(pairs)
        z = _zone(ctx, dst(c), me)
        if q is not None and n < len(pairs) and all(not ctx.g.zone_visible_to(zz, None) and
                                                    zz in ctx.g.global_zones for _, zz in pairs):
            # "adicione 1 carta de Z" with Z a face-down global pile: the top ones
            pairs = pairs[::-1]
        return run_calls([(_put_card, (ctx, card, zone, z, me, "add", None)) for card, zone in pairs[:n]])
    return run


def _put_card(ctx, card, zone, dst, me, what, to):
    """One card into a zone (add, take, give): a full zone discards it instead."""
    if _room(ctx, dst) == 0:
        return _overflow(ctx, card, zone, dst, me)
    ctx.s.move_card(card, zone, dst)
    if what == "add":
        ctx.engine.log_change("add", {"by": me, "card": card, "zone": dst})
    elif what == "take":
        ctx.engine.log_change("take", {"by": me, "card": card})
    else:
        ctx.engine.log_change("give", {"by": me, "card": card, "to": to})
    return None


def _zone(ctx, z, me):
    """A zone value: a key already, or a bare zone id of the acting faction."""
    zs = ctx.s.zones
    if z in zs:
        return z
    for cand in (f"{me}.{z}", f"{me}:{z}"):
        if cand in zs:
            return cand
    return z


@verb("take",
      {"pt": "Pega cartas de uma zona para a mão de quem age (ex.: uma carta de domínio disponível, 3.3.4).",
       "es": "Toma cartas de una zona a la mano de quien actúa."},
      {"pt": "pegue K", "es": "toma K"})
def c_take(cc: CC, node):
    actor = _actor(cc, node)
    located, q, sel = _card_fn(cc, _objs(node)[0])
    g = cc.g
    cc_law = cc.law

    def run(ctx):
        me = actor(ctx)
        hand = g.zone_key(g.hand_zone, me)
        pairs = located(ctx)
        if sel is not None:
            n = quant_count(q, ctx, len(pairs)) if q is not None else len(pairs)
            if getattr(sel, "random", False):
                pairs = chance.sample(ctx.engine, ctx.s.rng, pairs, min(n, len(pairs))) if pairs else []
            elif n < len(pairs):
                return start(_take_step, cc_law, {"ctx": ctx, "me": me, "hand": hand, "pairs": pairs,
                                                  "n": n, "chosen": [], "d": None})
        return run_calls([(_put_card, (ctx, card, zone, hand, me, "take", None)) for card, zone in pairs])
    return run


def _take_step(law, L, send):
    ctx, me, pairs, chosen = L["ctx"], L["me"], L["pairs"], L["chosen"]
    if L["d"] is not None:
        chosen.append(L["d"].options[send])
        L["d"] = None
    elif L.get("done"):
        return FIN
    while len(chosen) < L["n"]:
        opts = [p[0] for p in pairs if p[0] not in chosen]
        v = ask(ctx, me, "card", opts, False, ("take",), law)
        if type(v) is Decision:
            L["d"] = v
            return v
        chosen.append(v)
    pairs = [p for p in pairs if p[0] in chosen]
    L["done"] = True
    r = run_calls([(_put_card, (ctx, card, zone, L["hand"], me, "take", None)) for card, zone in pairs])
    return FIN if r is None else r


@verb("give",
      {"pt": "Entrega cartas da mão de quem age à mão de outro jogador (1.3.2).",
       "es": "Entrega cartas de la mano de quien actúa a la mano de otro jugador."},
      {"pt": "entregue K para D", "es": "entrega K a D"})
def c_give(cc: CC, node):
    actor = _actor(cc, node)
    located, q, sel = _card_fn(cc, _objs(node)[0])
    to, _ = _pp(cc, node, "to")
    if to is None:
        cc.err("C022", node)
    g = cc.g

    def run(ctx):
        me = actor(ctx)
        dst = g.zone_key(g.hand_zone, to(ctx))
        return run_calls([(_put_card, (ctx, card, zone, dst, me, "give", to(ctx)))
                          for card, zone in located(ctx)])
    return run


@verb("shuffle",
      {"pt": "Embaralha uma zona de cartas com o gerador da partida.",
       "es": "Baraja una zona de cartas con el generador de la partida."},
      {"pt": "embaralhe o baralho", "es": "baraja el mazo"})
def c_shuffle(cc: CC, node):
    objs = _objs(node)
    s = compile_sel(cc, objs[0]) if objs and isinstance(objs[0], N.Sel) else None
    if not isinstance(s, Simple) or s.etype != ZONE:
        cc.err("C024", node)

    def run(ctx):
        z = s.key(ctx)
        cards = list(ctx.s.zones.get(z, []))
        chance.shuffle(ctx.engine, ctx.s.rng, cards)
        ctx.s.set_zone(z, cards)
    return run


# ---------------------------------------------------------------------------------------------
# counters, dice, budget, victory

def _counter_verb(sign):
    def comp(cc: CC, node):
        actor = _actor(cc, node)
        o = _one_obj(cc, node)
        s = compile_sel(cc, o)
        q = o.quant
        nf = compile_expr(cc, q)[0] if q is not None and not isinstance(q, tuple) else (lambda ctx: 1)
        g = cc.g
        if isinstance(s, Simple) and s.etype == "extra_action":
            def extra(ctx):
                if ctx.menus:
                    ctx.menus[-1][0] = (ctx.menus[-1][0] or 0) + sign * (nf(ctx) or 0)
            return extra
        if not isinstance(s, Simple) or s.etype != "counter":
            cc.err("C025", o, what=o.noun.text)
        cid = s.what
        owner = None
        for f in o.filters:
            if f.kind == "of":
                owner = compile_expr(cc, f.arg)[0]
        cdef = _counter_def(g, cid)
        lo = cdef.get("min")
        hi = cdef.get("max")        # N8: the declared maximum holds too
        if _small.typed_values(g, cid) is not None:
            # a counter holding a suit or a faction is set (`defina`), not counted up or down
            cc.err("M112", o, name=o.noun.text, kind=str(cdef.get("type")),
                   key=getattr(node, "word", None) or ("+" if sign > 0 else "-"))
        hidden = cid in g.hidden_counters

        def run(ctx):
            if g.per_faction(cid):
                # "receba 1 ajuda de D": the actor's value for D
                me = actor(ctx)
                key = g.pair_key(cid, me, owner(ctx) if owner else None)
                n = (nf(ctx) or 0) * sign
                cur = ctx.s.counters.get(key, 0)
                if lo is not None and cur + n < lo:      # the declared bounds hold per pair too
                    n = lo - cur
                if hi is not None and n > 0 and cur + n > hi:
                    n = max(0, hi - cur)
                if n == 0:
                    return
                ctx.s.add(key, n)
                ctx.engine.log_change("score" if sign > 0 else "lose", {"by": me, "counter": key, "n": n})
                return
            me = owner(ctx) if owner else actor(ctx)
            n = (nf(ctx) or 0) * sign
            key = g.counter_key(cid, me)
            if sign > 0 and ctx.s.flags.get(("locked", key)):
                return
            cur = ctx.s.counters.get(key, 0)
            if lo is not None and cur + n < lo:
                n = lo - cur
            if hi is not None and n > 0 and cur + n > hi:
                n = max(0, hi - cur)
            if n == 0:
                return
            ctx.s.add(key, n)
            if hidden:
                _hide_again(ctx, key)
            ctx.engine.log_change("score" if sign > 0 else "lose", {"by": me, "counter": cid, "n": n})
            if cid == g.score:
                ctx.engine.check_score(ctx)
            return fire(ctx, {"event": "counter", "counter": cid, "by": me, "owner": me, "count": n})
        return run
    return comp


verb("gain",
     {"pt": "Soma a um contador de quem age (PV, ...) ou dá ações extras a um orçamento de ações. Ao "
            "chegar à pontuação de vitória, a partida acaba (3.1).",
      "es": "Suma a un contador de quien actúa (PV, ...) o da acciones extra a un presupuesto de acciones."},
     {"pt": "receba 1 PV", "es": "anota 1 PV"})(_counter_verb(1))
verb("lose",
     {"pt": "Subtrai de um contador de quem age, sem passar do mínimo declarado.",
      "es": "Resta de un contador de quien actúa, sin bajar del mínimo declarado."},
     {"pt": "perca 1 PV", "es": "pierde 1 PV"})(_counter_verb(-1))


@verb("roll",
      {"pt": "Rola dados declarados no conjunto de regras e guarda os resultados, do maior para o menor, "
             "na variável dada.",
       "es": "Tira dados declarados en el conjunto de reglas y guarda los resultados, de mayor a menor, "
             "en la variable dada."},
      {"pt": "role 2 dados R", "es": "tira 2 dados R"})
def c_roll(cc: CC, node):
    o = _objs(node)[0]
    s = compile_sel(cc, o)
    if not isinstance(s, Simple) or s.etype != "die":
        cc.err("C025", o, what=o.noun.text)
    q = o.quant
    nf = compile_expr(cc, q)[0] if q is not None and not isinstance(q, tuple) else (lambda ctx: 1)
    var = o.var
    if var:
        cc.vars[var] = "list:number"
    faces = cc.g.dice.get(s.what) or [0]

    def run(ctx):
        n = nf(ctx)
        r = chance.roll(ctx.engine, ctx.s.rng, faces, n)
        if var:
            ctx.env[var] = r
        ctx.engine.log_change("roll", {"by": ctx.me, "result": r})
    return run


@verb("win",
      {"pt": "Quem age vence a partida imediatamente.", "es": "Quien actúa gana la partida inmediatamente."},
      {"pt": "vença", "es": "vence"})
def c_win(cc: CC, node):
    actor = _actor(cc, node)

    def run(ctx):
        ctx.engine.declare_winner(ctx, actor(ctx))
    return run


@verb("activate",
      {"pt": "Ativa peças de quem age para pagar uma lista de valores (o custo de uma carta): cada "
             "valor precisa de uma peça ainda não ativada neste turno num espaço correspondente "
             "(4.1.1). Não pagar tudo é falha.",
       "es": "Activa piezas de quien actúa para pagar una lista de valores (el coste de una carta): "
             "cada valor necesita una pieza no usada este turno en un espacio correspondiente."},
      {"pt": "ative oficinas correspondentes a custo de K", "es": "activa talleres correspondientes a coste de K"})
def c_activate(cc: CC, node):
    actor = _actor(cc, node)
    o = _objs(node)[0]
    s = compile_sel(cc, o, default_owner="mine")
    if not isinstance(s, PieceSel) or s.cover is None:
        cc.err("C026", o)
    law = cc.law

    def run(ctx):
        me = actor(ctx)
        c = ctx if me == ctx.me else ctx.child(me=me, env=ctx.env)
        values = list(s.cover(c))
        g = ctx.g
        attr = g.space_enum_attr
        # specific values first, wild ones last
        values.sort(key=lambda v: v in g.wild)
        return start(_activate_step, (s, law), {"ctx": ctx, "c": c, "me": me, "values": values,
                                                "i": 0, "d": None})
    return run


def _activate_step(K, L, send):
    s, law = K
    ctx, c, me, values = L["ctx"], L["c"], L["me"], L["values"]
    g = ctx.g
    attr = g.space_enum_attr
    while True:
        if L["d"] is not None:
            sp, k = L["d"].options[send]
            L["d"] = None
        else:
            if L["i"] >= len(values):
                break
            v = values[L["i"]]
            opts = []
            by_piece = me in g.pays_with_piece
            for sp, k, n in s.locations(c):
                used = ctx.s.marks.get(("used", sp, k), 0)
                pv = _pay_value(ctx, sp, k, attr, True) if by_piece else _bd.match_value(ctx, sp, attr)
                if used < n and matches(g, pv, v):
                    opts.append((sp, k))
            if not opts:
                raise Failure("cannot_pay", law)
            x = ask(c, me, "activate", opts, False, ("activate", v), law)
            if type(x) is Decision:
                L["d"] = x
                return x
            sp, k = x
        L["i"] += 1
        ctx.s.set_mark(("used", sp, k), ctx.s.marks.get(("used", sp, k), 0) + 1)
    ctx.engine.log_change("activate", {"by": me, "values": values})
    return FIN


def _pay_value(ctx, sp, k, attr, by_piece):
    """What a piece pays with: its space's value of the attribute, or (`paga_com: peça`, N7)
    the piece's own value (NOVALUE without one: it pays nothing)."""
    if by_piece:
        v = ctx.g.piece_kinds[k].attrs.get(attr)
        return _bd.NOVALUE if v is None else v
    return _bd.match_value(ctx, sp, attr)


def can_cover(ctx, sel, values) -> bool:
    """Can unused pieces of `sel` pay these values? A value corresponds to a place's value
    when they are equal or either is wild (or missing), so the matching is a count: the
    plain values first take places of their own value, what they lack comes from wild places,
    and wild values take whatever is left."""
    g = ctx.g
    wild = g.wild
    try:
        need = {}
        free_vals = 0
        for v in values:
            if v is None or v in wild:
                free_vals += 1
            else:
                need[v] = need.get(v, 0) + 1
    except TypeError:               # a value that is not a plain id: the general search
        return _cover_search(ctx, sel, values)
    exact, anywhere, total = _free_places(ctx, sel)
    lack = 0
    for v, k in need.items():
        have = exact.get(v, 0)
        if k > have:
            lack += k - have
    if lack > anywhere:
        return False
    return free_vals <= total - sum(need.values())


def _free_places(ctx, sel):
    """({value: unused pieces on places of that value}, unused pieces on wild places or
    places without a value, all unused pieces) — kept per state for a selection that reads
    nothing but the state and the acting faction."""
    s = ctx.s
    pure = sel.where is None and not sel.preds and not sel.kind_preds and not callable(sel.owner)
    if pure:
        memo = sel.__dict__.setdefault("_free_memo", {})
        key = (s.uid, s.vid, ctx.me)
        got = memo.get(key)
        if got is not None:
            return got
    g = ctx.g
    attr = g.space_enum_attr
    wild = g.wild
    marks = s.marks
    exact, anywhere, total = {}, 0, 0
    by_piece = ctx.me in g.pays_with_piece
    for sp, k, n in sel.locations(ctx):
        free = n - marks.get(("used", sp, k), 0)
        if free <= 0:
            continue
        v = _pay_value(ctx, sp, k, attr, True) if by_piece else _bd.match_value(ctx, sp, attr)
        if v is _bd.NOVALUE:
            continue                # a place with no value pays nothing
        total += free
        # several values (a space of every suit) count as wild: exact while they are all
        if v is None or v in wild or isinstance(v, tuple):
            anywhere += free
        else:
            exact[v] = exact.get(v, 0) + free
    got = (exact, anywhere, total)
    if pure:
        if len(memo) > 64:
            memo.clear()
        memo[key] = got
    return got


def _cover_search(ctx, sel, values) -> bool:
    """can_cover as a search over every assignment (values that are not plain ids)."""
    g = ctx.g
    attr = g.space_enum_attr
    slots = []
    by_piece = ctx.me in g.pays_with_piece
    for sp, k, n in sel.locations(ctx):
        free = n - ctx.s.marks.get(("used", sp, k), 0)
        slots.extend([_pay_value(ctx, sp, k, attr, by_piece)] * max(0, free))
    vals = sorted(values, key=lambda v: v in g.wild)
    used = [False] * len(slots)

    def assign(i):
        if i == len(vals):
            return True
        v = vals[i]
        for j, s in enumerate(slots):
            if not used[j] and matches(g, s, v):
                used[j] = True
                if assign(i + 1):
                    return True
                used[j] = False
        return False
    return assign(0)


@verb("freeze",
      {"pt": "Congela um contador de quem age: ele não sobe mais (ex.: ao ativar uma carta de domínio "
             "você não recebe mais PV, 3.3.1).",
       "es": "Congela un contador de quien actúa: ya no sube (p. ej., al activar una carta de "
             "dominación ya no anotas PV)."},
      {"pt": "congele seus PV", "es": "congela tus PV"})
def c_freeze(cc: CC, node):
    actor = _actor(cc, node)
    o = _objs(node)[0]
    s = compile_sel(cc, o)
    if not isinstance(s, Simple) or s.etype != "counter":
        cc.err("C025", o, what=getattr(o.noun, "text", "?"))
    g = cc.g

    def run(ctx):
        me = actor(ctx)
        ctx.s.set_flag(("locked", g.counter_key(s.what, me)), True)
        ctx.engine.log_change("freeze", {"by": me, "counter": s.what})
    return run


@verb("step",
      {"pt": "Marca um passo declarado da ação em curso (`passos:`): as regras ligadas a ele "
             "(`quando: {evento: passo, passo: ...}`) resolvem-se aqui, com os papéis da ação "
             "(`papéis:`, p. ex. atacante e defensor) e as variáveis do seu `contexto:`, que podem "
             "ler e mudar.",
       "es": "Marca un paso declarado de la acción en curso (`pasos:`): las reglas enganchadas a "
             "él (`cuando: {evento: paso, paso: ...}`) se resuelven aquí, con los papeles de la "
             "acción (`papeles:`, p. ej. atacante y defensor) y las variables de su `contexto:`, "
             "que pueden leer y cambiar."},
      {"pt": "passo emboscar", "es": "paso emboscar"})
def c_step(cc: CC, node):
    objs = _objs(node)
    o = objs[0] if len(objs) == 1 else None
    if isinstance(o, N.Sel) and not o.filters and isinstance(o.noun, N.Name):
        o = o.noun
    if not isinstance(o, N.Name) or o.kind != "step" or o.ids[0] not in cc.g.steps:
        cc.err("C020", node, what=getattr(o, "text", None) or "?")
    sid = o.ids[0]
    _aid, roles, _ctx = cc.g.steps[sid]
    roles = tuple(roles.items())
    law = cc.law

    def run(ctx):
        env = ctx.env
        ev = {"event": "step", "step": sid, "by": ctx.me, "owner": ctx.me, "env": env, "law": law}
        for role, var in roles:
            ev[role] = env.get(var)
        # the attacker says which side uses its effects first (4.3.3); generally, the actor
        ev["chooser"] = ev.get("attacker") or ctx.me
        if ev.get("attacker") is not None and ev.get("defender") is not None:
            ev["sides"] = (ev["attacker"], ev["defender"])
        return fire(ctx, ev)
    return run


@verb("resolve",
      {"pt": "Resolve o efeito escrito numa carta (o seu `efeito:`), com quem age como 'você'.",
       "es": "Resuelve el efecto escrito en una carta (su `efecto:`), con quien actúa como 'tú'."},
      {"pt": "resolva K", "es": "resuelve K"})
def c_resolve(cc: CC, node):
    actor = _actor(cc, node)
    f, _ = compile_expr(cc, _objs(node)[0])
    g = cc.g

    def run(ctx):
        card = f(ctx)
        if card is None:
            return
        cd = g.cards[ctx.s.card_defs[card]]
        if cd.effect is None:
            return
        c = ctx.child(me=actor(ctx), env={"__card": card})
        c.law = cd.law
        return cd.effect(c)
    return run


@verb("reveal",
      {"pt": "Revela cartas a um jogador (ou a todos, sem 'para'): o registro passa a mostrá-las a quem as viu. "
             "Sozinho, revela a todos as escolhas secretas e os contadores ocultos; com um contador oculto, só ele.",
       "es": "Revela cartas a un jugador (o a todos, sin 'a'): el registro pasa a mostrarlas a quien las vio. "
             "Solo, revela a todos las elecciones secretas y los contadores ocultos; con un contador oculto, solo ese."},
      {"pt": "revele as cartas da mão de D para você", "es": "revela las cartas de la mano de D a ti"})
def c_reveal(cc: CC, node):
    actor = _actor(cc, node)
    objs = _objs(node)
    if not objs or (isinstance(objs[0], N.Sel) and isinstance(objs[0].noun, N.Name)
                    and objs[0].noun.kind == "counter"):
        return _reveal_secrets(cc, node, actor, objs[0] if objs else None)
    located, q, sel = _card_fn(cc, objs[0])
    to, _ = _pp(cc, node, "to")

    def run(ctx):
        me = actor(ctx)
        who = to(ctx) if to is not None else None
        cards = [c for c, _ in located(ctx)]
        for c in cards:
            seen = ctx.s.visible.setdefault(c, set())
            if who is None:
                seen.update(ctx.s.seats)
            else:
                seen.add(who)
        ctx.engine.log_change("reveal", {"by": me, "cards": cards, "to": who})
        if ctx.g.triggers.get("reveal"):
            # `revelação` (N9): one event per card shown, with who showed it
            acts = ctx.env.get("__acts", ())
            return _fire_all(ctx, [{"event": "reveal", "card": k, "by": me, "owner": me, "to": who,
                                    "acts": acts} for k in cards])
    return run


def _has_secrets(g) -> bool:
    """Does some rule of the ruleset ask a secret decision (`escolha em segredo`)?"""
    known = g.__dict__.get("_has_secrets")
    if known is None:
        known = any(getattr(n, "secret", False) for e in g.rs.expressions if e.tree is not None
                    for n in e.tree.walk())
        g.__dict__["_has_secrets"] = known
    return known


def _reveal_secrets(cc, node, actor, obj):
    """`revele` alone: every secret answer given so far (the secret decisions' choices and the
    hidden counters' values) is shown to all; `revele CONTADOR [de D]`: that hidden counter's
    values (N13, docs/informacao-oculta.md). A counter shown stays shown until it changes."""
    g = cc.g
    if obj is None and not g.hidden_counters and not _has_secrets(g):
        # nothing a bare `revele` could show: the verb lacks its object (C034)
        raise IndexError("revele")
    cids = None if obj is None else [obj.noun.ids[0]]
    owner = None
    if obj is not None:
        for f in obj.filters:
            if f.kind == "of":
                owner = compile_expr(cc, f.arg)[0]

    def run(ctx):
        s = ctx.s
        who = [owner(ctx)] if owner is not None else list(s.seats)
        keys = []
        for cid in (cids if cids is not None else sorted(g.hidden_counters)):
            if cid not in g.hidden_counters:
                continue
            if cid in g.counters and str(g.counters[cid].get("scope", "player")) == "global":
                ks = [cid]
            else:
                ks = [g.counter_key(cid, f) for f in who]
            for k in ks:
                if k in s.counters and k not in keys:
                    keys.append(k)
        for k in keys:
            if not s.flags.get(("shown", k)):
                s.set_flag(("shown", k), True)
        ctx.engine.log_change("reveal_secrets", {"by": actor(ctx), "choices": obj is None,
                                                 "values": {k: s.counters[k] for k in keys}})
    return run


# ---------------------------------------------------------------------------------------------
# piece statuses (`estados_de_peça`), counters per faction, shared victory

def _status_names(g, bits):
    return tuple(g.status_names[b] for b in sorted(g.status_names) if bits & b)


def _unit_option(g, unit):
    place, kind, bits = unit[0], unit[1], unit[2]
    return (place, kind) + _status_names(g, bits)


def _status_verb(setting):
    def comp(cc: CC, node):
        actor = _actor(cc, node)
        _, s = _one_piece_sel(cc, node)
        g = cc.g
        bit = g.status_bit(node.status)
        law = cc.law
        q = s.quant
        own_zones = s.where is None

        def run(ctx):
            me = actor(ctx)
            c = ctx if me == ctx.me else ctx.child(me=me, env=ctx.env)
            if own_zones:
                # no place named: the acting faction's own zones of pieces
                places = [z for z in ctx.s.piece_zones if z.startswith(me + ".") or z.startswith(me + ":")]
                units = [u for u in _units_in(c, s, places)]
            else:
                units = s.units(c)          # on the map or in zones of pieces
            units = [u for u in units if bool(u[2] & bit) != setting]
            total = sum(u[3] for u in units)
            if q is None or q[0] in ("n", "upto", "atleast"):
                n = quant_count(q, c, 1)
            else:
                n = total
            if total < n:
                # putting a status on is a cost ("exaura 1 bota"): short of it, the rule fails;
                # taking it off does what it can
                if setting and (q is None or q[0] != "upto"):
                    raise Failure("cannot_pay", law)
                n = total
            L = {"ctx": ctx, "c": c, "me": me, "n": n, "units": units, "changed": [], "d": None,
                 "opts": None, "asked": False}
            return start(_status_step, K, L)
        K = (g, bit, law, setting, node.status, node.optional)
        return run
    return comp



def _status_step(K, L, send):
    g, bit, law, setting, status, optional = K
    ctx, c, me, changed = L["ctx"], L["c"], L["me"], L["changed"]
    n, units = L["n"], L["units"]
    if optional and n > 0 and not L["asked"]:
        # "você pode <verbo do estado> 1 X": who acts says whether
        if L["d"] is None:
            v = ask(c, me, "may", [True], True, ("may_status", status), law)
            if type(v) is Decision:
                L["d"] = v
                return v
        else:
            v = L["d"].options[send]
            L["d"] = None
        L["asked"] = True
        if v is PASS:
            ctx.env["__passed"] = True
            return FIN
    while n > 0 and units:
        if L["d"] is not None:
            u = units[L["opts"].index(L["d"].options[send])]
            L["d"] = L["opts"] = None
            take = 1
        elif len(units) > 1 and n < sum(u[3] for u in units):
            opts = [_unit_option(g, u) for u in units]
            pick = ask(c, me, "status", opts, False, ("status", status), law)
            if type(pick) is Decision:
                L["d"] = pick
                L["opts"] = opts
                L["n"] = n
                L["units"] = units
                return pick
            u = units[opts.index(pick)]
            take = 1
        else:
            u = units[0]
            take = min(u[3], n)
        new = (u[2] | bit) if setting else (u[2] & ~bit)
        ctx.s.set_status(u[0], u[1], take, u[2], new)
        changed.append((u[0], u[1], take))
        n -= take
        units = [x for x in ((x[0], x[1], x[2], x[3] - take) if x is u else x for x in units) if x[3] > 0]
    if changed:
        ctx.engine.log_change("status", {"by": me, "status": status, "on": setting,
                                         "pieces": changed})
    return FIN

def _units_in(ctx, sel, places):
    out = []
    on, off = sel.st_on, sel.st_off
    for z in places:
        zone = ctx.s.piece_zones.get(z) or {}
        for k in sel.kind_list(ctx):
            if not zone.get(k):
                continue
            for bits, m in sorted(ctx.s.zone_split(z, k).items()):
                if (bits & on) == on and not (bits & off):
                    out.append((z, k, bits, m))
    return out


verb("set_status",
     {"pt": "Põe um estado de peça (declarado em `estados_de_peça:`) em peças de zonas de peças ou do "
            "mapa: o verbo é o que o estado declara em `verbo:` ('exaura 1 bota'). Sem lugar, as zonas de "
            "quem age; com um espaço ('canse 1 soldado seu em C'), as peças dali. É um custo: sem peças "
            "bastantes sem o estado, a regra falha ('até N': as que houver).",
      "es": "Pone un estado de pieza (declarado en `estados_de_pieza:`) en piezas de zonas de piezas o del "
            "mapa: el verbo es el que el estado declara en `verbo:` ('agota 1 bota'). Sin lugar, las zonas "
            "de quien actúa; con un espacio ('cansa 1 soldado tuyo en C'), las piezas de allí. Es un coste: "
            "sin piezas bastantes sin el estado, la regla fracasa ('hasta N': las que haya)."},
     {"pt": "exaura 1 bota não danificada", "es": "agota 1 bota no dañada"})(_status_verb(True))
verb("clear_status",
     {"pt": "Tira um estado de peça (o verbo de `verbo_inverso:`, 'reanime 2 itens exauridos'); faz "
            "o que puder (1.5.4). Quem age escolhe quais peças, quando há escolha.",
      "es": "Quita un estado de pieza (el verbo de `verbo_inverso:`, 'refresca 2 artículos agotados'); "
            "hace lo que pueda. Quien actúa elige qué piezas, cuando hay elección."},
     {"pt": "reanime 3 itens exauridos", "es": "refresca 3 artículos agotados"})(_status_verb(False))


@verb("set",
      {"pt": "Define um contador de quem age (ou, num contador por facção, o valor dele para outra "
             "facção: 'defina relação de D para 0').",
       "es": "Fija un contador de quien actúa (o, en un contador por facción, su valor para otra "
             "facción: 'establece relación de D a 0')."},
      {"pt": "defina relação de D para 0", "es": "establece relación de D a 0"})
def c_set(cc: CC, node):
    actor = _actor(cc, node)
    objs = _objs(node)
    if len(objs) != 1:
        cc.err("C020", node, what="?")
    o = objs[0]
    other = None
    if isinstance(o, N.AttrOf) and o.attr.kind == "attr":
        # "defina naipe de C para raposa": a space attribute, during the game (board.py)
        return _set_space_attr(cc, node, o)
    if isinstance(o, N.AttrOf) and o.attr.kind in ("counter", "counter_attr"):
        # "defina relação de D para 0" reads the counter like an attribute of D
        cid = o.attr.ids[0]
        other = compile_expr(cc, o.obj)[0]
    else:
        s = compile_sel(cc, o)
        if not isinstance(s, Simple) or s.etype != "counter":
            cc.err("C025", o, what=getattr(getattr(o, "noun", None), "text", "?"))
        cid = s.what
        for f in o.filters:
            if f.kind == "of":
                other = compile_expr(cc, f.arg)[0]
    to, _ = _pp(cc, node, "to")
    if to is None:
        cc.err("C022", node)
    g = cc.g
    said = to
    typed = _small.typed_values(g, cid) is not None
    to = _set_value(cc, node, cid, to)      # N8: typed counters, and the declared bounds

    def run(ctx):
        me = actor(ctx)
        if g.per_faction(cid):
            key = g.pair_key(cid, me, other(ctx) if other else None)
        else:
            key = g.counter_key(cid, other(ctx) if other else me)
        ctx.s.set_counter(key, to(ctx) or 0)
        if hidden:
            _hide_again(ctx, key)
        ctx.engine.log_change("set", {"by": me, "counter": key,
                                      "value": said(ctx) if typed else ctx.s.counters[key]})
    hidden = cid in g.hidden_counters
    return run


def _hide_again(ctx, key):
    """A hidden counter that was shown (`revele`) and changes is hidden again (N13)."""
    if ctx.s.flags.get(("shown", key)):
        ctx.s.set_flag(("shown", key), False)


def _set_space_attr(cc, node, o):
    fo, to_type = compile_expr(cc, o.obj)
    if to_type not in (SPACE, "any"):
        cc.err("C025", o, what=getattr(o.attr, "text", "?"))
    aid = o.attr.ids[0]
    v = node.args.get("to")
    if v is None:
        cc.err("C022", node)
    # "para raposa e coelho": several values (a space of every suit)
    items = v.items if isinstance(v, N.Logic) and v.op == "and" else [v]
    fs = [compile_expr(cc, x)[0] for x in items]

    def run(ctx):
        vals = [f(ctx) for f in fs]
        val = vals[0] if len(vals) == 1 else vals
        for sp in _flat(fo(ctx)):
            _bd.set_attr(ctx, sp, aid, val)
            ctx.engine.log_change("set_attr", {"by": ctx.me, "space": sp, "attr": aid,
                                               "value": val})
    return run


@verb("deal",
      {"pt": "Distribui ao acaso (gerador com semente) as peças de um tipo que declara `por_valor:` "
             "(quantas há de cada valor), uma por espaço da seleção: cada espaço passa a ter aquele "
             "valor no atributo do mesmo tipo (os marcadores de naipe, A.1). As peças ficam no "
             "suprimento; o valor cobre o impresso.",
       "es": "Reparte al azar (generador con semilla) las piezas de un tipo que declara `por_valor:` "
             "(cuántas hay de cada valor), una por espacio de la selección: cada espacio pasa a tener "
             "ese valor en el atributo del mismo tipo (las fichas de palo). Las piezas quedan en la "
             "reserva; el valor cubre el impreso."},
      {"pt": "distribua os marcadores de naipe nas clareiras",
       "es": "reparte las fichas de palo en los claros"})
def c_deal(cc: CC, node):
    objs = _objs(node)
    if len(objs) != 1 or not isinstance(objs[0], N.Sel) or objs[0].noun.kind != "piece":
        cc.err("C020", node, what="?")
    o = objs[0]
    kind = o.noun.ids[0]
    g = cc.g
    per = g.piece_kinds[kind].attrs.get("per_value") or {}
    if not isinstance(per, dict) or not per:
        cc.err("C020", o, what=o.noun.text)
    bag = [str(v) for v, n in per.items() for _ in range(int(n))]
    # the attribute whose type is the enumeration of those values
    enum = next((e for e, vals in g.enums.items() if set(per) <= set(vals)), None)
    aid = next((a for a, t in g.attr_types.items() if t == enum), None)
    where = None
    for f in o.filters:
        if f.kind == "in":
            where = compile_sel(cc, f.arg) if isinstance(f.arg, N.Sel) else None
            if where is None:
                where_f = compile_expr(cc, f.arg)[0]
                where = Simple_fn(where_f)
    dest, _ = _pp(cc, node, "in")
    if where is None and dest is None:
        cc.err("C022", node)
    if aid is None:
        cc.err("C020", o, what=o.noun.text)

    def run(ctx):
        spaces = list(where.items(ctx)) if where is not None else _flat(dest(ctx))
        markers = list(bag)
        chance.shuffle(ctx.engine, ctx.s.rng, markers)    # a chance event (interpreter/chance.py)
        dealt = {}
        for sp, v in zip(spaces, markers):
            _bd.set_attr(ctx, sp, aid, v)
            dealt[sp] = v
        ctx.engine.log_change("deal", {"pieces": kind, "attr": aid, "spaces": dealt})
    return run


class Simple_fn:
    """A destination given as an expression (a variable holding spaces)."""

    def __init__(self, f):
        self.f = f

    def items(self, ctx):
        return _flat(self.f(ctx))


def _edge_verb(remove):
    def c_link(cc: CC, node):
        objs = _objs(node)
        if len(objs) != 2:
            cc.err("C020", node, what="?")
        fa = compile_expr(cc, objs[0])[0]
        fb = compile_expr(cc, objs[1])[0]
        kind = None
        if not remove:
            k = node.args.get("by")
            if not (isinstance(k, N.Name) and k.kind == "edgekind") and \
                    not (isinstance(k, N.Sel) and k.noun.kind == "edgekind"):
                cc.err("C022", node)
            kind = (k.ids if isinstance(k, N.Name) else k.noun.ids)[0]

        def run(ctx):
            a, b = fa(ctx), fb(ctx)
            if a is None or b is None or a == b:
                _short(ctx)
                return
            _bd.set_edge(ctx, a, b, kind)
            ctx.engine.log_change("link", {"by": ctx.me, "spaces": sorted((a, b)), "kind": kind})
        return run
    return c_link


verb("link",
     {"pt": "Liga dois espaços por uma ligação do tipo dado, em lugar de qualquer outra entre eles "
            "(um caminho fechado que vira caminho, C.3.3; um túnel). A adjacência passa a segui-la.",
      "es": "Une dos espacios por una conexión del tipo dado, en lugar de cualquier otra entre ellos "
            "(un sendero cerrado que pasa a ser sendero; un túnel). La adyacencia la sigue."},
     {"pt": "ligue C e D por caminho", "es": "une C y D por sendero"})(_edge_verb(False))
verb("unlink",
     {"pt": "Tira toda ligação entre dois espaços (deixam de ser adjacentes).",
      "es": "Quita toda conexión entre dos espacios (dejan de ser adyacentes)."},
     {"pt": "desligue C e D", "es": "separa C y D"})(_edge_verb(True))


@verb("join",
      {"pt": "Quem age junta a sua vitória à de outro jogador: se esse jogador vencer, vence também "
             "(uma coalizão, 9.2.8); e os dois deixam de ser inimigos um do outro (G.1.15).",
       "es": "Quien actúa une su victoria a la de otro jugador: si ese jugador gana, también gana "
             "(una coalición); y los dos dejan de ser enemigos entre sí."},
      {"pt": "junte-se a D", "es": "únete a D"})
def c_join(cc: CC, node):
    actor = _actor(cc, node)
    to, _ = _pp(cc, node, "to")
    if to is None and _objs(node):
        to = compile_expr(cc, _objs(node)[0])[0]     # "junte-se a D": the 'a' may be read as an article
    if to is None:
        cc.err("C022", node)

    def run(ctx):
        me = actor(ctx)
        ctx.s.set_flag(("wins_with", me), to(ctx))
        ctx.engine.log_change("join", {"by": me, "to": to(ctx)})
    return run


# ---------------------------------------------------------------------------------------------
# pieces with two sides (`verso:`): on the map a piece may lie on its back, a kind of its own;
# a back declared `quem_vê:` hides which face lies under it (State.ident keeps it)

def _put_back_side(ctx, sp, back, face, me, events):
    """One piece of kind `face` leaves the supply for a space, lying on its back."""
    s, g = ctx.s, ctx.g
    s.adjust_supply(face, -1)
    s.board_add(sp, back, 1)
    if back in g.hidden_backs:
        s.ident_add(sp, back, face, 1)
    pk = g.piece_kinds[back]
    events.append({"event": "placement", "space": sp, "kind": back, "face": face, "owner": pk.owner,
                   "count": 1, "by": me, "acts": ctx.env.get("__acts", ())})


def _which_face(ctx, sp, back):
    """The face under one piece lying on its back on a space: the only one it can be, or —
    face-down pieces of one kind in one space look alike — one drawn at random among them."""
    g, s = ctx.g, ctx.s
    if back not in g.hidden_backs:
        return g.faces[back][0]
    ids = s.identities(sp, back)
    if len(ids) == 1:
        return next(iter(ids))
    if not ids:
        raise Failure("cannot_pay", ctx.law)
    return chance.choice(ctx.engine, s.rng, [f for f in sorted(ids) for _ in range(ids[f])],
                         kind="face_down")


def leave_back_side(ctx, sp, back, n, bits, dst):
    """n pieces lying on their back (with statuses `bits`) leave a space: for the supply, as
    their faces (dst None), or for another space, still on their back, each with its face and
    its statuses. [(face, count)] of the pieces that left."""
    s, g = ctx.s, ctx.g
    if bits or s.pstat:
        s._unstatus(sp, back, n, bits)
    hidden = back in g.hidden_backs
    out: dict = {}
    for _ in range(n):
        face = _which_face(ctx, sp, back)
        if hidden:
            s.ident_add(sp, back, face, -1)
        s.board_add(sp, back, -1)
        if dst is None:
            s.adjust_supply(face, 1)
        else:
            s.board_add(dst, back, 1)
            if hidden:
                s.ident_add(dst, back, face, 1)
        out[face] = out.get(face, 0) + 1
    if dst is not None and bits:
        s.set_status(dst, back, n, 0, bits)
    return list(out.items())


def _flip_one(ctx, sp, kind, bits, me):
    """One piece turns to its other side where it lies: a back shows its face, a face lies on
    its back (hiding it again when the back hides faces). The event `virada`."""
    s, g = ctx.s, ctx.g
    if kind in g.faces:
        face = _which_face(ctx, sp, kind)
        new, hidden_face = face, None
        if kind in g.hidden_backs:
            s.ident_add(sp, kind, face, -1)
    else:
        new = g.back_of[kind]
        hidden_face = kind
    if bits:
        s.set_status(sp, kind, 1, bits, 0)
    elif s.pstat:
        s._unstatus(sp, kind, 1, 0)
    s.board_add(sp, kind, -1)
    s.board_add(sp, new, 1)
    if hidden_face is not None and new in g.hidden_backs:
        s.ident_add(sp, new, hidden_face, 1)
    if bits:
        s.set_status(sp, new, 1, 0, bits)
    ev = {"event": "flip", "space": sp, "kind": new, "from": kind, "owner": g.piece_kinds[new].owner,
          "count": 1, "by": me, "acts": ctx.env.get("__acts", ())}
    if hidden_face is not None and new in g.hidden_backs:
        ev["face"] = hidden_face
    return ev


@verb("flip",
      {"pt": "Vira peças do mapa para o outro lado (peças declaradas com `verso:`): uma peça virada "
             "para baixo mostra a sua face (revelada a todos) e uma face fica com o verso para cima. "
             "Faz o que puder; com uma quantidade, quem vira escolhe quais. Dispara o evento `virada` "
             "(ou `revelação`), com `peças:` o lado que ficou para cima.",
       "es": "Voltea piezas del mapa a su otra cara (piezas declaradas con `reverso:`): una pieza boca "
             "abajo muestra su cara (revelada a todos) y una cara queda boca abajo. Hace lo que pueda; "
             "con una cantidad, quien voltea elige cuáles. Dispara el evento `volteo` (o "
             "`revelación`), con `piezas:` la cara que quedó arriba."},
      {"pt": "vire 1 trama sua em C", "es": "voltea 1 trama tuya en C"})
def c_flip(cc: CC, node):
    actor = _actor(cc, node)
    _, s = _one_piece_sel(cc, node)
    g = cc.g
    law = cc.law
    q = s.quant
    K = (g, law)

    def run(ctx):
        me = actor(ctx)
        c = ctx if me == ctx.me else ctx.child(me=me, env=ctx.env)
        units = [u for u in s.units(c) if u[0] not in ctx.s.piece_zones
                 and (u[1] in g.faces or u[1] in g.back_of)]
        total = sum(u[3] for u in units)
        n = total if q is None or q[0] in ("all", "each") else min(quant_count(q, c, 1), total)
        return start(_flip_step, K, {"ctx": ctx, "c": c, "me": me, "n": n, "units": units,
                                      "events": [], "d": None, "opts": None, "pc": 0})
    return run


def _flip_step(K, L, send):
    g, law = K
    ctx, c, me, events = L["ctx"], L["c"], L["me"], L["events"]
    if L["pc"] == 1:
        return FIN
    n, units = L["n"], L["units"]
    while n > 0 and units:
        if L["d"] is not None:
            u = units[L["opts"].index(L["d"].options[send])]
            L["d"] = L["opts"] = None
            take = 1
        elif len(units) > 1 and n < sum(u[3] for u in units):
            opts = [_unit_option(g, u) for u in units]
            pick = ask(c, me, "choose", opts, False, ("flip_which",), law)
            if type(pick) is Decision:
                L["d"], L["opts"], L["n"], L["units"] = pick, opts, n, units
                return pick
            u = units[opts.index(pick)]
            take = 1
        else:
            u = units[0]
            take = min(u[3], n)
        for _ in range(take):
            events.append(_flip_one(ctx, u[0], u[1], u[2], me))
        n -= take
        units = [x for x in ((x[0], x[1], x[2], x[3] - take) if x is u else x for x in units) if x[3] > 0]
    for ev in events:
        ctx.engine.log_change("flip", ev)
    if g.triggers.get("reveal"):
        # a piece on its back turned face up is also revealed (`revelação`, N9)
        events = events + [dict(ev, event="reveal") for ev in events if ev["from"] in g.faces]
    L["pc"] = 1
    r = _fire_all(ctx, events)
    return FIN if r is None else r


# ---------------------------------------------------------------------------------------------
# N8: counter bounds and typed counters

def _counter_def(g, cid) -> dict:
    """The declaration of a counter: a global one, or a faction's (`fid.cid`)."""
    c = g.counters.get(cid)
    if c is None and "." in cid:
        fid, local = cid.split(".", 1)
        c = g.faction_counters.get(fid, {}).get(local)
    return c if isinstance(c, dict) else {}


def _set_value(cc, node, cid, to):
    """`defina C para X`: the value stored. A number counter keeps within its `mínimo:` and
    `máximo:`; a typed counter (`tipo: naipe`, `tipo: facção`) takes one of its values only
    (a value written out of its type: M113 when compiling; met in play: an error, never
    silent) and stores it encoded (interpreter/small_forms.py)."""
    g = cc.g
    cdef = _counter_def(g, cid)
    vals = _small.typed_values(g, cid)
    if vals is None:
        lo, hi = cdef.get("min"), cdef.get("max")
        if lo is None and hi is None:
            return to

        def bounded(ctx):
            v = to(ctx) or 0
            if lo is not None and v < lo:
                v = lo
            if hi is not None and v > hi:
                v = hi
            return v
        return bounded
    v = node.args.get("to")
    if isinstance(v, N.Name) and v.kind in ("enumval", "faction") and v.ids[0] not in vals:
        cc.err("M113", v, name=getattr(node.obj, "text", None) or cid, kind=str(cdef.get("type")),
               value=v.text, known=", ".join(vals))
    if isinstance(v, N.Num):
        cc.err("M113", v, name=cid, kind=str(cdef.get("type")), value=v.value, known=", ".join(vals))
    lang = cc.lang

    def encoded(ctx):
        return _small.encode(g, cid, vals, to(ctx), lang)
    return encoded


# ---------------------------------------------------------------------------------------------
# N18: swap two pieces' places; replace a piece by another, all or nothing

def _place_of_sel(cc, node, s, verb_id):
    """The place a piece phrase of `troque`/`substitua` names (`em C`): required (M116)."""
    if not isinstance(s, PieceSel) or s.where is None:
        cc.err("M116", node, verb=_verb_word(cc, verb_id), what=getattr(getattr(node, "noun", None), "text", "?"))


def _verb_word(cc, verb_id):
    from ..lexicon import get as _lex
    sp = _lex(cc.lang).words.get("VERB:" + verb_id) or [verb_id]
    return sp[0]


@verb("swap",
      {"pt": "Troca de lugar duas peças do mapa: uma da primeira frase vai para o espaço da segunda e "
             "uma da segunda vem para o da primeira, cada uma com os seus estados e, virada para baixo, "
             "com a sua face (a Trapaça dos Corvídeos, 13.5.4). As duas frases dizem o lugar ('em C'). "
             "Tudo ou nada: se faltar uma das peças, nada acontece (num bloco 'tente', é falha). "
             "Trocar não é mover: não dispara gatilhos de movimento nem consulta proibições de movimento.",
       "es": "Intercambia de lugar dos piezas del mapa: una de la primera frase va al espacio de la "
             "segunda y una de la segunda viene al de la primera, cada una con sus estados y, boca "
             "abajo, con su cara (13.5.4). Las dos frases dicen el lugar ('en C'). Todo o nada: si "
             "falta una de las piezas, no pasa nada (en un bloque 'intenta', es un fracaso). "
             "Intercambiar no es mover: no dispara disparadores de movimiento ni consulta prohibiciones."},
      {"pt": "troque 1 ficha sua em C e 1 ficha sua em D",
       "es": "intercambia 1 ficha tuya en C y 1 ficha tuya en D"})
def c_swap(cc: CC, node):
    actor = _actor(cc, node)
    objs = _objs(node)
    if len(objs) != 2 or not all(isinstance(o, N.Sel) for o in objs):
        cc.err("M116", node, verb=_verb_word(cc, "swap"), what="?")
    sels = []
    for o in objs:
        s = compile_sel(cc, o, role="verb")
        _place_of_sel(cc, o, s, "swap")
        sels.append(s)
    K = (tuple(sels), cc.law)

    def run(ctx):
        me = actor(ctx)
        c = ctx if me == ctx.me else ctx.child(me=me, env=ctx.env)
        return start(_swap_step, K, {"ctx": ctx, "c": c, "me": me, "picked": [], "opts": None,
                                     "units": None, "d": None})
    return run


def _swap_step(K, L, send):
    sels, law = K
    ctx, c, me, picked = L["ctx"], L["c"], L["me"], L["picked"]
    g, s = ctx.g, ctx.s
    if L["d"] is not None:
        picked.append(L["units"][L["opts"].index(L["d"].options[send])])
        L["d"] = None
    while len(picked) < 2:
        sel = sels[len(picked)]
        units = [u for u in sel.units(c) if u[0] not in s.piece_zones
                 and not (picked and u[0] == picked[0][0])]
        if not units:
            _short(ctx, law)            # one side missing: nothing happens (all or nothing)
            return FIN
        if len(units) == 1:
            picked.append(units[0])
            continue
        opts = [_unit_option(g, u) for u in units]
        pick = ask(c, me, "choose", opts, False, ("move_which",), law)
        if type(pick) is Decision:
            L["d"], L["opts"], L["units"] = pick, opts, units
            return pick
        picked.append(units[opts.index(pick)])
    (a, ka, ba, _), (b, kb, bb, _) = picked
    # the faces under face-down pieces, known before either moves (a face-down piece of the
    # same kind arriving must not be taken for the one leaving)
    fa = _which_face(ctx, a, ka) if ka in g.faces else None
    fb = _which_face(ctx, b, kb) if kb in g.faces else None
    events = []
    for src, dst, k, bits, face in ((a, b, ka, ba, fa), (b, a, kb, bb, fb)):
        if face is None:
            s.shift(src, dst, k, 1, bits)
        else:
            if bits or s.pstat:
                s._unstatus(src, k, 1, bits)
            hidden = k in g.hidden_backs
            if hidden:
                s.ident_add(src, k, face, -1)
            s.board_add(src, k, -1)
            s.board_add(dst, k, 1)
            if hidden:
                s.ident_add(dst, k, face, 1)
            if bits:
                s.set_status(dst, k, 1, 0, bits)
        ev = {"from": src, "to": dst, "space": dst, "kind": k, "owner": g.piece_kinds[k].owner,
              "count": 1, "by": me, "swap": True}
        if face is not None:
            ev["face"] = face
        events.append(ev)
    for ev in events:
        ctx.engine.log_change("move", ev)
    return FIN


@verb("replace",
      {"pt": "Substitui peças de um lugar por outras do suprimento de quem age: 'substitua X por Y' remove "
             "X (para o suprimento do dono, com o evento remoção) e posiciona Y no mesmo espaço. Tudo ou "
             "nada (10.4.3.II): se Y não pode ser posicionado ali (suprimento, proibições, lugar depois "
             "de X sair) ou X não pode ser removido, nada acontece (num bloco 'tente', é falha). X diz "
             "o lugar ('em C'); Y é um só tipo de peça. Com vários X possíveis, quem age escolhe.",
       "es": "Sustituye piezas de un lugar por otras de la reserva de quien actúa: 'sustituye X por Y' "
             "retira X (a la reserva de su dueño, con el evento retirada) y coloca Y en el mismo espacio. "
             "Todo o nada (10.4.3.II): si Y no puede colocarse allí (reserva, prohibiciones, lugar tras "
             "salir X) o X no puede retirarse, no pasa nada (en un bloque 'intenta', es un fracaso). X "
             "dice el lugar ('en C'); Y es un solo tipo de pieza. Con varios X posibles, quien actúa elige."},
      {"pt": "substitua 1 guerreiro inimigo em C por 1 guerreiro seu",
       "es": "sustituye 1 guerrero enemigo en C por 1 guerrero tuyo"})
def c_replace(cc: CC, node):
    actor = _actor(cc, node)
    objs = _objs(node)
    by = node.args.get("by")
    if len(objs) != 1 or not isinstance(objs[0], N.Sel) or not isinstance(by, N.Sel):
        cc.err("M116", node, verb=_verb_word(cc, "replace"), what="?")
    x = compile_sel(cc, objs[0], role="verb")
    _place_of_sel(cc, objs[0], x, "replace")
    y = compile_sel(cc, by, role="verb", default_owner="mine")
    if not isinstance(y, PieceSel) or y.where is not None or any(k in cc.g.faces for k in y.kinds):
        # Y goes where X was; a piece placed face down (`verso:`) is placed with `posicione`
        cc.err("M116", by, verb=_verb_word(cc, "replace"), what=by.noun.text)
    K = (x, y, cc.law, cc.g)

    def run(ctx):
        me = actor(ctx)
        c = ctx if me == ctx.me else ctx.child(me=me, env=ctx.env)
        return start(_replace_step, K, {"ctx": ctx, "c": c, "me": me, "pc": 0, "d": None,
                                        "acts": ctx.env.get("__acts", ()), "events": []})
    return run


def _replace_step(K, L, send):
    x, y, law, g = K
    ctx, c, me, acts, events = L["ctx"], L["c"], L["me"], L["acts"], L["events"]
    s, pk = ctx.s, g.piece_kinds
    while True:
        pc = L["pc"]
        if pc == 0:                     # where it can be done, all of it
            units = [u for u in x.units(c) if u[0] not in s.piece_zones and _can_remove(pk[u[1]], acts)]
            n = quant_count(x.quant, c, 1) if x.quant is not None and x.quant[0] not in ("all", "each") \
                else sum(u[3] for u in units)
            m = quant_count(y.quant, c, 1)
            kinds = [k for k in y.kind_list(c) if pk[k].owner in (me, None)]
            options = []
            for sp in dict.fromkeys(u[0] for u in units):
                here = [u for u in units if u[0] == sp]
                if n <= 0 or sum(u[3] for u in here) < n:
                    continue
                for k in kinds:
                    if supply_count(g, s, k) < m or prohibited(c, "placement", sp, k, me):
                        continue
                    occ = pk[k].occupies
                    if occ:
                        freed = n if all(pk[u[1]].occupies == occ for u in here) else 0
                        if free_capacity(c, sp, occ) + freed < m:
                            continue
                    options.append((sp, k))
            if not options:
                _short(ctx, law)        # Y not available (or no X): nothing happens
                return FIN
            L["n"], L["m"] = n, m
            if len(options) == 1:
                L["sp"], L["kind"] = options[0]
                L["pc"] = 2
                continue
            opts = [f"{sp}:{k}" for sp, k in options]
            v = ask(c, me, "choose", opts, False, ("place_where",), law)
            if type(v) is Decision:
                L["d"], L["opts"], L["options"], L["pc"] = v, opts, options, 1
                return v
            L["sp"], L["kind"] = options[opts.index(v)]
            L["pc"] = 2
        elif pc == 1:
            L["sp"], L["kind"] = L["options"][L["opts"].index(L["d"].options[send])]
            L["d"] = None
            L["pc"] = 2
        elif pc == 2:                   # X leaves, one piece after the other, chosen by who acts
            sp = L["sp"]
            if L["d"] is not None:
                u = L["units"][L["uopts"].index(L["d"].options[send])]
                L["d"] = None
                _removal(ctx, u[0], u[1], 1, me, events, acts, u[2])
                L["n"] -= 1
            while L["n"] > 0:
                units = [u for u in x.units(c) if u[0] == sp and _can_remove(pk[u[1]], acts)]
                if len(units) == 1 or sum(u[3] for u in units) == L["n"]:
                    u = units[0]
                    take = min(u[3], L["n"])
                else:
                    uopts = [_unit_option(g, u) for u in units]
                    pick = ask(c, me, "remove", uopts, False, ("remove",), law)
                    if type(pick) is Decision:
                        L["d"], L["units"], L["uopts"] = pick, units, uopts
                        return pick
                    u = units[uopts.index(pick)]
                    take = 1
                _removal(ctx, u[0], u[1], take, me, events, acts, u[2])
                L["n"] -= take
            L["pc"] = 3
        elif pc == 3:                   # Y comes from the supply
            sp, k, m = L["sp"], L["kind"], L["m"]
            s.put(sp, k, m)
            events.append({"event": "placement", "space": sp, "kind": k, "owner": pk[k].owner,
                           "count": m, "by": me, "acts": acts})
            for ev in events:
                ctx.engine.log_change("remove" if ev["event"] == "removal" else "place", ev)
            L["pc"] = 4
            r = _fire_all(ctx, events)
            return FIN if r is None else r
        else:
            return FIN
