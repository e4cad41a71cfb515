"""What one player may see (Law 1.2): observations and the event log as that player sees it.

The engine knows zones and who may look into them, never a game:

  * a zone declared hidden (`oculta: sim`) that is global (a draw pile) shows its cards to
    nobody; a player's or a faction's own hidden zone (a hand, a face-down stack) only to its
    owner; every other zone (a discard pile, a play area, a face-up column) to everyone. The
    number of cards in any zone is public (`GameDef.zone_visible_to`);
  * `revele` shows cards to a player (or to all): a card shown stays visible to them while it
    stays in the zone where it was shown (`ShownCards`);
  * a card that moves is seen by whoever can see the zone it leaves or the zone it enters
    (a card drawn from the draw pile into a hand: the hand's owner); discarding shows the card
    to whoever can see the discard pile, even when a rule sends it elsewhere;
  * pieces covered by a piece declared `cobre:` in their space (the items under a ruin) are
    face down for everyone: their kind is HIDDEN until they leave it;
  * a piece lying on its back (`verso:`) shows its back kind to everyone; which face lies
    under it, when the back hides it (`quem_vê:`), only its owner sees (`dono`) or nobody
    (`ninguém`): the observation lists it under "face_down" for who may see it, and the
    events (`face`) and the placer's choice of the face are HIDDEN for the others;
  * another player's decision is shown without its options; a decision among cards that the
    viewer cannot see is not shown at all (that it was asked would tell that the player had a
    card that could be chosen); the viewer's own decisions keep their options, cards it cannot
    see masked.

    obs = observation(game, "alianca")             # a dict: board, zones, sizes, counters...
    game = Game(gdef, factions, seed, observe=["alianca"])   # per-player logs, at event time
    ViewLog(game, "alianca", "pt").text()          # JSON Lines, as `jogar --log-for` writes

Nothing here runs unless asked: a game without observers pays nothing per event; the shown-card
bookkeeping starts with the first `revele` of a game.
"""
from __future__ import annotations

import weakref

from . import decks as _decks
from . import small_forms as _small
from .state import Chain, State

HIDDEN = "?"          # a card the viewer may not see, in place of its instance and id


# ---------------------------------------------------------------------------------------------
# where a card is, who may see it

def zone_of(s, card):
    """The zone key holding a card instance (None if none does)."""
    for z, cards in s.zones.items():
        if card in cards:
            return z
    return None


def zone_visible(game, zone, faction) -> bool:
    return zone is not None and game.g.zone_visible_to(zone, faction)


def visible_to(game, card, faction) -> bool:
    """May `faction` see which card the instance `card` is, now? Yes when its zone shows its
    cards to that faction, or when it was shown to it (`revele`) and has stayed where it was."""
    s = game.s
    z = zone_of(s, card)
    if z is None:
        return False
    if game.g.zone_visible_to(z, faction):
        return True
    shown = s.visible
    if isinstance(shown, ShownCards):
        return shown.where.get((card, faction)) == z
    return faction in shown.get(card, ())


class ShownCards(dict):
    """`State.visible`: card instance -> set of factions it was shown to (the `revele` verb).
    Also remembers in which zone each card was when shown to each faction: the revelation
    holds while the card stays there. The first revelation of a game makes the game watch
    the card events it logs, so that a shown card that moves stops being known."""

    def __init__(self, game):
        super().__init__()
        self.game = game
        self.where: dict = {}          # (card, faction) -> zone the card was in when shown
        self.known: dict = {}          # card -> factions with an entry in `where`

    def setdefault(self, card, default=None):
        seen = dict.get(self, card)
        if seen is None:
            seen = _Seen(self, card, default or ())
            dict.__setitem__(self, card, seen)
        elif seen._shown is not self:
            # shared with the game this one was copied from: a set of its own before changing
            own = _Seen.__new__(_Seen)
            set.__init__(own, seen)
            own._shown = self
            own._card = card
            dict.__setitem__(self, card, own)
            seen = own
        return seen

    def __setitem__(self, card, factions):
        dict.__setitem__(self, card, _Seen(self, card, factions or ()))

    def note(self, card, factions) -> None:
        factions = [f for f in factions if f is not None]
        if not factions:
            return
        z = zone_of(self.game.s, card)
        for f in factions:
            self.where[(card, f)] = z
        # a new set each time: copies of the game share the old ones (copy_for)
        self.known[card] = self.known.get(card, set()) | set(factions)
        _watch_moves(self.game)

    def copy_for(self, game) -> "ShownCards":
        """The same record for a copy of the game (Game.clone)."""
        n = ShownCards(game)
        n.where = self.where.copy()
        n.known = self.known.copy()        # sets replaced, never changed (note)
        dict.update(n, self)               # sets copied when changed (setdefault)
        return n

    def moved(self, card) -> None:
        for f in self.known.pop(card, ()):
            self.where.pop((card, f), None)


class _Seen(set):
    """The set of factions a card was shown to; adding to it records where the card is."""

    def __init__(self, shown, card, factions=()):
        super().__init__(factions)
        self._shown = shown
        self._card = card
        if factions:
            shown.note(card, list(factions))

    def add(self, faction):
        super().add(faction)
        self._shown.note(self._card, [faction])

    def update(self, *groups):
        fs = [f for g in groups for f in g]
        super().update(fs)
        self._shown.note(self._card, fs)

    def __ior__(self, other):
        self.update(other)
        return self


def _watch_moves(game) -> None:
    """From the first revelation on, every card event the game logs forgets what was known
    about that card (it moved, or is about to: discarded, overflowing)."""
    if "log_change" in game.__dict__:
        return
    plain = game.__class__.log_change      # (game may be a weak proxy)
    shown = game.s.visible
    me = game if isinstance(game, weakref.ProxyType) else weakref.proxy(game)   # no cycle

    def log_change(what, ev):
        c = ev.get("card")
        if c is not None and shown.known:
            shown.moved(c)
        plain(me, what, ev)
    game.log_change = log_change


# ---------------------------------------------------------------------------------------------
# decisions: which options name cards

def _card_decision(d) -> bool:
    if d.kind == "card":
        return True
    p = d.prompt
    return isinstance(p, (tuple, list)) and len(p) > 1 and p[0] in ("choose", "order") and p[1] == "card"


def option_cards(d, option) -> list:
    """The card instances an option of a decision names (none unless it is about cards)."""
    if not _card_decision(d):
        return []
    if isinstance(option, tuple):
        return [x for x in option if isinstance(x, int) and not isinstance(x, bool)]
    if isinstance(option, int) and not isinstance(option, bool):
        return [option]
    return []


# ---------------------------------------------------------------------------------------------
# the observation (OpenSpiel's `observation`)

def _board_space(game, sp, kinds) -> dict:
    """A space's pieces as anyone sees them: pieces a piece there covers (`cobre:`, the items
    under a ruin) are face down: only how many, under HIDDEN."""
    from .runtime import covered
    down = covered(game.g, game.s, sp)
    out = {k: n for k, n in sorted(kinds.items()) if n and k not in down}
    if down:
        out[HIDDEN] = sum(down.values())
    return out


def _counters_seen(game, faction) -> dict:
    """The counters as the viewer sees them: a hidden one not shown to it is "?" (N13); a typed
    counter (N8) shows its value (a faction, an enumeration value's id; None: no value), not
    the number the state keeps for it."""
    g, s = game.g, game.s
    if not g.hidden_counters and not g.counter_types:
        return dict(sorted(s.counters.items()))
    out = {}
    for k, v in sorted(s.counters.items()):
        if g.hidden_counters and not g.counter_visible_to(k, faction, s.flags):
            v = HIDDEN
        elif g.counter_types:
            vals = _small.typed_of_key(g, k)
            if vals is not None:
                v = _small.decode(vals, v)
        out[k] = v
    return out


def _supply_seen(game, faction) -> dict:
    """The supply, where the faces of a back that hides them (`quem_vê:`) are counted together
    under the back for who may not see them (the pieces wait face down: which ones are left
    would tell which ones lie on the map)."""
    g, s = game.g, game.s
    sup = s.supply
    if not g.hidden_backs:
        return dict(sorted(sup.items()))
    out = {}
    for k, n in sup.items():
        back = g.back_of.get(k)
        if back is not None and back in g.hidden_backs and not g.sees_face(back, faction):
            out[back] = out.get(back, 0) + n
        else:
            out[k] = out.get(k, 0) + n
    return dict(sorted(out.items()))


def _board_extras(game, faction) -> dict:
    """The statuses of the pieces on the map (public) and, for the pieces lying on their back
    whose face `faction` may see (`quem_vê: dono`), which faces they are."""
    s, g = game.s, game.g
    out = {}
    if s.pstat:
        st = {}
        for (sp, k), v in sorted(s.pstat.items()):
            if sp in s.board:
                st.setdefault(sp, {})[k] = {str(b): n for b, n in sorted(v.items())}
        if st:
            out["board_statuses"] = st
    if s.ident:
        down = {}
        for (sp, back), faces in sorted(s.ident.items()):
            if faces and g.sees_face(back, faction):
                down.setdefault(sp, {})[back] = dict(sorted(faces.items()))
        if down:
            out["face_down"] = down
    return out


def observation(game, faction) -> dict:
    """Everything `faction` may see now, as plain data (JSON-ready)."""
    from .engine import option_id
    g, s = game.g, game.s
    zones = {}
    cards_seen = set()
    for z in sorted(s.zones):
        cards = s.zones[z]
        entry = {"size": len(cards)}
        if game.g.zone_visible_to(z, faction):
            entry["cards"] = [{"instance": c, "card": s.card_defs[c]} for c in cards]
            cards_seen.update(cards)
        zones[z] = entry
    revealed = []
    for z in sorted(s.zones):
        for c in s.zones[z]:
            if c not in cards_seen and visible_to(game, c, faction):
                revealed.append({"instance": c, "card": s.card_defs[c], "zone": z})
    piece_zones = {}
    for z in sorted(s.piece_zones):
        kinds = s.piece_zones[z]
        if game.g.zone_visible_to(z, faction):
            entry = {"pieces": dict(sorted((k, n) for k, n in kinds.items() if n))}
            st = {k: {str(b): n for b, n in sorted(v.items())} for (zz, k), v in sorted(s.pstat.items()) if zz == z}
            if st:
                entry["statuses"] = st
        else:
            entry = {"size": sum(kinds.values())}
        piece_zones[z] = entry
    d = game.pending
    decision = None
    if d is not None:
        decision = {"player": d.player, "kind": d.kind}
        if d.player == faction:
            decision["prompt"] = list(d.prompt) if isinstance(d.prompt, (tuple, list)) else d.prompt
            decision["options"] = [HIDDEN if any(not visible_to(game, c, faction) for c in option_cards(d, o))
                                   else option_id(o) for o in d.options]
    return {
        "viewer": faction,
        "seats": list(s.seats),
        "round": s.round,
        "turn": s.turn_no,
        "active": s.active,
        "phase": s.phase,
        "terminal": game.is_terminal(),
        "winners": list(s.winners),
        "scores": dict(game.scores()),
        "counters": _counters_seen(game, faction),
        "flags": {":".join(str(x) for x in (k if isinstance(k, tuple) else (k,))): v
                  for k, v in sorted(s.flags.items(), key=lambda kv: str(kv[0]))},
        "board": {sp: _board_space(game, sp, k) for sp, k in sorted(s.board.items()) if k},
        **_board_extras(game, faction),
        "supply": _supply_seen(game, faction),
        "zones": zones,
        "piece_zones": piece_zones,
        "revealed": revealed,
        "decision": decision,
    }


def observation_string(game, faction, lang=None) -> str:
    """The observation as text in `lang` (one fact a line, names localized)."""
    from . import describe as D
    from ..errors import format_message
    lang = lang or game.lang
    o = observation(game, faction)
    m = lambda code, **kw: format_message(code, lang, kw)  # noqa: E731
    fn = lambda f: D.faction_name(game, f, lang)  # noqa: E731
    lines = [m("OBS.viewer", faction=fn(faction)),
             m("OBS.turn", round=o["round"], faction=fn(o["active"]),
               phase=D.name(game, "phase", o["phase"], lang) if o["phase"] else "—")]
    lines.append(m("OBS.scores", scores=D.describe_scores(game, o["scores"], lang)))
    for sp, kinds in o["board"].items():
        st = (o.get("board_statuses") or {}).get(sp) or {}
        pieces = ", ".join(m("OBS.face_down", n=n) if k == HIDDEN
                           else D._with_statuses(game, k, n, st[k], lang) if k in st
                           else D.piece_name(game, k, lang, n)
                           for k, n in kinds.items())
        under = (o.get("face_down") or {}).get(sp)
        if under:
            # the faces the viewer sees under its pieces lying on their back
            pieces += " [" + ", ".join(D.piece_name(game, f, lang, n) for b in under.values()
                                       for f, n in b.items()) + "]"
        lines.append(f"{D.thing_name(game, sp, lang)}: {pieces}")
    for z, e in o["zones"].items():
        zn = D.zone_name(game, z, lang)
        if "cards" in e:
            names = ", ".join(D.name(game, "card", c["card"], lang) for c in e["cards"]) or "—"
            lines.append(f"{zn} ({e['size']}): {names}")
        elif e["size"]:
            lines.append(m("OBS.hidden_zone", zone=zn, n=e["size"]))
    for z, e in o["piece_zones"].items():
        zn = D.zone_name(game, z, lang)
        if "pieces" in e and e["pieces"]:
            lines.append(f"{zn}: " + ", ".join(D.piece_name(game, k, lang, n) for k, n in e["pieces"].items()))
        elif e.get("size"):
            lines.append(m("OBS.hidden_zone", zone=zn, n=e["size"]))
    for r in o["revealed"]:
        lines.append(m("OBS.revealed", card=D.name(game, "card", r["card"], lang),
                       zone=D.zone_name(game, r["zone"], lang)))
    for k, v in o["counters"].items():
        if v:
            # a hidden counter: "?" (N13); a typed one (N8): its value, by name
            lines.append(f"{k} = {D.counter_value_name(game, k, v, lang)}")
    d = game.pending
    if d is not None:
        if d.player == faction:
            lines.append(D.describe_decision(game, d, lang))
            for i, (oid, opt) in enumerate(zip(o["decision"]["options"], d.options)):
                label = D.card_name(game, HIDDEN, lang) if oid == HIDDEN else D.describe_option(game, d, opt, lang)
                lines.append(f"  {i}) {label}")
        else:
            lines.append(m("OBS.waiting", faction=fn(d.player)))
    return "\n".join(lines)


def information_state_string(game, faction, lang=None) -> str:
    """The observation plus the history of the player's own view of the events."""
    lang = lang or game.lang
    view = game.views.get(faction) if getattr(game, "views", None) else None
    if view is None:
        # a game played without this observer: replay it with one (same seed, same choices)
        from .engine import Game, option_id
        mode = game._chance_mode()
        if mode is None or mode == "record":
            twin = Game(game.g, game.seats_given(), game.seed, game.map_id, game.deck_id, game.lang,
                        history=list(game.history), position=game.position, start=game.start,
                        observe=[game.seat_of(faction)], hirelings=game._hirelings_arg(),
                        options=game.options)
        else:
            # chance was dictated: its picks are in the history, between the players' choices;
            # the twin takes each pick from there as its generator asks, in the same order
            hist = list(game.history)
            redo = getattr(game, "_redo", None)
            if redo is not None:
                # a choice whose picks are still being dictated: the game stands where it was
                # before that choice (engine._run_dictated), so the twin stops there too
                _base, send, outs = redo
                hist = hist[:len(hist) - len(outs) - (0 if send is None else 1)]
            items = iter(hist)

            def pick(d):
                return [option_id(o) for o in d.options].index(next(items))
            twin = Game(game.g, game.seats_given(), game.seed, game.map_id, game.deck_id, game.lang,
                        position=game.position, start=game.start, observe=[game.seat_of(faction)], chance=pick,
                        hirelings=game._hirelings_arg(), options=game.options)
            for oid in items:
                twin.apply_id(oid)
        view, twin_game = twin.views[faction], twin
    else:
        twin_game = game
    log = ViewLog(twin_game, faction, lang)
    events = [r["texto"] for r in log.render_events()]
    return observation_string(game, faction, lang) + "\n--\n" + "\n".join(events)


# ---------------------------------------------------------------------------------------------
# the event log as one player sees it, computed as the events happen

class WatchedState(State):
    """The state of a game with observers: remembers the last card move (which zone a card
    left), which the log of a card event no longer shows."""
    __slots__ = ("moves", "last_move")

    def __init__(self, seed):
        super().__init__(seed)
        self.moves = 0
        self.last_move = None

    def move_card(self, card, src, dst, to_bottom=False):
        State.move_card(self, card, src, dst, to_bottom)
        self.moves += 1
        self.last_move = (card, src, dst)

    def copy(self, cls=None):
        c = State.copy(self, cls)
        c.moves = self.moves
        c.last_move = self.last_move
        return c


class ViewedLog(Chain):
    """`Game.log` of a game with observers: each event appended is shown to every view. A
    Chain (state.py): a copy of the game shares the events already logged."""
    __slots__ = ("game", "views", "seen_moves")

    def __init__(self, game, views, items=()):
        super().__init__(items)
        self.game = game
        self.views = views
        self.seen_moves = 0

    def append(self, e):
        Chain.append(self, e)
        s = self.game.s
        move = None
        moves = getattr(s, "moves", 0)
        if moves != self.seen_moves:
            self.seen_moves = moves
            move = s.last_move
        i = len(self) - 1
        for v in self.views:
            v.see(e, i, move)


def copy_views(game, n, me) -> None:
    """The observers of `game` for its copy `n` (Game._copy_into; `me`: a weak proxy of n):
    each view's events so far and a log that shows the copy's own events to the copy's views.
    The logs and the views' events are Chains (state.py): the copy shares what was already
    written, and the events themselves are shared: a view changes an event it already holds
    only by replacing it (View._undone, View._reveal)."""
    views = {}
    new = View.__new__
    for f, v in game.views.items():
        nv = views[f] = new(View)
        nv.game = me
        nv.faction = f
        nv.events = v.events.copy()
        nv.source = v.source.copy()
    n.views = views
    log = game.log.copy()
    log.game = me
    log.views = list(views.values())
    log.seen_moves = game.log.seen_moves
    n.log = log


def attach_views(game, factions) -> None:
    """Give the game one View per faction (called by Game before anything happens)."""
    views = {}
    for f in factions:
        if f not in game.factions:
            raise ValueError(f"observe: '{f}' is not seated ({', '.join(game.factions)})")
        if f not in views:
            views[f] = View(game, f)
    game.views = views
    old = list(game.log)
    game.log = ViewedLog(game, list(views.values()))
    for e in old:          # events logged before the state existed (a warning): no cards
        game.log.append(e)


class View:
    """One player's view of the events of a game: one filtered copy of each event it may
    know of (`events`), and the index in `game.log` of the event each came from (`source`)."""
    __slots__ = ("game", "faction", "events", "source")

    def __init__(self, game, faction):
        self.game = game
        self.faction = faction
        self.events = Chain()           # (Chains: a copy of the game shares what was seen)
        self.source = Chain()

    # visibility ------------------------------------------------------------------------------
    def _zone(self, z) -> bool:
        return zone_visible(self.game, z, self.faction)

    def _card_shown(self, t, c, move) -> bool:
        g = self.game.g
        if move is not None and move[0] == c:
            # a card that moved: seen from the zone it left or the zone it entered
            return self._zone(move[1]) or self._zone(move[2])
        if visible_to(self.game, c, self.faction):
            return True
        # discarding is done face up wherever the discard pile is public (a rule may then
        # send the card elsewhere: `replaced`; a full zone: `overflow`)
        return t in ("discard", "spend", "overflow") and self._zone(_decks.discard_zone(self.game, c))

    # events ----------------------------------------------------------------------------------
    def see(self, e, i, move) -> None:
        t = e.get("t")
        if t == "decision":
            out = self._decision(e)
            if out is None:
                return
        elif t in ("score", "lose", "set") and self.game.g.hidden_counters:
            out = self._counter(e)
        elif t == "reveal_secrets":
            out = dict(e)
            self._reveal(e)
        else:
            out = dict(e)
            c = out.get("card")
            if isinstance(c, int) and not isinstance(c, bool) and not self._card_shown(t, c, move):
                out["card"] = HIDDEN
            cards = out.get("cards")
            if isinstance(cards, (list, tuple)):
                out["cards"] = [x if visible_to(self.game, x, self.faction) else HIDDEN for x in cards]
            if out.get("face") is not None and not self.game.g.sees_face(out.get("kind"), self.faction):
                out["face"] = HIDDEN        # which face lies under a piece on its back (`quem_vê:`)
            if t == "place" and out.get("kind") is not None and out.get("space") is not None:
                # placed face down under a piece that covers it (an item under a ruin)
                from .runtime import covered
                if out["kind"] in covered(self.game.g, self.game.s, out["space"]):
                    out["kind"] = HIDDEN
            if t == "action_undone":
                self._undone(e)
        self.events.append(out)
        self.source.append(i)

    def _decision(self, e):
        d = self.game.pending
        from .engine import option_id
        ids = [option_id(o) for o in d.options]
        i = ids.index(e["choice"])
        me = self.faction
        out = dict(e)
        out["_d"] = d
        out["_i"] = i
        if d.player == me:
            masks = [any(not visible_to(self.game, c, me) for c in option_cards(d, o)) for o in d.options]
            out["options"] = len(ids)
            out["index"] = i
            out["option_ids"] = [HIDDEN if h else x for h, x in zip(masks, ids)]
            if masks[i]:
                out["choice"] = HIDDEN
                out["_hidden"] = True
            return out
        # another player's decision: what was chosen, not among what
        p = d.prompt
        if isinstance(p, tuple) and p and p[0] == "face_down":
            # which face the placer put on its back: hidden from the others
            out["choice"] = HIDDEN
            out["_hidden"] = True
            return out
        if any(not zone_visible(self.game, zone_of(self.game.s, c), me)
               for o in d.options for c in option_cards(d, o)):
            return None
        if e.get("secret"):
            # a secret decision (N13): the answer only after a `revele`
            out["choice"] = HIDDEN
            out["_hidden"] = True
            out["_secret"] = True
        return out

    def _counter(self, e):
        """A change of a hidden counter (N13): its amount only for its owner, until shown."""
        g = self.game.g
        out = dict(e)
        key = e.get("counter")
        if e.get("t") != "set":
            key = g.counter_key(key, e.get("by"))
        if key is not None and not g.counter_visible_to(key, self.faction, self.game.s.flags):
            f = "value" if e.get("t") == "set" else "n"
            out["_masked"] = (key, f, out.get(f))
            out[f] = HIDDEN
        return out

    def _reveal(self, e) -> None:
        """`revele`: the secret answers given so far are shown (the earlier events too)."""
        keys = set(e.get("values") or ())
        events = self.events
        for j, ev in enumerate(events):
            m = ev.get("_masked")
            if m is not None and m[0] in keys:
                # a copy of the game may hold the same event: change a copy of it (copy_views)
                ev = events[j] = dict(ev)
                ev[m[1]] = m[2]
                del ev["_masked"]
            if e.get("choices") and ev.get("_secret") and ev.get("_hidden"):
                from .engine import option_id
                ev = events[j] = dict(ev)
                ev["choice"] = option_id(ev["_d"].options[ev["_i"]])
                del ev["_hidden"]

    def _undone(self, e) -> None:
        """An action that could not be completed was undone: what it showed of cards that are
        now hidden again (a card it spent, back in a hand) is hidden again."""
        f, a = e.get("faction"), e.get("action")
        for j in range(len(self.events) - 1, -1, -1):
            ev = self.events[j]
            if ev.get("t") == "action" and ev.get("faction") == f and ev.get("action") == a:
                break
        else:
            return
        for k in range(j + 1, len(self.events)):
            # a copy of the game may hold the same event: change a copy of it (copy_views)
            ev = self.events[k] = dict(self.events[k])
            c = ev.get("card")
            if isinstance(c, int) and not isinstance(c, bool) and not visible_to(self.game, c, self.faction):
                ev["card"] = HIDDEN
            cards = ev.get("cards")
            if isinstance(cards, list):
                ev["cards"] = [x if x == HIDDEN or visible_to(self.game, x, self.faction) else HIDDEN
                               for x in cards]
            if ev.get("t") == "decision" and ev.get("_d") is not None and not ev.get("_hidden"):
                d = ev["_d"]
                if any(not visible_to(self.game, c, self.faction) for c in option_cards(d, d.options[ev["_i"]])):
                    ev["choice"] = HIDDEN
                    ev["_hidden"] = True


def _view_of(game, faction) -> View:
    views = getattr(game, "views", None) or {}
    if faction not in views:
        raise ValueError(f"the game was not made with observe=[{faction!r}]")
    return views[faction]


class ViewLog:
    """The JSON Lines log of one player's view (`jogar --log-for`): like `EventLog`, from the
    game's View of that player. Same interface: start(**extra), drain(), end(summary), text()."""

    def __init__(self, game, faction, lang: str, sink=None):
        self.game = game
        self.faction = faction
        self.view = _view_of(game, faction)
        self.lang = lang
        self.sink = sink
        self.head = None
        self.tail = None
        self._drained = 0
        self.records: list[dict] = []

    def start(self, **extra) -> None:
        from .describe import game_name
        g = self.game
        rec = {"t": "start", "game": game_name(g.g, self.lang), "ruleset": g.g.rs.hash,
               "factions": list(g.factions), "seed": g.seed, "map": g.map_id, "deck": g.deck_id,
               "lang": self.lang, "viewer": self.faction}
        rec.update(g.made_with())
        if g.seating is not None:
            rec["seats"] = g.seating
        rec.update(extra)
        self.head = rec
        self._emit(self._render(dict(rec), 0))
        self.drain()

    def _render(self, ev: dict, seq: int) -> dict:
        from . import describe as D
        rec = {k: v for k, v in ev.items() if not k.startswith("_")}
        d = ev.get("_d")
        if d is not None:
            if ev.get("_hidden") and ev.get("_secret"):
                rec["label"] = D.secret_choice(self.lang)
            elif ev.get("_hidden"):
                rec["label"] = D.card_name(self.game, HIDDEN, self.lang)
            else:
                rec["label"] = D.describe_option(self.game, d, d.options[ev["_i"]], self.lang)
            key, _ = D._prompt_key(d)
            if key is not None:
                rec["prompt"] = D.describe_prompt(self.game, d, self.lang)
        rec["seq"] = seq
        rec["texto"] = D.describe_event(self.game, rec, self.lang)
        return rec

    def _emit(self, rec) -> None:
        self.records.append(rec)
        if self.sink is not None:
            self.sink(rec)

    def before(self, index: int) -> None:      # EventLog's interface; nothing to note
        pass

    def drain(self) -> None:
        evs = self.view.events
        while self._drained < len(evs):
            self._emit(self._render(evs[self._drained], len(self.records)))
            self._drained += 1

    def end(self, summary: dict) -> None:
        self.drain()
        rec = {"t": "end"}
        rec.update(summary)
        self.tail = rec
        self._emit(self._render(dict(rec), len(self.records)))

    def render_events(self) -> list[dict]:
        """Every event of the view as a record (seq from 1), rendered now: an undone action
        may have hidden again what an earlier record had shown."""
        return [self._render(ev, i + 1) for i, ev in enumerate(self.view.events)]

    def text(self) -> str:
        from .describe import dumps
        out = []
        if self.head is not None:
            out.append(self._render(dict(self.head), 0))
        out.extend(self.render_events())
        if self.tail is not None:
            out.append(self._render(dict(self.tail), len(out)))
        return "".join(dumps(r) + "\n" for r in out)
