"""What can never hold in a game, proved once when its setup is done (issue 11).

A ruleset holds rules for factions, hirelings, landmarks and cards a given game may not have.
Once the game is set up (its seats, hirelings, landmarks and card instances are known, and the
setup's one-time rules have run), some parts of the state can be proved never to change:

* a **counter** that no rule this game can run changes keeps the values it has now (every key
  of it: one per faction, or the global one, plus its declared initial value and 0);
* a **piece kind** that is not on the map nor in a piece zone now, and that no rule this game
  can run creates (`posicione`, `substitua`, `troque`, `vire` naming it or its category), never
  exists in this game: pieces enter the map only by those verbs, and the setups that placed
  the landmarks and the map's pieces have run;
* a **card zone** that is empty now, that the engine does not fill by itself (a deck's piles,
  the hands: any zone the ruleset's data names outside its rules' text) and that no rule this
  game can run names, never holds a card (`houver carta em Z`);
* a **player** (`houver jogador R onde R é F`, `você é F`) is one of the seats or a hireling in
  play: a faction that is neither is never one.

"The rules this game can run": every rule of the ruleset except those of a faction that is
neither seated nor a hireling in play, those of a card that is not among the game's card
instances, and the landmarks' setups (they run in the setup step only: landmarks.py); of those,
a rule runs only if its condition (`requer:`, `condição:`) is not proved never to hold, and an
action only if something can offer or perform it (a present faction's menu, an action window,
a card's or a hireling's own action, or a rule that names it: `realize X`, `realize N ações
entre X, Y`). This is a least fixed point: start with nothing changed nor created, admit every
rule whose condition can hold, add what the admitted rules change, create and name, and repeat
until nothing more is admitted. A rule left out can never run: its condition needs something
that, by induction on the game's history, never happens.

Sound and conservative: a verb that changes a counter or creates pieces through a variable the
analysis cannot resolve makes it assume any counter may change / any kind may appear; a
condition is proved never to hold only through the parts of a top-level `e` (and the things a
`houver` needs: `onde`, `com`; an `ou` only when every branch is impossible), never through
`não`. The counting verbs name the counters they change except for extra actions and a space's
attributes (anything else: any counter may change).

Used for (kept per game: its card instances; proved when its setup is done, turns.py): the
menus (menu_index.never_enabled), the modifiers of derived values (Derived._live_mods), the hooks
and replacements (hooks.fire, hooks.replacement, through `scope`), and the cuts of
proof_cuts.py (the kinds selections and supply sums walk, the windows at a phase's start, the
conditional adjacency, the prohibitions of removal). What each rule changes, creates, fills and
names is worked out once per ruleset (_units); the facts once per game signature (its factions,
cards, pieces, card zones and counters after the setup).

This module holds the entry points (prove, facts, scope) and the rules of the ruleset as units;
the facts and their fixed point are in proof_facts.py, what they cut in proof_cuts.py.
"""
from __future__ import annotations

from .card_scope import game_cards
from .proof_facts import Facts, _Sum, _sel_kinds  # noqa: F401  (_sel_kinds: menu_index reads it here)


# ---------------------------------------------------------------------------------------------

def facts(g, s):
    """The facts of the game of state `s` (None: not proved, e.g. during its setup). A game's
    seats and hirelings are fixed once its setup is done; its card instances are the list
    made when it starts, shared by its copies (a longer list: proved again)."""
    memo = g.__dict__.get("_proofs")
    if memo:
        defs = s.card_defs
        got = memo.get(id(defs))
        if got is not None and got[0] is defs and got[1] == len(defs):
            return got[2]
    return None


def scope(g, s) -> tuple:
    """(the card defs the game has, its facts or None): what decides which hooks of an event
    can apply in it (hooks.fire), in one look-up per event."""
    memo = g.__dict__.get("_proof_scope")
    if memo is None:
        memo = g._proof_scope = {}
    defs = s.card_defs
    got = memo.get(id(defs))
    if got is not None and got[0] is defs and got[1] == len(defs):
        return got[2]
    if len(memo) > 64:
        memo.clear()
    sc = (game_cards(g, s), facts(g, s))
    memo[id(defs)] = (defs, len(defs), sc)     # the list kept alive: its id stays its own
    return sc


def prove(g, s):
    """Prove the facts of the game of state `s`, now that its setup is done (turns.py, at the
    end of the setup, with no action under way: every later state of the game, and of its
    copies, is reached from this one by its rules)."""
    memo = g.__dict__.get("_proofs")
    if memo is None:
        memo = g._proofs = {}
    if len(memo) > 64:
        memo.clear()
    f = _prove(g, s)
    memo[id(s.card_defs)] = (s.card_defs, len(s.card_defs), f)
    g.__dict__.get("_proof_scope", {}).pop(id(s.card_defs), None)
    return f


def _prove(g, s) -> Facts:
    """The facts of a game: kept per ruleset for the same factions, cards, pieces on the map,
    cards in zones and counters after the setup (random games of the same factions share them)."""
    present = frozenset(s.seats).union(s.hired)
    cards = game_cards(g, s)
    here = set()
    for where in (s.board, s.piece_zones):
        for d in where.values():
            here.update(k for k, n in d.items() if n)
    # a kind is here also through its faces (`verso:`): flipping makes one from the other
    for k, fs in g.faces.items():
        if k in here or any(f in here for f in fs):
            here.add(k)
            here.update(fs)
    cards_here = set()
    for key, cs in s.zones.items():
        if cs:
            last = key.rpartition(":")[2]
            cards_here.update((key, last, key.rpartition(".")[2], last.rpartition(".")[2]))
    counters = frozenset(s.counters.items())
    sig = (present, cards, frozenset(here), frozenset(cards_here), counters)
    memo = g.__dict__.get("_proof_sigs")
    if memo is None:
        memo = g._proof_sigs = {}
    got = memo.get(sig)
    if got is not None:
        return got
    if len(memo) > 32:
        memo.clear()
    f = memo[sig] = Facts(g, present, counters, sig[2], sig[3])
    for fid in present:
        fac = g.factions.get(fid)
        if fac is not None:
            f.reached.update(fac.menu)
    for ids in list(g.windows.values()) + list(getattr(g, "window_starts", {}).values()):
        f.reached.update(ids)
    for aid, act in g.actions.items():
        if act.card is not None or act.hireling is not None:
            f.reached.add(aid)
    f.solve([(guard, aid, sm) for src, guard, aid, sm in _units(g)
             if src is None or (src[0] == "f" and src[1] in present) or (src[0] == "c" and src[1] in cards)])
    f.dead_mods = frozenset(id(m) for d in g.derived.values() for m in d.mods
                            if m.cond_tree is not None and f.never(m.cond_tree))
    f.dead_hooks = frozenset(id(h) for table in (g.triggers, g.replacements) for hs in table.values()
                             for h in hs if h.cond_tree is not None and f.never(h.cond_tree))
    f.dead_actions = frozenset(aid for aid, act in g.actions.items()
                               if getattr(act, "req_tree", None) is not None and f.never(act.req_tree))
    return f


def _units(g) -> list:
    """The rules of the ruleset, each once: (its source: None for everyone's, ("f", faction) or
    ("c", card) for one that holds only with them; its condition; the action it is of; what
    its other trees do), kept per ruleset. A landmark's setup is left out: it runs in the setup
    step only (landmarks.py), which is over when the proofs are made."""
    got = g.__dict__.get("_proof_units")
    if got is not None:
        return got
    data = g.rs.data
    units: dict = {}
    for path, e in g._exprs.items():
        if e.tree is None:
            continue
        src = _source(path, data)
        if src == "never":
            continue
        unit = path[:-1]
        u = units.get(unit)
        if u is None:
            u = units[unit] = [src, None, _action_id(path), _Sum(g)]
        if path[-1] in ("requires", "condition"):
            u[1] = e.tree
        else:
            u[3]._admit(e.tree)
    got = g._proof_units = [tuple(u) for u in units.values()]
    return got


def _source(path, data):
    """Whose the rule at `path` is: None (everyone's), ("f", faction), ("c", card id), or
    "never" (a landmark's setup, run in the setup step only)."""
    p0 = path[0]
    if p0 == "landmarks" and "setup" in path:
        return "never"
    if "cards" in path:
        i = path.index("cards")
        if i + 1 < len(path):
            c = _get(data, path[:i + 2])
            cid = c.get("id") if isinstance(c, dict) else None
            if cid is not None:
                return ("c", str(cid))
    if p0 == "factions" and len(path) > 1:
        return ("f", path[1])
    return None


def _get(d, path):
    for k in path:
        try:
            d = d[k]
        except (KeyError, IndexError, TypeError):
            return None
    return d


def _action_id(path):
    """The action a path of an action's `requer:`/`efeito:` is of (None: not an action's)."""
    if len(path) < 3 or path[-3] != "actions":
        return None
    if path[0] == "actions":
        return str(path[1])
    if path[0] == "factions" and len(path) == 5:
        return f"{path[1]}.{path[3]}"
    return str(path[-2])
