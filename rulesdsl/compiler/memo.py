"""Memo tables for costly expressions: which state an expression reads (`state_reads`), the
key built from those reads, and the trial that keeps a table only if it hits.
"""
from __future__ import annotations

import os

from .. import nodes as N
from ..codegen import MEMO_WRAPPERS


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
    # where the wrappers of this table are held (generated code's globals, an action's
    # requirement...): switched off, the table's holders get the bare functions (bind)
    holders = g.__dict__.setdefault("_memo_holders", {}).setdefault(tkey, [])
    keyf = []

    def cached(ctx):
        if not stats[2]:
            return f(ctx)           # (a holder bound before the switch no longer comes here)
        if not keyf:
            # derived values and prohibitions are all compiled before the first game: what
            # they read is known by then
            keyf.append(memo_key_fn(g, node, free_vars(node)))
        n = stats[0] = stats[0] + 1
        if n == MEMO_TRIAL and stats[1] * MEMO_MIN_HITS < n and not CHECK_MEMO:
            stats[2] = False
            memo.clear()
            for holder, name, bare, wrapper in holders:
                if _held(holder, name) is wrapper:     # (not replaced since: a test's patch)
                    _put(holder, name, bare)
        try:
            key = keyf[0](ctx)
            # (a miss answers the marker: most look-ups miss, and a KeyError costs more)
            v = memo.get(key, _MISS)
        except TypeError:          # a list in a variable: not hashable, no memo
            return f(ctx)
        if v is not _MISS:
            stats[1] += 1
            if CHECK_MEMO:
                _check_memo(node, v, f(ctx))
            return v
        if len(memo) > 512:
            memo.clear()
        v = memo[key] = f(ctx)
        return v
    cached._memo_bind = (stats, holders, f)
    MEMO_WRAPPERS.add(id(cached))     # (codegen._build looks for the wrappers it calls)
    return cached


def bind(holder, name) -> None:
    """`holder` (a dict: generated code's globals; or an object) holds in `name` a function
    that may be a memo wrapper: once the wrapper's table is switched off by its trial, the
    holder holds the bare function, and callers skip the wrapper's frame that only forwards
    (≈ 2 calls per decision in a four-player game). The answers are the same either way."""
    fn = _held(holder, name)
    b = getattr(fn, "_memo_bind", None)
    if b is None:
        return
    stats, holders, bare = b
    if stats[2]:
        holders.append((holder, name, bare, fn))
    else:
        _put(holder, name, bare)        # judged already (a function built late: `upto`)


def _held(holder, name):
    return holder.get(name) if type(holder) is dict else getattr(holder, name, None)


def _put(holder, name, fn) -> None:
    if type(holder) is dict:
        holder[name] = fn
    else:
        setattr(holder, name, fn)


_MISS = object()

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
    if "_state_reads_known" not in g.__dict__:
        g._state_reads_known = {}
    free = tuple(free) + tuple(v for v in g.tree_derived_reads(node) if v not in free)
    if any(isinstance(n, N.Call) and n.fn in ("can_place", "can_remove") for n in node.walk()):
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
# vb pieces on the map and in the supply, vz pieces in zones and their statuses, vc cards (vg:
# the cards as the cards that gate rules see them, State.vg),
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
                 "not_of": ("vf",), "prefer": ()}
_CALL_READS = {"rules": ("vb",), "uncovered": ("vb",), "uncovered_sum": ("vb",),
               "supply_of": ("vb",), "truthy": (), "length": (),
               # the seats change only in setup (a drawn order, a faction taken), with the turn
               "next_player": ("vt",), "previous_player": ("vt",), "left_neighbour": ("vt",),
               "right_neighbour": ("vt",), "half_up": (), "max": (),
               "min": (), "distance": ("vf",), "starts": ("vf",), "longest_line": (), "matches_all": (), "can_place": ("vb", "vz"),
               "can_remove": ("vb", "vz"),
               "matches_strict": (), "hidden_face": ("vb",),
               # a ruleset option never changes during a game (rulesdsl/options.py)
               "option": (), "option_on": ()}
_PLAIN = (N.Num, N.Var, N.Me, N.Arith, N.Cmp, N.Logic, N.Not, N.ListOf, N.Count, N.Exists)


def state_reads(g, node, _seen=None, local=None):
    """The parts of the state an expression reads (a frozenset of State.PARTS versions), or
    None when it holds a construct these tables do not know. local: a variable bound to a
    space; pieces selected `em <local>` are left out (the caller keys on that space's pieces).
    Once games run (memo_key_fn turns it on: everything is compiled by then), a question
    asked from outside (no `_seen`) is answered once per ruleset and tree."""
    known = g.__dict__.get("_state_reads_known")
    if _seen is not None or known is None:
        return _state_reads(g, node, _seen, local)
    hit = known.get((id(node), local))
    if hit is not None and hit[0] is node:
        return hit[1]
    r = _state_reads(g, node, None, local)
    known[(id(node), local)] = (node, r)
    return r


def _state_reads(g, node, _seen, local):
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
            if k == "edgekind" and any(noun.ids[0] in md.piece_edges for md in getattr(g, "maps", {}).values()):
                out.add("vb")        # the edges the pieces make (`liga:`, N10)
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
            if n.kind in ("adjacent", "connected") and not _adjacency_reads(g, out):
                return None
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
            if n.fn == "distance" and not _adjacency_reads(g, out):
                return None
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


def _adjacency_reads(g, out) -> bool:
    """Add to `out` what the adjacency reads besides the map ("vf"): the conditions of
    conditional edge kinds, the cards in play that give adjacency, and the board when pieces
    make edges (the Burrow's tunnels, `liga:`). False: a condition whose reads are unknown."""
    for md in getattr(g, "maps", {}).values():
        if md.card_adjacency:
            # a card's adjacency (N2, N5): the cards in play and, for the spaces joined by
            # pieces, the board
            out.update(("vg", "vb"))
        if md.piece_edges:
            out.add("vb")
        if md.conditional_kinds:
            if md.conditional_reads is None:
                return False
            out.update(md.conditional_reads)
            out.add("vt")
    return True


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
            out.add("vg")            # a card's modifier holds while the card is in play (N5)
        for tree in d.trees:
            r = state_reads(g, tree, seen)
            if r is None:
                return None
            out.update(r)
    return out


# Below the definitions: these modules call back into this one (the compiler is mutually
# recursive: an expression holds a selection whose filters hold expressions).
from .expressions import _costly, free_vars  # noqa: E402
