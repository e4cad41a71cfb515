"""Would finer state versions let an action's requirement be reused across decisions? A
measurement, not a feature: it changes nothing in the engine's code, only watches it.

Plays one warm-up game and then four-player base games (seeds 0..N-1, random choices, as
play_seeds.py) and, for every evaluation of an action's `requer:`, asks whether a memo keyed by
(action, acting faction, the variables it reads, versions) would already hold the answer:

  parts   the versions the State has (one per part: pieces, piece zones, cards, counters, ...),
          i.e. what rulesdsl/compiler/memo.py keys on today;
  kinds   the pieces' versions replaced by one version per piece kind, kept beside each state
          by watching the journal entries (every change of pieces names its kind), for the
          requirements whose kinds can be told from the tree (a selection of a named kind or
          category, the derived values it names); the others keep the pieces' version;
  kinds+counters  ... and the counters' version replaced by one per counter key.

And for the derived values with a parameter (`parâmetro: C`), whose memo (Derived.eval) keys on
the pieces' version and the argument: how many of their computations a key with one version
per space (the argument's, for the values whose pieces are read only `em C`) would reuse.

With --optimistic the constructs whose kinds cannot be told (`qualquer peça`, who rules, what
may be placed, a supply's count, attributes of things) are taken to read no kind at all: an
upper bound for any analysis of which kinds a requirement reads, not a sound key.

It then says, for the evaluations that no key would reuse, which parts had changed since the
previous evaluation of the same requirement (same faction, same variables), and what share of
the requirements' time they took: the most any finer version of those parts could save.

    python benchmarks/measure_versions.py [N_GAMES] [--optimistic]
"""
from __future__ import annotations

import collections
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)

FACTIONS = ["marqueses", "rapinas", "alianca", "malandro"]
ANY = "*"        # a change whose kind is unknown: every kind's version moves
SUPPLY = "(supply)"


class FineVersions:
    """Per-kind and per-counter versions of every state, by its uid, kept by wrapping the
    State's change methods (the journal entries carry the kind or the counter changed)."""

    def __init__(self, ST):
        self.ST = ST
        self.kinds: dict = {}        # uid -> {kind or ANY: version}
        self.counters: dict = {}     # uid -> {counter key or ANY: version}
        self.spaces: dict = {}       # uid -> {space, zone, SUPPLY or ANY: version}
        self.clock = 0
        self.snap: dict = {}         # (uid, mark) -> (vid, kinds, counters) when marked
        self._quiet = 0              # inside _undo or take(_log=False): the kind is bumped there

    def bump(self, table, uid, keys):
        self.clock += 1
        d = table.setdefault(uid, {})
        for k in keys:
            d[k] = self.clock

    def entry_kinds(self, e):
        ST = self.ST
        op = e[0]
        if op in (ST._TAKE_QUIET, ST._PUT, ST._BOARD, ST._ORIGIN, ST._STATUS):
            return (e[2],)
        if op in (ST._SHIFT, ST._ZONE_PIECE):
            return (e[3],)
        if op == ST._SUPPLY:
            return (e[1],)
        if op == ST._IDENT:
            return (e[2], e[3])
        return (ANY,)

    def entry_spaces(self, e):
        ST = self.ST
        op = e[0]
        if op in (ST._TAKE_QUIET, ST._PUT):
            return (e[1], SUPPLY)
        if op in (ST._BOARD, ST._ORIGIN, ST._STATUS, ST._IDENT):
            return (e[1],)
        if op in (ST._SHIFT, ST._ZONE_PIECE):
            return (e[1], e[2])
        if op == ST._SUPPLY:
            return (SUPPLY,)
        return (ANY,)

    def all_tables(self, uid):
        return (self.kinds.get(uid, {}), self.counters.get(uid, {}), self.spaces.get(uid, {}))

    def set_tables(self, uid, tables):
        self.kinds[uid], self.counters[uid], self.spaces[uid] = (dict(t) for t in tables)

    def bump_any(self, uid):
        for t in (self.kinds, self.counters, self.spaces):
            self.bump(t, uid, (ANY,))

    def wrappers(self) -> dict:
        """The State's methods that change or restore it, wrapped to keep the fine versions:
        {name: function}, to be set on the State class (main) or by a test's monkeypatch."""
        S = self.ST.State
        fv = self
        undo, touch, touch_all, take = S._undo, S._touch, S._touch_all, S.take
        mark, rollback, copy = S.mark, S.rollback, S.copy

        def _undo(s, entry, part=None):
            if part in ("vb", "vz"):
                fv.bump(fv.kinds, s.uid, fv.entry_kinds(entry))
                fv.bump(fv.spaces, s.uid, fv.entry_spaces(entry))
            elif part == "vn":
                fv.bump(fv.counters, s.uid, (entry[1],))
            elif part is None:
                fv.bump_any(s.uid)
            fv._quiet += 1           # the State's own _touch below: its kind is bumped above
            try:
                return undo(s, entry, part)
            finally:
                fv._quiet -= 1

        def _touch(s, part):
            # a part touched from outside the journal (turns.py: the turn, the marks), or by
            # take(_log=False), whose kind the wrapper below bumped
            if not fv._quiet:
                if part in ("vb", "vz"):
                    fv.bump(fv.kinds, s.uid, (ANY,))
                    fv.bump(fv.spaces, s.uid, (ANY,))
                elif part == "vn":
                    fv.bump(fv.counters, s.uid, (ANY,))
            return touch(s, part)

        def _take(s, space, kind, n=1, _log=True, bits=0):
            if _log or n <= 0:
                return take(s, space, kind, n, _log, bits)
            fv.bump(fv.kinds, s.uid, (kind,))
            fv.bump(fv.spaces, s.uid, (space, SUPPLY))
            fv._quiet += 1
            try:
                return take(s, space, kind, n, _log, bits)
            finally:
                fv._quiet -= 1

        def _touch_all(s):
            fv.bump_any(s.uid)
            return touch_all(s)

        def _mark(s):
            n = mark(s)
            fv.snap[(s.uid, n)] = (s.vid, tuple(dict(t) for t in fv.all_tables(s.uid)))
            return n

        def _rollback(s, m):
            rollback(s, m)
            got = fv.snap.get((s.uid, m))
            if got is not None and got[0] == s.vid:      # the State restored the mark's versions
                fv.set_tables(s.uid, got[1])
            else:
                fv.bump_any(s.uid)

        def _copy(s, cls=None):
            c = copy(s) if cls is None else copy(s, cls)
            fv.set_tables(c.uid, fv.all_tables(s.uid))
            return c

        return {"_undo": _undo, "_touch": _touch, "_touch_all": _touch_all, "take": _take,
                "mark": _mark, "rollback": _rollback, "copy": _copy}


class Reads:
    """Which piece kinds and counters a requirement reads (None: cannot be told)."""
    UNKNOWN_CALLS = {"rules", "uncovered", "uncovered_sum", "supply_of", "can_place",
                     "can_remove", "hidden_face"}
    UNKNOWN_FILTERS = {"ruled_by", "not_ruled_by", "free", "fewest", "most"}

    def __init__(self, g, N, optimistic):
        self.g, self.N, self.optimistic = g, N, optimistic
        self.edges_by_pieces = any(md.piece_edges or md.card_adjacency for md in g.maps.values())

    def _named(self, ids, by_category):
        out = set()
        for i in ids:
            tail = i.split(".")[-1]
            for k, p in self.g.piece_kinds.items():
                if (p.category in (i, tail)) if by_category else (k == i or k.split(".")[-1] == tail):
                    out.add(k)
        return out

    def kinds(self, node, seen=None):
        g, N = self.g, self.N
        seen = set() if seen is None else seen
        out = set()
        unknown = False
        for n in node.walk():
            t = type(n)
            if t is N.Sel and isinstance(n.noun, N.Name):
                k = n.noun.kind
                if k in ("piece", "category"):
                    out |= self._named(n.noun.ids, k == "category")
                elif k == "builtin" and n.noun.ids[0] == "piece":
                    unknown = True
            elif t is N.Filter:
                unknown |= n.kind in self.UNKNOWN_FILTERS or (
                    n.kind in ("adjacent", "connected") and self.edges_by_pieces)
            elif t is N.Name:
                if n.kind in ("derived", "derived_value"):
                    for d in g._derived_named(n):
                        if d.id not in seen:
                            seen.add(d.id)
                            for tr in d.trees:
                                r = self.kinds(tr, seen)
                                if r is None:
                                    return None
                                out |= r
                elif n.kind == "category":
                    out |= self._named(n.ids, True)
                elif n.kind == "builtin" and n.ids[0] == "piece":
                    unknown = True
            elif t is N.AttrOf:
                unknown = True
            elif t is N.Call:
                unknown |= n.fn in self.UNKNOWN_CALLS or (n.fn == "distance" and self.edges_by_pieces)
        if unknown and not self.optimistic:
            return None
        for k in list(out):            # a face-down piece lies on the map as its back kind
            if k in g.back_of:
                out.add(g.back_of[k])
            out.update(g.faces.get(k, ()))
        return out

    def counters(self, node, seen=None):
        g, N = self.g, self.N
        seen = set() if seen is None else seen
        out = set()
        for n in node.walk():
            if type(n) is N.AttrOf:
                return None
            if type(n) is N.Name:
                if n.kind in ("counter", "counter_attr"):
                    out.update(i.split(".")[-1] for i in n.ids)
                elif n.kind in ("derived", "derived_value"):
                    for d in g._derived_named(n):
                        if d.id not in seen:
                            seen.add(d.id)
                            for tr in d.trees:
                                r = self.counters(tr, seen)
                                if r is None:
                                    return None
                                out |= r
        return out


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    optimistic = "--optimistic" in argv
    argv = [a for a in argv if not a.startswith("--")]
    n_games = int(argv[0]) if argv else 3
    from rulesdsl import nodes as N
    from rulesdsl.compiler import memo as M
    from rulesdsl.compiler.expressions import free_vars
    from rulesdsl.environment import Environment
    from rulesdsl.interpreter import gamedef as GD
    from rulesdsl.interpreter import state as ST

    g = Environment().load(os.path.join(ROOT, "rulesets", "root"))
    fv = FineVersions(ST)
    for name, fn in fv.wrappers().items():
        setattr(ST.State, name, fn)
    rd = Reads(g, N, optimistic)
    info: dict = {}
    seen = [set(), set(), set()]
    prev: dict = {}
    stats = collections.defaultdict(lambda: [0, 0, 0, 0, 0.0, 0.0, 0.0, 0.0])
    changed_n, changed_t = collections.Counter(), collections.Counter()
    on = [False]
    original = GD.Action.enabled
    clock = time.process_time      # CPU time, as the games' figure below

    def keys(act, ctx, args):
        x = info.get(act.id)
        if x is None:
            tree = act.req_tree
            # the variables the memo of memo.py would read
            fr = tuple(free_vars(tree))
            free = fr + tuple(v for v in g.tree_derived_reads(tree) if v not in fr)
            x = info[act.id] = (M.state_reads(g, tree), free, rd.kinds(tree), rd.counters(tree))
        reads, free, pk, ck = x
        s = ctx.s
        base = (act.id, ctx.me, s.uid, repr(args)) + tuple(repr(ctx.env.get(v)) for v in free)
        if reads is None:
            k = base + (s.vid,)
            return x, k, k, k
        kv, cv = fv.kinds.get(s.uid, {}), fv.counters.get(s.uid, {})
        fine_pieces = pk is not None and bool(reads & {"vb", "vz"})
        fine_counters = ck is not None and "vn" in reads
        pieces = (kv.get(ANY, 0),) + tuple(kv.get(k, 0) for k in sorted(pk)) if fine_pieces else ()
        counters = (cv.get(ANY, 0),) + tuple(cv.get(c, 0) for c in sorted(s.counters)
                                              if str(c).split(":")[-1] in ck) \
            if fine_counters else ()
        parts = sorted(reads)
        k_parts = base + tuple(getattr(s, p) for p in parts)
        p_kinds = [p for p in parts if not (fine_pieces and p in ("vb", "vz"))]
        k_kinds = base + tuple(getattr(s, p) for p in p_kinds) + pieces
        p_both = [p for p in p_kinds if not (fine_counters and p == "vn")]
        k_both = base + tuple(getattr(s, p) for p in p_both) + pieces + counters
        return x, k_parts, k_kinds, k_both

    def what_changed(x, act, ctx, args):
        reads, free, pk, ck = x
        s = ctx.s
        kv = fv.kinds.get(s.uid, {})
        now = {p: getattr(s, p) for p in ("vb", "vz", "vc", "vn", "vm", "vf", "vt", "vg")}
        now["kinds"] = ((kv.get(ANY, 0),) + tuple(kv.get(k, 0) for k in sorted(pk))) if pk is not None else None
        pkey = (act.id, ctx.me, s.uid, repr(args)) + tuple(repr(ctx.env.get(v)) for v in free)
        before = prev.get(pkey)
        prev[pkey] = now
        if before is None:
            return ("(first)",)
        if reads is None:
            return ("(the whole state)",)
        ch = [p for p in sorted(reads) if before[p] != now[p]]
        if pk is not None and ("vb" in ch or "vz" in ch):
            ch = [p for p in ch if p not in ("vb", "vz")] + (["kinds"] if before["kinds"] != now["kinds"] else [])
        return tuple(ch)

    def enabled(self, ctx, args=None):
        if not on[0] or self.requires is None or getattr(self, "req_tree", None) is None:
            return original(self, ctx, args)
        x, *ks = keys(self, ctx, args)
        ch = what_changed(x, self, ctx, args)
        t0 = clock()
        r = original(self, ctx, args)
        dt = clock() - t0
        st = stats[self.id]
        st[0] += 1
        st[4] += dt
        for i, k in enumerate(ks):
            if k in seen[i]:
                st[1 + i] += 1
                st[5 + i] += dt
            else:
                seen[i].add(k)
        changed_n[ch] += 1
        changed_t[ch] += dt
        return r

    GD.Action.enabled = enabled

    # derived values: Derived._eval runs when Derived.eval's memo misses
    dstats = collections.defaultdict(lambda: [0, 0, 0, 0.0, 0.0])   # computed, local, reusable, time, reusable's
    dinfo: dict = {}
    dseen: set = set()
    computing = GD.Derived._eval

    def d_info(d):
        x = dinfo.get(d.id)
        if x is None:
            local, reads = bool(d.param), set()
            for t in d.trees if local else ():
                r = M.state_reads(g, t, local=d.param)
                if r is None:
                    local = False
                    break
                reads |= r
            if optimistic:
                reads -= {"vb", "vz"}        # pieces read only in the argument's space
            local = local and not reads & {"vb", "vz"}
            if d.card_mods:
                reads.add("vg")
            x = dinfo[d.id] = (local, tuple(sorted(reads)), g.derived_reads(d) if local else ())
        return x

    def d_eval(self, ctx, arg):
        if not on[0]:
            return computing(self, ctx, arg)
        local, parts, ctxv = d_info(self)
        t0 = clock()
        v = computing(self, ctx, arg)
        dt = clock() - t0
        st = dstats[self.id]
        st[0] += 1
        st[3] += dt
        if local and isinstance(arg, str):
            st[1] += 1
            s = ctx.s
            sv = fv.spaces.get(s.uid, {})
            key = (self.id, ctx.me, s.uid, arg, sv.get(ANY, 0), sv.get(arg, 0)) + \
                tuple(getattr(s, p) for p in parts) + tuple(repr(ctx.env.get(c)) for c in ctxv)
            if key in dseen:
                st[2] += 1
                st[4] += dt
            else:
                dseen.add(key)
        return v

    GD.Derived._eval = d_eval

    from bench_playout import playout      # (this folder: the scripts run from it)

    def play(seed):
        return playout(g, FACTIONS, seed)[1]

    play(100)                    # warm-up: tables, proofs and generated code settle
    on[0] = True
    t_games = time.process_time()
    dec = sum(play(seed) for seed in range(n_games))
    t_games = time.process_time() - t_games
    tot = [sum(st[i] for st in stats.values()) for i in range(8)]
    print(f"{n_games} games, {dec} decisions{' (optimistic reads)' if optimistic else ''}: "
          f"{tot[0]} requirement evaluations ({tot[0] / dec:.1f} per decision), "
          f"{tot[4]:.3f} s of the games' {t_games:.2f} s of CPU (with this watching)")
    for i, name in enumerate(("parts (today)", "kinds", "kinds+counters")):
        print(f"  {name:15s} reusable {tot[1 + i]:6d} ({100 * tot[1 + i] / tot[0]:4.1f} %), "
              f"{100 * tot[5 + i] / tot[4]:4.1f} % of the requirements' time")
    print("\nevery evaluation: what changed since the same requirement was last asked ('kinds' keys)")
    for ch, n in changed_n.most_common(14):
        print(f"  {n:6d} {100 * changed_t[ch] / tot[4]:5.1f} % of the time  {' '.join(ch) or '(nothing)'}")
    print("\ncostliest requirements (evaluations, reusable parts/kinds/kinds+counters, time share, reads)")
    for aid, st in sorted(stats.items(), key=lambda kv: -kv[1][4])[:12]:
        reads, _, pk, _ = info[aid]
        print(f"  {aid:34s} {st[0]:6d} {st[1]:5d} {st[2]:5d} {st[3]:5d} {100 * st[4] / tot[4]:5.1f} %  "
              f"{'whole state' if reads is None else ','.join(sorted(reads))}; "
              f"kinds {'unknown' if pk is None else len(pk)}")
    dt = [sum(st[i] for st in dstats.values()) for i in range(5)]
    print(f"\nderived values computed (their memo missed): {dt[0]}, {dt[3]:.3f} s "
          f"(the games: {t_games:.2f} s of CPU; nested values count in their callers too)")
    print(f"  with a space parameter and pieces read only there: {dt[1]} computations; "
          f"reusable with one version per space: {dt[2]} ({100 * dt[2] / max(dt[0], 1):.1f} %), "
          f"{dt[4]:.3f} s")
    for did, st in sorted(dstats.items(), key=lambda kv: -kv[1][3])[:8]:
        print(f"  {did:34s} computed {st[0]:6d} local {st[1]:6d} reusable {st[2]:6d} {1000 * st[3]:6.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
