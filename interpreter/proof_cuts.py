"""What the proofs of a game cut from its hot paths (issue 11: rules that cannot apply cost
nothing). Each cut is kept per game — its card instances' list, made when it starts and shared
by its copies, is the key (as in proofs.facts) — and made only once the game's facts are
proved (interpreter/proofs.py); before that (during the setup) nothing is cut.

* `live_kinds`: a list of piece kinds without those the game never has a piece of
  (`dead_kinds`: the kinds of the factions that are not in it, a landmark's piece without the
  landmark): what a selection of pieces of any owner (or of the enemies) walks place by place
  and filters kind by kind (compiler/sels.py).
* `supply_kinds`: the same for a sum of supplies (`suprimento de guerreiro`), keeping a dead
  kind whose supply is not 0 (a kind never on the map nor in a zone never enters or leaves its
  supply: its supply stays what it is, so a kind with none adds 0 for ever).
* `start_window`: the actions a window that opens at a phase's start offers a faction, without
  those this game can never enable (menu_index.never_enabled), per (phase, faction).
* `prohibits_removal`: whether a prohibition of removal can hold in the game (a hireling's,
  Root E.2.2, only with that hireling in play).
* `conditional_kinds`: the conditional edge kinds of a map view (`adjacência_se:`) whose
  condition can hold in the game (the rivers' `você é ribeirinhos ou botes de você > 0` never
  does without the Riverfolk), with the parts of the state they read.
"""
from __future__ import annotations

from . import proofs as _proofs
from . import menu_index as _menus
from . import runtime as _rt     # (runtime reads board, which reads this module: names at call time)

_BOUND = 64          # games kept per table: a copy of a game shares its entry


def _kept(memo, key, defs):
    got = memo.get(key)
    if got is not None and got[0] is defs and got[1] == len(defs):
        return got
    return None


def _keep(memo, key, defs, *value):
    if len(memo) > _BOUND:
        memo.clear()
    got = memo[key] = (defs, len(defs)) + value     # the list kept alive: its id stays its own
    return got


def dead_kinds(g, s):
    """The piece kinds the game of `s` never has a piece of (None before its proofs): those its
    facts prove absent (no rule of the game creates them), and those without a supply — a
    kind has one only if its owner is in the game or it has none (Game._init_state,
    hirelings.join) — nor a face with one, and with no piece on the map or in a zone: pieces
    enter the map and the zones only from a supply (menu_index says the same for menus). Kept
    per game: once proved, what is dead stays dead."""
    memo = g.__dict__.get("_proof_dead")
    if memo is None:
        memo = g._proof_dead = {}
    defs = s.card_defs
    got = _kept(memo, id(defs), defs)
    if got is not None:
        return got[2]
    f = _proofs.facts(g, s)
    if f is None:
        return None
    placed = set()
    for where in (s.board, s.piece_zones):
        for d in where.values():
            placed.update(k for k, n in d.items() if n)
    supply, faces = s.supply, g.faces

    def unsupplied(k):
        return not any(x in supply or x in placed for x in (k,) + tuple(faces.get(k, ())))
    out = frozenset(k for k in g.piece_kinds if f.absent(k) or unsupplied(k))
    _keep(memo, id(defs), defs, out)
    return out


def live_kinds(g, s, ks, memo):
    """`ks` (a list of piece kinds kept by its caller: its id is the key in `memo`, the
    caller's table) without the kinds the game of `s` never has a piece of, in the same order;
    `ks` itself before the proofs or when nothing is cut."""
    return _without_dead(g, s, ks, memo, False)


def supply_kinds(g, s, ks, memo):
    """`ks` without the kinds whose supply is 0 and stays 0 in the game of `s` (a kind it never
    has a piece of: its supply changes only as pieces enter or leave the map and the zones);
    as `live_kinds` otherwise."""
    return _without_dead(g, s, ks, memo, True)


def _without_dead(g, s, ks, memo, keep_supplied):
    """live_kinds / supply_kinds: `keep_supplied` keeps a dead kind that has a supply now (the
    Black Market's pieces without its landmark: counted in a supply sum, never placed)."""
    defs = s.card_defs
    got = memo.get(id(ks))
    if got is not None and got[0] is defs and got[1] == len(defs) and got[3] is ks:
        return got[2]
    dead = dead_kinds(g, s)
    if dead is None:
        return ks
    if keep_supplied:
        out = [k for k in ks if k not in dead or _rt.supply_count(g, s, k)]
    else:
        out = [k for k in ks if k not in dead]
    if len(out) == len(ks):
        out = ks
    _keep(memo, id(ks), defs, out, ks)
    return out


def start_window(g, s, m, faction, ph, windows):
    """The actions the window of phase `ph` (in `windows`: {phase: action ids}) offers
    `faction` at the phase's start, without those it cannot take (`barred`) and those this game
    can never enable; () when none is left. Kept for the last game asked (WINDOWS: turns.py
    reads it first), once its facts are proved."""
    last = WINDOWS
    if last[0] is not s.card_defs:
        if _proofs.facts(g, s) is None:
            return _window(g, s, m, faction, ph, windows)
        last[0], last[1] = s.card_defs, {}
    key = (faction, ph, id(windows))
    got = last[1].get(key)
    if got is None:
        got = last[1][key] = _window(g, s, m, faction, ph, windows)
    return got


def _window(g, s, m, faction, ph, windows):
    ids = windows.get(ph)
    if not ids:
        return ()
    barred = g.factions[faction].barred
    never = _menus.never_enabled(g, s, m)
    return tuple(a for a in ids if a not in barred and a not in never)


# [card instances of the last game asked (kept alive: a game's identity, shared by its
# copies, whose seats, hirelings, map and ruleset are its own), {(faction, phase, id(table)):
# action ids}]
WINDOWS = [None, None]


def conditional_kinds(g, s, v, live, reads):
    """(the conditional edge kinds of view `v` whose condition can hold in the game of `s`,
    the parts of the state their conditions read or None: unknown). `live`: the view's live
    kinds ({edge kind: condition}), `reads`: what they read (board._live, board._live_reads),
    returned as they are before the proofs."""
    memo = v.__dict__.get("_proof_cond")
    if memo is None:
        memo = v.__dict__["_proof_cond"] = {}
    defs = s.card_defs
    got = _kept(memo, id(defs), defs)
    if got is not None:
        return got[2], got[3]
    f = _proofs.facts(g, s)
    if f is None:
        return live, reads
    exprs = g._exprs
    out = {}
    for ek, cond in live.items():
        e = exprs.get(("edge_kinds", ek, "adjacency_if"))
        if e is None or e.tree is None or not f.never(e.tree):
            out[ek] = cond
    if len(out) == len(live):
        out_reads = reads
    else:
        out_reads = set()
        for ek in out:
            r = v.conditional_kind_reads.get(ek)
            if r is None:
                out_reads = None
                break
            out_reads |= r
        out_reads = tuple(sorted(out_reads)) if out_reads is not None else None
        out = out if out else {}
    _keep(memo, id(defs), defs, out, out_reads)
    return out, out_reads


def prohibits_removal(g, s) -> bool:
    """Can a prohibition of `remoção` forbid anything in the game of `s`: one of nobody's, or
    of a faction in the game (seated or a hireling in play: fixed once it is set up). Kept for
    the last game asked, once proved; a ruleset without any pays one look-up."""
    owners = g.__dict__.get("_removal_owners")
    if owners is None:
        owners = g._removal_owners = frozenset(h.owner for h in g.prohibitions if h.event == "removal")
    if not owners:
        return False
    last = _REMOVAL
    defs = s.card_defs
    if last[1] is defs and last[0] is g:
        return last[2]
    on = None in owners or not owners.isdisjoint(s.seats) or not owners.isdisjoint(s.hired)
    if _proofs.facts(g, s) is not None:
        last[0], last[1], last[2] = g, defs, on
    return on


_REMOVAL = [None, None, True]      # [ruleset, card instances of the game, prohibits_removal]
