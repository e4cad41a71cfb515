"""Card verbs: draw, discard and spend, add to a zone, take, give and shuffle.
"""
from __future__ import annotations

from ...compiler import CC, Simple, compile_sel, compile_expr, quant_count, ZONE
from ... import nodes as N
from ..hooks import fire, replacement
from .. import chance
from ..machine import FIN, STOP, run_calls, start
from ..flow import ask
from .. import decks as _decks
from ..runtime import Failure, PASS, Decision
from .registry import _actor, _card_fn, _objs, _one_obj, _pp, verb


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
             "Com 'de B', compra do baralho B que nomeia as suas pilhas (`pilha_de_compra:`). "
             "Com 'até N' ('compre até 2 cartas'), quem compra escolhe quantas, de 0 a N (um benefício "
             "recebido só em parte).",
       "es": "Coge cartas de la parte superior del mazo a la mano de quien actúa; en cuanto el mazo "
             "se agota, se baraja la pila de descartes para formar uno nuevo, en el acto y no solo al "
             "robar de nuevo (un descarte con el mazo vacío también lo rehace). Con 'a Z', las cartas "
             "van a la zona Z de quien roba; en una zona llena (su `capacidad:`) se descartan. "
             "Con 'de B', roba del mazo B que nombra sus pilas (`pila_de_robo:`). "
             "Con 'hasta N' ('coge hasta 2 cartas'), quien roba elige cuántas, de 0 a N (un beneficio "
             "recibido solo en parte)."},
      {"pt": "compre 2 cartas", "es": "coge 2 cartas"})
def c_draw(cc: CC, node):
    # "compre 3 cartas para Z" / "roba 3 cartas a Z": the cards go to the zone Z of whoever
    # draws instead of the hand (a zone at its capacity discards them, see _room)
    actor = _actor(cc, node)
    o = _one_obj(cc, node)
    q = o.quant
    nf = (lambda ctx: 1) if q is None else compile_expr(cc, q)[0] if not isinstance(q, tuple) else compile_expr(cc, q[1])[0]
    # "compre até N cartas" (a benefit taken in part): who draws chooses how many, 0 to N
    upto = isinstance(q, tuple) and q[0] == "upto"
    if isinstance(q, tuple) and q[0] not in ("upto", "atleast"):
        cc.err("M171", o, verb=getattr(node, "word", None) or "-")
    dest, _ = _pp(cc, node, "to")
    # "compre 2 cartas de B": from the deck B (its id or its draw pile, decks.py)
    src = _deck_src(cc, node)
    g = cc.g

    def run(ctx, nv=None):
        me = actor(ctx)
        n = (nf(ctx) if nv is None else nv) or 0
        draw, hand_zone = g.draw_zone, g.hand_zone
        if src is not None:
            p = _decks.by_name(ctx.engine, src)
            if p is None:
                raise Failure("deck", None)
            draw, hand_zone = p.draw, p.hand or g.hand_zone
        if n > 0 and g.draw_marks and ctx.s.phase in g.draw_marks and ctx.env.get("__turn_rule") \
                and not ctx.env.get("__acts"):
            # the turn's own draw closes the windows with `até_comprar:` this phase (gamedef.py)
            ctx.s.set_mark(("drew", me, ctx.s.phase), True)
        if n > 0 and g.replacements.get("draw") and not ctx.env.get("__drawing_instead"):
            # "em vez de comprar" (Informantes: no Anoitecer, em vez de comprar cartas...): a
            # draw is replaceable; the replacing effect may draw itself (it is not replaced again)
            acts = ctx.env.get("__acts", ())
            ev = {"event": "draw", "by": me, "owner": me, "count": n, "phase": ctx.s.phase,
                  "acts": acts,
                  # the turn's own rules draw (the Evening draw), not a trigger or an action
                  "turn_rule": bool(ctx.env.get("__turn_rule")) and not acts}
            rp = replacement(ctx, ev)
            if rp is not None:
                h, rc = rp
                rc.env["__drawing_instead"] = True
                rc.env["__acts"] = ev["acts"]
                ctx.engine.log_change("draw_replaced", {"by": me, "count": n})
                return h.run(rc)
        hand = g.zone_key(hand_zone, me) if dest is None else _zone(ctx, dest(ctx), me)
        return run_calls([(_draw_one, (ctx, me, hand, dest is not None, draw))] * n)
    if upto:
        from .counters import _upto
        return _upto(lambda ctx: (actor(ctx), nf(ctx) or 0), run, cc.law)
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
    calls = [(discard_one, (ctx, card, zone, me, spend)) for card, zone in pairs]
    # an empty deck takes the discard pile at once (the cards discarded together)
    calls.append((_refill, (ctx,)))
    return run_calls(calls)


def discard_one(ctx, card, zone, me, spend):
    """Discard one card from `zone` as `me` would (`spend`: paid as a cost, logged so).

    The engine's own discard, public for callers outside the verbs (a Rootlog referee's
    correction): a replacement declared in the data (`em_vez_de: {evento: descarte}`, Lost
    Souls 10.2.6, dominance 3.3.3) takes the card instead, and the `descarte` event fires.
    Returns the step the machine must run, or None when nothing more happens."""
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
     {"pt": "descarte 1 carta da sua mão", "es": "descarta 1 carta de tu mano"}, may=True)(_make_discard(False))
verb("spend",
     {"pt": "Gasta cartas como custo (G.1.11): como descartar, mas não pagar é falha — a ação que o "
            "pede não pode ser feita.",
      "es": "Gasta cartas como coste: como descartar, pero no poder pagar es un fracaso."},
     {"pt": "gaste uma carta de pássaro", "es": "gasta una carta de pájaro"}, may=True)(_make_discard(True))


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
        from ...compiler import _hoist_zone_filters
        o = objs[0]
        o.filters = _hoist_zone_filters(o)
        for i in range(len(o.filters) - 1, -1, -1):
            if o.filters[i].kind == "in":
                where = o.filters.pop(i).arg
                node.__dict__["hoisted_in"] = where     # kept for what reads the tree (proofs.py)
                dst = compile_expr(cc, where)[0]
                break
    located, q, sel = _card_fn(cc, objs[0])
    if dst is None:
        dst, _ = _pp(cc, node, "in")
    if dst is None:
        dst, _ = _pp(cc, node, "to")
    if dst is None:
        cc.err("C024", node)

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
