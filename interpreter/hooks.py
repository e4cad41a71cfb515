"""Triggers ("sempre que"), replacements ("em vez de") and prohibitions, matched to events.

Verbs describe what happened as an event dict:
  {"event": "removal", "space": s, "kind": k, "owner": f, "count": n, "by": actor, "acts": (...)}
and call `fire` once the whole verb is done (Law 1.1.3: remove everything, then resolve).
"""
from __future__ import annotations

from .card_scope import in_play, owners_in_play
from .machine import FIN, Frame
from .runtime import PASS, Decision, StopAction
from .hirelings import present as _present
from . import proofs as _proofs
from ..compiler import memo as _memo
from .. import nodes as N


def _matches(ctx, h, ev, me):
    if h.pieces is not None:
        k = ev.get("kind")
        if k is None or k not in h.pieces:
            # a piece lying on its back is also the face under it (`verso:`)
            f = ev.get("face")
            if f is None or f not in h.pieces:
                return False
    if h.owner_rel is not None:
        o = ev.get("owner")
        if h.owner_rel == "mine" and o != me:
            return False
        if h.owner_rel == "enemy" and (o is None or o == me or o in ctx.s.partners(me)):
            return False
    if h.by_rel is not None:
        b = ev.get("by")
        if h.by_rel == "mine" and b != me:
            return False
        if h.by_rel == "enemy" and (b is None or b == me or b in ctx.s.partners(me)):
            return False
    if h.cause is not None:
        acts = ev.get("acts", ())
        # `causa: A` may name an action of the hook's own faction ("F.A"), or of a copy of
        # it (`cópia_de`) for the copy's hooks
        if h.cause not in acts and (h.owner is None or f"{h.owner}.{h.cause}" not in acts):
            return False
    if h.not_cause is not None:
        # `exceto_causa: A`: not when action A (or the hook faction's own A) caused the event
        acts = ev.get("acts", ())
        if h.not_cause in acts or (h.owner is not None and f"{h.owner}.{h.not_cause}" in acts):
            return False
    if h.tag is not None and h.tag not in ev.get("tags", ()):
        return False
    if h.phase is not None and h.phase != ev.get("phase"):
        return False
    if h.step is not None:
        if h.step != ev.get("step"):
            return False
        roles = h.roles
        if roles:
            for role, rel in roles.items():
                f = ev.get(role)
                if rel == "mine" and f != me:
                    return False
                if rel == "enemy" and (f is None or f == me or f in ctx.s.partners(me)):
                    return False
    return True


def _hook_me(h, ev, ctx):
    if h.owner is not None:
        return h.owner
    if h.roles:
        # a step's hook "atacante: você" speaks for that role
        for role, rel in h.roles.items():
            if rel == "mine":
                return ev.get(role)
    if h.owner_rel == "mine" and h.by_rel is None:
        # "dono: você" (and no `por:` relation): 'você' is the owner of the pieces
        return ev.get("owner") or ctx.me
    if h.by_rel == "mine" or (h.by_rel is None and ev.get("by")):
        return ev.get("by") or ctx.me
    if h.owner_rel == "mine":
        return ev.get("owner") or ctx.me
    return ev.get("by") or ctx.me


def _bind(c, h, ev):
    env = c.env
    for field, var in h.binds.items():
        env[var] = ev.get(field)


def _ready(ctx, h, ev, me, ready):
    if me is None or not _matches(ctx, h, ev, me):
        return
    # a step's hooks share the variables of the action under way (its `contexto:`)
    env = ev.get("env")
    c = ctx.child(me=me, env={} if env is None else env)
    c.law = h.law
    # a triggered effect is not part of the all-or-nothing block of the action that set
    # it off: it does what it can (1.5.4), and falling short does not undo that action
    c.strict = 0
    _bind(c, h, ev)
    if h.condition is not None and not h.condition(c):
        return
    ready.append((h, c, me))


def _hooks_for(g, event, phase, step, seats, scope) -> tuple:
    """The hooks of an event that may apply at this phase and step with these seats (owned
    by a seated faction or by nobody) and these cards in the game (a card's own hooks: only
    if the game has the card, card_scope.game_cards), in declaration order; kept per ruleset,
    so that an event costs the hooks that can apply, not every hook of every faction and card.
    Once the game is set up, not those whose condition can never hold in it (scope: the
    game's cards and facts, interpreter/proofs.py)."""
    index = g.__dict__.get("_hook_index")
    if index is None:
        index = g._hook_index = {}
    key = (event, phase, step, tuple(seats), scope)
    hooks = index.get(key)
    if hooks is None:
        if len(index) > 1024:
            index.clear()
        cards, facts = scope
        dead = facts.dead_hooks if facts is not None else ()
        hooks = index[key] = tuple(
            h for h in g.triggers.get(event, ())
            if (h.owner is None or h.owner in seats) and (h.phase is None or h.phase == phase)
            and (h.step is None or h.step == step) and (h.card is None or h.card in cards)
            and id(h) not in dead)
    return hooks


def _for_kind(g, hooks, kind, face) -> tuple:
    """Those of `hooks` that may match an event about pieces of `kind` (lying on `face`):
    the ones naming no pieces, or naming the kind or the face (kept per ruleset)."""
    index = g.__dict__.get("_hook_kind_index")
    if index is None:
        index = g._hook_kind_index = {}
    key = (id(hooks), kind, face)
    got = index.get(key)
    if got is not None and got[0] is hooks:
        return got[1]
    if len(index) > 4096:
        index.clear()
    out = tuple(h for h in hooks if h.pieces is None or kind in h.pieces
                or (face is not None and face in h.pieces))
    index[key] = (hooks, out)       # `hooks` kept alive: its id stays its own
    return out


def _game_table(g, s) -> dict:
    """{(event, phase, step): the hooks that may apply} for the game of state `s` (its seats,
    hirelings, cards and facts: what _hooks_for keys on), so that an event asks one look-up
    of a small dict rather than building that key. Once the game is set up (its facts
    proved) its seats are fixed, and a hireling coming into play makes a new `hired` tuple:
    the card instances, their number and that tuple tell the game apart."""
    rec = g.__dict__.get("_fire_game")
    defs = s.card_defs
    if rec is not None and rec[0] is defs and rec[2] is s.hired and rec[1] == len(defs):
        if rec[4][1] is not None:
            return rec[5]
        sc = _proofs.scope(g, s)
        if sc is rec[4] and rec[3] == s.seats:
            return rec[5]
    else:
        sc = _proofs.scope(g, s)
    table = {}
    g._fire_game = (defs, len(defs), s.hired, list(s.seats), sc, table)
    return table


def fire(ctx, ev):
    g = ctx.g
    event = ev["event"]
    if not g.triggers.get(event):
        return
    # (phases and steps are ids: strings, or None)
    s = ctx.s
    table = _game_table(g, s)
    where = (event, ev.get("phase"), ev.get("step"))
    hooks = table.get(where)
    if hooks is None or _memo.CHECK_MEMO:
        fresh = _hooks_for(g, event, where[1], where[2], s.seats if not s.hired else _present(s),
                           _proofs.scope(g, s))
        if hooks is not None and hooks != fresh:
            _memo._check_memo("hooks of " + event, hooks, fresh)
        hooks = table[where] = fresh
    if not hooks:
        return None
    k = ev.get("kind")
    if k is not None and hooks:
        # the hooks that name pieces of another kind (and face) never match (_matches)
        hooks = _for_kind(g, hooks, k, ev.get("face"))
    ready = []
    played = None
    for h in hooks:
        if h.card is not None:
            # a card's own hook: once for each player with the card in a play area, who is
            # 'você' (N5); the play areas are read once per event
            if played is None:
                played = in_play(ctx)
            for me in played.get(h.card, ()):
                _ready(ctx, h, ev, me, ready)
            continue
        me = h.owner
        if me is None:
            me = _hook_me(h, ev, ctx)
            if me is None:
                continue
        if not _matches(ctx, h, ev, me):
            continue
        # a step's hooks share the variables of the action under way (its `contexto:`)
        c = ctx.child(me=me, env={} if h.step is None else ev["env"])
        c.law = h.law
        # a triggered effect is not part of the all-or-nothing block of the action that set
        # it off: it does what it can (1.5.4), and falling short does not undo that action
        c.strict = 0
        _bind(c, h, ev)
        if h.condition is not None and not h.condition(c):
            continue
        ready.append((h, c, me))
    if not ready:
        return None
    return Fire(ctx, ev, ready)


class Fire(Frame):
    """The hooks an event set off, resolved one after the other."""
    __slots__ = ("ctx", "ev", "ready", "left", "order", "i", "pc")

    def __init__(self, ctx, ev, ready):
        self.ctx = ctx
        self.ev = ev
        self.ready = ready
        self.left = None
        self.order = None
        self.i = 0
        self.pc = 0

    def step(self, m, send):
        ready = self.ready
        if self.pc == 0:
            self.pc = 2
            sides = self.ev.get("sides")
            if sides is not None and len(ready) > 1:
                # a step's effects by side (4.3.3): each side's in the declared order; when
                # both sides have some, the chooser (the attacker) says which side goes first
                if send is None:
                    first = [r for r in ready if r[2] == sides[0]]
                    second = [r for r in ready if r[2] == sides[1]]
                    if first and second:
                        self.pc = 0
                        # 0 = the first side (the attacker) first, 1 = the other
                        return Decision(self.ev.get("chooser") or sides[0], "branch", [0, 1],
                                        ("order_sides", sides[0], sides[1]), self.ev.get("law"))
                else:
                    a, b = (sides[1], sides[0]) if send == 1 else sides
                    rest = [r for r in ready if r[2] not in sides]
                    self.ready = ready = ([r for r in ready if r[2] == a]
                                          + [r for r in ready if r[2] == b] + rest)
                    send = None
            elif len(ready) > 1 and sum(1 for h, _, _ in ready if h.interactive) > 1:
                # 1.1.3: effects that happen together are resolved in the order the player
                # whose turn it is chooses (asked when two or more of them involve choices:
                # the order of plain effects — scoring, drawing — cannot change what anyone
                # may do)
                self.left = list(range(len(ready)))
                self.order = []
                self.pc = 1
                send = None
        if self.pc == 1:
            left = self.left
            if send is not None:
                self.order.append(left.pop(send))
            if len(left) > 1:
                # a step's event may name who orders its effects (the attacker, 4.3.3)
                active = self.ev.get("chooser") or self.ctx.s.active or self.ctx.me
                return Decision(active, "order", [("efeito", ready[j][0].law or j, j) for j in left],
                                ("order_effects",), None)
            self.order.extend(left)
            ready = self.ready = [ready[j] for j in self.order]
            self.left = self.order = None
            self.pc = 2
        while True:
            if self.pc == 3:
                self.pc = 2
                h, c, me = ready[self.i]
                if send == 1:
                    self.i += 1
                    continue
            elif self.i >= len(ready):
                return FIN
            else:
                h, c, me = ready[self.i]
                if h.optional:
                    self.pc = 3
                    return Decision(me, "may", [True, PASS], ("may_trigger",), h.law, True)
            self.i += 1
            self.ctx.engine.log_event("trigger", me, law=h.law, event=self.ev["event"])
            if h.run is not None:
                try:
                    r = h.run(c)
                except StopAction:
                    continue        # `pare`: this triggered effect ends here, the next follows
                if r is not None:
                    return r

    def throw(self, m, exc):
        if isinstance(exc, StopAction) and self.pc == 2:
            # `pare` in a triggered effect (not inside an action of it): that effect ends
            return self.step(m, None)
        raise exc

    def copy(self, cp):
        ready = self.ready
        if self.pc >= 2 and self.i > 1:
            # hooks already resolved are not needed again (the one running may be)
            ready = [None] * (self.i - 1) + ready[self.i - 1:]
        n = Fire(cp.ctx(self.ctx), cp.val(self.ev), cp.val(ready))
        n.left = cp.val(self.left)
        n.order = cp.val(self.order)
        n.i = self.i
        n.pc = self.pc
        return n


def replacement(ctx, ev):
    """The replacement hook that takes this event over, with its context; or None.

    Several replacements compose, in the declared order (`prioridade:`, the higher first;
    then the order of declaration, files in path order): the first that matches takes the
    event over; if its effect makes an event of the same kind again (a hit ignored: "cause
    N - 1 danos"), the next ones apply to that one, and so on. Each replacement applies once
    to an event and to what it became (the effect's context remembers those applied)."""
    hooks = ctx.g.replacements.get(ev["event"])
    if not hooks:
        return None
    done = ctx.env.get("__replaced")
    facts = _proofs.scope(ctx.g, ctx.s)[1]
    dead = facts.dead_hooks if facts is not None else ()
    for h in hooks:
        if h.owner is not None and h.owner not in ctx.s.seats and h.owner not in ctx.s.hired:
            continue
        if id(h) in dead:
            continue            # its condition can never hold in this game (proofs.py)
        if done and h in done:
            continue
        if h.turn_rule is not None and h.turn_rule != ev.get("turn_rule", False):
            continue
        mes = owners_in_play(ctx, h.card) if h.card is not None else (_hook_me(h, ev, ctx),)
        for me in mes:
            if not _matches(ctx, h, ev, me):
                continue
            c = ctx.child(me=me, env={})
            c.law = h.law
            _bind(c, h, ev)
            if h.condition is not None and not h.condition(c):
                continue
            c.env["__replaced"] = (done or ()) + (h,)
            return h, c
    return None


def _ignoring(g) -> dict:
    """{action id: True | {events}}: actions declared `ignora_proibições:` — their effects
    are not stopped by prohibition hooks (all of them, or those of the events listed)."""
    table = getattr(g, "_ignores_prohibitions", None)
    if table is not None:
        return table
    from .. import lexicon
    from ..errors import fold
    table = {}
    d = g.rs.data
    specs = [(aid, a) for aid, a in (d.get("actions") or {}).items()]
    for fid, fac in (d.get("factions") or {}).items():
        specs += [(f"{fid}.{aid}", a) for aid, a in (fac.get("actions") or {}).items()]
    # a card's own actions (`ações:` on the card)
    specs += [(str(aid), a) for _, c in g._all_cards(d) for aid, a in (c.get("actions") or {}).items()]
    for aid, a in specs:
        v = a.get("ignores_prohibitions") if isinstance(a, dict) else None
        if v is None:
            continue
        if isinstance(v, list):
            lex = lexicon.get(getattr(a, "_lang", None) or g.lang)
            table[aid] = {lex.value_of(str(x)) or str(x) for x in v}
        elif v is True or fold(str(v)) in ("sim", "si", "true", "yes"):
            table[aid] = True
    g._ignores_prohibitions = table
    return table


def prohibited(ctx, event, space, kind, actor, origin=None) -> bool:
    """A prohibition hook forbids this (e.g. only the Keep's owner may place pieces there),
    unless an action under way ignores prohibitions (`ignora_proibições:`, 9.4.2). A movement
    names its origin too (`de:` in the hook: pieces that may not leave a space, 13.7.2)."""
    if not ctx.g.prohibitions:
        return False
    acts = ctx.env.get("__acts")
    if acts:
        ign = _ignoring(ctx.g)
        for a in acts:
            x = ign.get(a)
            if x is True or (x and event in x):
                return False
    return _forbidden(ctx, event, space, kind, actor, origin)


def _never_matches(h) -> bool:
    """A prohibition's event names no action under way, tag, phase nor step (_forbidden_now
    builds it from the question alone): a hook that asks for one of those never matches it
    (_matches), whatever the state."""
    return h.cause is not None or h.tag is not None or h.phase is not None or h.step is not None


def _plan(g, event, kind, seats):
    """The prohibition hooks that can match a question (event, kind) with these factions
    present, worked out once per seating (PERF: `é possível posicionar` asks it for every
    space in every evaluation of a requirement): those of the event, naming no pieces or this
    kind, of a present faction or of nobody, not asking for what the question never has
    (_never_matches), not about pieces of an owner they exclude — each with whether its
    relations (`dono:`/`por:`, which depend on the actor and the coalitions) are still to be
    checked; and the owner of the kind. None when no hook can forbid it."""
    per = g.__dict__.get("_prohibition_plans")
    if per is None:
        per = g._prohibition_plans = {}
    key = (event, kind, seats)
    try:
        return per[key]
    except KeyError:
        pass
    if len(per) > 1024:
        per.clear()
    owner = g.piece_kinds[kind].owner if kind else None
    live = []
    for h in _prohibitions_for(g, event, kind, seats):
        if _never_matches(h):
            continue
        if h.owner is not None and h.owner_rel == "mine" and owner != h.owner:
            continue            # 'dono: você' of a faction's hook: only that faction's pieces
        live.append((h, h.owner_rel is not None or h.by_rel is not None))
    plan = per[key] = (tuple(live), owner, tuple(_space_presence(g, h) for h, _ in live)) if live else None
    return plan


def _space_presence(g, h):
    """(the kinds K, whole) when the hook's condition is "houver K em V" (whole) or begins with
    it ("houver K em V e ..."), V the variable it binds to the event's space (`espaço: C` ...
    `condição: houver tocha em C`): whether a piece of K lies in that space is then answered by
    a look-up in it (_consult) rather than a context and the compiled selection — the answer,
    or, for a longer condition, a false one without asking the rest. None for any other
    condition (those run as compiled; RULESDSL_CHECK_MEMO compares every answer with
    _forbidden_now, which asks every condition as compiled)."""
    t = h.cond_tree
    if "path" in h.binds:
        return None
    whole = True
    if type(t) is N.Logic and t.op == "and" and t.items:
        # "houver K em C e ...": without a piece of K there, the condition is false; with
        # one, the whole condition is asked
        t, whole = t.items[0], False
    if type(t) is not N.Exists:
        return None
    sel = t.sel
    if type(sel) is not N.Sel or sel.owner is not None or sel.quant is not None or sel.var is not None \
            or len(sel.filters) != 1:
        return None
    f = sel.filters[0]
    if f.kind != "in" or type(f.arg) is not N.Var or f.arg.name != h.binds.get("space") or f.arg2 is not None:
        return None
    noun = sel.noun
    if type(noun) is not N.Name or noun.kind not in ("piece", "category"):
        return None
    if noun.kind == "category":
        got = frozenset(k for i in noun.ids for k in g.category_kinds(i))
    else:
        got = frozenset(noun.ids)
    return (got, whole) if all(k in g.piece_kinds for k in got) else None


def _forbidden(ctx, event, space, kind, actor, origin=None) -> bool:
    """Does some prohibition hook forbid it? Only the hooks that can match the question are
    asked (_plan), afresh: a memo keyed by the versions of what their conditions read was
    measured to cost more than it saved (≈ 15 % of hits; docs/desempenho.md, perf-prohib)."""
    s = ctx.s
    plan = _plan(ctx.g, event, kind, tuple(s.seats) if not s.hired else _present(s))
    if plan is None:
        v = False
    else:
        v = _consult(ctx, plan[0], plan[1], event, space, kind, actor, origin, plan[2])
    if _memo.CHECK_MEMO:
        # RULESDSL_CHECK_MEMO: the hooks the plan left out could not have forbidden it
        _memo._check_memo("prohibition", v, _forbidden_now(ctx, event, space, kind, actor, origin))
    return v


def _prohibitions_for(g, event, kind, seats=None) -> tuple:
    """The prohibition hooks of an event that may concern a kind of piece (those that name
    no pieces, or name this kind) and, `seats` given, owned by nobody or by one of those
    factions, in declaration order; kept per ruleset."""
    index = g.__dict__.get("_prohibition_index")
    if index is None:
        index = g._prohibition_index = {}
    key = (event, kind, None if seats is None else tuple(seats))
    hooks = index.get(key)
    if hooks is None:
        if len(index) > 1024:
            index.clear()
        hooks = index[key] = tuple(
            h for h in g.prohibitions
            if h.event == event and (h.pieces is None or (kind is not None and kind in h.pieces))
            and (seats is None or h.owner is None or h.owner in seats))
    return hooks


def _consult(ctx, live, owner, event, space, kind, actor, origin, presence=None) -> bool:
    """The hooks of a plan, asked in declaration order: the first that matches and whose
    condition holds forbids. `presence`: for each hook, the kinds of a condition "houver K em
    <the space>" (_space_presence), or None."""
    ev = {"event": event, "space": space, "kind": kind, "by": actor, "owner": owner}
    if event == "movement":
        ev["from"] = origin
        ev["to"] = space
    # a zone of pieces off the map (payments, a satchel): a hook that names the space (`espaço:`)
    # speaks of the map, not of it; the others (the Warlord's, 14.2.2) hold there too
    pz = ctx.s.piece_zones
    in_zone = space in pz
    c = None
    i = -1
    for h, relations in live:
        i += 1
        binds = h.binds
        if in_zone and "space" in binds:
            continue
        me = h.owner or actor
        if relations and not _matches(ctx, h, ev, me):
            continue
        if h.condition is None:
            return True
        fast = presence[i] if presence is not None else None
        if fast is not None:
            # "houver K em C", C the space: a piece of K there (read as the scans read a
            # place: the map's, else a zone of pieces of that id)
            b = ctx.s.board.get(space) or pz.get(space)
            found = False
            if b:
                for k in fast[0]:
                    if b.get(k):
                        found = True
                        break
            if not found:
                continue
            if fast[1]:
                return True
        env = {}
        for field, var in binds.items():     # (a loop: a comprehension is a call of its own)
            env[var] = ev.get(field)
        if c is None:
            c = ctx.child(me=me, env=env)
        else:
            # one context serves every hook of the question (a condition keeps none)
            c.me = me
            c.env = env
        if h.condition(c):
            return True
    return False


def _forbidden_now(ctx, event, space, kind, actor, origin=None) -> bool:
    """Every prohibition hook of the event, kind and present factions asked afresh, none
    left out by _plan: what the memo and the plan are checked against (RULESDSL_CHECK_MEMO)."""
    s = ctx.s
    seats = s.seats if not s.hired else _present(s)
    hooks = _prohibitions_for(ctx.g, event, kind, seats)
    if not hooks:
        return False
    ev = {"event": event, "space": space, "kind": kind, "by": actor,
          "owner": ctx.g.piece_kinds[kind].owner if kind else None}
    if event == "movement":
        ev["from"] = origin
        ev["to"] = space
    in_zone = space in ctx.s.piece_zones
    for h in hooks:
        if in_zone and "space" in h.binds:
            continue
        me = h.owner or actor
        if not _matches(ctx, h, ev, me):
            continue
        if h.condition is None:
            return True
        c = ctx.child(me=me, env={})
        _bind(c, h, ev)
        if h.condition(c):
            return True
    return False
