"""Frames of the control-flow statements (blocks, choices, conditions, loops, menus...).

Each statement compiled by rulesdsl.compiler runs what it can at once and returns a frame
(machine.py) only when it must wait: for a player's decision, or for a statement inside it
that waits. A frame keeps the compiled parts it runs (shared, never changed) and its own
variables (copied by `copy`). `pc` says where it is.
"""
from __future__ import annotations

from .machine import FIN, Frame
from .runtime import DONE, MAX_REPEAT, PASS, Decision, EndPhase, EndTurn, Failure, RulesLoop, StopAction


def ask(ctx, player, kind, options, optional=False, prompt=None, law=None, meta=None, secret=False):
    """A decision, unless forced: returns a Decision to wait on, or the only option.
    secret: the answer is hidden from the other players until a `revele` (observation.py)."""
    if optional:
        options = list(options) + [PASS]
    n = len(options)
    if n == 0:
        raise Failure("no_option", law)
    if n == 1:
        return options[0]
    return Decision(player, kind, options, prompt, law or ctx.law, optional, meta, secret)


# ---------------------------------------------------------------------------------------------

class Block(Frame):
    """The statements of a block, in order."""
    __slots__ = ("runs", "ctx", "i")

    def __init__(self, runs, ctx, i):
        self.runs = runs
        self.ctx = ctx
        self.i = i

    def step(self, m, send):
        runs = self.runs
        ctx = self.ctx
        i = self.i
        n = len(runs)
        while i < n:
            r = runs[i](ctx)
            i += 1
            if r is not None:
                self.i = i
                return r
        return FIN

    def copy(self, cp):
        return Block(self.runs, cp.ctx(self.ctx), self.i)


def block(runs):
    last = len(runs)

    def run(ctx):
        i = 0
        for r in runs:
            i += 1
            x = r(ctx)
            if x is not None:
                return (Block(runs, ctx, i), x) if i < last else x
        return None
    if runs and getattr(runs[0], "opens_menu", False):
        run.opens_menu = True
    return run


# ---------------------------------------------------------------------------------------------
# choices

class ChooseOne(Frame):
    """`escolha um X`: waits for the decision, then binds the choice."""
    __slots__ = ("ctx", "d", "var", "many")

    def __init__(self, ctx, d, var, many):
        self.ctx = ctx
        self.d = d
        self.var = var
        self.many = many      # the `n` form (records __chosen) or the plain one

    def step(self, m, send):
        if send is None:
            return self.d
        v = self.d.options[send]
        bind_one(self.ctx, v, self.var, self.many)
        return FIN

    def copy(self, cp):
        return ChooseOne(cp.ctx(self.ctx), cp.decision(self.d), self.var, self.many)


def bind_one(ctx, v, var, many):
    env = ctx.env
    if many:
        if v is PASS:
            env["__chosen"] = []
            env["__passed"] = True
            if var:
                env[var] = None
            return
        env["__chosen"] = [v]
        if var:
            env[var] = v
        return
    if v is PASS:
        env["__passed"] = True
    if var:
        env[var] = None if v is PASS else v


class ChooseMany(Frame):
    """`escolha N X` / `até N X`: one decision per element."""
    __slots__ = ("k", "ctx", "n", "player", "chosen", "d")

    def __init__(self, k, ctx, n, player):
        self.k = k            # (items, optional, upto, prompt, law, var)
        self.ctx = ctx
        self.n = n
        self.player = player
        self.chosen = []
        self.d = None

    def step(self, m, send):
        items, optional, upto, prompt, law, var = self.k[:6]
        ctx = self.ctx
        chosen = self.chosen
        if self.d is not None:
            v = self.d.options[send]
            self.d = None
            if v is PASS:
                return self._end()
            chosen.append(v)
        while len(chosen) < self.n:
            opts = [x for x in items(ctx) if x not in chosen]
            if not opts:
                if upto or optional:
                    break
                raise Failure("no_option", law)
            v = ask(ctx, self.player, "choose", opts, optional or (upto and chosen != []), prompt, law,
                    secret=len(self.k) > 6 and self.k[6])
            if type(v) is Decision:
                self.d = v
                return v
            if v is PASS:
                break
            chosen.append(v)
        return self._end()

    def _end(self):
        var, law, optional = self.k[5], self.k[4], self.k[1]
        n = self.n
        chosen = self.chosen
        ctx = self.ctx
        if var:
            ctx.env[var] = chosen[0] if n == 1 and chosen else (chosen if n != 1 else None)
            if n == 1 and not chosen and not optional:
                raise Failure("no_option", law)
        ctx.env["__chosen"] = chosen
        return FIN

    def copy(self, cp):
        n = ChooseMany.__new__(ChooseMany)
        n.k = self.k
        n.ctx = cp.ctx(self.ctx)
        n.n = self.n
        n.player = self.player
        n.chosen = cp.val(self.chosen)
        n.d = cp.decision(self.d)
        return n


class MayDo(Frame):
    """`você pode posicionar ...`: the player is asked whether to do it; declining sets
    `__passed` (so `você pode X: Y` skips Y) and does nothing."""
    __slots__ = ("inner", "verb", "law", "ctx", "pc", "d", "who")

    def __init__(self, inner, verb, law, ctx, who=None):
        self.inner = inner
        self.verb = verb
        self.law = law
        self.ctx = ctx
        self.pc = 0
        self.d = None
        self.who = who          # the verb's subject ("J pode comprar"), asked instead of 'você'

    def step(self, m, send):
        ctx = self.ctx
        if self.pc == 0:
            self.pc = 1
            v = ask(ctx, ctx.me if self.who is None else self.who, "may", [True], True,
                    ("may_verb", self.verb), self.law)
            if type(v) is Decision:
                self.d = v
                return v
        else:
            v = self.d.options[send] if self.d is not None else True
            self.d = None
        if self.pc == 1:
            self.pc = 2
            if v is PASS:
                ctx.env["__passed"] = True
                return FIN
            r = self.inner(ctx)
            if r is not None:
                return r
        return FIN

    def copy(self, cp):
        n = MayDo(self.inner, self.verb, self.law, cp.ctx(self.ctx), self.who)
        n.pc = self.pc
        n.d = cp.decision(self.d)
        return n


class Maybe(Frame):
    """`você pode X: Y`: X undone if it fails; Y only if X was done (not passed)."""
    __slots__ = ("act", "then", "ctx", "pc", "mark")

    def __init__(self, act, then_, ctx):
        self.act = act
        self.then = then_
        self.ctx = ctx
        self.pc = 0
        self.mark = 0

    def step(self, m, send):
        ctx = self.ctx
        if self.pc == 0:
            self.mark = ctx.s.mark()
            ctx.env["__passed"] = False
            self.pc = 1
            try:
                r = self.act(ctx)
            except Exception as e:  # noqa: BLE001 - what `throw` catches, raised at once
                return self.throw(m, e)
            if r is not None:
                return r
        if self.pc == 1:
            done = not ctx.env.pop("__passed", False)
            ctx.s.commit(self.mark)
            self.pc = 2
            if done:
                r = self.then(ctx)
                if r is not None:
                    return r
        return FIN

    def throw(self, m, exc):
        if self.pc == 1:
            if isinstance(exc, Failure):
                self.ctx.s.rollback(self.mark)
                self.ctx.s.commit(self.mark)
                return FIN
            # X ended the phase, the turn or the action ("termine a fase"): it was done, and
            # the mark is closed as Perform and Menu close theirs (an outermost mark left open
            # would keep the journal growing for the rest of the game)
            self.ctx.s.commit(self.mark)
        raise exc

    def copy(self, cp):
        n = Maybe(self.act, self.then, cp.ctx(self.ctx))
        n.pc = self.pc
        n.mark = self.mark
        return n


class ForEach(Frame):
    """`para cada X`: the body once per element (the elements read at the start)."""
    __slots__ = ("body", "var", "ctx", "xs", "i")

    def __init__(self, body, var, ctx, xs, i):
        self.body = body
        self.var = var
        self.ctx = ctx
        self.xs = xs
        self.i = i

    def step(self, m, send):
        xs = self.xs
        ctx = self.ctx
        var = self.var
        body = self.body
        i = self.i
        while i < len(xs):
            if var:
                ctx.env[var] = xs[i]
            i += 1
            r = body(ctx)
            if r is not None:
                self.i = i
                return r
        return FIN

    def copy(self, cp):
        return ForEach(self.body, self.var, cp.ctx(self.ctx), cp.val(self.xs), self.i)


def foreach(elems, body, var):
    def run(ctx):
        xs = elems(ctx)
        if type(xs) is not list:
            xs = list(xs)
        i = 0
        for x in xs:
            if var:
                ctx.env[var] = x
            i += 1
            r = body(ctx)
            if r is not None:
                return (ForEach(body, var, ctx, xs, i), r)
        return None
    return run


class ForEachAnyOrder(Frame):
    """`para cada X, em qualquer ordem`: the player picks the next element each time."""
    __slots__ = ("k", "ctx", "left", "d")

    def __init__(self, k, ctx, left):
        self.k = k            # (body, var, etype, law)
        self.ctx = ctx
        self.left = left
        self.d = None

    def step(self, m, send):
        body, var, etype, law = self.k
        ctx = self.ctx
        left = self.left
        while True:
            if self.d is not None:
                x = self.d.options[send]
                self.d = None
            else:
                if not left:
                    return FIN
                x = ask(ctx, ctx.me, "order", list(dict.fromkeys(left)), False, ("order", etype), law)
                if type(x) is Decision:
                    self.d = x
                    return x
            left.remove(x)
            if var:
                ctx.env[var] = x
            r = body(ctx)
            if r is not None:
                return r
            send = None

    def copy(self, cp):
        n = ForEachAnyOrder(self.k, cp.ctx(self.ctx), cp.val(self.left))
        n.d = cp.decision(self.d)
        return n


class Repeat(Frame):
    """`repita N vezes` (and `até N vezes`: asked before each time)."""
    __slots__ = ("k", "ctx", "n", "i", "d")

    def __init__(self, k, ctx, n):
        self.k = k            # (body, upto, law)
        self.ctx = ctx
        if n > MAX_REPEAT:
            # a count computed in play (C038 bounds the written ones): refused, not spun on
            raise RulesLoop("repeat", n, k[2] or ctx.law)
        self.n = n
        self.i = 0
        self.d = None

    def step(self, m, send):
        body, upto, law = self.k
        ctx = self.ctx
        while True:
            if self.d is not None:
                v = self.d.options[send]
                self.d = None
                if v is DONE:
                    return FIN
            else:
                if self.i >= self.n:
                    return FIN
                if upto:
                    v = ask(ctx, ctx.me, "repeat", [True, DONE], False, ("repeat", self.i + 1, self.n), law)
                    if type(v) is Decision:
                        self.d = v
                        return v
                    if v is DONE:
                        return FIN
            self.i += 1
            # counted as a step (a frame's first step runs before it is on a machine)
            (m or ctx.engine.machine).tick()
            r = body(ctx)
            if r is not None:
                return r

    def copy(self, cp):
        n = Repeat(self.k, cp.ctx(self.ctx), self.n)
        n.i = self.i
        n.d = cp.decision(self.d)
        return n


class Try(Frame):
    """`tente: ... se falhar: ...`: inside, falling short is a failure; a failure is caught."""
    __slots__ = ("body", "fail", "ctx", "pc")

    def __init__(self, body, fail, ctx):
        self.body = body
        self.fail = fail
        self.ctx = ctx
        self.pc = 0

    def step(self, m, send):
        if self.pc == 0:
            self.ctx.strict += 1
            self.pc = 1
            try:
                r = self.body(self.ctx)
            except Exception as e:  # noqa: BLE001
                return self.throw(m, e)
            if r is not None:
                return r
        if self.pc == 1:
            self.ctx.strict -= 1
        return FIN

    def throw(self, m, exc):
        if self.pc == 1 and isinstance(exc, Failure):
            self.ctx.strict -= 1
            self.pc = 2
            if self.fail is not None:
                r = self.fail(self.ctx)
                if r is not None:
                    return r
            return FIN
        raise exc

    def copy(self, cp):
        n = Try(self.body, self.fail, cp.ctx(self.ctx))
        n.pc = self.pc
        return n


class Branch(Frame):
    """`escolha uma opção`: the player picks a block."""
    __slots__ = ("blocks", "ctx", "d", "pc")

    def __init__(self, blocks, ctx, d):
        self.blocks = blocks
        self.ctx = ctx
        self.d = d
        self.pc = 0

    def step(self, m, send):
        if self.pc == 0:
            self.pc = 1
            return self.d
        if self.pc == 1:
            self.pc = 2
            v = self.d.options[send]
            if v is PASS:
                return FIN
            r = self.blocks[v](self.ctx)
            if r is not None:
                return r
        return FIN

    def copy(self, cp):
        n = Branch(self.blocks, cp.ctx(self.ctx), cp.decision(self.d))
        n.pc = self.pc
        return n


def undo_failed(ctx, mark, action):
    ctx.s.rollback(mark)
    ctx.s.commit(mark)
    ctx.engine.log_event("action_undone", ctx.me, action=action)


class Perform(Frame):
    """`faça A`: the action (asked first when optional; undone if it cannot be completed)."""
    __slots__ = ("act", "ctx", "values", "optional", "d", "pc", "mark")

    def __init__(self, act, ctx, values, optional, d):
        self.act = act
        self.ctx = ctx
        self.values = values
        self.optional = optional
        self.d = d
        self.pc = 0
        self.mark = 0

    def step(self, m, send):
        ctx = self.ctx
        if self.pc == 0:
            if self.d is not None:
                self.pc = 1
                return self.d
            self.pc = 1
        if self.pc == 1:
            if self.d is not None:
                v = self.d.options[send]
                self.d = None
                if v is PASS:
                    return FIN
            if self.optional:
                self.mark = ctx.s.mark()
            self.pc = 2
            try:
                r = self.act.perform(ctx, self.values)
            except Exception as e:  # noqa: BLE001
                return self.throw(m, e)
            if r is not None:
                return r
        if self.pc == 2:
            self.pc = 3
            if self.optional:
                ctx.s.commit(self.mark)
        return FIN

    def throw(self, m, exc):
        if self.pc == 2 and self.optional:
            if isinstance(exc, (EndPhase, EndTurn)):
                self.ctx.s.commit(self.mark)
            elif isinstance(exc, Failure):
                undo_failed(self.ctx, self.mark, self.act.id)
                return FIN
        raise exc

    def copy(self, cp):
        n = Perform(self.act, cp.ctx(self.ctx), cp.val(self.values), self.optional, cp.decision(self.d))
        n.pc = self.pc
        n.mark = self.mark
        return n


class Menu(Frame):
    """An action menu: actions offered while the budget lasts, until the player ends it."""
    __slots__ = ("k", "ctx", "menu", "failed", "opts", "choice", "mark", "pc")

    def __init__(self, k, ctx, menu):
        self.k = k            # (g, ids, live, law, exact)
        self.ctx = ctx
        self.menu = menu
        self.failed = set()
        self.opts = None
        self.choice = None
        self.mark = 0
        self.pc = 0

    def step(self, m, send):
        g, ids, live, law, exact = self.k
        ctx = self.ctx
        menu = self.menu
        if self.pc == 1:
            choice = self.opts[send]
            self.opts = None
            if choice is DONE:
                return self._end()
            act = g.actions[choice]
            self.choice = choice
            self.mark = ctx.s.mark()
            self.pc = 2
            try:
                r = act.perform(ctx, {})
            except Exception as e:  # noqa: BLE001
                return self.throw(m, e)
            if r is not None:
                return r
        if self.pc == 2:
            ctx.s.commit(self.mark)
            self.failed.clear()
            if not g.actions[self.choice].free and menu[0] is not None:
                menu[0] -= 1
        # list what can be done now
        left = menu[0] if live is None else (live(ctx) or 0) + menu[0]
        opts = []
        failed = self.failed
        actions = g.actions
        for aid in ids:
            if aid in failed:
                continue
            act = actions[aid]
            if left is not None and left <= 0 and not act.free:
                continue
            if act.enabled(ctx):
                opts.append(aid)
        if not opts:
            return self._end()
        if not exact or left is None or left <= 0 or all(actions[a].free for a in opts):
            # `realize 1 ação` ("exact"): the menu ends early only when nothing counted is left
            opts.append(DONE)
        self.opts = opts
        self.pc = 1
        return Decision(ctx.me, "menu", opts, ("menu", left), law)

    def _end(self):
        self.ctx.menus.pop()
        self.pc = 3
        return FIN

    def throw(self, m, exc):
        ctx = self.ctx
        if self.pc == 2:
            if isinstance(exc, (EndPhase, EndTurn)):
                # an action that ends the phase or turn ("termine a fase") is done: keep it
                ctx.s.commit(self.mark)
            elif isinstance(exc, Failure):
                undo_failed(ctx, self.mark, self.choice)
                self.failed.add(self.choice)
                self.pc = 0
                return self.step(m, None)
        if self.pc != 3:
            ctx.menus.pop()
        raise exc

    def copy(self, cp):
        n = Menu.__new__(Menu)
        n.k = self.k
        n.ctx = cp.ctx(self.ctx)
        n.menu = cp.val(self.menu)
        n.failed = set(self.failed)
        n.opts = cp.val(self.opts)
        n.choice = self.choice
        n.mark = self.mark
        n.pc = self.pc
        return n


class Action(Frame):
    """An action's effect, run in its own context; `pare` ends it successfully. Once done,
    the hooks of `ação realizada` fire (`done`: (ctx, event), None when no hook listens)."""
    __slots__ = ("done",)

    def __init__(self, done=None):
        self.done = done

    def step(self, m, send):
        return self._done()

    def _done(self):
        done = self.done
        if done is None:
            return FIN
        self.done = None
        from .hooks import fire
        if hasattr(done, "events"):
            # a crafting action (`cria:`): `criação`, then `ação realizada`
            from .machine import run_calls
            r = run_calls([(fire, e) for e in done.events()])
            return FIN if r is None else r
        f = fire(*done)
        return FIN if f is None else f

    def throw(self, m, exc):
        if isinstance(exc, StopAction):
            return self._done()
        raise exc

    def copy(self, cp):
        d = self.done
        if hasattr(d, "copy_with"):
            return Action(d.copy_with(cp))
        return Action(None if d is None else (cp.ctx(d[0]), dict(d[1])))
