"""Stage 6 — compile: nodes → closures the interpreter runs; semantic errors with positions.

Expressions become `f(ctx) -> value`; statements become functions `run(ctx)` that finish at
once (None) or return a frame that waits for a `Decision` (interpreter/machine.py). Noun phrases become selection objects whose element type is known at
compile time (space, piece, card, faction, enumval, ...), which is how a loose phrase like
"2 madeiras de C" or "carta de pássaro" gets its meaning: each filter is resolved by the type
of its operand. Verbs come from the closed registry in interpreter/verbs.py.
"""
from __future__ import annotations

import os

from . import nodes as N
from .interpreter import flow, chance
from .interpreter.machine import begin  # statements return frames (machine.py)
from .errors import Diagnostics, suggest
from .interpreter.runtime import (Ctx, Decision, Failure, EndPhase, EndTurn, StopAction, PASS, DONE,
                                   ruler, free_capacity, matches, matches_strict)
from .interpreter import board as _bd
from .interpreter import small_forms as _small
from .interpreter.runtime import supply_count as _supply_count
from . import codegen as _cg


def _has_value(v, x) -> bool:
    """A space's value is x (or, holding several values, one of them is x)."""
    return v == x or (isinstance(v, tuple) and x in v)

# element types of selections and expressions
SPACE, PIECE, CARD, FACTION, ENUMVAL, ZONE, COUNTER, NUMBER, BOOL, ANY = (
    "space", "piece", "card", "faction", "enumval", "zone", "counter", "number", "bool", "any")
LIST = "list"


class CompileError(Exception):
    pass


class CC:
    """Compile context: where we are (faction, variables in scope and their types)."""

    def __init__(self, g, diags: Diagnostics, lang: str, owner: str | None, law=None):
        self.g = g
        self.diags = diags
        self.lang = lang
        self.owner = owner
        self.vars: dict[str, str] = {}
        self.law = law

    def err(self, code, node, **args):
        pos = getattr(node, "pos", None) if node is not None else None
        self.diags.add(code, pos, self.lang, **args)
        raise CompileError(code)

    def warn(self, code, node, **args):
        pos = getattr(node, "pos", None) if node is not None else None
        self.diags.add(code, pos, self.lang, severity="warning", **args)


# =============================================================================================
# selections

def _put_back(env, var, saved) -> None:
    """Undo binding `var` for a while: its earlier value again (`saved`, from env.get), or no
    value. Selections, weighted draws and kind filters bind their variable only while they look."""
    if saved is None:
        env.pop(var, None)
    else:
        env[var] = saved


def _passing(ctx, base, preds, var, first=False) -> list:
    """The elements of `base` that pass every filter, with `var` bound to each while its
    filters run (and restored after); with first=True, at most the first one."""
    out = []
    env = ctx.env
    saved = env.get(var) if var else None
    for x in base:
        if var:
            env[var] = x
        for p in preds:
            if not p(ctx, x):
                break
        else:
            out.append(x)
            if first:
                break
    if var:
        _put_back(env, var, saved)
    return out


class Sel:
    """A compiled noun phrase. `etype` is the element type; `items(ctx)` lists elements."""

    etype = ANY
    var = None
    quant = None

    def items(self, ctx):  # pragma: no cover - overridden
        return []


class SpaceSel(Sel):
    etype = SPACE
    post = None

    def __init__(self, kind, preds, var, quant):
        self.kind = kind
        self.preds = preds
        self.var = var
        self.quant = quant
        self.gen = next((getattr(p, "candidates", None) for p in preds
                         if getattr(p, "candidates", None) is not None), None)
        # a filter that finds the spaces a faction brought (board.set_apart)
        self.apart = any(getattr(p, "apart", False) for p in preds)

    def _base(self, ctx):
        fl = ctx.s.flags
        m = _bd.spaces_view(ctx) if fl and _bd.MAP_KEY in fl else ctx.m
        base = m.by_kind.get(self.kind, ()) if self.kind else m.space_ids
        if m.apart_by_kind is not None and self.apart:
            # a faction's space left out of "every space" ("cada clareira") is found through
            # the map's edges and its pieces ("clareira adjacente a O", "com guerreiros seus")
            base = list(base) + m.apart_by_kind.get(self.kind, [])
        if self.gen is not None and self.preds:
            # a filter that names its few candidates (a connected set, neighbours) first
            cand = self.gen(ctx)
            base = [sp for sp in base if sp in cand]
        return base

    def any(self, ctx):
        if not self.preds:
            return bool(self._base(ctx))
        return bool(_passing(ctx, self._base(ctx), self.preds, self.var, True))

    def items(self, ctx):
        if not self.preds:
            return list(self._base(ctx))
        return _passing(ctx, self._base(ctx), self.preds, self.var)


class CoverSpaceSel(SpaceSel):
    """Spaces matched to a list of values, each value to a space of its own ("clareiras com
    peças suas correspondentes a custo de K"; N7, no activation marks): the items are the
    spaces of a largest matching (in list order), so `número de` counts the values that can
    be covered and `houver` says that all of them can."""

    cover_pred = None

    def _matching(self, ctx):
        """(spaces of a largest matching, number of values); None: not a list (a filter)."""
        g = ctx.g
        attr = g.space_enum_attr
        raw = self.cover_pred.cover(ctx)
        if not isinstance(raw, list):
            return None
        values = [v for v in _flat(raw) if v is not None]
        # specific values first, wild ones last (they take what is left)
        values.sort(key=lambda v: v in g.wild)
        spaces = SpaceSel.items(self, ctx)
        sval = {sp: _bd.match_value(ctx, sp, attr) for sp in spaces}
        owner = {}                  # space -> index of the value it covers

        def augment(i, seen):
            for sp in spaces:
                if sp in seen or not matches(g, sval[sp], values[i]):
                    continue
                seen.add(sp)
                j = owner.get(sp)
                if j is None or augment(j, seen):
                    owner[sp] = i
                    return True
            return False
        for i in range(len(values)):
            augment(i, set())
        by_value = sorted((i, sp) for sp, i in owner.items())
        return [sp for _, sp in by_value], len(values)

    def any(self, ctx):
        m = self._matching(ctx)
        if m is None:
            return SpaceSel.any(self, ctx)
        return len(m[0]) == m[1]

    def items(self, ctx):
        m = self._matching(ctx)
        return SpaceSel.items(self, ctx) if m is None else m[0]


class PieceSel(Sel):
    """Pieces of some kinds (narrowed by owner) at some places (spaces or nowhere yet)."""

    etype = PIECE

    st_on = 0                       # piece statuses the pieces must have ("exauridos")
    st_off = 0                      # ... and must not have ("não danificados")

    def __init__(self, kinds, owner, where, preds, var, quant, kind_preds=(), cover=None):
        self.cover = cover          # fn(ctx) -> values these pieces must pay ("correspondentes a custo")
        self._kcache = {}
        self._ksets = {}
        self._osets = {}            # id(owner kinds list) -> (that list, its set)
        self.kinds = kinds          # tuple of piece kind ids
        self.owner = owner          # None | 'mine' | 'enemy' | fn(ctx)->faction
        self.where = where          # None | fn(ctx) -> list of spaces
        self.preds = preds          # predicates on (ctx, space)
        self.var = var
        self.quant = quant
        self.kind_preds = kind_preds
        self._whole = any(getattr(p, "on_list", None) is not None for p in kind_preds)

    def kind_list(self, ctx):
        ks = self.owner_kinds(ctx)
        if self.kind_preds:
            return self.filter_kinds(ctx, ks)
        return ks

    def owner_kinds(self, ctx):
        """The kinds narrowed by owner, before the filters on kinds."""
        g = ctx.g
        o = self.owner
        if o is None:
            ks = self.kinds
        elif o == "mine" or o == "enemy" or o == "mine_or_neutral":
            me = ctx.me                # one mode per selection: the acting faction is the key
            # enemies: the other players, except those in a coalition with me ("junte-se")
            pt = ctx.s.partners(me) if o == "enemy" else ()
            key = (me, pt) if pt else me
            ks = self._kcache.get(key)
            if ks is None:
                if o == "mine":
                    ks = [k for k in self.kinds if g.piece_kinds[k].owner == me]
                elif o == "mine_or_neutral":
                    ks = [k for k in self.kinds if g.piece_kinds[k].owner in (me, None)]
                else:
                    ks = [k for k in self.kinds if g.piece_kinds[k].owner not in (me, None)
                          and g.piece_kinds[k].owner not in pt]
                self._kcache[key] = ks
        else:
            f = o(ctx)
            ks = self._kcache.get(f)
            if ks is None:
                ks = self._kcache[f] = [k for k in self.kinds if g.piece_kinds[k].owner == f]
        return ks

    def filter_kinds(self, ctx, ks):
        kp = self.kind_preds
        if kp and self.var:
            # "construção T sua onde ...": T is bound to each kind while its filters run,
            # and put back after (a requirement must leave the caller's variables as they were)
            saved = ctx.env.get(self.var)
            try:
                return self._filter_kinds(ctx, ks, kp)
            finally:
                _put_back(ctx.env, self.var, saved)
        return self._filter_kinds(ctx, ks, kp)

    def _filter_kinds(self, ctx, ks, kp):
        if kp:
            if self._whole:
                # filters whose operand does not depend on the kind ("entre item de T") read
                # it once for the whole list, not once per kind
                for p in kp:
                    if not ks:
                        break
                    on_list = getattr(p, "on_list", None)
                    ks = on_list(ctx, ks) if on_list is not None else [k for k in ks if p(ctx, k)]
            elif len(kp) == 1:
                p0 = kp[0]
                ks = [k for k in ks if p0(ctx, k)]
            else:
                ks = [k for k in ks if all(p(ctx, k) for p in kp)]
        return ks

    def spaces(self, ctx):
        if self.where is None:
            return _bd.piece_spaces(ctx)
        return self.where(ctx)

    def locations(self, ctx, first=False):
        """[(space, kind, n)] of matching pieces on the board (with first=True, at most one),
        kinds in the order kind_list gives them (option order must not depend on dicts)."""
        ks = self.kind_list(ctx)
        if not ks:
            return []
        out = []
        for b, sp, statused in self.places(ctx):
            for k in ks:
                n = b.get(k)
                if n and statused:
                    n = self.zone_count(ctx, sp, k)
                if n:
                    out.append((sp, k, n))
                    if first:
                        return out
        return out

    def units(self, ctx):
        """[(place, kind, bits, n)]: like locations, with the pieces told apart by their
        statuses (in zones and on the map)."""
        out = []
        zs = ctx.s.piece_zones
        pstat = ctx.s.pstat
        on, off = self.st_on, self.st_off
        for sp, k, n in self.locations(ctx):
            if sp in zs or (pstat and (sp, k) in pstat):
                for bits, m in sorted(ctx.s.zone_split(sp, k).items()):
                    if (bits & on) == on and not (bits & off):
                        out.append((sp, k, bits, m))
            else:
                out.append((sp, k, 0, n))
        return out

    def zone_count(self, ctx, zone, kind):
        on, off = self.st_on, self.st_off
        return sum(m for bits, m in ctx.s.zone_split(zone, kind).items()
                   if (bits & on) == on and not (bits & off))

    def count(self, ctx):
        if self.cover is not None:
            from .interpreter.verbs import can_cover
            return 1 if can_cover(ctx, self, self.cover(ctx)) else 0
        return self.scan(ctx, False)

    def kind_set(self, ctx):
        """kind_list as a set (kept per owner when no filter on kinds changes it)."""
        if self.kind_preds:
            return set(self.kind_list(ctx))
        o = self.owner
        key = None if o is None else (ctx.me if o.__class__ is str else o(ctx))
        if o == "enemy":
            key = (key, ctx.s.partners(key))     # coalition partners are not enemies
        st = self._ksets.get(key)
        if st is None:
            st = self._ksets[key] = frozenset(self.owner_kinds(ctx))
        return st

    def places(self, ctx):
        """(pieces, place, count by statuses) for each space or piece zone that passes the
        place filters: what exists() and scan() walk (the kinds are their own business)."""
        board = ctx.s.board
        pzones = ctx.s.piece_zones
        preds = self.preds
        st = self.st_on or self.st_off
        where = self.where
        for sp in (_bd.piece_spaces(ctx) if where is None else where(ctx)):
            b = board.get(sp) or pzones.get(sp)     # a space, or a zone of pieces
            if not b:
                continue
            if preds:
                ok = True
                for p in preds:
                    if not p(ctx, sp):
                        ok = False
                        break
                if not ok:
                    continue
            # with a filter on statuses, the pieces are counted by them (zones and map alike)
            yield b, sp, st

    def exists(self, ctx):
        """Is there a matching piece? (scan(ctx, True) > 0, in one call)"""
        if self.kind_preds and not self._whole:
            return self._exists_asking_kinds(ctx)
        kset = self.kind_set(ctx)
        if not kset:
            return False
        for b, sp, statused in self.places(ctx):
            for k, n in b.items():
                if n and k in kset:
                    if statused and not self.zone_count(ctx, sp, k):
                        continue
                    return True
        return False

    def _exists_asking_kinds(self, ctx):
        """exists() when filters on kinds ("construção T sua onde ...") must be asked: only
        for the kinds found on the way, each once, stopping at the first piece that passes."""
        okinds = self.owner_kinds(ctx)
        if not okinds:
            return False
        oset = self._osets.get(id(okinds))
        if oset is None:
            oset = self._osets[id(okinds)] = (okinds, frozenset(okinds))
        oset = oset[1]
        verdict = {}
        for b, sp, statused in self.places(ctx):
            for k, n in b.items():
                if n and k in oset:
                    ok = verdict.get(k)
                    if ok is None:
                        ok = verdict[k] = bool(self.filter_kinds(ctx, [k]))
                    if not ok or (statused and not self.zone_count(ctx, sp, k)):
                        continue
                    return True
        return False

    def scan(self, ctx, first):
        """How many matching pieces (first=True: 1 at the first one found, else 0) — what
        locations() would sum, without building its list: each place's pieces are looked up
        in the set of kinds."""
        kset = self.kind_set(ctx)
        if not kset:
            return 0
        total = 0
        for b, sp, statused in self.places(ctx):
            for k, n in b.items():
                if n and k in kset:
                    if statused:
                        n = self.zone_count(ctx, sp, k)
                        if not n:
                            continue
                    if first:
                        return 1
                    total += n
        return total

    def items(self, ctx):
        if self.where is not None:
            # "escolha um item I na sua mochila": the kinds that have pieces there
            return list(dict.fromkeys(k for _, k, _ in self.locations(ctx)))
        return self.kind_list(ctx)


class ListSel(Sel):
    def __init__(self, etype, fn, preds, var, quant):
        self.etype = etype
        self.fn = fn
        self.preds = preds
        self.var = var
        self.quant = quant

    def items(self, ctx):
        base = self.fn(ctx)
        if not self.preds:
            return list(base)
        return _passing(ctx, base, self.preds, self.var)

    def any(self, ctx):
        base = self.fn(ctx)
        if not self.preds:
            return bool(base)
        return bool(_passing(ctx, base, self.preds, self.var, True))


class CardSel(ListSel):
    random = False

    def __init__(self, zones_fn, preds, var, quant):
        super().__init__(CARD, None, preds, var, quant)
        self.zones_fn = zones_fn

    def zones(self, ctx):
        return self.zones_fn(ctx)

    def located(self, ctx):
        """[(card, zone)] of matching cards."""
        zones = ctx.s.zones
        return [(c, z) for z in self.zones_fn(ctx)
                for c in _passing(ctx, zones.get(z, ()), self.preds, self.var)]

    def items(self, ctx):
        return [c for c, _ in self.located(ctx)]

    def any(self, ctx):
        """Is there a matching card? (stops at the first one)"""
        zones = ctx.s.zones
        for z in self.zones_fn(ctx):
            if _passing(ctx, zones.get(z, ()), self.preds, self.var, True):
                return True
        return False


class Simple(Sel):
    """A quantity of something that is not a set: hits, VP of a counter, extra actions, dice."""

    def __init__(self, etype, what, quant, owner=None):
        self.etype = etype
        self.what = what
        self.quant = quant
        self.owner = owner


# =============================================================================================
# expressions

MAX_LITERAL = 1_000_000


def compile_expr(cc: CC, node):
    """-> (fn, type)"""
    t = type(node)
    if t is N.Num:
        v = node.value
        if isinstance(v, (int, float)) and abs(v) > MAX_LITERAL:
            # "10^12 vezes: compre 1 carta" would run for ever; the data's numbers have the
            # same bound (grammar/schema: INT)
            cc.err("C038", node, value=v, limit=MAX_LITERAL)
        return _cg.const(lambda ctx: v, v), NUMBER
    if t is N.Var:
        name = node.name
        if name not in cc.vars:
            hint = suggest(name, list(cc.vars), cutoff=0.5)
            cc.err("C001", node, var=name, hint=hint)
        return _cg.var(lambda ctx: ctx.env.get(name), name), cc.vars[name]
    if t is N.Me:
        return _cg.me(lambda ctx: ctx.me), FACTION
    if t is N.Name:
        return compile_name_value(cc, node)
    if t is N.Arith:
        fa, _ = compile_expr(cc, node.a)
        fb, _ = compile_expr(cc, node.b)
        op = node.op
        if _cg.ON:
            return _cg.arith(op, fa, fb), NUMBER
        if op == "+":
            return (lambda ctx: (fa(ctx) or 0) + (fb(ctx) or 0)), NUMBER
        if op == "-":
            return (lambda ctx: (fa(ctx) or 0) - (fb(ctx) or 0)), NUMBER
        if op == "*":
            return (lambda ctx: (fa(ctx) or 0) * (fb(ctx) or 0)), NUMBER
        return (lambda ctx: (fa(ctx) or 0) // max(1, fb(ctx) or 1)), NUMBER
    if t is N.Cmp:
        fa, ta = compile_expr(cc, node.a)
        fb, tb = compile_expr(cc, node.b)
        if ta == BOOL and tb != BOOL:
            _swallowed_filter(cc, node)
        if PIECE in (ta, tb):
            same_kind = _compare_kinds(cc, node, fa, ta, fb)
            if same_kind is not None:
                return same_kind, BOOL
        _never_equal(cc, node, ta, tb)
        op = node.op
        if _cg.ON and op in _cg._CMP:
            return _cg.cmp(op, fa, fb), BOOL
        if op == "=":
            if ENUMVAL in (ta, tb):
                g = cc.g
                return (lambda ctx: fa(ctx) == fb(ctx)), BOOL
            return (lambda ctx: fa(ctx) == fb(ctx)), BOOL
        # one closure per operator (no second call to compare)
        if op == "!=":
            return (lambda ctx: fa(ctx) != fb(ctx)), BOOL
        if op == "<":
            return (lambda ctx: (fa(ctx) or 0) < (fb(ctx) or 0)), BOOL
        if op == "<=":
            return (lambda ctx: (fa(ctx) or 0) <= (fb(ctx) or 0)), BOOL
        if op == ">":
            return (lambda ctx: (fa(ctx) or 0) > (fb(ctx) or 0)), BOOL
        if op == ">=":
            return (lambda ctx: (fa(ctx) or 0) >= (fb(ctx) or 0)), BOOL
        raise KeyError(op)
    if t is N.Logic:
        fs = [compile_expr(cc, x)[0] for x in node.items]
        if _cg.ON:
            return _cg.logic(node.op, fs), BOOL
        if len(fs) == 2:
            f0, f1 = fs
            if node.op == "and":
                return (lambda ctx: True if f0(ctx) and f1(ctx) else False), BOOL
            return (lambda ctx: True if f0(ctx) or f1(ctx) else False), BOOL
        if node.op == "and":
            def conj(ctx):
                for f in fs:
                    if not f(ctx):
                        return False
                return True
            return conj, BOOL

        def disj(ctx):
            for f in fs:
                if f(ctx):
                    return True
            return False
        return disj, BOOL
    if t is N.Not:
        f, _ = compile_expr(cc, node.a)
        if _cg.ON:
            return _cg.negate(f), BOOL
        return (lambda ctx: not f(ctx)), BOOL
    if t is N.Count:
        sel = compile_sel(cc, node.sel, role="count")
        _no_count_of_simple(cc, node.sel, sel)
        return memoized(count_fn(sel), node, cc), NUMBER
    if t is N.Exists:
        sel = compile_sel(cc, node.sel, role="count")
        _no_count_of_simple(cc, node.sel, sel)
        _compiled_sels(cc.g)[id(node)] = sel       # for _where_candidates
        return memoized(exists_fn(sel), node, cc), BOOL
    if t is N.Sel:
        sel = compile_sel(cc, node, role="value")
        if isinstance(sel, Simple) and sel.etype == ZONE:
            return sel.key, ZONE
        if isinstance(sel, Simple) and sel.etype == "active_faction":
            return (lambda ctx: ctx.s.active), FACTION
        if isinstance(sel, Simple) and sel.etype in ("first_player", "last_player"):
            # seats (N12): the first and the last seat in turn order
            at = 0 if sel.etype == "first_player" else -1
            return (lambda ctx: ctx.s.seats[at] if ctx.s.seats else None), FACTION
        if isinstance(sel, Simple) and sel.etype == COUNTER and len(node.filters) == 1 \
                and node.filters[0].kind == "of" and not cc.g.per_faction(sel.what):
            # "CONTADOR de D": a player's counter read as a value (the player D's)
            fo, _ = compile_expr(cc, node.filters[0].arg)
            cid = sel.what
            if _small.typed_values(cc.g, cid) is not None:
                return _typed_counter_read(cc, cid, fo)
            return (lambda ctx: ctx.s.counters.get(cc.g.counter_key(cid, fo(ctx)), 0)), NUMBER
        if isinstance(sel, Simple):
            cc.err("C010", node)
        if sel.quant is None and sel.etype in (SPACE, CARD, FACTION, ENUMVAL) and sel.var is None:
            # a bare noun phrase used as a value: the list of what it names
            return sel.items, LIST + ":" + sel.etype
        if isinstance(sel, PieceSel):
            return sel.count, NUMBER
        return sel.items, LIST + ":" + sel.etype
    if t is N.AttrOf:
        return compile_attr(cc, node)
    if t is N.Call:
        return compile_call(cc, node)
    if t is N.ListOf:
        fs = [compile_expr(cc, x) for x in node.items]
        et = fs[0][1] if fs else ANY
        funcs = [f for f, _ in fs]
        return (lambda ctx: [f(ctx) for f in funcs]), LIST + ":" + et
    cc.err("C002", node, what=type(node).__name__)


def free_vars(node) -> tuple:
    """Variables an expression reads but does not bind itself (its memo key)."""
    used, bound = [], set()
    for n in node.walk():
        if isinstance(n, N.Var) and n.name not in used:
            used.append(n.name)
        elif isinstance(n, N.Sel) and n.var:
            bound.add(n.var)
    return tuple(v for v in used if v not in bound)


_COSTLY_FILTERS = {"where", "connected", "with", "without", "adjacent", "fewest", "most"}


def _costly(node) -> bool:
    """Worth memoizing: nested counts, filters that look around (with, adjacent, where...),
    or pieces counted on the whole map with no variable read ("não houver simpatia" inside
    "houver clareira C onde ...": the same for every C)."""
    sel = getattr(node, "sel", None)
    if isinstance(sel, N.Sel) and not sel.filters and isinstance(sel.noun, N.Name) \
            and sel.noun.kind in ("piece", "category") and not free_vars(node):
        return True
    for n in node.walk():
        if n is node:
            continue
        if isinstance(n, (N.Count, N.Exists)):
            return True
        if isinstance(n, N.Filter) and n.kind in _COSTLY_FILTERS:
            return True
    return False


def memoized(f, node, cc=None):
    """Counting is the costly part of a rule (requirements, then the same filters while
    choosing, then nested 'onde' clauses for every candidate). The value depends only on the
    state, the acting faction and the variables the expression reads — and, when it names
    derived values, the caller's variables those read (their `contexto:`). Of the state, only
    the parts the expression reads count (state_reads): a count of pieces on the map stays
    valid while cards move."""
    if not _costly(node) or cc is None:
        return f                 # a plain lookup is cheaper than its memo key
    return _memo_fn(f, node, cc)


def _memo_fn(f, node, cc):
    # the same words in a requirement and in the choice that follows share one table
    g = cc.g
    tables = getattr(g, "_memo_tables", None)
    if tables is None:
        tables = g._memo_tables = {}
    tkey = (cc.owner, type(node).__name__, node.key())
    memo = tables.setdefault(tkey, {})
    # [lookups, hits, on]: a table that hits less than 1 lookup in MEMO_MIN_HITS after
    # MEMO_TRIAL lookups costs more (its keys) than it saves, and is switched off
    stats = g.__dict__.setdefault("_memo_stats", {}).setdefault(tkey, [0, 0, True])
    keyf = []

    def cached(ctx):
        if not stats[2]:
            return f(ctx)
        if not keyf:
            # derived values and prohibitions are all compiled before the first game: what
            # they read is known by then
            keyf.append(memo_key_fn(g, node, free_vars(node)))
        n = stats[0] = stats[0] + 1
        if n == MEMO_TRIAL and stats[1] * MEMO_MIN_HITS < n and not CHECK_MEMO:
            stats[2] = False
            memo.clear()
        try:
            key = keyf[0](ctx)
            v = memo[key]
        except KeyError:
            pass
        except TypeError:          # a list in a variable: not hashable, no memo
            return f(ctx)
        else:
            stats[1] += 1
            if CHECK_MEMO:
                _check_memo(node, v, f(ctx))
            return v
        if len(memo) > 512:
            memo.clear()
        v = memo[key] = f(ctx)
        return v
    return cached


MEMO_TRIAL = 100        # lookups before a memo table is judged
MEMO_MIN_HITS = 5       # ... and kept if at least 1 in 5 of them hit


# RULESDSL_CHECK_MEMO=1: every memo hit is computed again and compared (a test runs games so)
CHECK_MEMO = bool(os.environ.get("RULESDSL_CHECK_MEMO"))


def _check_memo(node, kept, fresh):
    if kept != fresh:
        where = getattr(node, "pos", None) or (node.key() if isinstance(node, N.Node) else node)
        raise AssertionError(f"memo out of date at {where}: kept {kept!r}, now {fresh!r}")


def memo_key_fn(g, node, free=()):
    """fn(ctx) -> the memo key of an expression: the versions of the parts of the state it
    reads (or the whole state's version), the acting faction, and the variables it reads —
    its own, the ones the derived values it names read from their caller, and the action
    under way when a prohibition may be ignored (`é possível posicionar`)."""
    free = tuple(free) + tuple(v for v in g.tree_derived_reads(node) if v not in free)
    if any(isinstance(n, N.Call) and n.fn == "can_place" for n in node.walk()):
        free += ("__acts",)
    reads = state_reads(g, node)
    return _key_fn(reads, free)


def _key_fn(reads, free):
    from operator import attrgetter
    names = ("uid", "vid") if reads is None else ("uid",) + tuple(sorted(reads))
    ver = attrgetter(*names)
    n = len(free)
    if n == 0:
        return lambda ctx: (ver(ctx.s), ctx.me)
    if n == 1:
        v0 = free[0]
        return lambda ctx: (ver(ctx.s), ctx.me, ctx.env.get(v0))
    return lambda ctx: (ver(ctx.s), ctx.me) + tuple([ctx.env.get(v) for v in free])


# What each construct reads of the state, by the version attribute of that part (State.PARTS):
# vb pieces on the map and in the supply, vz pieces in zones and their statuses, vc cards,
# vn counters, vm marks of the turn, vf flags, vt whose turn and which phase. A construct not
# listed here makes state_reads answer None (the whole state's version): a new construct is
# safe until it is listed. RULESDSL_CHECK_MEMO=1 checks these tables while games run.
_NOUN_READS = {"piece": ("vb", "vz"), "category": ("vb", "vz"), "spacekind": (), "enum": (),
               "zone": (), "counter": ("vn",),
               "edgekind": ("vf",)}     # "conectada a C por rio": the edges now (board.py)
_BUILTIN_READS = {"card": ("vc",), "faction": ("vt",), "space": (), "piece": ("vb", "vz"),
                  "active_faction": ("vt",), "first_player": ("vt",), "last_player": ("vt",)}
_NAME_READS = {"faction": (), "space": (), "enumval": (), "piece": (), "card": (), "tag": (),
               "phase": (), "action": (), "pieceset": (), "deck": (), "map": (), "zone": (),
               "status": (), "attr": (), "track": (), "counter_attr": ("vn",), "spacekind": (),
               "enum": (), "category": ("vb", "vz"), "counter": ("vn",), "edgekind": ("vf",)}
# the map as a game changed it lives in the flags (interpreter/board.py): what reads a space's
# attributes or adjacency reads "vf"
_FILTER_READS = {"ruled_by": ("vb",), "not_ruled_by": ("vb",), "with": ("vb",), "without": ("vb",),
                 "free": ("vb", "vf"), "fewest": ("vb",), "most": ("vb",), "adjacent": ("vf",),
                 "connected": ("vf",), "where": (), "except": (), "among": (), "is": (),
                 "matching": ("vf",), "of": ("vf",), "in": (), "another": (), "has_attr": ("vf",),
                 "not_of": ("vf",)}
_CALL_READS = {"rules": ("vb",), "uncovered": ("vb",), "uncovered_sum": ("vb",),
               "supply_of": ("vb",), "truthy": (), "length": (),
               # the seats change only in setup (a drawn order, a faction taken), with the turn
               "next_player": ("vt",), "previous_player": ("vt",), "left_neighbour": ("vt",),
               "right_neighbour": ("vt",), "half_up": (), "max": (),
               "min": (), "distance": ("vf",), "longest_line": (), "matches_all": (), "can_place": ("vb", "vz"),
               "matches_strict": ()}
_PLAIN = (N.Num, N.Var, N.Me, N.Arith, N.Cmp, N.Logic, N.Not, N.ListOf, N.Count, N.Exists)


def state_reads(g, node, _seen=None, local=None):
    """The parts of the state an expression reads (a frozenset of State.PARTS versions), or
    None when it holds a construct these tables do not know. local: a variable bound to a
    space; pieces selected `em <local>` are left out (the caller keys on that space's pieces)."""
    out = set()
    for n in node.walk():
        t = type(n)
        if t is N.Sel:
            noun = n.noun
            k = noun.kind if isinstance(noun, N.Name) else None
            r = _BUILTIN_READS.get(noun.ids[0]) if k == "builtin" else _NOUN_READS.get(k)
            if r is None:
                return None
            if local is not None and k in ("piece", "category") and any(
                    isinstance(f, N.Filter) and f.kind in ("in", "of") and isinstance(f.arg, N.Var)
                    and f.arg.name == local for f in n.filters):
                r = ()
            out.update(r)
            if n.owner == "enemy":
                out.add("vf")        # enemies: not the coalition partners (flags, "junte-se")
            if "vb" in r and any(getattr(f, "kind", None) == "matching" for f in n.filters):
                out.add("vm")        # pieces that pay a cost: the ones not used this turn
        elif t is N.Filter:
            r = _FILTER_READS.get(n.kind)
            if r is None:
                return None
            if n.kind in ("ruled_by", "not_ruled_by"):
                r = _rule_reads(g)
                if r is None:
                    return None
            out.update(r)
            if n.kind in ("adjacent", "connected"):
                # ... and what the conditions of conditional edge kinds read
                for md in getattr(g, "maps", {}).values():
                    if md.card_adjacency:
                        # a card's adjacency (N2, N5): the cards in play and, for the spaces
                        # joined by pieces, the board
                        out.update(("vc", "vb"))
                    if md.conditional_kinds:
                        if md.conditional_reads is None:
                            return None
                        out.update(md.conditional_reads)
                        out.add("vt")
        elif t is N.Name:
            k = n.kind
            if k in ("derived", "derived_value"):
                r = _derived_state_reads(g, n, _seen)
            elif k == "builtin":
                r = _BUILTIN_READS.get(n.ids[0])
            else:
                r = _NAME_READS.get(k)
            if r is None:
                return None
            out.update(r)
        elif t is N.AttrOf:
            out.update(("vb", "vn", "vf"))     # a track (by the supply), a faction's counter, a space's...
        elif t is N.Call:
            r = _CALL_READS.get(n.fn)
            if r is None:
                return None
            if n.fn == "rules":
                r = _rule_reads(g)
                if r is None:
                    return None
            out.update(r)
            if n.fn == "can_place":
                # ... and whatever the conditions of the prohibitions read
                for tree in g.prohibition_trees():
                    r = None if tree is None else state_reads(g, tree, _seen)
                    if r is None:
                        return None
                    out.update(r)
        elif t not in _PLAIN:
            return None
    return frozenset(out)


def _rule_reads(g):
    """What asking who rules reads: the pieces, and what the ruleset's rule modifiers read
    (interpreter/rule.py); None: anything."""
    rd = getattr(g, "rule", None)
    return ("vb",) if rd is None else rd.reads


def _derived_state_reads(g, name, seen):
    seen = set() if seen is None else seen
    out = set()
    for d in g._derived_named(name):
        if d.id in seen:
            continue
        seen.add(d.id)
        if getattr(d, "card_mods", False):
            out.add("vc")            # a card's modifier holds while the card is in play (N5)
        for tree in d.trees:
            r = state_reads(g, tree, seen)
            if r is None:
                return None
            out.update(r)
    return out


def _no_count_of_simple(cc, node, sel):
    """`número de PV seus`, `houver dados`: a counter, a die, hits or extra actions are
    quantities, not things to count — counting them would silently give 0 (C030)."""
    if isinstance(sel, Simple) and sel.etype not in (ZONE, "active_faction", "first_player", "last_player"):
        noun = getattr(getattr(node, "noun", None), "text", None) or "?"
        cc.err("C030", getattr(node, "noun", None) or node, noun=noun)


def exists_fn(sel):
    """`houver ...`: stop at the first element that passes every filter."""
    if isinstance(sel, PieceSel):
        if sel.cover is not None:
            return lambda ctx: sel.count(ctx) > 0
        q = sel.quant
        if q is not None and q[0] in ("n", "atleast"):
            return lambda ctx: sel.count(ctx) >= (q[1](ctx) or 0)
        return sel.exists
    if isinstance(sel, (SpaceSel, ListSel)) and not getattr(sel, "post", None):
        return sel.any
    f = count_fn(sel)
    return lambda ctx: f(ctx) > 0


def compile_can_place(cc: CC, node: N.Call):
    """`é possível posicionar N X em C` / `es posible colocar N X en C`: the acting faction
    has N pieces of a kind X in its supply, and no prohibition nor lack of room (the spaces a
    kind occupies) keeps them out of every place the phrase names."""
    from .interpreter.hooks import prohibited
    arg = node.args[0]
    sel = compile_sel(cc, arg, role="verb", default_owner="mine") if isinstance(arg, N.Sel) else None
    if not isinstance(sel, PieceSel):
        cc.err("C007", arg, word=getattr(getattr(arg, "noun", None), "text", "?"))
    g = cc.g

    every = sel.where is not None     # "em C": every place named; none named: somewhere

    def can(ctx):
        me = ctx.me
        n = quant_count(sel.quant, ctx, 1) or 1
        where = sel.spaces(ctx)
        if every and not where:
            return False
        s = ctx.s
        pzones = s.piece_zones
        for k in sel.kind_list(ctx):
            pk = g.piece_kinds[k]
            if pk.owner not in (me, None) or _supply_count(g, s, k) < n:
                continue
            occ = pk.occupies
            for sp in where:
                fits = sp in pzones or not (
                    prohibited(ctx, "placement", sp, k, me)
                    or (occ and free_capacity(ctx, sp, occ) < n))
                if fits != every:
                    break
            else:
                if every:
                    return True
                continue
            if not every:
                return True
        return False
    return can


def count_fn(sel):
    if isinstance(sel, PieceSel):
        return sel.count
    if isinstance(sel, Simple):
        return lambda ctx: 0
    items = sel.items
    return lambda ctx: len(items(ctx))


def compile_name_value(cc: CC, node: N.Name):
    kind, ids = node.kind, node.ids
    g = cc.g
    if kind == "faction":
        v = ids[0]
        return _cg.const(lambda ctx: v, v), FACTION
    if kind == "space":
        v = ids[0]
        return _cg.const(lambda ctx: v, v), SPACE
    if kind == "enumval":
        v = ids[0]
        return _cg.const(lambda ctx: v, v), ENUMVAL
    if kind in ("piece",):
        v = pick_owned(cc, ids)
        return _cg.const(lambda ctx: v, v), PIECE
    if kind in ("derived", "derived_value"):
        d = g.derived_for(ids, cc.owner)
        if d is None:
            cc.err("C003", node, name=node.text)
        return _cg.mark(lambda ctx: d.eval(ctx, None), "{ev}(ctx, None)", ev=d.eval), d.vtype
    if kind == "card":
        v = ids[0]
        return _cg.const(lambda ctx: v, v), "carddef"
    if kind in ("tag", "phase", "action", "pieceset", "deck", "map", "step"):
        v = ids[0]
        return _cg.const(lambda ctx: v, v), kind
    if kind == "zone":
        z = ids[0]
        return _cg.mark(lambda ctx: g.zone_key(z, ctx.me), "{zk}({z}, ctx.me)", zk=g.zone_key, z=z), ZONE
    if kind in ("spacekind", "category", "counter", "enum", "die", "edgekind", "builtin"):
        # a noun used as a value: treat as a selection of everything it names
        return compile_expr(cc, N.Sel(None, node, pos=node.pos))
    cc.err("C002", node, what=kind)


def pick_owned(cc, ids):
    """Of several piece kinds spelled alike, the one of the faction whose rule this is."""
    if len(ids) == 1:
        return ids[0]
    for i in ids:
        if cc.g.piece_kinds[i].owner == cc.owner:
            return i
    return ids[0]


def compile_attr(cc: CC, node: N.AttrOf):
    g = cc.g
    attr = node.attr
    kind, ids = attr.kind, attr.ids
    if kind == "derived":
        d = g.derived_for(ids, cc.owner)
        if d is None:
            # a faction's derived value named in one compiled before it (a global one)
            cc.err("C003", node, name=attr.text)
        fo, _ = compile_expr(cc, node.obj)
        return _cg.mark(lambda ctx: d.eval(ctx, fo(ctx)), "{ev}(ctx, {0})", fo, ev=d.eval), d.vtype
    if kind == "counter_attr" or (kind == "counter" and g.per_faction(ids[0])):
        # "relação de D": the acting faction's value for the other faction D
        cid = ids[0]
        fo, _ = compile_expr(cc, node.obj)
        return (lambda ctx: ctx.s.counters.get(g.pair_key(cid, ctx.me, fo(ctx)), 0)), NUMBER
    if kind == "counter":
        cid = ids[0]
        fo, _ = compile_expr(cc, node.obj)
        if _small.typed_values(g, cid) is not None:
            return _typed_counter_read(cc, cid, fo)
        return _cg.mark(lambda ctx: ctx.s.counters.get(g.counter_key(cid, fo(ctx)), 0),
                        "ctx.s.counters.get({ck}({c}, {0}), 0)", fo, ck=g.counter_key, c=cid), NUMBER
    aid = ids[0]
    obj = node.obj
    # "custo de serraria": a track value of a piece kind (the slot its next piece uncovers)
    if isinstance(obj, N.Sel) and obj.noun.kind in ("piece",) and not obj.filters:
        pk = pick_owned(cc, obj.noun.ids)
        return _track_value(cc, node, pk, aid), NUMBER
    fo, to = compile_expr(cc, obj)
    if to == PIECE:
        tracks_ok = any(aid in p.tracks for p in g.piece_kinds.values())
        if tracks_ok:
            def track_dyn(ctx, fo=fo):
                k = fo(ctx)
                return g.track_next(ctx, k, aid)
            return track_dyn, NUMBER
        return _cg.mark(lambda ctx: g.piece_kinds[fo(ctx)].attrs.get(aid), "{pk}[{0}].attrs.get({a})",
                        fo, pk=g.piece_kinds, a=aid), g.attr_type(aid)
    if to == SPACE:
        return _cg.mark(lambda ctx: _bd.attr(ctx, fo(ctx), aid), "{at}(ctx, {0}, {a})", fo, at=_bd.attr,
                        a=aid), g.attr_type(aid)
    if to in (CARD,):
        return _cg.mark(lambda ctx: g.card_attr(ctx, fo(ctx), aid), "{ca}(ctx, {0}, {a})", fo,
                        ca=g.card_attr, a=aid), g.attr_type(aid)
    if to == "carddef":
        return _cg.mark(lambda ctx: g.cards[fo(ctx)].attrs.get(aid), "{cs}[{0}].attrs.get({a})", fo,
                        cs=g.cards, a=aid), g.attr_type(aid)
    if to == ENUMVAL:
        return _cg.mark(lambda ctx: g.enumval_attr(fo(ctx), aid), "{ea}({0}, {a})", fo, ea=g.enumval_attr,
                        a=aid), g.attr_type(aid)
    if to == FACTION:
        if _small.typed_values(g, aid) is not None:
            return _typed_counter_read(cc, aid, fo)
        return _cg.mark(lambda ctx: ctx.s.counters.get(g.counter_key(aid, fo(ctx)), 0),
                        "ctx.s.counters.get({ck}({a}, {0}), 0)", fo, ck=g.counter_key, a=aid), NUMBER
    if to == ANY:
        def dyn(ctx):
            v = fo(ctx)
            return g.any_attr(ctx, v, aid)
        return dyn, g.attr_type(aid)
    cc.err("C004", node, attr=attr.text, what=to)


def _track_value(cc, node, pk, aid):
    g = cc.g
    if aid not in g.piece_kinds[pk].tracks:
        cc.err("C005", node, attr=node.attr.text, piece=pk)
    return _cg.mark(lambda ctx: g.track_next(ctx, pk, aid), "{tn}(ctx, {pk}, {a})", tn=g.track_next, pk=pk, a=aid)


def _swallowed_filter(cc: CC, node):
    """C028: `clareira C onde (CONDIÇÃO) correspondente a N` reads `correspondente a N` (or
    `é X`) as part of the condition: it compares a truth value, always true (or always false),
    and the noun is not filtered. Only where the parser saw it right after an `onde`."""
    noun = getattr(node, "after_where", None)
    if noun is None:
        return
    cc.diags.add("C028", node.tail_pos, cc.lang, word=node.tail_words, noun=noun)
    raise CompileError("C028")


def _number_filter(cc: CC, f, to, sel):
    """C029: `número de soldados em V é 0` reads `é 0` as a filter of the soldiers (those that
    "are 0"), not as a comparison of the count: a space, a piece's place, a card or a player is
    never a number, so nothing passes and the count is 0. Likewise `correspondente a 0`."""
    if to != NUMBER or f.kind not in ("is", "matching"):
        return
    word = getattr(f, "tail_words", None) or _filter_word(cc, f.kind)
    value = getattr(f, "value_words", None) or "0"
    cc.diags.add("C029", getattr(f, "word_pos", None) or f.pos, cc.lang, word=word,
                 noun=_noun_words(sel), value=value, hint=getattr(f, "count_hint", None))
    raise CompileError("C029")


def _noun_words(sel) -> str:
    """The noun phrase's noun and variable as written ("vale V"), for messages."""
    if not isinstance(sel, N.Sel):
        return ""
    return " ".join(x for x in (getattr(sel.noun, "text", "") or "", sel.var or "") if x)


# the types whose values are never a space (what `é X` compares a space, or a piece's place,
# with), and the types whose values are never equal to one of another of them (`X é Y`)
_NEVER_A_SPACE = (PIECE, CARD, "carddef", FACTION, ENUMVAL, ZONE)
_TYPED = (SPACE, PIECE, CARD, FACTION, ENUMVAL, NUMBER)


def _type_words(cc, t, arg=None) -> str:
    """'um espaço', 'um jogador', "um valor de 'terreno'"... in the file's language."""
    from .errors import format_message
    if t.startswith(LIST):
        t = "list"
    eid = _enum_of(cc.g, arg) if t == ENUMVAL else None
    if eid:
        return format_message("W.type.enumval_of", cc.lang, {"enum": cc.g.rs.name("enum", eid, cc.lang)})
    return format_message("W.type." + t, cc.lang, {})


def _enum_of(g, arg):
    """The enumeration a value named in the rule belongs to (`colina` → terreno), or None."""
    if isinstance(arg, N.Name) and arg.kind == "enumval":
        return next((e for e, vals in g.enums.items() if arg.ids[0] in vals), None)
    return None


def _never_equal_filter(cc: CC, f, to, sel):
    """C031: `vales é colina`, `soldados é você`: `é X` compares each space (for pieces, the
    place of each one) with X; a terrain, a suit, a player, a piece, a card or a list is never a
    space, so nothing passes — `número de` is 0, `houver` false. The suggestion is the filter
    the designer probably meant: `correspondente a colina`, `onde terreno de V = colina`,
    `de você` (pieces), `governada por você` (spaces), `entre X` (a list)."""
    from . import lexicon
    pieces = not (isinstance(sel, N.Sel) and (sel.noun.kind == "spacekind" or (
        sel.noun.kind == "builtin" and sel.noun.ids[0] == "space")))
    if f.kind != "is" or not (to in _NEVER_A_SPACE or to.startswith(LIST)) or (pieces and to == ZONE):
        return
    g, w = cc.g, lexicon.get(cc.lang).spell_word
    value = getattr(f, "value_words", None)
    hint = None
    if value and to == ENUMVAL:
        eid = _enum_of(g, f.arg)
        aid = next((a for sk in (g.rs.data.get("space_kinds") or {}).values()
                    for a, spec in (sk.get("attributes") or {}).items()
                    if eid and isinstance(spec, dict) and str(spec.get("type")) == eid), None)
        if aid and aid == g.space_enum_attr:
            hint = f"{w('MATCHING')} a {value}"
        elif aid and not pieces:
            var = sel.var or "V"
            hint = f"{w('WHERE')} {g.rs.name('attr', aid, cc.lang)} {w('OF')} {var} = {value}"
            if not sel.var:
                hint = f"{sel.noun.text} {var} {hint}"
    elif value and to == FACTION:
        hint = f"{w('OF')} {value}" if pieces else f"{w('RULED')} {w('BY')} {value}"
    elif value and to.startswith(LIST):
        hint = f"{w('AMONG')} {value}"
    what = "place" if pieces else "spaces"
    cc.diags.add("C031", getattr(f, "filter_pos", None) or f.pos, cc.lang,
                 word=getattr(f, "tail_words", None) or _filter_word(cc, f.kind),
                 noun=_noun_words(sel), what=_type_words(cc, what), value=_type_words(cc, to, f.arg),
                 hint=hint)
    raise CompileError("C031")


def _kinds_named(cc: CC, node):
    """`I não é chá`: a bare piece noun compared with a piece variable names its kinds (as a
    value it would be the number of those pieces, never equal to a kind). None otherwise."""
    if not (isinstance(node, N.Sel) and node.noun.kind in ("piece", "category") and node.quant is None
            and node.var is None and node.owner is None and not node.filters):
        return None
    if node.noun.kind == "category":
        return frozenset(k for k, p in cc.g.piece_kinds.items() if p.category in node.noun.ids)
    return frozenset(node.noun.ids)


def _compare_kinds(cc: CC, node, fa, ta, fb):
    """`I é chá` / `I não é chá` (I a piece): whether I is one of the kinds named, or None."""
    kinds = _kinds_named(cc, node.b if ta == PIECE else node.a)
    if not kinds or node.op not in ("=", "!="):
        return None
    fk = fa if ta == PIECE else fb
    if node.op == "=":
        return lambda ctx: fk(ctx) in kinds
    return lambda ctx: fk(ctx) not in kinds


def _never_equal(cc: CC, node, ta, tb):
    """C033: `D é Alta` (a player and a space), `terreno de V = 1`: values of two different
    known types are never equal, so the condition is always false (`não é`: always true)."""
    if node.op not in ("=", "!=") or ta == tb or ta not in _TYPED or tb not in _TYPED:
        return
    cc.diags.add("C033", node.pos, cc.lang, word=getattr(node, "words", None) or node.op,
                 a=_type_words(cc, ta, node.a), b=_type_words(cc, tb, node.b))
    raise CompileError("C033")


_SEAT_STEP = {"next_player": 1, "left_neighbour": 1, "previous_player": -1, "right_neighbour": -1}


def compile_call(cc: CC, node: N.Call):
    g = cc.g
    fn = node.fn
    if fn == "rules":
        fw, tw = compile_expr(cc, node.args[0])
        if tw != FACTION and (tw in _TYPED or tw.startswith(LIST)):
            # "número de soldados governa V": a count (a space, a list...) never rules (C032)
            cc.err("C032", node.args[0], who=getattr(node, "who_words", None) or "?",
                   what=_type_words(cc, tw, node.args[0]), hint=getattr(node, "rules_hint", None))
        fs, _ = compile_expr(cc, node.args[1])
        return (lambda ctx: ruler(ctx, fs(ctx)) == fw(ctx)), BOOL
    if fn in ("uncovered", "uncovered_sum"):
        a = node.args[0] if node.args else None
        if not (isinstance(a, N.AttrOf) and isinstance(a.obj, N.Sel) and a.obj.noun.kind == "piece"):
            cc.err("C027", node)
        pk = pick_owned(cc, a.obj.noun.ids)
        aid = a.attr.ids[0]
        if aid not in g.piece_kinds[pk].tracks:
            cc.err("C005", a, attr=a.attr.text, piece=pk)
        if fn == "uncovered":
            return (lambda ctx: (g.track_uncovered(ctx, pk, aid) or [0])[-1]), NUMBER
        return (lambda ctx: sum(g.track_uncovered(ctx, pk, aid))), NUMBER
    if fn == "supply_of":
        a = node.args[0]
        if isinstance(a, N.Sel):
            ps = compile_sel(cc, a)
            # a back kind's (`verso:`) supply is its faces'
            return (lambda ctx: sum(_supply_count(g, ctx.s, k) for k in ps.kind_list(ctx))), NUMBER
        f, _ = compile_expr(cc, a)
        return (lambda ctx: _supply_count(g, ctx.s, f(ctx))), NUMBER
    if fn == "truthy":
        f, _ = compile_expr(cc, node.args[0])
        return (lambda ctx: bool(f(ctx))), BOOL
    if fn == "can_place":
        return compile_can_place(cc, node), BOOL
    if fn in ("matches_all", "matches_strict"):
        matches = _MATCH_FN[fn]      # noqa: F841 (N18: `corresponde exatamente a`)
        # "custo de K corresponde a C": every value of a list corresponds to a value (an
        # enumeration value, or the one a space or a card carries); wild values match all
        fa, ta = compile_expr(cc, node.args[0])
        fb, tb = compile_expr(cc, node.args[1])
        if ta == BOOL:
            _swallowed_filter(cc, node)

        def all_match(ctx):
            v = fb(ctx)
            if tb == SPACE or (isinstance(v, str) and v in ctx.m.attrs):
                v = _bd.match_value(ctx, v, g.space_enum_attr)
            elif tb == CARD or (isinstance(v, int) and not isinstance(v, bool)):
                v = g.card_attr(ctx, v, g.card_enum_attr)
            suits = g.enums.get(g.attr_types.get(g.space_enum_attr), ())
            for x in _flat(fa(ctx)):
                # "C corresponde a N", "K corresponde a C": a space or a card by its own value
                if ta == SPACE:
                    x = _bd.match_value(ctx, x, g.space_enum_attr) if x is not None else None
                elif ta == CARD:
                    x = g.card_attr(ctx, x, g.card_enum_attr)
                if x is None:
                    continue
                if x is _bd.NOVALUE or isinstance(x, tuple):
                    y = x                                    # a space with none / several values
                else:
                    y = g.enumval_attr(x, g.space_enum_attr)      # a cost value names its suit
                if y is None:
                    if x not in suits:
                        continue                             # "any suit"
                    y = x
                if not matches(g, y, v):
                    return False
            return True
        return all_match, BOOL
    if fn in _SEAT_STEP:
        # seats (N12): the player after / before D in seat order, wrapping round the table
        f, _ = compile_expr(cc, node.args[0])
        step = _SEAT_STEP[fn]

        def seat(ctx):
            seats = ctx.s.seats
            d = f(ctx)
            if d not in seats:
                return None
            return seats[(seats.index(d) + step) % len(seats)]
        return seat, FACTION
    if fn == "distance":
        # "distância entre A e B" (N17): the fewest steps over the adjacency now
        if len(node.args) != 2:
            cc.err("C002", node, what=fn)
        fa, _ = compile_expr(cc, node.args[0])
        fb, _ = compile_expr(cc, node.args[1])
        return (lambda ctx: _bd.distance(ctx, fa(ctx), fb(ctx))), NUMBER
    if fn == "longest_line":
        # "a maior linha reta de (campos com torres suas)" (N17): the most in a row through
        # the map's grid; every map of the ruleset must declare its `coordenadas:`
        missing = [mid for mid, m in g.maps.items() if m.grid is None]
        if missing or not g.maps:
            cc.err("C091", node, maps=", ".join(cc.g.rs.name("map", mid, cc.lang) for mid in missing))
        f, _ = compile_expr(cc, node.args[0])
        return (lambda ctx: _bd.longest_line(ctx, _flat(f(ctx)))), NUMBER
    if fn == "length":
        f, _ = compile_expr(cc, node.args[0])

        def length(ctx):
            v = f(ctx)
            return len(v) if isinstance(v, (list, tuple)) else (0 if v is None else 1)
        return length, NUMBER
    args = [compile_expr(cc, a)[0] for a in node.args]
    if fn == "half_up":
        a = args[0]
        return (lambda ctx: ((a(ctx) or 0) + 1) // 2), NUMBER
    if fn in ("max", "min"):
        f = max if fn == "max" else min

        def mm(ctx):
            vals = []
            for a in args:
                v = a(ctx)
                if isinstance(v, list):
                    vals.extend(v)
                else:
                    vals.append(v or 0)
            return f(vals) if vals else 0
        return mm, NUMBER
    cc.err("C002", node, what=fn)


# =============================================================================================
# noun phrases

def compile_sel(cc: CC, node: N.Sel, role: str = "value", default_owner=None):
    """role: value | count | choose | foreach | verb  (changes defaults, not meaning)"""
    g = cc.g
    noun = node.noun
    kind = noun.kind
    quant = compile_quant(cc, node.quant)
    var = node.var
    if kind == "builtin":
        what = noun.ids[0]
        if what == "card":
            return compile_card_sel(cc, node, quant)
        if what == "faction":
            return compile_faction_sel(cc, node, quant)
        if what == "space":
            return compile_space_sel(cc, node, None, quant)
        if what == "piece":
            return compile_piece_sel(cc, node, tuple(g.piece_kinds), quant, default_owner)
        if what == "number":
            return compile_number_sel(cc, node, quant)      # N8: "um número N entre 1 e 4"
        return Simple(what, what, quant, node.owner)
    if kind == "spacekind":
        return compile_space_sel(cc, node, noun.ids[0], quant)
    if kind == "edgekind":
        # "houver caminho fechado", "número de caminhos fechados": the edges of a kind now
        # (interpreter/board.py), one pair [a, b] each
        if node.filters:
            cc.err("C009", node.filters[0], kind=_filter_word(cc, node.filters[0].kind))
        ek = noun.ids[0]
        return ListSel("edge", lambda ctx: _bd.board(ctx).edges.get(ek, ()), [], var, quant)
    if kind in ("piece", "category"):
        kinds = []
        for i in noun.ids:
            if kind == "category":
                kinds.extend(k for k, p in g.piece_kinds.items() if p.category == i)
            else:
                kinds.append(i)
        return compile_piece_sel(cc, node, tuple(dict.fromkeys(kinds)), quant, default_owner)
    if kind == "enum":
        vals = g.enum_values(noun.ids[0])
        preds = compile_generic_preds(cc, node, ENUMVAL)
        return ListSel(ENUMVAL, lambda ctx: vals, preds, var, quant)
    if kind == "zone":
        z = noun.ids[0]
        owner_fn = owner_expr(cc, node.owner)
        for f in node.filters:
            if f.kind == "of":
                fo, to = compile_expr(cc, f.arg)
                # ANY: a derived value's parameter ("área de jogo de D"), a faction at run time
                if to == FACTION or to == ANY:
                    owner_fn = fo
                else:
                    # "mão de Norte": not a player, and the zone would silently be yours (C040)
                    cc.err("C040", f.arg, zone=noun.text, what=_type_words(cc, to))
            else:
                # a zone takes only its owner ('de D'); any other filter would be ignored
                cc.err("C009", f, kind=_filter_word(cc, f.kind))
        s = Simple(ZONE, z, quant, node.owner)
        s.key = _cg.mark(lambda ctx: g.zone_key(z, owner_fn(ctx)), "{zk}({z}, {0})", owner_fn, zk=g.zone_key, z=z)
        return s
    if kind == "counter":
        return Simple(COUNTER, noun.ids[0], quant, node.owner)
    if kind == "die":
        return Simple("die", noun.ids[0], quant)
    if kind in ("action",):
        return Simple("action", noun.ids[0], quant)
    cc.err("C006", noun, word=noun.text)


def owner_expr(cc, owner):
    if owner is None or owner == "mine":
        return _cg.me(lambda ctx: ctx.me)
    if owner == "enemy":
        return lambda ctx: None
    f, _ = compile_expr(cc, owner)
    return f


def compile_quant(cc: CC, q):
    """-> None | ('n', fn) | ('each',) | ('all',) | ('any',) | ('upto', fn) | ('atleast', fn)"""
    if q is None:
        return None
    if isinstance(q, tuple):
        if q[0] in ("upto", "atleast"):
            f, _ = compile_expr(cc, q[1])
            return (q[0], f)
        return q
    f, _ = compile_expr(cc, q)
    return ("n", f)


def _bind(cc, var, etype):
    if var:
        cc.vars[var] = etype


def compile_space_sel(cc: CC, node: N.Sel, kind, quant):
    g = cc.g
    _bind(cc, node.var, SPACE)
    preds = []
    pred_nodes = []
    post = []
    rnd = False
    weight = None
    for f in node.filters:
        if f.kind in ("fewest", "most"):
            inner = compile_sel(cc, f.arg, role="count")
            if not isinstance(inner, PieceSel):
                cc.err("C007", f.arg, word=f.arg.noun.text)
            post.append((f.kind, inner))
            continue
        if f.kind == "random":
            rnd = True
            if f.arg is not None:
                # "aleatória ponderada por (N)": N tickets for each space (compile_choose)
                weight = compile_expr(cc, f.arg)[0]
            continue
        preds.append(space_pred(cc, f, node.var, node))
        pred_nodes.append(f)
    covers = [p for p in preds if getattr(p, "cover", None) is not None]
    if covers:
        # "clareiras correspondentes a custo de K com ...": a list covered by distinct spaces
        # (N7); a single value (a parameter of unknown type) filters as always
        sel = CoverSpaceSel(kind, preds, node.var, quant)
        sel.cover_pred = covers[0]
    else:
        sel = SpaceSel(kind, preds, node.var, quant)
        _cg.space_sel(sel)
    sel.pred_nodes = pred_nodes
    sel.random = rnd
    sel.weight = weight
    if post:
        sel.post = post
        base_items = sel.items

        def items(ctx, base_items=base_items):
            out = base_items(ctx)
            for how, inner in post:
                if not out:
                    break
                ks = inner.kind_list(ctx)
                board = ctx.s.board
                counts = [(sum(board.get(sp, {}).get(k, 0) for k in ks), sp) for sp in out]
                best = min(c for c, _ in counts) if how == "fewest" else max(c for c, _ in counts)
                out = [sp for c, sp in counts if c == best]
            return out
        sel.items = items
    return sel


def space_pred(cc: CC, f: N.Filter, var=None, sel=None):
    """A filter on spaces: fn(ctx, space) -> bool (var: the variable the selection binds to
    each space, when it is a selection of spaces; sel: the noun phrase, for messages)."""
    g = cc.g
    k = f.kind
    if k == "ruled_by" or k == "not_ruled_by":
        fw, _ = compile_expr(cc, f.arg)
        if k == "ruled_by":
            return _cg.mark_pred(lambda ctx, sp: ruler(ctx, sp) == fw(ctx), "{r}(ctx, {x}) == {0}", fw, r=ruler)
        return _cg.mark_pred(lambda ctx, sp: ruler(ctx, sp) != fw(ctx), "{r}(ctx, {x}) != {0}", fw, r=ruler)
    if k in ("with", "without"):
        inner = compile_sel(cc, f.arg, role="count")
        if not isinstance(inner, PieceSel):
            cc.err("C007", f.arg, word=f.arg.noun.text)
        need = inner.quant

        def has(ctx, sp, inner=inner):
            b = ctx.s.board.get(sp)
            if not b:
                return False
            if inner.kind_preds:
                # filters on kinds ("... onde ...") only for the kinds that are there
                ks = [kk for kk in inner.owner_kinds(ctx) if kk in b]
                if not ks:
                    return False
                n = 0
                for kk in inner.filter_kinds(ctx, ks):
                    n += b[kk]
            else:
                kset = inner.kind_set(ctx)
                n = 0
                for kk, v in b.items():
                    if kk in kset:
                        n += v
            if need is not None and need[0] in ("n", "atleast"):
                return n >= need[1](ctx)
            return n > 0
        if k == "with":
            if (need is None or need[0] not in ("n", "atleast")) and \
                    (inner.owner is None or inner.owner.__class__ is str):
                has.candidates = _occupied_fn(inner)
            has.apart = True
            return has
        return lambda ctx, sp: not has(ctx, sp)
    if k == "free":
        aid = f.arg.ids[0]
        return _cg.mark_pred(lambda ctx, sp: free_capacity(ctx, sp, aid) > 0, "{fc}(ctx, {x}, {a}) > 0",
                             fc=free_capacity, a=aid)
    if k == "adjacent":
        if isinstance(f.arg, N.Sel):
            inner = compile_sel(cc, f.arg)
            if isinstance(inner, PieceSel):
                adj_p = lambda ctx, sp: any(_bd.board(ctx).adjacent(sp, x) for x, _, _ in inner.locations(ctx))
            else:
                adj_p = lambda ctx, sp: any(_bd.board(ctx).adjacent(sp, x) for x in inner.items(ctx))
            adj_p.apart = True
            return adj_p
        fo, to = compile_expr(cc, f.arg)

        def adj(ctx, sp):
            o = fo(ctx)
            if isinstance(o, list):
                m = _bd.board(ctx)
                return any(m.adjacent(sp, x) for x in o)
            return _bd.board(ctx).adjacent(sp, o)

        def near(ctx):
            o = fo(ctx)
            if isinstance(o, list):
                out = set()
                for x in o:
                    out |= _bd.board(ctx).neighbors.get(x, set())
                return out
            return _bd.board(ctx).neighbors.get(o, ())
        adj.candidates = near
        adj.apart = True
        return adj
    if k == "connected":
        fo, _ = compile_expr(cc, f.arg)
        if isinstance(f.arg2, N.Sel) and f.arg2.noun.kind == "edgekind":
            # "conectada a C por caminho fechado": joined to C by an edge of that kind now,
            # adjacency or not (the route a move takes: the Ferry's river, C.2.5)
            ek = f.arg2.noun.ids[0]

            def linked(ctx, sp):
                o = fo(ctx)
                got = _bd.board(ctx).linked_by(ek)
                if isinstance(o, list):
                    return any(sp in got.get(x, ()) for x in o)
                return sp in got.get(o, ())

            def linked_near(ctx):
                o = fo(ctx)
                got = _bd.board(ctx).linked_by(ek)
                if isinstance(o, list):
                    out = set()
                    for x in o:
                        out |= got.get(x, set())
                    return out
                return got.get(o, ())
            linked.candidates = linked_near
            linked.apart = True
            return linked
        via = compile_sel(cc, f.arg2)
        if not isinstance(via, SpaceSel):
            cc.err("C007", f.arg2, word=f.arg2.noun.text)

        memo = {}
        via_free = free_vars(f.arg2)
        nothing = frozenset()

        def component(ctx):
            # the components of the spaces `via` selects, once per state (and the variables
            # `via` reads): the filter asks for every space, and for every start X in turn
            s = ctx.s
            key = (s.uid, s.vid, ctx.me) + tuple([ctx.env.get(v) for v in via_free])
            parts = memo.get(key)
            if parts is None:
                if len(memo) > 64:
                    memo.clear()
                parts = memo[key] = _bd.board(ctx).components(ctx, via)
            return parts.get(fo(ctx), nothing)

        def conn(ctx, sp):
            return sp in component(ctx)
        conn.candidates = component
        conn.apart = True
        return conn
    if k == "where":
        fc, _ = compile_expr(cc, f.arg)

        def where(ctx, sp):
            return fc(ctx)
        where._cg_where = fc
        cand = _where_candidates(cc.g, f.arg, var) if var else None
        if cand is not None:
            where.candidates = cand
        return where
    if k == "except":
        fo, _ = compile_expr(cc, f.arg)

        def exc(ctx, sp):
            o = fo(ctx)
            return sp not in o if isinstance(o, list) else sp != o
        return exc
    if k == "among":
        fo, _ = compile_expr(cc, f.arg)
        return _cg.mark_pred(lambda ctx, sp: sp in _flat(fo(ctx)), "{x} in {fl}({0})", fo, fl=_flat)
    if k == "is":
        fo, to = compile_expr(cc, f.arg)
        _number_filter(cc, f, to, sel)
        _never_equal_filter(cc, f, to, sel)
        return _cg.mark_pred(lambda ctx, sp: sp == fo(ctx), "{x} == {0}", fo)
    if k == "matching":
        fo, to = compile_expr(cc, f.arg)
        _number_filter(cc, f, to, sel)
        attr = g.space_enum_attr
        matches = _MATCH_FN[f.arg2 or "matches_all"]

        def match(ctx, sp):
            v = fo(ctx)
            if to == CARD or (isinstance(v, int) and not isinstance(v, bool)):
                v = g.card_attr(ctx, v, g.card_enum_attr)
            elif to == SPACE:
                v = _bd.match_value(ctx, v, attr)
            return matches(g, _bd.match_value(ctx, sp, attr), v)
        if to.startswith(LIST) or to == ANY:
            # a list: each value a space of its own (CoverSpaceSel does it); the filter lets
            # every space through then, and filters as always for a single value
            def match_or_cover(ctx, sp):
                v = fo(ctx)
                if isinstance(v, list):
                    return True
                if to == CARD or (isinstance(v, int) and not isinstance(v, bool)):
                    v = g.card_attr(ctx, v, g.card_enum_attr)
                return matches(g, _bd.match_value(ctx, sp, attr), v)
            match_or_cover.cover = fo
            return match_or_cover
        return match
    if k == "of":
        fo, to = compile_expr(cc, f.arg)
        if to == ENUMVAL:
            attr = g.space_enum_attr
            return _cg.mark_pred(lambda ctx, sp: _has_value(_bd.attr(ctx, sp, attr), fo(ctx)),
                                 "{hv}({at}(ctx, {x}, {a}), {0})", fo, hv=_has_value, at=_bd.attr, a=attr)
        if to == BOOL:
            return lambda ctx, sp: bool(fo(ctx))
        if to.startswith(LIST) or to == SPACE:
            return lambda ctx, sp: sp in _flat(fo(ctx))
        cc.err("C008", f, kind=to)
    if k == "in":
        fo, to = compile_expr(cc, f.arg)
        return _cg.mark_pred(lambda ctx, sp: sp in _flat(fo(ctx)), "{x} in {fl}({0})", fo, fl=_flat)
    if k == "another":
        return lambda ctx, sp: True
    if k == "has_attr":
        aid = f.arg.ids[0]
        return _cg.mark_pred(lambda ctx, sp: bool(_bd.attr(ctx, sp, aid)), "{at}(ctx, {x}, {a})", at=_bd.attr,
                             a=aid)
    cc.err("C009", f, kind=_filter_word(cc, k))


def _compiled_sels(g) -> dict:
    """id(Exists node) -> its compiled selection (the trees live as long as the ruleset)."""
    t = g.__dict__.get("_exists_sels")
    if t is None:
        t = g._exists_sels = {}
    return t


def _where_candidates(g, node, var):
    """fn(ctx) -> a set of spaces outside which a condition on the space `var` is surely
    false, or None. "onde houver guerreiros seus em O": only where such pieces are; "A ou B":
    where either is; "A e B": where A is."""
    t = type(node)
    if t is N.Exists:
        sel = _compiled_sels(g).get(id(node))
        if not isinstance(sel, PieceSel) or sel.cover is not None or sel.st_on or sel.quant is not None \
                or not (sel.owner is None or sel.owner.__class__ is str):
            return None
        places = [f for f in node.sel.filters if f.kind in ("in", "of")
                  and not (isinstance(f.arg, N.Name) and f.arg.kind in ("status", "tag"))]
        if len(places) != 1 or places[0].kind != "in" or not (
                isinstance(places[0].arg, N.Var) and places[0].arg.name == var):
            return None
        return _occupied_fn(sel)
    if t is N.Logic:
        parts = [_where_candidates(g, x, var) for x in node.items]
        if node.op == "and":
            return next((p for p in parts if p is not None), None)
        if not parts or any(p is None for p in parts):
            return None
        if len(parts) == 1:
            return parts[0]

        def either(ctx):
            out = set()
            for p in parts:
                out |= p(ctx)
            return out
        return either
    return None


def _occupied_fn(inner):
    """fn(ctx) -> the spaces with some piece of the kinds a selection may name (before its
    filters on kinds): the candidates of "com <peças>", kept per state of the map."""
    cache = {}

    def occupied(ctx):
        s = ctx.s
        o = inner.owner
        key = (s.uid, s.vb, None if o is None else (ctx.me if o.__class__ is str else o(ctx)))
        if o == "enemy":
            key += (s.partners(ctx.me),)          # coalition partners are not enemies
        got = cache.get(key)
        if got is None:
            kset = frozenset(inner.owner_kinds(ctx))
            got = {sp for sp, b in s.board.items() if b and not kset.isdisjoint(b)}
            if len(cache) > 64:
                cache.clear()
            cache[key] = got
        return got
    return occupied


# the keyword that writes each filter, to name it in the file's language
_FILTER_WORDS = {"of": "OF", "in": "IN", "with": "WITH", "without": "WITHOUT", "ruled_by": "RULED",
                 "not_ruled_by": "RULED", "adjacent": "ADJACENT", "connected": "CONNECTED",
                 "where": "WHERE", "except": "EXCEPT", "among": "AMONG", "matching": "MATCHING",
                 "free": "FREE", "is": "IS", "another": "ANOTHER", "fewest": "FEWEST",
                 "most": "MOST", "random": "RANDOM", "has_attr": "WITH",
                 "random_weighted": "WEIGHTED"}


def _filter_word(cc, kind):
    from . import lexicon
    try:
        return lexicon.get(cc.lang).spell_word(_FILTER_WORDS.get(kind, kind))
    except KeyError:
        return kind


def _flat(v):
    if isinstance(v, list):
        if any(isinstance(x, list) for x in v):
            out = []
            for x in v:
                out.extend(x if isinstance(x, list) else [x])
            return out
        return v
    return [v]


def compile_piece_sel(cc: CC, node: N.Sel, kinds, quant, default_owner=None):
    g = cc.g
    node.filters = _hoist_zone_filters(node)
    # a verb's default owner ("posicione 1 guerreiro") is the actor — or nobody, for neutral
    # pieces such as items; an explicit "seus" means the actor's only
    owner = node.owner if node.owner is not None else (
        "mine_or_neutral" if default_owner == "mine" else default_owner)
    if owner not in (None, "mine", "enemy", "mine_or_neutral"):
        owner, _ = compile_expr(cc, owner)
    where = None
    preds = []
    kind_preds = []
    cover = None
    st_on = st_off = 0
    for f in node.filters:
        k = f.kind
        if k in ("of", "not_of") and isinstance(f.arg, N.Name) and f.arg.kind == "status":
            # "itens exauridos", "itens não danificados": statuses of pieces in zones
            bit = g.status_bit(f.arg.ids[0])
            if k == "of":
                st_on |= bit
            else:
                st_off |= bit
            continue
        if k == "not_of":
            cc.err("C009", f, kind=_filter_word(cc, k))
        if k == "matching":
            fo, to = compile_expr(cc, f.arg)
            _number_filter(cc, f, to, node)
            if to.startswith(LIST) or to == ANY:
                cover = lambda ctx, fo=fo: [v for v in _flat(fo(ctx)) if v is not None]
                continue
            attr = g.space_enum_attr
            mf = _MATCH_FN[f.arg2 or "matches_all"]
            preds.append(lambda ctx, sp, fo=fo, mf=mf: mf(g, _bd.match_value(ctx, sp, attr), fo(ctx)))
            continue
        if k == "of" and isinstance(f.arg, N.Name) and f.arg.kind == "tag":
            # "peças artesãs": a fixed property of kinds, so the kinds narrow once, here,
            # and the selection keeps its fast paths (no filter left to ask per kind)
            tag = f.arg.ids[0]
            kinds = tuple(kk for kk in kinds if tag in g.piece_kinds[kk].tags)
            continue
        if k in ("in", "of"):
            if isinstance(f.arg, N.Sel):
                inner = compile_sel(cc, f.arg)
                if isinstance(inner, SpaceSel):
                    where = _chain_where(where, inner.items)
                    continue
                if isinstance(inner, PieceSel) and f.arg.quant == ("each",):
                    # "em cada serraria": at the place of each of those pieces
                    def each_piece(ctx, inner=inner):
                        out = []
                        for sp, _, n in inner.locations(ctx):
                            out.extend([sp] * n)
                        return out
                    where = _chain_where(where, each_piece)
                    continue
                if isinstance(inner, PieceSel):
                    where = _chain_where(where, lambda ctx, inner=inner: list(dict.fromkeys(sp for sp, _, _ in inner.locations(ctx))))
                    continue
                if isinstance(inner, Simple) and inner.etype == ZONE:
                    where = _chain_where(where, lambda ctx, inner=inner: [inner.key(ctx)])
                    continue
                cc.err("C008", f, kind=inner.etype)
            fo, to = compile_expr(cc, f.arg)
            if to == FACTION:
                owner = fo
                continue
            if to == SPACE or to.startswith(LIST):
                where = _chain_where(where, _cg.flat_of(lambda ctx, fo=fo: _flat(fo(ctx)), fo))
                continue
            if to == ANY and k == "of":
                # a variable of unknown type ("guerreiros de AT em C" in a derived value's
                # context): a faction names the owner, anything else a place
                facs = g.factions

                def any_where(ctx, fo=fo):
                    v = fo(ctx)
                    return _bd.piece_spaces(ctx) if isinstance(v, str) and v in facs else _flat(v)

                def any_owner(ctx, kk, fo=fo):
                    v = fo(ctx)
                    return not (isinstance(v, str) and v in facs) or g.piece_kinds[kk].owner == v
                where = _chain_where(where, any_where)
                kind_preds.append(any_owner)
                continue
            if to == ANY or to == ZONE:
                where = _chain_where(where, lambda ctx, fo=fo: _flat(fo(ctx)))
                continue
            if to == "tag":
                kind_preds.append(lambda ctx, kk, fo=fo: fo(ctx) in g.piece_kinds[kk].tags)
                continue
            cc.err("C008", f, kind=to)
        elif k == "among":
            fo, _ = compile_expr(cc, f.arg)
            kind_preds.append(_kind_pred(lambda ctx, kk, fo=fo: kk in _flat(fo(ctx)),
                                         fo, True, node.var, f.arg))
        elif k == "except":
            fo, _ = compile_expr(cc, f.arg)
            kind_preds.append(_kind_pred(lambda ctx, kk, fo=fo: kk not in _flat(fo(ctx)),
                                         fo, False, node.var, f.arg))
        elif k == "where":
            _bind(cc, node.var, PIECE)
            fc, _ = compile_expr(cc, f.arg)
            var = node.var

            def wp(ctx, kk, fc=fc, var=var):
                if var:
                    ctx.env[var] = kk
                return fc(ctx)
            wp._cg_kwhere = (fc, var)
            kind_preds.append(wp)
        else:
            preds.append(space_pred(cc, f, None, node))
    _bind(cc, node.var, PIECE)
    ps = PieceSel(kinds, owner, where, preds, node.var, quant, tuple(kind_preds), cover)
    ps.st_on, ps.st_off = st_on, st_off
    _cg.piece_sel(ps, _bd.piece_spaces, _flat)
    return ps


def _kind_pred(pred, fo, inside, var, arg):
    """A kind filter 'entre X' / 'exceto X': unless X reads the selection's own variable,
    it is evaluated once per list of kinds (`on_list`), not once per kind."""
    if var and var in free_vars(arg):
        return pred

    def on_list(ctx, ks):
        vals = _flat(fo(ctx))
        if inside:
            return [k for k in ks if k in vals]
        return [k for k in ks if k not in vals]
    pred.on_list = on_list
    return pred


def _chain_where(prev, new):
    if prev is None:
        return new
    return lambda ctx: [x for x in new(ctx) if x in set(prev(ctx))]


def _card_in(ctx, c, vals):
    """A card instance is 'among' values that are instances, card ids or tags."""
    d = ctx.s.card_defs[c]
    cd = ctx.g.cards[d]
    for v in vals:
        if v == c or v == d or (isinstance(v, str) and v in cd.tags):
            return True
    return False


def _hoist_zone_filters(node: N.Sel) -> list:
    """Filters attach to the nearest noun: in "uma carta K da sua mão onde ...", the 'onde'
    lands on "mão". A zone phrase only takes an owner ('de D'); anything else it carries
    belongs to the phrase around it."""
    out = []
    for f in node.filters:
        out.append(f)
        a = f.arg
        if f.kind in ("of", "in") and isinstance(a, N.Sel) and a.noun.kind == "zone":
            keep = [x for x in a.filters if x.kind == "of"]
            moved = [x for x in a.filters if x.kind != "of"]
            if moved:
                a.filters = keep
                out.extend(moved)
    return out


def compile_card_sel(cc: CC, node: N.Sel, quant):
    g = cc.g
    _bind(cc, node.var, CARD)
    rnd = False
    zones_fn = None
    preds = []
    owner = node.owner
    node.filters = _hoist_zone_filters(node)
    for f in node.filters:
        k = f.kind
        if k in ("of", "in"):
            arg = f.arg
            if isinstance(arg, N.Sel) and arg.noun.kind == "zone":
                zsel = compile_sel(cc, arg)
                zones_fn = _cg.one_zone(lambda ctx, zsel=zsel: [zsel.key(ctx)], zsel.key)
                continue
            fo, to = compile_expr(cc, arg)
            if to == ENUMVAL:
                attr = g.card_enum_attr
                preds.append(_cg.mark_pred(lambda ctx, c, fo=fo: g.card_attr(ctx, c, attr) == fo(ctx),
                                           "{ca}(ctx, {x}, {a}) == {0}", fo, ca=g.card_attr, a=attr))
                continue
            if to == "tag":
                preds.append(lambda ctx, c, fo=fo: fo(ctx) in g.card_tags(c, ctx))
                continue
            if to == ZONE:
                zones_fn = _cg.one_zone(lambda ctx, fo=fo: [fo(ctx)], fo)
                continue
            if to == FACTION:
                zones_fn = (lambda ctx, fo=fo: [g.zone_key(g.hand_zone, fo(ctx))])
                continue
            if to == "carddef":
                preds.append(lambda ctx, c, fo=fo: ctx.s.card_defs[c] == fo(ctx))
                continue
            if to == CARD:
                # "carta de K": a card like K (the same card)
                preds.append(lambda ctx, c, fo=fo: fo(ctx) is not None and ctx.s.card_defs[c] == ctx.s.card_defs[fo(ctx)])
                continue
            if to == ANY:
                # a parameter of unknown type: a card instance, a card id or a tag
                def like(ctx, c, fo=fo):
                    v = fo(ctx)
                    if isinstance(v, int) and not isinstance(v, bool):
                        return ctx.s.card_defs[c] == ctx.s.card_defs[v]
                    return v is not None and (ctx.s.card_defs[c] == v or v in g.card_tags(c, ctx))
                preds.append(like)
                continue
            cc.err("C008", f, kind=to)
        elif k == "random":
            if f.arg is not None:
                cc.err("C009", f, kind=_filter_word(cc, "random_weighted"))
            rnd = True
        elif k == "has_attr":
            aid = f.arg.ids[0]
            preds.append(_cg.mark_pred(lambda ctx, c, aid=aid: bool(g.card_attr(ctx, c, aid)),
                                       "{ca}(ctx, {x}, {a})", ca=g.card_attr, a=aid))
        elif k == "matching":
            fo, to = compile_expr(cc, f.arg)
            _number_filter(cc, f, to, node)
            attr = g.card_enum_attr

            def m(ctx, c, fo=fo, to=to, matches=_MATCH_FN[f.arg2 or "matches_all"]):
                v = fo(ctx)
                if to == ANY:
                    # a parameter of unknown type ("correspondente a K" in a derived value):
                    # a card instance, a space, or the value itself
                    if isinstance(v, int) and not isinstance(v, bool):
                        v = g.card_attr(ctx, v, attr)
                    elif v in ctx.m.attrs:
                        v = _bd.match_value(ctx, v, g.space_enum_attr)
                elif to == SPACE:
                    v = _bd.match_value(ctx, v, g.space_enum_attr)
                elif to == CARD:
                    v = g.card_attr(ctx, v, attr)
                return matches(g, g.card_attr(ctx, c, attr), v)
            preds.append(m)
        elif k == "where":
            fc, _ = compile_expr(cc, f.arg)
            preds.append(lambda ctx, c, fc=fc: fc(ctx))
            preds[-1]._cg_where = fc
        elif k == "among":
            fo, _ = compile_expr(cc, f.arg)
            preds.append(lambda ctx, c, fo=fo: _card_in(ctx, c, _flat(fo(ctx))))
        elif k == "except":
            fo, _ = compile_expr(cc, f.arg)
            preds.append(lambda ctx, c, fo=fo: not _card_in(ctx, c, _flat(fo(ctx))))
        elif k == "with":
            # "carta com custo" / "com item": has a non-empty attribute
            if isinstance(f.arg, N.Sel) and f.arg.noun.kind == "attr":
                aid = f.arg.noun.ids[0]
                preds.append(lambda ctx, c, aid=aid: bool(g.card_attr(ctx, c, aid)))
                continue
            cc.err("C008", f, kind="with")
        else:
            if k == "is":
                _number_filter(cc, f, compile_expr(cc, f.arg)[1], node)
            cc.err("C009", f, kind=_filter_word(cc, k))
    if zones_fn is None:
        if owner == "enemy":
            cc.err("C008", node, kind="enemy")
        of = owner_expr(cc, owner)
        zones_fn = lambda ctx: [g.zone_key(g.hand_zone, of(ctx))]
        _cg.one_zone(zones_fn, _cg.mark(lambda ctx: g.zone_key(g.hand_zone, of(ctx)), "{zk}({h}, {0})", of,
                                         zk=g.zone_key, h=g.hand_zone))
    sel = CardSel(zones_fn, preds, node.var, quant)
    _cg.card_sel(sel)
    sel.random = rnd
    return sel


def compile_faction_sel(cc: CC, node: N.Sel, quant):
    g = cc.g
    _bind(cc, node.var, FACTION)
    preds = []
    if node.owner == "enemy":
        preds.append(lambda ctx, f: f != ctx.me and f not in ctx.s.partners(ctx.me))
    for f in node.filters:
        k = f.kind
        if k == "with":
            inner = compile_sel(cc, f.arg, role="count")
            if not isinstance(inner, PieceSel):
                cc.err("C007", f.arg, word=f.arg.noun.text)

            def hasp(ctx, fac, inner=inner):
                ks = [kk for kk in inner.kinds if g.piece_kinds[kk].owner == fac]
                board = ctx.s.board
                for sp in inner.spaces(ctx):
                    b = board.get(sp)
                    if b and any(b.get(kk) for kk in ks):
                        return True
                return False
            preds.append(hasp)
        elif k == "where":
            fc, _ = compile_expr(cc, f.arg)
            preds.append(lambda ctx, fac, fc=fc: fc(ctx))
        elif k == "except":
            fo, _ = compile_expr(cc, f.arg)
            preds.append(lambda ctx, fac, fo=fo: fac not in _flat(fo(ctx)))
        elif k == "among":
            fo, _ = compile_expr(cc, f.arg)
            preds.append(lambda ctx, fac, fo=fo: fac in _flat(fo(ctx)))
        elif k == "another":
            preds.append(lambda ctx, fac: fac != ctx.me)
        else:
            if k == "is":
                _number_filter(cc, f, compile_expr(cc, f.arg)[1], node)
            cc.err("C009", f, kind=_filter_word(cc, k))
    return ListSel(FACTION, lambda ctx: ctx.s.seats, preds, node.var, quant)


def compile_generic_preds(cc, node, etype):
    _bind(cc, node.var, etype)
    preds = []
    for f in node.filters:
        if f.kind == "among":
            fo, _ = compile_expr(cc, f.arg)
            preds.append(lambda ctx, x, fo=fo: x in _flat(fo(ctx)))
        elif f.kind == "except":
            fo, _ = compile_expr(cc, f.arg)
            preds.append(lambda ctx, x, fo=fo: x not in _flat(fo(ctx)))
        elif f.kind == "where":
            fc, _ = compile_expr(cc, f.arg)
            preds.append(lambda ctx, x, fc=fc: fc(ctx))
        else:
            if f.kind == "is":
                _number_filter(cc, f, compile_expr(cc, f.arg)[1], node)
            cc.err("C009", f, kind=_filter_word(cc, f.kind))
    return preds


def quant_count(q, ctx, default=1):
    if q is None:
        return default
    tag = q[0]
    if tag == "n":
        return q[1](ctx)
    if tag == "upto":
        return q[1](ctx)
    if tag == "atleast":
        return q[1](ctx)
    return default


# =============================================================================================
# statements

def compile_block(cc: CC, block: N.Block):
    runs = [compile_stmt(cc, s) for s in block.stmts]
    runs = [r for r in runs if r is not None]
    if len(runs) == 1:
        return runs[0]
    return flow.block(runs)


# verbs whose object is a thing (a piece, a card, an item): a number there ("posicione 3 em
# Sul", "seja N igual a 3; posicione N em Sul") names nothing and would fail in play
_THING_VERBS = {"place", "remove", "move", "discard", "give", "take", "resolve", "join", "reveal"}


def _check_verb_object(cc: CC, node) -> None:
    if node.verb not in _THING_VERBS:
        return
    objs = list(node.obj.items) if isinstance(node.obj, N.ListOf) else [node.obj]
    for o in objs:
        if isinstance(o, N.Num) or (isinstance(o, N.Var) and cc.vars.get(o.name) == NUMBER):
            from . import lexicon as _lex
            cc.err("C035", o, verb=_lex.get(cc.lang).spell_word("VERB:" + str(node.verb)),
                   what=getattr(o, "name", None) or getattr(o, "value", ""))


class _ReadArgs(dict):
    """A verb's prepositional phrases ("em C", "para D", "por E"), noting which ones the verb's
    compiler read: one it never reads would be ignored in play, so it is an error (C039)."""
    __slots__ = ("read",)

    def __init__(self, items):
        super().__init__(items)
        self.read = set()

    def get(self, key, default=None):
        self.read.add(key)
        return super().get(key, default)

    def __getitem__(self, key):
        self.read.add(key)
        return super().__getitem__(key)

    def __contains__(self, key):
        self.read.add(key)
        return super().__contains__(key)


_PP_TERMINALS = {"to": "TO", "in": "IN", "by": "BY"}


def _check_unread_args(cc: CC, node) -> None:
    from . import lexicon as _lex
    args = node.args
    node.args = dict(args)
    for key in args:
        if key in args.read:
            continue
        base = key.rstrip("+")
        lex = _lex.get(cc.lang)
        word = lex.spell_word(_PP_TERMINALS.get(base, base))
        val = args[key]
        at = val[0] if isinstance(val, list) and val else val
        cc.err("C039", at if hasattr(at, "pos") else node, word=word,
               verb=lex.spell_word("VERB:" + str(node.verb)), repeated=key.endswith("+"))


def compile_stmt(cc: CC, node):
    from .interpreter import verbs
    t = type(node)
    try:
        if t is N.Block:
            return compile_block(cc, node)
        if t is N.Verb:
            handler = verbs.REGISTRY.get(node.verb)
            if handler is None:
                cc.err("C011", node, verb=node.verb)
            _check_verb_object(cc, node)
            args = node.args
            node.args = _ReadArgs(args) if args else args
            try:
                compiled = handler.compile(cc, node)
                if args:
                    _check_unread_args(cc, node)
                return compiled
            except (IndexError, KeyError, TypeError, ValueError, AttributeError):
                # a verb's compiler reads the parts it needs ("role" with no dice, "posicione 3
                # em X" with no piece): the grammar lets them be left out, so say what is missing
                from . import lexicon as _lex
                cc.err("C034", node, verb=_lex.get(cc.lang).spell_word("VERB:" + str(node.verb)))
        if t is N.Choose:
            return compile_choose(cc, node)
        if t is N.If:
            return compile_if(cc, node)
        if t is N.ForEach:
            return compile_foreach(cc, node)
        if t is N.Repeat:
            return compile_repeat(cc, node)
        if t is N.Let:
            f, ty = compile_expr(cc, node.value)
            cc.vars[node.name] = ty
            name = node.name

            def let(ctx):
                ctx.env[name] = f(ctx)
            return let
        if t is N.Perform:
            return compile_perform(cc, node)
        if t is N.ActionMenu:
            return compile_menu(cc, node)
        if t is N.ChooseBranch:
            return compile_branch(cc, node)
        if t is N.Try:
            return compile_try(cc, node)
        if t is N.Control:
            return compile_control(cc, node)
        if t is N.Maybe:
            return compile_maybe(cc, node)
    except CompileError:
        return None
    cc.diags.add("C002", node.pos, cc.lang, what=t.__name__)
    return None


def _tickets(ctx, xs, weight, var) -> list:
    """A weighted draw's tickets: each element of `xs` as many times as its weight (a whole
    number, read with `var` bound to the element; 0 or less: left out). With every weight 1
    the tickets are `xs` itself, and the draw is the plain uniform one."""
    out = []
    env = ctx.env
    saved = env.get(var) if var else None
    for x in xs:
        if var:
            env[var] = x
        n = int(weight(ctx) or 0)
        if n > 0:
            out.extend([x] * n)
    if var:
        _put_back(env, var, saved)
    return out


def compile_choose(cc: CC, node: N.Choose):
    sel = compile_sel(cc, node.sel, role="choose")
    var = node.sel.var
    who = None if node.who is None else compile_expr(cc, node.who)[0]
    optional = node.optional
    secret = getattr(node, "secret", False)
    law = cc.law
    if isinstance(sel, Simple):
        cc.err("C010", node.sel)
    q = sel.quant
    items = sel.items
    if getattr(sel, "random", False) and not isinstance(sel, CardSel):
        # "escolha uma clareira C aleatória": the game draws it, nobody chooses
        weight = getattr(sel, "weight", None)
        if weight is None:
            def items(ctx, all_items=sel.items):
                xs = all_items(ctx)
                return [chance.choice(ctx.engine, ctx.s.rng, xs)] if xs else []
        else:
            # "... aleatória ponderada por (N)": each element holds N tickets (N read with the
            # variable bound to it; 0 or less: none) and one ticket is drawn
            def items(ctx, all_items=sel.items, weight=weight, var=var):
                tickets = _tickets(ctx, all_items(ctx), weight, var)
                return [chance.choice(ctx.engine, ctx.s.rng, tickets)] if tickets else []
    prompt = ("choose", sel.etype)

    if q is not None and q[0] in ("n", "upto") and q[1] is not None:
        nf = q[1]
        upto = q[0] == "upto"

        many_k = (items, optional, upto, prompt, law, var) + ((True,) if secret else ())

        def choose_many(ctx):
            return begin(flow.ChooseMany(many_k, ctx, nf(ctx), who(ctx) if who else ctx.me))
        if q[0] == "n":
            # the common case "escolha uma clareira C": one element, bound to C
            def choose_one(ctx):
                n = nf(ctx)
                if n != 1:
                    return choose_many(ctx)
                player = who(ctx) if who else ctx.me
                opts = items(ctx)
                if not opts:
                    if optional:
                        # nothing to choose: an optional choice is simply not made
                        ctx.env["__chosen"] = []
                        ctx.env["__passed"] = True
                        if var:
                            ctx.env[var] = None
                        return
                    raise Failure("no_option", law)
                v = flow.ask(ctx, player, "choose", opts, optional, prompt, law, (sel, ctx), secret)
                if type(v) is Decision:
                    return (flow.ChooseOne(ctx, v, var, True), v)
                flow.bind_one(ctx, v, var, True)
            return choose_one
        return choose_many

    def choose_one(ctx):
        player = who(ctx) if who else ctx.me
        opts = items(ctx)
        if not opts:
            if optional:
                ctx.env["__passed"] = True
                if var:
                    ctx.env[var] = None
                return
            raise Failure("no_option", law)
        v = flow.ask(ctx, player, "choose", opts, optional, prompt, law, (sel, ctx), secret)
        if type(v) is Decision:
            return (flow.ChooseOne(ctx, v, var, False), v)
        flow.bind_one(ctx, v, var, False)
    return choose_one


def explain_rejection(sel, ctx, value):
    """Why `value` is not among the options of a choice: the first filter it fails.
    -> {"filter": Filter node or None, "kind": bool} or None when it is in fact allowed."""
    nodes = getattr(sel, "pred_nodes", None)
    if isinstance(sel, SpaceSel):
        m = _bd.spaces_view(ctx)
        base = m.by_kind.get(sel.kind, ()) if sel.kind else m.space_ids
        if value not in base and not (sel.apart and value in (m.apart_by_kind or {}).get(sel.kind, ())):
            return {"filter": None, "wrong_kind": True}
        var = sel.var
        env = ctx.env
        saved = env.get(var) if var else None
        try:
            if var:
                env[var] = value
            for i, p in enumerate(sel.preds):
                if not p(ctx, value):
                    return {"filter": nodes[i] if nodes and i < len(nodes) else None, "wrong_kind": False}
        finally:
            if var:
                if saved is None:
                    env.pop(var, None)
                else:
                    env[var] = saved
        return None
    if value in sel.items(ctx):
        return None
    return {"filter": None, "wrong_kind": False}


def compile_maybe(cc: CC, node: N.Maybe):
    """`você pode X: Y` — offer X (when it can be done); if it is done, then Y."""
    act = compile_stmt(cc, node.action)
    then = compile_block(cc, node.then)
    if act is None:
        raise CompileError("maybe")
    law = cc.law

    def run(ctx):
        # the action is optional itself: it asks (or passes) and raises Failure if it
        # cannot be done; declining raises Failure("declined") in spend/discard verbs
        return begin(flow.Maybe(act, then, ctx))
    return run


def compile_if(cc: CC, node: N.If):
    cond, _ = compile_expr(cc, node.cond)
    then = compile_block(cc, node.then)
    els = compile_block(cc, node.else_) if node.else_ is not None else None

    def run(ctx):
        if cond(ctx):
            return then(ctx)
        elif els is not None:
            return els(ctx)
    return run


def compile_foreach(cc: CC, node: N.ForEach):
    sel = compile_sel(cc, node.sel, role="foreach")
    var = node.sel.var
    body = compile_block(cc, node.body)
    if isinstance(sel, PieceSel):
        def elems(ctx):
            out = []
            for sp, _, n in sel.locations(ctx):
                out.extend([sp] * n)
            return out
        if var:
            cc.vars[var] = SPACE
    else:
        elems = sel.items

    if node.any_order:
        law = cc.law
        etype = SPACE if isinstance(sel, PieceSel) else sel.etype

        any_k = (body, var, etype, law)

        def run_any(ctx):
            return begin(flow.ForEachAnyOrder(any_k, ctx, list(elems(ctx))))
        return run_any
    return flow.foreach(elems, body, var)


def compile_repeat(cc: CC, node: N.Repeat):
    nf, _ = compile_expr(cc, node.count)
    body = compile_block(cc, node.body)
    upto = node.upto
    law = cc.law

    k = (body, upto, law)

    def run(ctx):
        return begin(flow.Repeat(k, ctx, nf(ctx)))
    return run


def compile_try(cc: CC, node: N.Try):
    body = compile_block(cc, node.body)
    fail = compile_block(cc, node.on_fail) if node.on_fail else None

    def run(ctx):
        return begin(flow.Try(body, fail, ctx))
    return run


def compile_control(cc: CC, node: N.Control):
    what = node.what
    law = cc.law

    def run(ctx):
        if what == "fail":
            raise Failure("explicit", law)
        if what == "end_phase":
            raise EndPhase()
        if what == "end_turn":
            raise EndTurn()
        if what == "stop":
            raise StopAction()
    return run


def compile_branch(cc: CC, node: N.ChooseBranch):
    blocks = [compile_block(cc, b) for b in node.branches]
    # the alternatives' own words, for the narration and the human's menu (describe.py
    # prints branch i in the reader's language): the prompt carries their index here
    registry = cc.g.__dict__.setdefault("branch_nodes", [])
    bid = len(registry)
    registry.append((node, cc.owner))
    optional = node.optional
    secret = getattr(node, "secret", False)
    law = cc.law
    # `opção se X:` — an option offered only while its condition holds
    guards = [None if gd is None else compile_expr(cc, gd)[0] for gd in (node.guards or [])]

    def run(ctx):
        idx = list(range(len(blocks)))
        if guards:
            idx = [i for i in idx if i >= len(guards) or guards[i] is None or guards[i](ctx)]
            if not idx:
                if optional:
                    return
                raise Failure("no_option", law)
        v = flow.ask(ctx, ctx.me, "branch", idx, optional, ("branch", bid), law, secret=secret)
        if type(v) is Decision:
            return flow.Branch(blocks, ctx, v)
        if v is PASS:
            return None
        return blocks[v](ctx)
    return run


def compile_perform(cc: CC, node: N.Perform):
    g = cc.g
    aid = g.action_for(node.action.ids, cc.owner)
    if aid is None:
        cc.err("C012", node.action, name=node.action.text)
    if node.action.kind != "action":
        # "manhã" alone as an effect: a phase (or another named thing) is not something to do
        from .errors import messages, format_message
        kind = ("W.kind." + node.action.kind) if ("W.kind." + node.action.kind) in messages() else None
        cc.err("C036", node.action, name=node.action.text,
               kind=format_message(kind, cc.lang, {}) if kind else node.action.kind)
    g.reached.add(aid)
    args = {}
    for k, v in node.args.items():
        if isinstance(v, N.Sel) and v.noun.kind == "piece" and v.quant is None and not v.filters \
                and v.var is None:
            # "(item: bolsa)": a piece kind given by name, not a count of pieces
            kind = pick_owned(cc, v.noun.ids)
            args[k] = (lambda ctx, kind=kind: kind)
            continue
        args[k] = compile_expr(cc, v)[0]
    optional = node.optional
    # "X AÇÃO (...)": another player performs the action, as its 'você'
    who = compile_expr(cc, node.who)[0] if getattr(node, "who", None) is not None else None

    def run(ctx):
        act = g.actions[aid]
        values = {k: f(ctx) for k, f in args.items()}     # 'você' in the arguments: who asks
        if who is not None:
            ctx = ctx.child(me=who(ctx), env=ctx.env)
        if optional:
            if not act.enabled(ctx, values):
                return None
            v = flow.ask(ctx, ctx.me, "may", [act.id], True, ("may_action", act.id), act.law)
            if v is PASS:
                return None
            # an optional action that cannot be completed is undone, as in a menu
            return begin(flow.Perform(act, ctx, values, True, v if type(v) is Decision else None))
        return act.perform(ctx, values)
    return run


def compile_menu(cc: CC, node: N.ActionMenu):
    g = cc.g
    budget = compile_expr(cc, node.budget)[0] if node.budget is not None else None
    listed = None
    if node.actions is not None:
        listed = []
        items = node.actions.items if isinstance(node.actions, N.ListOf) else [node.actions]
        for it in items:
            if not isinstance(it, N.Name) or it.kind != "action":
                cc.err("C012", it, name=getattr(it, "text", "?"))
            listed.append(g.action_for(it.ids, cc.owner))
        g.reached.update(listed)
    else:
        g.reached.add(("menu", cc.owner))
    owner = cc.owner
    law = cc.law
    # "tantas ações quanto X": X is read before every step; menu[0] then holds what the
    # actions done (-1 each) and extra actions (+N, VERB:gain) add to it
    live = budget if node.live else None

    def run(ctx):
        ids = listed if listed is not None else g.menu_actions(owner)
        s = ctx.s
        if g.windows and ctx.me == s.active:
            # action windows: the phase's actions offered at every menu of its player's turn
            ids = g.menu_ids(ids, s.phase, ctx.me)
        menu = [0 if live is not None else (budget(ctx) if budget is not None else None)]
        ctx.menus.append(menu)
        return begin(flow.Menu((g, ids, live, law), ctx, menu))
    return run


# N18: `correspondente a` and `correspondente exatamente a` (no wild value: Law 10.2.2)
_MATCH_FN = {"matches_all": matches, "strict": matches_strict, "matches_strict": matches_strict}


def compile_number_sel(cc: CC, node: N.Sel, quant):
    """`escolha um número N entre A e B` (N8): the whole numbers from A to B, both included
    (A and B read when the choice is made; B below A: nothing to choose). Other filters
    (`onde ...`, `exceto ...`) narrow them. Without `entre A e B`, or with another list, M110."""
    rng = [f for f in node.filters if f.kind == "among"]
    items = rng[0].arg.items if rng and isinstance(rng[0].arg, N.ListOf) else []
    if len(rng) != 1 or len(items) != 2:
        cc.err("M110", rng[0] if rng else node)
    fa, _ = compile_expr(cc, items[0])
    fb, _ = compile_expr(cc, items[1])
    rest = N.Sel(node.quant, node.noun, node.var, node.owner,
                 [f for f in node.filters if f is not rng[0]], pos=node.pos)
    preds = compile_generic_preds(cc, rest, NUMBER)

    def numbers(ctx):
        a, b = fa(ctx), fb(ctx)
        if not isinstance(a, int) or not isinstance(b, int):
            return []
        return range(a, b + 1)
    return ListSel(NUMBER, numbers, preds, node.var, quant)


def _typed_counter_read(cc: CC, cid, fo):
    """N8: a counter holding an enumeration value or a faction, read as that value (None while
    it holds none); its type is the value's, so `X é Y` and `correspondente a` check it."""
    g = cc.g
    vals = _small.typed_values(g, cid)
    t = FACTION if cid in g.faction_counters_typed else ENUMVAL

    def read(ctx):
        return _small.decode(vals, ctx.s.counters.get(g.counter_key(cid, fo(ctx)), 0))
    return read, t
