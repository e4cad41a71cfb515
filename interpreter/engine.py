"""One game in progress, with an OpenSpiel-shaped API.

    g = GameDef(load_ruleset("rulesets/root"))
    game = Game(g, ["marqueses", "rapinas"], seed=7)
    while not game.is_terminal():
        a = random.choice(game.legal_actions())
        game.apply(a)
    game.returns()

The rules run on a stack of frames (machine.py: setup, then rounds of turns of phases, all
from the ruleset); the game advances it to the next decision that is not forced. Where the
rules wait is data, so `clone()` copies the state and the stack. A game is saved as its
parameters plus the ids of the chosen options, and replaying them gives the same state: all
randomness comes from the seeded generator in the state.
"""
from __future__ import annotations

import json
import re
import weakref

from .runtime import (Ctx, Decision, Failure, EndPhase, EndTurn, GameOver, PASS, DONE)
from .state import Chain, State
from . import decks as _decks
from .hooks import fire
from .machine import Copier, Machine
from .turns import Main, END
from . import chance as _chance
from . import ending as _ending
from . import seating as _seating
from .observation import ShownCards, WatchedState, _watch_moves, attach_views, copy_views


class RulesetError(Exception):
    pass


class Game:
    def __init__(self, gdef, factions, seed=0, map_id=None, deck_id=None, lang=None,
                 log=False, history=None, position=None, start=None, observe=None, chance=None,
                 setup=None, landmarks=None, hirelings=None, options=None):
        """position: fn(game) that edits self.s after the empty state is built (scenarios);
        with it, setup rules are skipped. start: (faction, phase) where play begins.
        observe: factions whose view of the events is kept as they happen (`self.views`,
        see observation.py); implies log.
        chance: who plays the random events (chance.py): None, the seeded generator; "record",
        the generator, keeping its picks in `chance_picks()`; "dictated", each pick is a
        pending decision of the player CHANCE; a function `fn(decision) -> index`.
        setup: the id of one of the game's `preparações:` (Law A), or None for its own
        (seating.py: `Setup`).
        landmarks: the landmarks the players chose (Law A.5.1, landmarks.py): a number (drawn
        among all), a list of ids, or (number, ids); needs a setup with a `marcos:` step.
        hirelings: hireling factions in play from the start (hirelings.py; a setup with
        `capangas:` deals them instead).
        options: {option id or name: value} of the ruleset's `opções:` (rulesdsl/options.py);
        the others keep their default."""
        self._chance = _chance.make(chance)
        self._redo = None
        self.g = gdef
        setups = getattr(gdef, "setups", None) or {}
        if setup is not None and setup not in setups:
            raise RulesetError(f"setup '{setup}' is not one of the game's "
                               f"({', '.join(k for k in setups if k) or '-'})")
        self.setup_id = setup
        self.setup_def = setups.get(setup) or _seating.Setup(
            None, None, gdef.setup_rules, gdef.turn_order, gdef.faction_choice)
        # seats (seating.py): a list of factions (seats with their factions fixed), or a number
        # of seats whose factions are chosen during setup (`escolha_de_facção:`)
        if isinstance(factions, int) and not isinstance(factions, bool):
            if self.setup_def.faction_choice is None:
                raise RulesetError("seats without factions: the game has no faction choice")
            self.seating = factions
            self.factions = _seating.seat_ids(factions)
        else:
            self.seating = None
            self.factions = list(factions)
        self.seed = int(seed)
        from ..options import OptionError, resolve as _resolve_options
        try:
            self.options = _resolve_options(gdef, options)
        except OptionError as exc:
            from ..errors import format_message
            raise RulesetError(f"{exc.code}: " + format_message(exc.code, lang or gdef.lang, exc.kw)) from None
        from .setup_limits import standard_factions as _standard, check_game as _check_limits
        # the factions set up by the standard setup though the setup has its own (an option)
        self.standard_factions = _standard(self)
        self.landmarks = landmarks
        from . import landmarks as _lm
        try:
            self.landmark_pick = _lm.resolve(gdef, self.setup_def.landmarks, landmarks,
                                             factions if self.seating is not None else len(self.factions))
        except _lm.LandmarkError as exc:
            from ..errors import format_message
            raise RulesetError(f"{exc.code}: " + format_message(exc.code, lang or gdef.lang, exc.kw)) from None
        self.map_id = map_id or gdef.default_map or next(iter(gdef.maps), None)
        self.deck_id = deck_id or gdef.default_deck or next(iter(gdef.decks), None)
        self.decks_in_play = _decks.in_play(gdef, self.deck_id)
        self.deck_piles = dict(self.decks_in_play)
        self.lang = lang or gdef.lang
        self.logging = bool(log) or bool(observe)
        # an end condition that reads more than counters: checked after each reported change
        # (log_change), as well as at every decision
        end = gdef.ending
        self._end_any = end is not None and end.condition is not None and end.counters is None
        self._end_seen = None
        self.log: list[dict] = []
        self.views: dict = {}
        # the ids of the chosen options: a Chain, whose copies share what was already chosen
        self.history = Chain()
        self.decisions = 0
        self.limit_checks: list = []   # (faction, phase, zone key, size, limit) at phase ends
        self.limit_check_count = 0
        hs = getattr(gdef, "hirelings", {})
        for f in self.factions:
            if (f not in gdef.factions or f in hs) and self.seating is None:
                raise RulesetError(f)
        # "deal": the setup's `capangas:` deals them (A.6, "em consenso": only when asked)
        self.deal_hirelings = hirelings == "deal"
        if self.deal_hirelings and setup not in (getattr(gdef, "hireling_deals", None) or {}):
            # E800: asking for the deal (A.6) from a setup that has no `capangas:` step
            from ..errors import format_message
            raise RulesetError("E800: " + format_message("E800", lang or gdef.lang, {}))
        self.hirelings_given = [] if self.deal_hirelings else list(hirelings or ())
        for h in self.hirelings_given:
            if h not in hs:
                raise RulesetError(f"{h}: not a hireling")
            if hs[h].excludes is not None and hs[h].excludes in self.factions:
                # A.6.5: a faction cannot be played while its hireling is in play
                raise RulesetError(f"{h}: excludes {hs[h].excludes}")
        if self.seating is None:
            _check_limits(self)         # E820: too many factions of a limit (setup_limits.py)
        self.warnings: list[str] = []
        self._check_reach()
        self.m = gdef.maps.get(self.map_id)
        self.s = State(self.seed) if not observe else WatchedState(self.seed)
        # the rules reach the game through a weak proxy: a game and its contexts, frames and
        # shown cards form no reference cycle, so a dropped clone is freed at once (a search
        # that copies games by the thousand would otherwise feed the cyclic collector)
        me = weakref.proxy(self)
        self.s.visible = ShownCards(me)       # who was shown which card, and where
        if observe:
            attach_views(self, observe)
        self._init_state()
        from . import hirelings as _hirelings
        for h in self.hirelings_given:
            _hirelings.join(self, h)
        self.position = position
        self.start = start
        if position is not None:
            position(self)
        else:
            # the map's own starting pieces (`peças_iniciais`: the Ferry, the Tower); a
            # scenario's position says where every piece is
            from .board import place_start_pieces
            place_start_pieces(self)
        self.ctx = Ctx(gdef, self.m, self.s, None, {}, me)
        self.pending: Decision | None = None
        self.machine = Machine(Main(me, self.ctx))
        if type(self._chance) is _chance.Dictated:
            self._run_dictated(None, None)
        else:
            self._advance(None)
        for oid in history or []:
            self.apply_id(oid)

    # state ------------------------------------------------------------------------------------
    def _init_state(self):
        g, s = self.g, self.s
        s.seats = list(self.factions)
        seated = set(self.factions)
        if getattr(g, "move_origins", False):
            s.origins = {}          # where each piece began its current move (state.py)
        # a seated faction may need an expansion (`expansões: [E]`): the box then holds the
        # extra pieces each piece kind declares for it (`expansões: {E: 3}`)
        self.box = {}
        facs = g.rs.data.get("factions") or {}
        exp = {str(e) for f in self.factions for e in ((facs.get(f) or {}).get("expansions") or ())
               if isinstance((facs.get(f) or {}).get("expansions"), list)}
        for k, p in g.piece_kinds.items():
            if p.owner is None or p.owner in seated:
                extra = p.attrs.get("expansions") if exp else None
                s.supply[k] = p.count + (sum(int(extra.get(e) or 0) for e in exp)
                                         if isinstance(extra, dict) else 0)
                if s.supply[k] != p.count:
                    self.box[k] = s.supply[k]     # the box of this game (the invariants read it)
        for z, zd in g.global_zones.items():
            if str(zd.get("content", "cards")) in ("peças", "piezas", "pieces"):
                s.piece_zones[z] = {}
            else:
                s.zones[z] = []
        for f in self.factions:
            for z, zd in g.player_zones.items():
                if str(zd.get("content", "cards")) in ("peças", "piezas", "pieces"):
                    s.piece_zones[f"{f}:{z}"] = {}
                else:
                    s.zones[f"{f}:{z}"] = []
            for z, zd in g.faction_zones.get(f, {}).items():
                if str(zd.get("content", "cards")) in ("peças", "piezas", "pieces"):
                    s.piece_zones[f"{f}.{z}"] = {}     # pieces kept off the map
                else:
                    s.zones[f"{f}.{z}"] = []
            for cid, c in g.counters.items():
                if str(c.get("scope", "player")) != "global":
                    s.counters[f"{f}:{cid}"] = int(c.get("initial") or 0)
            for cid, c in g.faction_counters.get(f, {}).items():
                s.counters[f"{f}:{f}.{cid}"] = int(c.get("initial") or 0)
        for cid, c in g.counters.items():
            if str(c.get("scope", "player")) == "global":
                s.counters[cid] = int(c.get("initial") or 0)
        from .board import add_faction_spaces
        for f in self.factions:
            add_faction_spaces(self, f)       # the spaces a seated faction brings (N10)
        # card instances: the deck, then each seated faction's own cards
        for did, piles in self.decks_in_play:
            for cid in g.decks.get(did, []):
                for _ in range(g.cards[cid].copies):
                    s.zones.setdefault(piles.draw, []).append(len(s.card_defs))
                    s.card_defs.append(cid)
        copies = getattr(g, "copy_of", {})
        for cid, cd in g.cards.items():
            if cd.owner in seated or (cd.owner is not None and any(copies.get(f) == cd.owner for f in seated)):
                zone = g.card_zone.get(cid) or "cards"
                # a faction's cards in a global zone (a deck it shares with a copy of itself)
                key = zone if zone in g.global_zones else f"{cd.owner}.{zone}"
                for _ in range(cd.copies):
                    s.zones.setdefault(key, []).append(len(s.card_defs))
                    s.card_defs.append(cid)
        # a card whose modifiers or adjacency hold while in play (N5): is one in this game?
        from .card_scope import gate_cards
        s.gate_on = not gate_cards(g).isdisjoint(s.card_defs)

    # the rules: the outer loop (turns.py) at the bottom of the machine's stack --------------

    def _check_victory(self, ctx, active, phase):
        """`vitória:` conditions: with `quando: <fase>`, checked for the active faction at the
        start of that phase; without, for every faction at the end of each turn (the active
        faction first, 3.1-style)."""
        g = self.g
        order = [active] + [f for f in self.factions if f != active]
        for cond, v in g.victory:
            when = v.get("when") if isinstance(v, dict) else None
            if phase is None and when is not None:
                continue
            if phase is not None and str(when) != phase:
                continue
            for fac in ([active] if phase is not None else order):
                c = ctx.child(me=fac, env={})
                if cond(c):
                    self.declare_winner(c, fac, how="condition",
                                        name=v.get("name") if isinstance(v, dict) else None)

    def _record_limits(self, f, ph):
        """Sizes of limited zones as the phase that enforces them ends (for the invariants)."""
        for zid, scope, owner, lim, lph in self.g.zone_limits:
            if lph != ph or (scope == "faction" and owner != f):
                continue
            key = f"{f}:{zid}" if scope == "player" else (f"{f}.{zid}" if scope == "faction" else zid)
            self.limit_checks.append((f, ph, key, len(self.s.zones.get(key, ())), lim))
            self.limit_check_count += 1
            del self.limit_checks[:-50]

    def _advance(self, send):
        d = self.machine.run(send)
        if d is not None and self.s.hired and d.player in self.s.hired:
            # a hireling's decisions are its controller's (hirelings.py)
            from .hirelings import decider
            d.player = decider(self.s, d.player)
        # an end condition that reads more than counters is also checked at every decision
        # (one that reads only counters is checked as they change: check_end)
        if d is not None and self.g.ending is not None and self.g.ending.counters is None:
            root = self.machine.stack[0]
            if root.pc < END and _ending.reached(self, self.ctx):
                self.pending = None
                d = self.machine.run(None, root.finish(self.machine))
        if d is None:
            self.s.terminal = True
        self.pending = d

    # OpenSpiel-shaped API ---------------------------------------------------------------------
    def current_player(self):
        return None if self.pending is None else self.pending.player

    def legal_actions(self) -> list[int]:
        return [] if self.pending is None else list(range(len(self.pending.options)))

    def option_id(self, i: int) -> str:
        return option_id(self.pending.options[i])

    def legal_ids(self) -> list[str]:
        return [option_id(o) for o in self.pending.options] if self.pending else []

    def apply(self, i: int) -> None:
        d = self.pending
        if d is None:
            raise ValueError("game over")
        if not 0 <= i < len(d.options):
            raise ValueError(f"illegal option {i}")
        if self._chance is not None and type(self._chance) is _chance.Dictated:
            return self._run_dictated(i, d)
        self._record_decision(d, i)
        self._advance(i)

    def _record_decision(self, d, i: int) -> None:
        """A player's choice counts, enters the history and (when logging) the log."""
        self.decisions += 1
        oid = option_id(d.options[i])
        self.history.append(oid)
        if self.logging:
            e = {"t": "decision", "player": d.player, "kind": d.kind, "choice": oid, "law": _law(d.law)}
            if d.secret:
                e["secret"] = True      # hidden from the others until a `revele` (observation.py)
            self.log.append(e)

    # chance (chance.py) ---------------------------------------------------------------------------
    def is_chance_node(self) -> bool:
        return self.pending is not None and self.pending.player == _chance.CHANCE

    def chance_outcomes(self) -> list:
        """(outcome, probability) pairs of the pending chance decision."""
        d = self.pending
        if d is None or d.player != _chance.CHANCE:
            return []
        return list(zip(d.options, d.probs))

    def chance_picks(self) -> list[str]:
        """The picks the generator made, as option ids (mode "record")."""
        return list(self._chance.picks) if type(self._chance) is _chance.Recorder else []

    def dictate_order(self, wanted) -> None:
        """At a shuffle's first pick, dictate the whole order (a list of the shuffled items,
        first to last): the Fisher-Yates picks that give it are applied."""
        d = self.pending
        if d is None or d.player != _chance.CHANCE:
            raise ValueError("no chance decision pending")
        for x in _chance.fisher_yates_picks(list(d.options), list(wanted)):
            self.apply(self.pending.options.index(x))

    def _run_dictated(self, i, d):
        """Apply choice i of decision d (None: start the game) when chance is dictated: from
        a copy of the game before the choice, with the picks given so far; a pick not yet
        given leaves the game as it was before the choice, asking that pick.

        A game with observers keeps its View objects (a player's log reader holds its
        view), their events put back as they were when the choice was recorded: what the
        undone part of the choice showed them is gone with it. The picks themselves are not events: a view
        shows what they brought about (a card drawn into a hand, a die's result, a
        pile shuffled face down) as it shows the generator's, which is what each player may
        see of a dictated draw or shuffle (observation.py)."""
        ch = self._chance
        if d is not None and d.player == _chance.CHANCE:
            base, send, outs = self._redo
            outs.append(i)
            self.history.append(option_id(d.options[i]))
        else:
            base = self._snapshot()
            send, outs = i, []
            if d is not None:
                self._record_decision(d, i)
            self._redo = (base, send, outs)
        views = self.views
        seen = [(v, v.events.copy(), v.source.copy()) for v in views.values()] if views else ()
        keep = (self.log, len(self.log), self.history, self.decisions, self._redo)
        ch.queue = list(outs)
        ch.pos = 0
        try:
            self._advance(send)
        except _chance.NeedChance as e:
            log, n, hist, decisions, redo = keep
            base._copy_into(self)
            if views:
                # the game's own view objects, with the events they had before this run
                for v, events, source in seen:
                    v.events, v.source = events, source
                self.views = views
                log.seen_moves = self.log.seen_moves
            del log[n:]
            self.log, self.history, self.decisions, self._redo = log, hist, decisions, redo
            self._chance = ch
            self.pending = e.decision
            return
        self._redo = None

    def _snapshot(self) -> "Game":
        if not self.machine.copyable():
            raise RulesetError("dictated chance needs a game that copies itself")
        n = Game.__new__(Game)
        self._copy_into(n)
        return n

    def apply_id(self, oid: str) -> None:
        ids = self.legal_ids()
        if oid not in ids:
            raise ValueError(f"option '{oid}' is not legal here: {ids}")
        self.apply(ids.index(oid))

    def explain(self, value, lang: str | None = None):
        """Why an option is not legal at the pending decision, citing the rule:
        {"text": "...", "law": "4.2", "filter": "<the rule's own words>"}; None if it is legal
        (or the decision cannot say)."""
        from ..compiler import explain_rejection
        from ..errors import format_message, source_line
        d = self.pending
        if d is None or not d.meta:
            return None
        if any(option_id(o) == str(value) for o in d.options):
            return None
        sel, ctx = d.meta
        r = explain_rejection(sel, ctx, value)
        if r is None:
            return None
        lang = lang or self.lang
        law = _law(d.law)
        law_s = ", ".join(law) if isinstance(law, list) else (law or "?")
        name = self.g.rs.name("space", value, lang) if value in self.m.attrs else str(value)
        words = ""
        f = r.get("filter")
        if f is not None and f.pos is not None:
            line = source_line(f.pos) or ""
            words = line[f.pos.col - 1:f.pos.col - 1 + f.pos.length].strip()
            # a line of a rule may cite its own paragraph: "... # Lei 4.2.1"
            m = re.search(r"#\s*(?:Lei|Ley|Law)\s+([\w.]+)", line)
            if m:
                law_s = law = m.group(1)
        if r.get("wrong_kind"):
            text = format_message("G.wrong_kind", lang, {"option": name, "law": law_s})
        elif words:
            text = format_message("G.not_allowed", lang, {"option": name, "rule": words, "law": law_s})
        else:
            text = format_message("G.not_allowed_plain", lang, {"option": name, "law": law_s})
        return {"text": text, "law": law, "filter": words or None}

    def is_terminal(self) -> bool:
        return self.pending is None

    # what one player may see (observation.py) ---------------------------------------------------
    def observation(self, faction) -> dict:
        """What `faction` may see now: the board, public zones, its own hidden zones, the sizes
        of the others', counters, turn and phase, its pending decision, cards shown to it."""
        from .observation import observation
        return observation(self, faction)

    def observation_string(self, faction, lang: str | None = None) -> str:
        from .observation import observation_string
        return observation_string(self, faction, lang)

    def information_state_string(self, faction, lang: str | None = None) -> str:
        """The observation plus the history of the events as `faction` saw them."""
        from .observation import information_state_string
        return information_state_string(self, faction, lang)

    def visible_to(self, card, faction) -> bool:
        from .observation import visible_to
        return visible_to(self, card, faction)

    def scores(self) -> dict:
        g = self.g
        if not g.score:
            return {f: 0 for f in self.factions}
        return {f: self.s.counters.get(g.counter_key(g.score, f), 0) for f in self.factions}

    def winners(self) -> list[str]:
        return list(self.s.winners)

    def returns(self) -> list[float]:
        if self.s.ranking is not None:
            return _ending.returns(self)
        w = self.s.winners
        if not w:
            return [0.0] * len(self.factions)
        return [1.0 if f in w else -1.0 / max(1, len(self.factions) - len(w)) for f in self.factions]

    def clone(self) -> "Game":
        """An independent copy of the game at this decision: the state and the stack of
        suspended rules are copied (microseconds); applying on one never changes the other.
        A game with observers copies their views too. A game with a rule still suspended as a
        generator is copied by replaying its history instead."""
        if not self.machine.copyable():
            return self._replay_clone()
        n = Game.__new__(Game)
        self._copy_into(n)
        return n

    def _copy_into(self, n) -> None:
        """Make the game object `n` an independent copy of this one."""
        n.__dict__.clear()
        n.__dict__.update(self.__dict__)
        if self._chance is not None:
            n._chance = self._chance.copy()
            if self._redo is not None:
                base, send, outs = self._redo
                n._redo = (base, send, list(outs))
        n.history = self.history.copy()
        n.limit_checks = list(self.limit_checks)
        n.warnings = list(self.warnings)
        s = n.s = self.s.copy()
        me = weakref.proxy(n)
        if self.views:
            copy_views(self, n, me)
        else:
            n.log = list(self.log)
        cp = Copier(s, me)
        n.ctx = cp.ctx(self.ctx)
        n.pending = cp.decision(self.pending)
        n.machine = self.machine.copy(cp)
        vis = self.s.visible
        if isinstance(vis, ShownCards):
            s.visible = vis.copy_for(me)
            if "log_change" in self.__dict__:
                del n.__dict__["log_change"]
                _watch_moves(n)
        else:
            s.visible = dict(vis)

    def _replay_clone(self) -> "Game":
        return Game(self.g, self.seats_given(), self.seed, self.map_id, self.deck_id, self.lang,
                    self.logging, list(self.history), self.position, self.start,
                    observe=[self.seat_of(f) for f in self.views] or None, chance=self._chance_mode(),
                    setup=self.setup_id, landmarks=self.landmarks, hirelings=self._hirelings_arg(),
                    options=self.options)

    def _hirelings_arg(self):
        """What the game was made with as `hirelings`: "deal", a list, or None."""
        return "deal" if self.deal_hirelings else (list(self.hirelings_given) or None)

    def seats_given(self):
        """What the game was made with: its list of factions, or its number of seats."""
        return self.factions if self.seating is None else self.seating

    def seat_of(self, f):
        """The id the seat now played by `f` had when the game was made (a faction given, or
        `seat2` for the second seat of a game whose factions are chosen)."""
        if self.seating is None or f not in self.factions:
            return f
        return _seating.seat_ids(self.seating)[self.factions.index(f)]

    def _chance_mode(self):
        ch = self._chance
        if ch is None:
            return None
        if type(ch) is _chance.Hook:
            return ch.fn
        return "record" if type(ch) is _chance.Recorder else "dictated"

    def save(self) -> dict:
        r = {"ruleset": self.g.rs.hash, "factions": self.seats_given(), "seed": self.seed,
             "map": self.map_id, "deck": self.deck_id, "history": list(self.history)}
        r.update(self.made_with())
        return r

    def made_with(self) -> dict:
        """What the game was made with besides its factions, seed, map and deck: its setup,
        landmarks, hirelings and dictated chance (saved games and the start record of logs)."""
        r = {}
        if self.setup_id is not None:
            r["setup"] = self.setup_id
        if self.landmarks is not None:
            r["landmarks"] = self.landmarks
        if self._hirelings_arg():
            r["hirelings"] = self._hirelings_arg()
        from ..options import chosen
        opts = chosen(self.g, self.options)
        if opts:
            r["options"] = opts      # only those that differ from the default
        if self._chance is not None and type(self._chance) is not _chance.Recorder:
            # the history holds the dictated picks: a replay asks them again, in order
            r["chance"] = "dictated"
        return r

    @classmethod
    def load(cls, gdef, saved: dict, **kw) -> "Game":
        if saved.get("ruleset") not in (None, gdef.rs.hash):
            raise RulesetError("ruleset hash differs")
        return cls(gdef, saved["factions"], saved["seed"], saved.get("map"), saved.get("deck"),
                   history=saved.get("history"), chance=kw.pop("chance", saved.get("chance")),
                   setup=kw.pop("setup", saved.get("setup")),
                   landmarks=kw.pop("landmarks", saved.get("landmarks")),
                   hirelings=kw.pop("hirelings", saved.get("hirelings")),
                   options=kw.pop("options", saved.get("options")), **kw)

    def _check_reach(self):
        """A setup whose factions' total reach is below the ruleset's minimum for this many
        players is allowed, with a warning (`alcance:` per faction, `alcance_mínimo:` in the game)."""
        g = self.g
        need = getattr(g, "min_reach", None) or {}
        n = len(self.factions)
        if n not in need or not all(f in g.reach for f in self.factions):
            return
        total = sum(int(g.reach[f]) for f in self.factions)
        if total < need[n]:
            from ..errors import format_message
            names = ", ".join(g.rs.name("faction", f, self.lang) for f in self.factions)
            args = {"total": total, "min": need[n], "n": n, "factions": names}
            self.warnings.append(format_message("G.reach_low", self.lang, args))
            self.log_event("warning", None, code="G.reach_low", **args)

    # called by rules ----------------------------------------------------------------------------
    def check_score(self, ctx):
        g = self.g
        if g.ending is not None and g.ending.condition is not None \
                and self.machine.stack and self.machine.stack[0].pc < END and _ending.reached(self, ctx):
            raise GameOver()       # the end condition, at once after a counter changes
        if g.victory_score is None:
            return
        reached = [f for f in self.factions if self.s.counters.get(g.counter_key(g.score, f), 0) >= g.victory_score]
        if reached:
            w = self.s.active if self.s.active in reached else reached[0]
            self.declare_winner(ctx, w, how="score")

    def check_end(self, ctx):
        """The end condition, the instant a counter it reads changed (ending.watch): the game
        ends at once, the rest of the action unplayed."""
        if self.machine.stack and self.machine.stack[0].pc < END and _ending.reached(self, ctx):
            raise GameOver()

    def _check_end_parts(self):
        """An end condition that reads more than counters: after a change a verb reports, if
        a part of the state it reads moved since it was last checked."""
        parts = self.g.ending.parts
        s = self.s
        v = (s.uid, s.vid) if parts is None else tuple(getattr(s, p) for p in parts)
        if v == self._end_seen:
            return
        self._end_seen = v
        m = self.__dict__.get("machine")       # None while the game is being set up
        if m is not None and m.stack and m.stack[0].pc < END and _ending.reached(self, self.ctx):
            raise GameOver()

    def declare_winner(self, ctx, faction, how: str = "rule", name=None):
        """`how`: 'score' (the victory score reached), 'condition' (a `vitória:` condition,
        with its `name`), 'rule' (a rule that says so, e.g. a dominance card: its Law
        paragraph is the context's); the log's victory record says which."""
        self.s.winners = [faction]
        self.s.winner = faction
        # factions that joined their victory to the winner's ("junte-se a D": a coalition),
        # or to the victory of one that did (a chain of coalitions wins together)
        grew = True
        while grew:
            grew = False
            for f in self.s.seats:
                if f not in self.s.winners and self.s.flags.get(("wins_with", f)) in self.s.winners:
                    self.s.winners.append(f)
                    grew = True
        extra = {"how": how, "law": getattr(ctx, "law", None)}
        if how == "score":
            extra["score"] = self.s.counters.get(self.g.counter_key(self.g.score, faction), 0)
        if name is not None:
            extra["name"] = name
        self.log_event("victory", faction, **extra)
        raise GameOver()

    def log_event(self, what, faction, **kw):
        if self.logging:
            e = {"t": what, "faction": faction}
            for k, v in kw.items():
                e[k] = _law(v) if k == "law" else v
            self.log.append(e)

    def log_change(self, what, ev):
        if self.logging:
            e = {"t": what}
            for k, v in ev.items():
                if k in ("acts",):
                    continue
                e[k] = list(v) if isinstance(v, (tuple, set)) else v
            self.log.append(e)
        if self._end_any:
            self._check_end_parts()          # an end condition that reads more than counters


def option_id(o) -> str:
    if o is PASS:
        return "passar"
    if o is DONE:
        return "fim"
    if o is True:
        return "sim"
    if isinstance(o, tuple):
        return ":".join(str(x) for x in o)
    return str(o)


def _law(v):
    if v is None:
        return None
    if isinstance(v, (list, tuple)):
        return [str(x) for x in v]
    return str(v)
