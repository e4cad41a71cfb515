"""What compiled rules run against: the context, decisions, failure, and generic queries.

A compiled statement is a function `run(ctx)`: it finishes at once (None) or returns a frame
that waits for a `Decision` and receives the index of the chosen option (machine.py: where
the rules are suspended is data, copied by `Game.clone`). Expressions are plain
functions `f(ctx) -> value`. Values are ids from the ruleset (spaces, piece kinds, factions,
enumeration values), card instances (ints), numbers, booleans and lists.

`Failure` is raised when a rule cannot be carried out completely (a choice with no legal
option, a cost that cannot be paid inside an all-or-nothing block); `Try` blocks and action
menus catch it.
"""
from __future__ import annotations


class Failure(Exception):
    """The current rule cannot be completed (Law-style: "se você não puder...")."""

    def __init__(self, why: str = "", law=None):
        super().__init__(why)
        self.why = why
        self.law = law


class EndPhase(Exception):
    pass


class EndTurn(Exception):
    pass


class StopAction(Exception):
    """`pare`: the current action ends here, successfully."""


class GameOver(Exception):
    pass


class RulesLoop(Exception):
    """The rules ran past one of the engine's bounds without asking anything: a loop in the
    ruleset (a trigger feeding another, a turn with no decision) or a computed repeat count
    beyond reason. Raised instead of spinning or exhausting memory; the game stops here.
    `why`: "steps" | "depth" | "repeat"; `n`: the bound (or the count asked for); `law`: the
    paragraph of the innermost rule that was running, when known."""

    def __init__(self, why: str, n: int, law=None):
        super().__init__(f"{why} > {n}" + (f" ({law})" if law else ""))
        self.why = why
        self.n = n
        self.law = law


# bounds that no sensible ruleset reaches between two decisions (interpreter/machine.py);
# the same bound as the numbers allowed in rules (C038), for a computed repeat count
MAX_STEPS = 1_000_000
MAX_DEPTH = 5_000
MAX_REPEAT = 1_000_000


class Decision:
    """A pending choice: who decides, what about, and the legal options (values)."""

    __slots__ = ("player", "kind", "options", "prompt", "law", "optional", "meta", "secret")

    def __init__(self, player, kind, options, prompt=None, law=None, optional=False, meta=None,
                 secret=False):
        self.player = player
        self.kind = kind          # choose | branch | menu | may | hits | order | ...
        self.options = options    # list of values; PASS / STOP are sentinels
        self.prompt = prompt      # (message key, args) for the log and human agents
        self.law = law
        self.optional = optional
        self.meta = meta
        self.secret = secret      # the answer is hidden from the other players until revealed

    def __repr__(self):
        return f"Decision({self.player}, {self.kind}, {self.options!r})"


class _Sentinel:
    __slots__ = ("name",)

    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return self.name


PASS = _Sentinel("PASS")      # decline an optional thing
DONE = _Sentinel("DONE")      # end an action menu / stop repeating


class Ctx:
    """Where a rule runs: the game definition, map, state, the acting faction, variables."""

    __slots__ = ("g", "m", "s", "me", "env", "menus", "strict", "engine", "depth", "law")

    def __init__(self, g, m, s, me, env=None, engine=None):
        self.g = g
        self.m = m
        self.s = s
        self.me = me
        self.env = env if env is not None else {}
        self.menus = []
        self.strict = 0
        self.engine = engine
        self.depth = 0
        self.law = None

    def child(self, me=None, env=None) -> "Ctx":
        # every slot set here, without __init__: its frame and the `menus` list it makes were
        # thrown away at once (≈ 2 children per decision: hooks, actions performed)
        c = _new(Ctx)
        c.g = self.g
        c.m = self.m
        c.s = self.s
        c.me = self.me if me is None else me
        c.env = dict(self.env) if env is None else env
        c.engine = self.engine
        c.menus = self.menus
        c.strict = self.strict
        c.depth = self.depth + 1
        c.law = None
        return c


_new = object.__new__


# ---------------------------------------------------------------------------------------------
# generic queries over the board

def ruler(ctx: Ctx, space: str):
    """The faction that rules a space, as the ruleset declares it (interpreter/rule.py): kept
    per space until its pieces change (or, when modifiers read more of the state, that)."""
    s = ctx.s
    cache = s._ruler
    # the state has not changed since the kept rulers were last found valid (`_checked`): what
    # they depend on (the stamp's versions, the gate, who is seated) is all in `vid`, which
    # every change bumps (a new seat, a hireling and new card instances with `ver += 1`); a
    # rollback clears the table, and with it this mark. Most asks come so: a menu's
    # conditions ask several spaces of one position
    if cache.get(_CHECKED) == s.vid:
        r = cache.get(space, 0)
        if r != 0:
            return r
    return _checked(ctx, s, cache, space)


def _checked(ctx, s, cache, space):
    """ruler() with the kept rulers checked against what they depend on first."""
    rd = ctx.g.rule
    stamp = rd.stamp
    gate = rd.gate
    if gate is not None and not s.gate_on:
        gate = None                 # none of the gated cards is in this game (State.vg)
    seated = rd.seated
    if seated is not None:
        # is a faction whose rule modifiers hold while seated in this game? Its seats and
        # hirelings are fixed once it is set up: kept for the last game asked, once proved
        last = _SEATED
        defs = s.card_defs
        if last[1] is defs and last[0] is rd:
            seated = last[2]
        else:
            seated = not seated.isdisjoint(s.seats) or bool(s.hired and not seated.isdisjoint(s.hired))
            if _proofs.facts(ctx.g, s) is not None:
                last[0], last[1], last[2] = rd, defs, seated
    else:
        seated = False
    if seated and rd.seated_stamp is not None:
        stamp = rd.seated_stamp     # a faction whose rule modifiers hold while seated plays
    if stamp is not None or gate is not None:
        v = stamp(s) if stamp is not None else None
        if gate is not None:
            # who has the cards whose rule modifiers hold only in play (interpreter/rule.py)
            on = gate[2] if gate[0] == s.uid and gate[1] == s.vc else _rule.update_gate(ctx.g, s)
            v = (v, on)
        if cache.get(None, _NOSTAMP) != v:
            cache.clear()
            cache[None] = v
    cache[_CHECKED] = s.vid
    r = cache.get(space, 0)
    if r != 0:
        return r
    table = rd.fast
    if table is None or seated or (gate is not None and gate[2]):
        best = _rule.compute(ctx, space)
    else:
        # strictly most pieces (by weight) of one tier; a tie is nobody's unless a faction
        # that breaks ties is among the tied
        counts = {}
        for kind, n in s.board.get(space, {}).items():
            t = table.get(kind)
            if t is not None:
                f = t[0]
                counts[f] = counts.get(f, 0) + t[1] * n
        best = None
        if counts:
            top = max(counts.values())
            tied = [f for f, n in counts.items() if n == top]
            if len(tied) == 1:
                best = tied[0]
            else:
                for f in ctx.g.tie_breakers:
                    if f in tied:
                        best = f
                        break
    cache[space] = best
    return best


_NOSTAMP = object()
_CHECKED = object()     # key of State._ruler: the `vid` at which the kept rulers were checked
# [rule definition, card instances of the game, seated?] of the last game ruler() asked about
# (the card instances' list is a game's identity, shared by its copies; kept alive here)
_SEATED = [None, None, False]


def free_capacity(ctx: Ctx, space: str, attr: str) -> int:
    cap = _attr(ctx, space, attr) or 0
    used = 0
    kinds = ctx.g.piece_kinds
    for kind, n in ctx.s.board.get(space, {}).items():
        if kinds[kind].occupies == attr:
            used += n
    return cap - used


def matches(g, a, b) -> bool:
    """Two enumeration values correspond: equal, or one of them is wild. A missing value
    (None: no constraint, a parameter not given) corresponds to anything; a space's missing
    value (board.NOVALUE) to nothing; several values (a tuple) when one of them does."""
    # the common cases first (plain values): the rest only costs when it is needed
    if a is None or b is None:
        return True
    if a == b:
        return a is not _NOVALUE
    wild = g.wild
    if a in wild or b in wild:
        return a is not _NOVALUE and b is not _NOVALUE
    if a.__class__ is tuple:
        return any(matches(g, x, b) for x in a)
    if b.__class__ is tuple:
        return any(matches(g, a, x) for x in b)
    return False


def matches_strict(g, a, b) -> bool:
    """`correspondente exatamente a` (N18): as `matches`, but a wild value matches only
    itself (birds are not wild for the Lizard Cult's rituals, Law 10.2.2). Kept apart so that
    `matches`, on every hot path, pays nothing for it."""
    if a is None or b is None:
        return True
    if a == b:
        return a is not _NOVALUE
    if a.__class__ is tuple:
        return any(matches_strict(g, x, b) for x in a)
    if b.__class__ is tuple:
        return any(matches_strict(g, a, x) for x in b)
    return False


from .board import NOVALUE as _NOVALUE, attr as _attr     # noqa: E402  (board imports nothing from here)
from . import rule as _rule     # noqa: E402
from . import proofs as _proofs     # noqa: E402


def supply_count(g, s, kind) -> int:
    """Pieces of a kind its owner can place: a back kind's (`verso:`) are its faces' supply."""
    faces = g.faces.get(kind)
    if faces is None:
        return s.supply.get(kind, 0)
    return sum(s.supply.get(f, 0) for f in faces)


def owner_of(ctx, kind: str):
    return ctx.g.piece_kinds[kind].owner


def covers_of(g) -> dict:
    """{piece kind: set of categories and kinds it covers}: pieces declared `cobre:` (the
    pieces of those categories or kinds in its space lie under it). Built once per ruleset."""
    table = getattr(g, "_covers", None)
    if table is None:
        table = {}
        for k, pk in g.piece_kinds.items():
            v = pk.attrs.get("covers")
            if v:
                table[k] = {str(x) for x in (v if isinstance(v, (list, tuple)) else [v])}
        g._covers = table
    return table


def covered(g, s, space) -> dict:
    """{kind: n} of the pieces of a space that are face down — hidden from every player —
    because a piece there covers them (`cobre:`); they show again once they leave it."""
    table = covers_of(g)
    here = s.board.get(space)
    if not table or not here:
        return {}
    hiders = [table[k] for k in here if k in table and here[k]]
    if not hiders:
        return {}
    out = {}
    for k, n in here.items():
        if not n or k in table:
            continue
        pk = g.piece_kinds[k]
        if any(k in h or pk.category in h for h in hiders):
            out[k] = n
    return out
