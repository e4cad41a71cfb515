"""Compiled noun phrases: selection objects whose element type is known at compile time
(spaces, pieces, cards, plain lists), and the filter loop they share.
"""
from __future__ import annotations

from ..interpreter.runtime import matches, matches_strict
from ..interpreter import board as _bd
from ..interpreter import proof_cuts as _cuts
from ..interpreter import presence as _presence
from .context import ANY, CARD, PIECE, SPACE


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


def _count_passing(ctx, base, preds, var, n) -> int:
    """How many elements of `base` pass every filter, counting no further than `n` (None: all);
    `var` bound to each while its filters run, as in _passing."""
    if n is not None and n <= 0:
        return 0
    r = 0
    env = ctx.env
    saved = env.get(var) if var else None
    for x in base:
        if var:
            env[var] = x
        for p in preds:
            if not p(ctx, x):
                break
        else:
            r += 1
            if r == n:
                break
    if var:
        _put_back(env, var, saved)
    return r


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
            # the map's edges, its pieces and who rules it ("clareira adjacente a O", "com
            # guerreiros seus", "governada por você")
            extra = m.apart_by_kind.get(self.kind)
            if extra:
                base = list(base) + extra
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

    def upto(self, ctx, n):
        """The number of items, counted no further than n (None: all; compiler/bounded.py)."""
        return _count_passing(ctx, self._base(ctx), self.preds, self.var, n)


class CoverSpaceSel(SpaceSel):
    """Spaces matched to a list of values, each value to a space of its own ("clareiras com
    peças suas correspondentes a custo de K"; N7, no activation marks): the items are the
    spaces of a largest matching (in list order), so `número de` counts the values that can
    be covered and `houver` says that all of them can."""

    cover_pred = None

    # the spaces that pass the filters, as a plain selection (codegen.space_sel replaces
    # these with generated loops)
    def _plain_any(self, ctx):
        return SpaceSel.any(self, ctx)

    def _plain_items(self, ctx):
        return SpaceSel.items(self, ctx)

    def _matching(self, ctx):
        """(spaces of a largest matching, number of values); None: not a list (a filter)."""
        g = ctx.g
        attr = g.space_enum_attr
        raw = self.cover_pred.cover(ctx)
        if not isinstance(raw, list):
            return None
        values = [v for v in _flat(raw) if v is not None]
        if values and any(v.__class__ is int for v in values):
            # a list of cards ("correspondentes a (cartas da sua mão)"): each card is its suit
            # (12.5.3.II: each revealed card has a clearing of its own)
            values = [g.card_attr(ctx, v, g.card_enum_attr) if v.__class__ is int else v for v in values]
            values = [v for v in values if v is not None]
        # specific values first, wild ones last (they take what is left)
        values.sort(key=lambda v: v in g.wild)
        spaces = self._plain_items(ctx)
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
            return self._plain_any(ctx)
        return len(m[0]) == m[1]

    def items(self, ctx):
        m = self._matching(ctx)
        return self._plain_items(ctx) if m is None else m[0]


_can_cover = None      # interpreter.verbs.can_cover (PieceSel.count)


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
        self._live = {}             # id(owner kinds list) -> that list in one game (proof_cuts)
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

    def piece_kinds(self, ctx):
        """kind_list without the kinds proven never to have a piece in this game (the pieces
        of absent factions: proof_cuts), for what looks for pieces: the same pieces, fewer
        kinds to ask for at each place and to filter. Not for the kinds as values (a choice
        of kinds, supplies): those keep every kind."""
        o = self.owner
        if o is None or o == "enemy":
            ks = _cuts.live_kinds(ctx.g, ctx.s, self.owner_kinds(ctx), self._live)
            if self.kind_preds:
                return self.filter_kinds(ctx, ks)
            return ks
        return self.kind_list(ctx)

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
        ks = self.piece_kinds(ctx)
        if not ks:
            return []
        out = []
        board = ctx.s.board
        pzones = ctx.s.piece_zones
        preds = self.preds
        statused = self.st_on or self.st_off
        where = self.where
        if where is None:
            # every place: those the presence view of the kinds names, in the same order (the
            # others hold none of them: nothing to list there)
            places = _presence.holding(ctx, self.kind_set(ctx)) if not self.kind_preds else _bd.piece_spaces(ctx)
        else:
            places = where(ctx)
        # places() in line (no generator resumed per place), and the place's filters asked
        # only where a piece of the kinds lies: they are pure, the list is the same
        for sp in places:
            b = board.get(sp) or pzones.get(sp)     # a space, or a zone of pieces
            if not b:
                continue
            ok = not preds
            for k in ks:
                n = b.get(k)
                if not n:
                    continue
                if not ok:
                    for p in preds:
                        if not p(ctx, sp):
                            break
                    else:
                        ok = True
                    if not ok:
                        break
                if statused:
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
            global _can_cover
            f = _can_cover
            if f is None:
                # the verbs import this module: read once, at the first use (not at each count)
                from ..interpreter.verbs import can_cover as f
                _can_cover = f
            return 1 if f(ctx, self, self.cover(ctx)) else 0
        return self.scan(ctx, False)

    def kind_set(self, ctx):
        """kind_list as a set (kept per owner when no filter on kinds changes it)."""
        if self.kind_preds:
            return set(self.piece_kinds(ctx))
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

    def upto(self, ctx, n):
        """The number of items, counted no further than n (None: all; compiler/bounded.py)."""
        return _count_passing(ctx, self.fn(ctx), self.preds, self.var, n)


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

    def upto(self, ctx, n):
        """The number of matching cards, counted no further than n (None: all)."""
        zones = ctx.s.zones
        r = 0
        for z in self.zones_fn(ctx):
            r += _count_passing(ctx, zones.get(z, ()), self.preds, self.var, None if n is None else n - r)
            if r == n:
                break
        return r


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


def _flat(v):
    if isinstance(v, list):
        if any(isinstance(x, list) for x in v):
            out = []
            for x in v:
                out.extend(x if isinstance(x, list) else [x])
            return out
        return v
    return [v]


# N18: `correspondente a` and `correspondente exatamente a` (no wild value: Law 10.2.2)
_MATCH_FN = {"matches_all": matches, "strict": matches_strict, "matches_strict": matches_strict}
