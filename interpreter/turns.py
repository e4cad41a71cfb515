"""The game's outer loop as a frame: setup, then rounds of turns of phases (machine.py).

Where the loop is — the setup rule, the seat, the phase, the rule of the phase — is a few
numbers, so a game in progress copies them with its state.
"""
from __future__ import annotations

from .hooks import fire
from . import chance
from . import seating
from . import landmarks
from . import setup_limits
from . import hirelings as _hirelings
from .flow import ask
from . import ending as _ending
from .machine import FIN, Frame, begin
from .flow import Menu
from . import proofs as _proofs
from . import proof_cuts as _cuts
from .runtime import Decision, EndPhase, EndTurn, Failure, GameOver, StopAction

# where the loop is (pc)
(SETUP, SETUP_ORDER, SETUP_FACTION, SETUP_DONE, ROUND, SEAT, TURN_START, PHASE,
 PHASE_STARTED, PHASE_RULES, PHASE_END, PHASE_ENDED, TURN_END, TURN_ENDED, END,
 FINAL, FINAL_SEAT, RANK, TURN_ORDER, CHOOSE, AFTER_FACTIONS, LANDMARKS, HIRE, HIRE_SETUP) = range(24)
# the steps inside a turn, where `termine o turno` ends it
IN_TURN = frozenset((TURN_START, PHASE, PHASE_STARTED, PHASE_RULES, PHASE_END, PHASE_ENDED))
# the steps that run a list of rules, each counted before it runs (where `pare` ends one rule)
RUNS_RULES = frozenset((SETUP, HIRE_SETUP, LANDMARKS, CHOOSE, SETUP_FACTION, AFTER_FACTIONS,
                        PHASE_RULES, FINAL_SEAT))


def _turn_changed(s, new_turn):
    """A new turn (whose turn, the turn's marks cleared) or a new phase: only the parts that
    changed get a new version ("vt", and "vm" for the marks), so that memos of the pieces,
    cards and counters (requirements, derived values, prohibitions) stay valid across phases.
    Not journaled, as `s.ver += 1`: a rollback to a mark made before never brings back the
    versions of then (State._ext)."""
    s._ext += 1
    s._touch("vt")
    if new_turn:
        s._touch("vm")


def _faction_setup(game, f):
    """A faction's setup rules: those it gives for the game's setup (`preparações:`), or its own."""
    fd = game.g.factions[f]
    sid = game.setup_id
    if sid is not None and sid in fd.setups and not game.standard_factions:
        return fd.setups[sid]
    return fd.setup


class Main(Frame):
    __slots__ = ("game", "ctx", "pc", "i", "j", "order", "start_f", "start_ph", "si", "f",
                 "c", "rules_ctx", "phases", "pi", "ri", "d", "offer", "marks", "wi")

    def __init__(self, game, ctx):
        self.game = game
        self.ctx = ctx
        self.pc = SETUP if game.position is None else SETUP_DONE
        if self.pc == SETUP and game.setup_def.turn_order is not None:
            self.pc = TURN_ORDER        # A.4: the turn order drawn before anything else
        self.d = None           # a decision this frame asked (a seat choosing its faction)
        self.i = 0              # setup rule / faction rule
        self.j = 0              # faction in setup order
        self.order = None
        self.start_f, self.start_ph = game.start or (None, None)
        self.si = 0             # seat
        self.f = None
        self.c = None
        self.rules_ctx = None
        self.phases = None
        self.pi = 0             # phase
        self.ri = 0             # rule of the phase
        self.wi = 0             # the rule before which the phase's `a_qualquer_momento` window was offered
        self.offer = None       # (factions revealed, the locked one): the draft (A.8.1)
        self.marks = None       # the landmarks revealed (A.5.2), placed one by one (A.5.3)

    def copy(self, cp):
        n = Main.__new__(Main)
        n.game = cp.engine
        n.ctx = cp.ctx(self.ctx)
        n.pc, n.i, n.j, n.order = self.pc, self.i, self.j, self.order
        n.start_f, n.start_ph, n.si, n.f = self.start_f, self.start_ph, self.si, self.f
        n.c = cp.ctx(self.c)
        n.rules_ctx = cp.ctx(self.rules_ctx)
        n.phases, n.pi, n.ri, n.wi = self.phases, self.pi, self.ri, self.wi
        n.d = cp.decision(self.d)
        n.offer = self.offer
        n.marks = self.marks
        return n

    def step(self, m, send):
        try:
            if self.d is not None:
                # the answer to the decision this frame asked: the faction a seat takes
                d, self.d = self.d, None
                if self.pc == HIRE_SETUP:
                    self._hire(d.player, d.options[send])      # the hireling a seat sets up (A.6.3)
                else:
                    self._take(d.player, d.options[send])
            return self._step()
        except Exception as e:  # noqa: BLE001 - raised at once by a rule: as from a frame above
            return self.throw(m, e)

    def throw(self, m, exc):
        if isinstance(exc, GameOver):
            if self.game.g.ending is not None and not self.game.s.winners and self.pc < END:
                return self.finish(m)
            return self._end()
        if isinstance(exc, Failure):
            # a rule outside any all-or-nothing block could not be done: a ruleset bug
            self.game.log_event("stuck", None, why=exc.why)
            self.game.s.failure = exc
            return self._end()
        if isinstance(exc, EndPhase) and self.pc == PHASE_RULES:
            self.pc = PHASE_END
            return self.step(m, None)
        if isinstance(exc, EndTurn) and self.pc in IN_TURN:
            self.pc = TURN_END
            return self.step(m, None)
        if isinstance(exc, StopAction) and self.pc in RUNS_RULES:
            # `pare` outside an action ends the rule (the step) under way; the next one follows
            return self.step(m, None)
        raise exc

    def finish(self, m):
        """The game ends by its `fim_de_jogo:` (ending.py): final scoring, then ranking.
        Whatever was suspended above this frame is dropped (an end mid-action)."""
        del m.stack[m.stack.index(self) + 1:]
        self.game.log_event("game_end", None, law=self.game.g.ending.law)
        self.pc = FINAL
        return self.step(m, None)

    def _end(self):
        self.pc = END
        self.game.s.terminal = True
        return FIN

    def _window_start(self, g, ph, windows=None):
        # the actions this faction may take there and this game can enable, kept per game once
        # proved (proof_cuts: a window of an absent faction's actions costs one look-up)
        game = self.game
        table = g.window_starts if windows is None else windows
        last = _cuts.WINDOWS
        ids = last[1].get((self.f, ph, id(table))) if last[0] is game.s.card_defs else None
        if ids is None:
            ids = _cuts.start_window(g, game.s, game.m, self.f, ph, table)
        if not ids:
            return None
        ctx = self.rules_ctx
        menu = [None]
        ctx.menus.append(menu)
        return begin(Menu((g, ids, None, g.actions[ids[0]].law, False), ctx, menu))

    def _take(self, seat, f):
        """The seat takes the faction f (seating.py); its setup rules run next (A.8.2)."""
        seating.take_faction(self.game, seat, f)
        for ef, cid in (self.offer[2] if self.offer else ()):
            if ef == f:
                seating.give_revealed_card(self.game, f, cid)      # A.8.1.III
        self.f = f
        self.i = 0
        self.c = self.ctx.child(me=f, env={})

    def _hire(self, seat, h):
        """The seat `seat` sets up hireling h (A.6.3): it decides for it while its setup rules
        run (hirelings.decider)."""
        game = self.game
        game.s.set_flag((_hirelings.SETTING_UP, h), seat)
        deal = game.g.hireling_deals.get(game.setup_id)
        game.log_event("hireling_setup", h, seat=seat,
                       law=deal.choice[0] if deal is not None and deal.choice is not None else None)
        self.f = h
        self.i = 0
        self.c = self.ctx.child(me=h, env={})

    def _resume(self, rules, ctx, law, fresh=False):
        """Run `rules` from the one at self.i on: the decision the first of them asks (the
        next call goes on from the rule after it), or None when they all ran. `fresh`: each
        rule gets a context of its own (the game's setup rules); else they share `ctx`, whose
        Law paragraph is set to `law` before each."""
        while self.i < len(rules):
            if fresh:
                c = ctx.child(me=None, env={})
            else:
                c = ctx
                c.law = law
            # (counted before it runs: a rule that ends with `pare` goes on from the next one)
            self.i += 1
            r = rules[self.i - 1](c)
            if r is not None:
                return r
        return None

    def _step(self):
        game = self.game
        g, s, ctx = game.g, game.s, self.ctx
        while True:
            pc = self.pc
            if pc == PHASE_RULES:
                rules = g.factions[self.f].turn.get(self.phases[self.pi], ())
                while self.ri < len(rules):
                    if self.ri and g.window_steps and self.wi != self.ri:
                        # `a_qualquer_momento`: the window also between two steps of the phase
                        # (never inside an action or step, Root 1.4.2); not before a step that
                        # opens with a menu: that menu offers the same window actions
                        self.wi = self.ri
                        if not getattr(rules[self.ri], "opens_menu", False):
                            r = self._window_start(g, self.phases[self.pi], g.window_steps)
                            if r is not None:
                                return r
                    self.ri += 1
                    r = rules[self.ri - 1](self.rules_ctx)
                    if r is not None:
                        return r
                self.pc = PHASE_END
            elif pc == PHASE:
                if self.pi >= len(self.phases):
                    self.pc = TURN_END
                    continue
                f = self.f
                ph = self.phases[self.pi]
                s.phase = ph
                _turn_changed(s, False)
                game.log_event("phase", f, phase=ph)
                self.pc = PHASE_STARTED
                r = fire(self.c, {"event": "phase_start", "phase": ph, "by": f, "owner": f})
                if r is not None:
                    return r
            elif pc == PHASE_STARTED:
                if g.victory:
                    game._check_victory(ctx, self.f, self.phases[self.pi])
                self.ri = self.wi = 0
                self.pc = PHASE_RULES
                if g.window_starts:
                    # window actions offered as the phase starts (`no_início_da_fase`), before
                    # its rules; a menu with nothing enabled ends at once, with no decision
                    r = self._window_start(g, self.phases[self.pi])
                    if r is not None:
                        return r
            elif pc == PHASE_END:
                f = self.f
                ph = self.phases[self.pi]
                if g.zone_limits:
                    game._record_limits(f, ph)
                self.pc = PHASE_ENDED
                r = fire(self.c, {"event": "phase_end", "phase": ph, "by": f, "owner": f})
                if r is not None:
                    return r
            elif pc == PHASE_ENDED:
                self.pi += 1
                self.pc = PHASE
            elif pc == SEAT:
                seats = s.seats
                if self.si >= len(seats):
                    self.pc = ROUND
                    continue
                f = seats[self.si]
                if self.start_f is not None and f != self.start_f:
                    self.si += 1
                    continue
                game.machine.tick()      # a turn: counted, so turns asking nothing cannot spin
                self.f = f
                s.active = f
                s.turn_no += 1
                s.marks.clear()
                _turn_changed(s, True)
                game.log_event("turn", f, round=s.round)
                self.c = ctx.child(me=f, env={})
                # one turn's rules share variables; what they do themselves (not in an action,
                # nor a triggered effect: those get their own variables) is `do_turno:` (N9)
                self.rules_ctx = ctx.child(me=f, env={"__turn_rule": True})
                phases = g.turn_phases
                self.pi = 0
                self.pc = PHASE
                if self.start_f is not None:
                    if self.start_ph in phases:
                        phases = phases[phases.index(self.start_ph):]
                    self.start_f = None
                    self.phases = phases
                else:
                    self.phases = phases
                    self.pc = TURN_START
                    r = fire(self.c, {"event": "turn_start", "by": f, "owner": f})
                    self.pc = PHASE
                    if r is not None:
                        return r
            elif pc == TURN_END:
                f = self.f
                self.pc = TURN_ENDED
                r = fire(self.c, {"event": "turn_end", "by": f, "owner": f})
                if r is not None:
                    return r
            elif pc == TURN_ENDED:
                if g.turn_statuses and s.pstat:
                    s.clear_statuses(g.turn_statuses)      # statuses that last a turn (`dura: turno`)
                if s.origins:
                    s.clear_origins()          # every move of the turn is over (`origens_dos_movimentos`)
                if g.victory:
                    game._check_victory(ctx, self.f, None)
                if g.ending is not None and _ending.reached(game, ctx):
                    game.log_event("game_end", None, law=g.ending.law)
                    self.pc = FINAL
                    continue
                self.si += 1
                self.pc = SEAT
            elif pc == ROUND:
                s.round += 1
                if s.round > g.round_limit:
                    game.log_event("round_limit", None)
                    if g.ending is not None:
                        self.pc = FINAL
                        continue
                    return self._end()
                self.si = 0
                self.pc = SEAT
            elif pc == SETUP:
                rules = game.setup_def.rules
                r = self._resume(rules, ctx, None, fresh=True)
                if r is not None:
                    return r
                if game.landmark_pick is not None and self.marks is None:
                    # A.5: the landmarks, after the map, ruins, items and cards are ready
                    self.marks = landmarks.reveal(game)
                    self.j = self.i = 0
                    self.c = None
                    self.pc = LANDMARKS
                    continue
                self.pc = HIRE
            elif pc == HIRE:
                # A.6: the hirelings dealt (a setup's `capangas:`), or those the game was made
                # with; each sets up from the last seat backwards (hirelings.py)
                deal = g.hireling_deals.get(game.setup_id) if g.hirelings and game.deal_hirelings else None
                if deal is not None and not s.hired:
                    _hirelings.deal(game, deal)
                self.j = self.i = 0
                self.c = None
                self.pc = HIRE_SETUP
            elif pc == HIRE_SETUP:
                # self.order: the hirelings set up so far; self.f: the one setting up now
                if self.f is None:
                    done = self.order or ()
                    left = [h for h in s.hired if h not in done]
                    if left:
                        deal = g.hireling_deals.get(game.setup_id)
                        choice = deal.choice if deal is not None else None
                        seats = list(reversed(s.seats) if choice is None or choice[1] else s.seats)
                        seat = seats[len(done) % len(seats)] if seats else None
                        h = left[0]
                        if choice is not None and seat is not None and len(left) > 1:
                            # A.6.3: the seat chooses which hireling it sets up
                            c = ctx.child(me=seat, env={})
                            c.law = choice[0]
                            h = ask(c, seat, "choose", left, False, ("choose", "hireling_setup"), choice[0])
                            if type(h) is Decision:
                                self.d = h
                                return h
                        self._hire(seat, h)
                if self.f is not None:
                    h = self.f
                    rules = _faction_setup(game, h)
                    r = self._resume(rules, self.c, None)
                    if r is not None:
                        return r
                    s.set_flag((_hirelings.SETTING_UP, h), None)
                    self.order = (self.order or ()) + (h,)
                    self.f = None
                    self.i = 0
                    self.c = None
                    continue
                self.j = self.i = 0
                self.c = None
                self.order = None
                if game.seating is not None and game.standard_factions:
                    # the setup's option of the standard faction setup: factions dealt at
                    # random, set up in the game's setup order (setup_limits.py)
                    setup_limits.deal_factions(game)
                elif game.seating is not None:
                    # the seats take their factions, from the last seat by default (A.8.2)
                    seats = list(s.seats)
                    self.order = tuple(reversed(seats) if game.setup_def.faction_choice.reverse else seats)
                    self.j = self.i = 0
                    self.c = self.f = None
                    self.pc = CHOOSE
                    continue
                self.pc = SETUP_ORDER
            elif pc == LANDMARKS:
                # A.5.3: the last seat places the first landmark, the one before it the next
                if self.j >= len(self.marks):
                    self.c = None
                    self.i = len(game.setup_def.rules)      # (done: on to the factions)
                    self.pc = SETUP
                    continue
                lm = g.landmarks[self.marks[self.j]]
                if self.c is None:
                    self.c = ctx.child(me=landmarks.placer(game, self.j), env={})
                r = self._resume(lm.rules, self.c, lm.law)
                if r is not None:
                    return r
                self.j += 1
                self.i = 0
                self.c = None
            elif pc == TURN_ORDER:
                seating.draw_turn_order(game)
                self.pc = SETUP
            elif pc == CHOOSE:
                fc = game.setup_def.faction_choice
                if self.f is None:
                    if self.j >= len(self.order):
                        self.c = None
                        self.i = 0
                        self.pc = AFTER_FACTIONS
                        continue
                    seat = self.order[self.j]
                    if fc.reveal and self.offer is None:
                        self.offer = seating.reveal_offer(game, fc)       # A.8.1
                    pool = seating.offer_now(game, fc, *(self.offer or (None, None, ())))
                    if not pool:
                        raise Failure("no_option", fc.law)
                    if fc.dealt:
                        f = chance.choice(game, s.rng, pool, "faction")
                    else:
                        c = ctx.child(me=seat, env={})
                        c.law = fc.law
                        f = ask(c, seat, "choose", pool, False, ("choose", "faction_draft"), fc.law)
                        if type(f) is Decision:
                            self.d = f
                            return f
                    self._take(seat, f)
                rules = _faction_setup(game, self.f)
                n = len(rules)
                while self.i < n + len(fc.on_choose):
                    self.c.law = None
                    i = self.i
                    self.i += 1
                    r = (rules[i] if i < n else fc.on_choose[i - n])(self.c)
                    if r is not None:
                        return r
                self.j += 1
                self.i = 0
                self.c = self.f = None
            elif pc == SETUP_ORDER:
                order = [f for f in g.setup_order if f in game.factions]
                order += [f for f in game.factions if f not in order]
                fc = game.setup_def.faction_choice
                if game.setup_id is not None and fc is not None and not game.standard_factions:
                    # a setup whose seats choose their factions, made with them given: they set
                    # up in the choice's order all the same (A.8.2: from the last seat)
                    order = list(reversed(s.seats) if fc.reverse else s.seats)
                for group in getattr(g, "setup_groups", ()):
                    # factions listed together set up in a random order (9.7.1)
                    here = [f for f in order if f in group]
                    if len(here) > 1:
                        mixed = list(here)
                        chance.shuffle(game, s.rng, mixed, "order")
                        it = iter(mixed)
                        order = [next(it) if f in group else f for f in order]
                self.order = tuple(order)
                self.j = 0
                self.i = 0
                self.c = None
                self.pc = SETUP_FACTION
            elif pc == SETUP_FACTION:
                if self.j >= len(self.order):
                    self.c = None
                    self.i = 0
                    self.pc = AFTER_FACTIONS
                    continue
                f = self.order[self.j]
                if self.c is None:
                    self.c = ctx.child(me=f, env={})
                rules = _faction_setup(game, f)
                fc = game.setup_def.faction_choice
                if fc is not None and fc.on_choose:
                    rules = rules + fc.on_choose    # `ao_escolher:` (seating.py)
                r = self._resume(rules, self.c, None)
                if r is not None:
                    return r
                self.j += 1
                self.i = 0
                self.c = None
            elif pc == AFTER_FACTIONS:
                # a setup's rules after the factions set up (`depois_das_facções:`, A.10)
                rules = game.setup_def.after
                r = self._resume(rules, ctx, None, fresh=True)
                if r is not None:
                    return r
                self.i = 0
                self.pc = SETUP_DONE
            elif pc == SETUP_DONE:
                game.log_event("setup_done", None)
                _proofs.prove(g, s)         # what this game can never have (proofs.py)
                if self.start_f is not None:
                    s.round = max(0, s.round - 1)
                self.pc = ROUND
            elif pc == FINAL:
                self.j = 0
                self.i = 0
                self.c = None
                self.pc = FINAL_SEAT
            elif pc == FINAL_SEAT:
                # final scoring rules, once for each seat in seat order
                if self.j >= len(s.seats):
                    self.c = None
                    self.pc = RANK
                    continue
                if self.c is None:
                    self.c = ctx.child(me=s.seats[self.j], env={})
                rules = g.ending.final_scoring
                if self.i < len(rules):
                    self.i += 1
                    r = rules[self.i - 1](self.c)
                    if r is not None:
                        return r
                    continue
                self.j += 1
                self.i = 0
                self.c = None
            elif pc == RANK:
                if not s.winners:
                    _ending.rank(game, ctx)
                return self._end()
            else:
                return FIN
