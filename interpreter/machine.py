"""Where the rules are suspended, as data: a stack of frames that a game copies.

A compiled statement is a function `run(ctx)` that either finishes at once (returns None) or
returns a *frame*: a small object holding where that statement is (a step number `pc`) and
its own variables. The machine steps the frame on top of its stack; a step returns

  * another frame (a statement it runs: pushed, and stepped from its start),
  * a `Decision` (the rules wait for a player: the machine stops; the chosen index is sent
    to the same frame when the game resumes),
  * `FIN` (the frame is done; `m.ret` holds its value, sent to the frame below).

An exception raised by a step (Failure, EndPhase, ...) pops the frame and is offered to the
frames below (`throw`), as a `try` in a generator would catch it.

Why frames and not Python generators: a suspended generator cannot be copied, so a game in
progress could only be copied by replaying its history (tens of milliseconds). A stack of
frames is data: `copy(cp)` on each gives an independent game in microseconds (see
docs/arquitetura.md). A copy of a game shares the frames until one side runs the rules again
(`Machine.copy`, copy on write), and the values the frames hold that never change (ids,
numbers, tuples of them, compiled rules) are shared, not copied (`Copier.val`). A statement still written as a generator runs inside a `GenFrame`;
while one is on the stack the game cannot copy itself and falls back to replay.
"""
from __future__ import annotations

import weakref
from types import GeneratorType

from .runtime import Ctx, Decision, RulesLoop, MAX_STEPS, MAX_DEPTH


class _Fin:
    __slots__ = ()

    def __repr__(self):
        return "FIN"


FIN = _Fin()


class Frame:
    """One suspended statement. Subclasses define `step`, and `throw` if they catch."""
    __slots__ = ()
    copyable = True

    def step(self, m, send):  # pragma: no cover - overridden
        raise NotImplementedError

    def throw(self, m, exc):
        raise exc

    def copy(self, cp):  # pragma: no cover - overridden
        raise NotImplementedError


class GenFrame(Frame):
    """A statement still written as a generator (not copyable)."""
    __slots__ = ("gen",)
    copyable = False

    def __init__(self, gen):
        self.gen = gen

    def step(self, m, send):
        try:
            r = self.gen.send(send)
        except StopIteration as e:
            m.ret = e.value
            return FIN
        return _frame_of(r)

    def throw(self, m, exc):
        try:
            r = self.gen.throw(exc)
        except StopIteration as e:
            m.ret = e.value
            return FIN
        return _frame_of(r)


def _frame_of(r):
    # a generator yields Decisions; a frame-based statement it runs with `yield from sub(..)`
    # is driven by `drive` below, so only Decisions come out here
    if r is None:
        raise RuntimeError("a rule generator yielded nothing")
    return r


class Machine:
    """The stack of suspended statements of one game.

    Copied on write: `copy(cp)` gives a machine that shares this one's frames (the stack's
    list itself) and keeps the Copier `cp`; the frames are copied through it only when one
    of the two machines is about to change them: the copy, before it first runs (`own`);
    this one, before it runs again, first makes its copies still sharing its frames take
    theirs (`_release`). A frame, its context and its variables are therefore never changed
    while another machine may still copy them, and a copy that is dropped before it runs
    never copies its frames at all."""
    __slots__ = ("stack", "ret", "steps", "cp", "sharers", "__weakref__")

    def __init__(self, root=None):
        self.stack = [] if root is None else [root]
        self.ret = None
        # steps taken since the last decision (`run` and the loops of long-running frames
        # count them): rules that run on without asking anything stop at MAX_STEPS with an
        # error naming the rule, instead of spinning for ever
        self.steps = 0
        self.cp = None          # the frames are another machine's: copy them through this
        self.sharers = None     # weak references to the machines that share these frames

    def own(self):
        """Before the frames change: copy them if they are shared (both ways)."""
        cp = self.cp
        if cp is not None:
            self.cp = None
            self.stack = [fr.copy(cp) for fr in self.stack]
        sh = self.sharers
        if sh is not None:
            self.sharers = None
            for r in sh:
                m = r()
                if m is not None and m.cp is not None:
                    m.own()

    def tick(self):
        """One more step of a frame's own loop (a turn, a repetition)."""
        self.steps += 1
        if self.steps > MAX_STEPS:
            raise RulesLoop("steps", MAX_STEPS, self.law())

    def run(self, send, r=None):
        """Step until a decision is due (returned) or the stack is empty (None). With `r`,
        first take `r` as what a step returned (a statement's result, see `drive`)."""
        if self.cp is not None or self.sharers is not None:
            self.own()
        stack = self.stack
        if r is None:
            if not stack:
                return None
            try:
                r = stack[-1].step(self, send)
            except Exception as exc:  # noqa: BLE001 - offered to the frames below, as in Python
                r = self._unwind(exc)
        while True:
            self.steps += 1
            if self.steps > MAX_STEPS:
                raise RulesLoop("steps", MAX_STEPS, self.law())
            if r is FIN:
                stack.pop()
                if not stack:
                    return None
                send = self.ret          # set only by a GenFrame's return value
                if send is not None:
                    self.ret = None
            else:
                t = type(r)
                if t is Decision:
                    self.steps = 0
                    return r
                if t is tuple:
                    # a frame its statement already stepped once, and what that step returned
                    stack.append(r[0])
                    r = r[1]
                    continue
                if t is GeneratorType:
                    r = GenFrame(r)
                stack.append(r)
                if len(stack) > MAX_DEPTH:
                    # rules nested without end (a trigger whose effect sets off another...)
                    raise RulesLoop("depth", MAX_DEPTH, self.law())
                send = None
            try:
                r = stack[-1].step(self, send)
            except Exception as exc:  # noqa: BLE001
                r = self._unwind(exc)

    def law(self):
        """The paragraph of the innermost running rule that names one (for error reports):
        hooks, actions and cards set it on their context."""
        for fr in reversed(self.stack):
            c = getattr(fr, "ctx", None) or getattr(fr, "c", None)
            law = getattr(c, "law", None)
            if law:
                return law
        return None

    def _unwind(self, exc):
        stack = self.stack
        stack.pop()
        while stack:
            try:
                return stack[-1].throw(self, exc)
            except Exception as e:  # noqa: BLE001
                exc = e
                stack.pop()
        raise exc

    def copyable(self) -> bool:
        for fr in self.stack:
            if not fr.copyable:
                return False
        return True

    def copy(self, cp) -> "Machine":
        """A machine for a copy of the game (`cp`: its Copier, which already remapped the
        copy's context and pending decision): it shares these frames until either changes
        them (see the class)."""
        if self.cp is not None:
            self.own()          # a copy still sharing another's frames: its own ones first
        m = Machine()
        m.stack = self.stack
        m.steps = self.steps
        m.cp = cp
        sh = self.sharers
        if sh is None:
            sh = self.sharers = []
        elif len(sh) >= 16:
            # copies dropped, or that copied their frames already, need nothing any more
            sh = self.sharers = [r for r in sh if (x := r()) is not None and x.cp is not None]
        sh.append(weakref.ref(m))
        return m


def drive(r):
    """Run a statement's result from inside a generator (`yield from drive(stmt(ctx))`):
    None (done), a generator, or a frame run on a machine of its own."""
    if r is None:
        return None
    if type(r) is GeneratorType:
        return (yield from r)
    m = Machine()
    d = m.run(None, r)
    while d is not None:
        i = yield d
        d = m.run(i)
    return m.ret


class Copier:
    """Copies the data of suspended frames for a copy of the game: each context, variable
    dictionary, list and decision once (frames that shared one share its copy)."""
    __slots__ = ("s", "engine", "memo")

    def __init__(self, s, engine):
        self.s = s
        self.engine = engine
        self.memo = {}

    def ctx(self, c):
        if c is None:
            return None
        memo = self.memo
        n = memo.get(id(c))
        if n is None:
            n = Ctx.__new__(Ctx)
            memo[id(c)] = n
            n.g = c.g
            n.m = c.m
            n.s = self.s
            n.me = c.me
            env = c.env
            n.env = self.val(env) if env else {}
            menus = c.menus
            n.menus = self.val(menus) if menus else (memo.get(id(menus)) or self._empty(menus))
            n.strict = c.strict
            n.engine = self.engine
            n.depth = c.depth
            n.law = c.law
        return n

    def _empty(self, lst):
        # the contexts of one game share one list of open menus, even while it is empty
        n = self.memo[id(lst)] = []
        return n

    def decision(self, d):
        if d is None:
            return None
        memo = self.memo
        n = memo.get(id(d))
        if n is None:
            meta = d.meta
            if meta is not None and type(meta) is tuple and len(meta) == 2 and type(meta[1]) is Ctx:
                # a decision is never changed once asked: only the context it names is new
                n = Decision(d.player, d.kind, d.options, d.prompt, d.law, d.optional,
                             (meta[0], self.ctx(meta[1])), d.secret)
            else:
                n = d
            memo[id(d)] = n
        return n

    def val(self, v):
        """A value held by a frame: containers are copied (once), contexts remapped, the
        rest (ids, numbers, compiled rules) shared. Whether a container holds anything but
        shared values is asked of the types of its items at once (`_SHARED`, a C-level
        check), so a list of ids is copied without looking at each id, and a tuple of them
        is shared as it is."""
        t = type(v)
        if t in _SHARED:
            return v
        if t is list:
            memo = self.memo
            n = memo.get(id(v))
            if n is None:
                n = memo[id(v)] = v.copy()
                if not _SHARED.issuperset(map(type, v)):
                    val = self.val
                    for i, x in enumerate(v):
                        if type(x) not in _SHARED:
                            n[i] = val(x)
            return n
        if t is dict:
            memo = self.memo
            n = memo.get(id(v))
            if n is None:
                n = memo[id(v)] = v.copy()
                if not _SHARED.issuperset(map(type, v.values())):
                    val = self.val
                    for k, x in v.items():
                        if type(x) not in _SHARED:
                            n[k] = val(x)
            return n
        if t is tuple:
            # a tuple is copied only when it holds something copied (a context, a list...)
            if _SHARED.issuperset(map(type, v)):
                return v
            val = self.val
            out = tuple([val(x) for x in v])
            for a, b in zip(out, v):
                if a is not b:
                    return out
            return v
        if t is set:
            memo = self.memo
            n = memo.get(id(v))
            if n is None:
                n = memo[id(v)] = set(v)
            return n
        if t is Ctx:
            return self.ctx(v)
        if t is Decision:
            return self.decision(v)
        # any other value is shared (a compiled rule, a hook, a sentinel, a frozen set...):
        # its type joins the shared ones, so the next value of that type is shared at once
        _SHARED.add(t)
        return v


# the types of the values that copies of a game share: what `Copier.val` returns as it is (it
# learns the others as it meets them; containers, contexts and decisions never join)
_SHARED = {str, int, bool, float, type(None), frozenset, range}


class Step(Frame):
    """A statement written as a step function `fn(K, L, send)`: K its compiled parts (shared),
    L its variables (a dict with `pc`, copied). `fn` returns what a frame's step returns."""
    __slots__ = ("fn", "K", "L")

    def __init__(self, fn, K, L):
        self.fn = fn
        self.K = K
        self.L = L

    def step(self, m, send):
        return self.fn(self.K, self.L, send)

    def copy(self, cp):
        return Step(self.fn, self.K, cp.val(self.L))


def start(fn, K, L):
    """Run a step function at once up to its first wait: None if it finished."""
    r = fn(K, L, None)
    if r is FIN:
        return None
    return (Step(fn, K, L), r)


def begin(frame):
    """Step a new frame at once (most statements finish without waiting): None if it
    finished, else (frame, what its step returned) for the machine to push."""
    r = frame.step(None, None)
    if r is FIN:
        return None
    return (frame, r)


class _Stop:
    __slots__ = ()


STOP = _Stop()     # a call of `Calls` that ends the sequence


class Calls(Frame):
    """Calls `(fn, args)` made one after the other, each waiting for what the one before
    started (a trigger's effects, a replaced discard...). Arguments are copied values."""
    __slots__ = ("calls", "i")

    def __init__(self, calls, i):
        self.calls = calls
        self.i = i

    def step(self, m, send):
        calls = self.calls
        i = self.i
        n = len(calls)
        while i < n:
            fn, args = calls[i]
            i += 1
            r = fn(*args)
            if r is not None:
                if r is STOP:
                    return FIN
                self.i = i
                return r
        return FIN

    def copy(self, cp):
        # the calls already made are not needed again
        return Calls(cp.val(self.calls[self.i:]), 0)


def run_calls(calls):
    """Make the calls at once until one waits: None if none did."""
    i = 0
    n = len(calls)
    while i < n:
        fn, args = calls[i]
        i += 1
        r = fn(*args)
        if r is not None:
            if r is STOP:
                return None
            return (Calls(calls, i), r)
    return None
