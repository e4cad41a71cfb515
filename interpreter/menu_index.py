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
  (one of the parts of its top-level `e`) never holds.

The answer is kept per seats, hirelings and card instances (a game and all its copies share
those), so the cost of a menu does not grow with the rules that cannot apply in the game.
"""
from __future__ import annotations

from .. import nodes as N
from .card_scope import game_cards


def never_enabled(g, s) -> frozenset:
    """The ids of the actions that cannot be enabled in the game of state `s`."""
    memo = g.__dict__.get("_never_enabled")
    if memo is None:
        memo = g._never_enabled = {}
    # per game: its card instances (a list made when it starts, shared by its copies), and
    # its seats and hirelings (set in its setup)
    defs = s.card_defs
    key = (id(defs), tuple(s.seats), s.hired)
    got = memo.get(key)
    if got is not None and got[0] is defs:
        return got[1]
    if len(memo) > 64:
        memo.clear()
    out = frozenset(_never(g, s))
    memo[key] = (defs, out)        # the list kept alive: its id stays its own
    return out


def _never(g, s):
    cards = game_cards(g, s)
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


def required_kinds(g, act) -> tuple:
    """For each part of the requirement's top-level `e` that is `houver <pieces>`: the piece
    kinds those pieces may be of (kept on the action; () when none, or not known)."""
    got = act.__dict__.get("_required_kinds")
    if got is not None:
        return got
    tree = getattr(act, "req_tree", None)
    out = []
    if tree is not None:
        parts = tree.items if isinstance(tree, N.Logic) and tree.op == "and" else [tree]
        for p in parts:
            if type(p) is not N.Exists or not isinstance(p.sel, N.Sel) or p.sel.quant is not None:
                continue        # (`houver N X` holds with no piece when N is 0)
            kinds = _sel_kinds(g, p.sel)
            if kinds:
                out.append(kinds)
    act._required_kinds = got = tuple(out)
    return got


def _sel_kinds(g, sel):
    """The piece kinds a selection of pieces may select (filters and owners only narrow it);
    None when the noun is not a piece kind or a category of pieces."""
    noun = sel.noun
    if not isinstance(noun, N.Name):
        return None
    pk = g.piece_kinds
    if noun.kind == "piece":
        if not all(i in pk for i in noun.ids):
            return None
        return frozenset(noun.ids)
    if noun.kind == "category":
        return frozenset(k for k, p in pk.items() if p.category in noun.ids) or None
    return None


def menu_ids(g, listed, phase, me, s):
    """What a menu offers `me`: its own list, then the window actions of `phase` (None: no
    window) it does not list and `me` takes, in their declaration order, without the actions
    that cannot be enabled in this game (kept per menu, phase, player and game)."""
    never = never_enabled(g, s)
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
