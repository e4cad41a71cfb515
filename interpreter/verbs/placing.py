"""Verb `coloque`: placing pieces from the supply, with its events and replacements.
"""
from __future__ import annotations

from ...compiler import CC, PieceSel, compile_sel, compile_expr, quant_count, _flat
from ... import nodes as N
from ..hooks import prohibited
from .. import chance
from ..machine import FIN, start
from ..flow import ask
from ..runtime import Decision, free_capacity, supply_count
from .registry import _actor, _fire_all, _objs, _pp, _short, verb
from .sides import _put_back_side


# ---------------------------------------------------------------------------------------------
# pieces

@verb("place",
      {"pt": "Posiciona peças do suprimento de quem age em espaços (G.1.26). Faz o máximo possível "
             "(1.5.4); dentro de um bloco 'tente', ficar aquém é falha. Respeita capacidade (locais) e "
             "proibições. Com 'até N' ('posicione até 3 grãos em T'), quem posiciona escolhe quantas, "
             "de 0 a N (um benefício recebido só em parte).",
       "es": "Coloca piezas de la reserva de quien actúa en espacios. Hace lo máximo posible; dentro "
             "de un bloque 'intenta', quedarse corto es un fracaso. Respeta capacidad y prohibiciones. "
             "Con 'hasta N' ('coloca hasta 3 granos en T'), quien coloca elige cuántas, de 0 a N (un "
             "beneficio recibido solo en parte)."},
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
            # "posicione até N X em T" (a benefit taken in part): who places chooses how many
            L["upto"] = sel.quant is not None and sel.quant[0] == "upto"
            L["where"] = list(where)
            if len(kinds) > 1:
                # a kind no rule lets go anywhere named is not offered (the Warlord, placed only
                # by its own rules, 14.2.2, is not a warrior to pay with, 11.2.6)
                avail = [k for k in kinds if supply_count(g, s, k) > 0
                         and not all(prohibited(c, "placement", w, k, me) for w in where)]
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
        elif pc == 8:                   # how many, of "até N"
            L["n"] = L["d"].options[send]
            L["d"] = None
            pc = 0 if L["n"] == 0 else 2
        elif pc == 2 and L["upto"]:
            L["upto"] = False
            most = min(L["n"], supply_count(g, s, L["kind"]))
            v = ask(c, me, "count", list(range(0, most + 1)), False, ("how_many",), law) if most > 0 else 0
            if type(v) is Decision:
                L["d"] = v
                L["pc"] = 8
                return v
            L["n"] = v
            pc = 0 if v == 0 else 2
        elif pc == 2:                   # where they go
            kind, n, where = L["kind"], L["n"], L["where"]
            targets = []
            zone_targets = [z for z in where if z in s.piece_zones]
            if zone_targets:
                for z in zone_targets:
                    if prohibited(c, "placement", z, kind, me):
                        L["short"] = True
                        continue
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
