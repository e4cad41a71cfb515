"""What an action menu offers, indexed once per game instead of asked at every decision.

A menu asks every action it lists whether it is enabled, at every decision. Some actions can
never be enabled in a given game, whatever happens in it: the ruleset has them for cards,
factions or maps this game does not have. Two facts of the engine say which, once the game is
set up (the first menu comes after the setup):

* a card's own action (`ações:` of a card) is enabled only while its card lies in play, and
  the cards of a game are the instances made when it starts (Game._init_state): a card that
  is not among them never lies in play;
* a piece kind has a supply only if its owner is in the game (seated, or a hireling in play:
  Game._init_state, hirelings.join) or it has no owner; pieces are placed only from a supply.
  A kind without a supply (nor one of its faces, `verso:`) and with no piece on the map or in
  a zone never has a piece in this game, so a requirement that asks `houver <those pieces>`
  (one of the parts of its top-level `e`) never holds;
* an edge of a kind appears only on the game's printed map, by a rule that links two spaces
  (`ligue C e D por K`: the kinds the compiled rules name) or as the edges pieces make
  (`liga:`); a requirement that asks for an edge of any other kind (`houver caminho fechado`,
  `conectada a C por caminho fechado`) never holds.

Both are looked for in the parts of the requirement's top-level `e`, and inside them in the
conditions an existing thing must meet (`houver clareira C onde <parts>`, `com <pieces>`): each
such part must hold for the requirement to hold.

The answer is kept per seats, hirelings and card instances (a game and all its copies share
those), so the cost of a menu does not grow with the rules that cannot apply in the game.
"""
from __future__ import annotations

from .. import nodes as N
from . import board as _bd
from .card_scope import game_cards
from . import proofs as _proofs
from .proofs import _sel_kinds   # one definition: the kinds a selection of pieces may select


def never_enabled(g, s, m=None) -> frozenset:
    """The ids of the actions that cannot be enabled in the game of state `s` on map `m`."""
    memo = g.__dict__.get("_never_enabled")
    if memo is None:
        memo = g._never_enabled = {}
    # per game: its card instances (a list made when it starts, shared by its copies), its
    # seats and hirelings (set in its setup) and its map
    defs = s.card_defs
    facts = _proofs.facts(g, s)
    key = (id(defs), tuple(s.seats), s.hired, id(m), facts)
    got = memo.get(key)
    if got is not None and got[0] is defs:
        return got[1]
    if len(memo) > 64:
        memo.clear()
    out = set(_never(g, s, m))
    # once the game is set up: the actions whose requirement needs what this game can never
    # have (a counter no rule of the game changes, a piece kind no rule of it creates, a player
    # it does not seat: interpreter/proofs.py)
    if facts is not None:
        out |= facts.dead_actions
    out = frozenset(out)
    memo[key] = (defs, out)        # the list kept alive: its id stays its own
    return out


def _never(g, s, m=None):
    cards = game_cards(g, s)
    edges = _edge_kinds(g, s, m)
    placed = set()
    for where in (s.board, s.piece_zones):
        for d in where.values():
            placed.update(k for k, n in d.items() if n)
    supply = s.supply
    faces = g.faces

    def present(k):
        return k in supply or k in placed or any(f in supply or f in placed for f in faces.get(k, ()))

    for aid, act in g.actions.items():
        if act.card is not None and act.card not in cards:
            yield aid
            continue
        for kinds in required_kinds(g, act):
            if not any(present(k) for k in kinds):
                yield aid
                break
        else:
            if edges is not None and any(k not in edges for k in required_edges(g, act)):
                yield aid


def _edge_kinds(g, s, m):
    """The edge kinds that can ever have an edge in this game (None: not known, no map)."""
    if m is None:
        return None
    out = {k for k, pairs in m.edges.items() if pairs}
    out.update(m.piece_edges or ())
    out.update(g.__dict__.get("linked_edge_kinds", ()))
    ms = s.flags.get(_bd.MAP_KEY) if s.flags else None
    for item in ms or ():
        if item[0] == "edge" and item[3] is not None:
            out.add(item[3])
    return out


def required_kinds(g, act) -> tuple:
    """For each `houver <pieces>` the requirement needs (a part of its top-level `e`, or of the
    condition of a thing such a part asks for): the piece kinds those pieces may be of (kept
    on the action; () when none, or not known)."""
    got = act.__dict__.get("_required_kinds")
    if got is None:
        _required(g, act)
        got = act._required_kinds
    return got


def required_edges(g, act) -> frozenset:
    """The edge kinds the requirement needs an edge of (`houver K`, `conectada a C por K` in
    the parts it needs, as in required_kinds)."""
    got = act.__dict__.get("_required_edges")
    if got is None:
        _required(g, act)
        got = act._required_edges
    return got


def _required(g, act):
    kinds, edges = [], set()
    tree = getattr(act, "req_tree", None)
    if tree is not None:
        _needs(g, tree, kinds, edges, 0)
    act._required_kinds = tuple(kinds)
    act._required_edges = frozenset(edges)


def _needs(g, x, kinds, edges, depth):
    """What the condition `x` needs to hold: the parts of an `e`; for `houver X` (with no
    number: `houver N X` holds with none when N is 0), X's kinds, and what X's conditions
    need (`onde`, `com`), and the edge kind of a `conectada ... por K`."""
    if depth > 8:
        return
    if isinstance(x, N.Logic):
        if x.op == "and":
            for p in x.items:
                _needs(g, p, kinds, edges, depth + 1)
        return
    if type(x) is N.Exists and isinstance(x.sel, N.Sel):
        _sel_needs(g, x.sel, kinds, edges, depth)


def _sel_needs(g, sel, kinds, edges, depth):
    if sel.quant is not None:
        return
    noun = sel.noun
    if isinstance(noun, N.Name) and noun.kind == "edgekind" and len(noun.ids) == 1:
        edges.add(noun.ids[0])
    k = _sel_kinds(g, sel)
    if k:
        kinds.append(k)
    for f in sel.filters or ():
        if f.kind == "where":
            _needs(g, f.arg, kinds, edges, depth + 1)
        elif f.kind == "with" and isinstance(f.arg, N.Sel):
            _sel_needs(g, f.arg, kinds, edges, depth + 1)
        elif f.kind == "connected" and isinstance(f.arg2, N.Sel) and f.arg2.quant is None \
                and isinstance(f.arg2.noun, N.Name) and f.arg2.noun.kind == "edgekind" \
                and len(f.arg2.noun.ids) == 1:
            edges.add(f.arg2.noun.ids[0])


def menu_ids(g, listed, phase, me, s, m=None):
    """What a menu offers `me`: its own list, then the window actions of `phase` (None: no
    window) it does not list and `me` takes, in their declaration order, without the actions
    that cannot be enabled in this game (kept per menu, phase, player and game)."""
    never = never_enabled(g, s, m)
    key = (id(listed), phase, me, never)
    memo = g.__dict__.get("_menu_ids")
    if memo is None:
        memo = g._menu_ids = {}
    got = memo.get(key)
    if got is not None:
        return got[1]
    if len(memo) > 1024:
        memo.clear()
    w = g.windows.get(phase, ()) if phase is not None else ()
    barred = g.factions[me].barred if me in g.factions else ()
    ids = tuple(listed) + tuple(a for a in w if a not in listed and a not in barred)
    if never:
        ids = tuple(a for a in ids if a not in never)
    memo[key] = (listed, ids)     # `listed` kept alive: its id stays its own
    return ids
