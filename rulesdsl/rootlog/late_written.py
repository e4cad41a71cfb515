"""An action the record writes after an action of a later phase of the same turn: the line
is tried again with it before that action.

The search matches a line in the order it is written (search.py: each step completes the
first open action). A transcriber sometimes writes an action after one that the rules make
in a later phase: after_dark l. 53 (`A:...++4/2w9->4/4#A->$/w4->10/...`) writes the Alliance's
Mobilize (8.5.2, Daylight) between two moves of its Military Operations (8.6.1, Evening). The
search makes the move `2w9->4` by ending the Daylight, and from then on Mobilize is not
offered: the rest of the line was corrected (14 corrections).

When a line cannot be matched and the first action still open at the furthest position
reached is one that the engine would allow its faction in this turn but does not offer at
the pending decision (why.py: `not_here`, "possible, but not offered at this decision") and
that a menu on the search's way there did offer (it was left behind), and the action written
just before it (not a score) is made there, the line is matched again from
the same position with the late action's changes placed before that one. The engine decides
what is legal: a reordered line matches only by the rules' own phases. It is tried once per
action and line; if it does not match either, the replay goes on as before (corrections)."""
from __future__ import annotations

NOT_HERE = "not_here"
MOST = 2             # actions moved per line (each costs the line's search again)


def reorder(rp, start_game, deep_game, deep_left, left, bi, tried) -> list | None:
    """`left` (the line's open changes where its search began) with the first open action
    of the furthest position `deep_left` moved before the action written just before it, or
    None when that does not apply (see the module's doc). `tried` (a set) keeps the actions
    already moved on this line."""
    first = next((at for at, rem in deep_left if rem and at.turn == bi and not at.optional), None)
    if first is None or first.action in tried or len(tried) >= MOST:
        return None
    ai = first.action
    order = []
    for at, _ in left:
        if at.turn == bi and at.action not in order:
            order.append(at.action)
    if ai not in order:
        return None
    prev = next((p for p in reversed(order[:order.index(ai)]) if rp.actions[p][2].kind != "score"), None)
    if prev is None:
        return None
    if any(rem for at, rem in deep_left if at.action == prev and at.turn == bi and not at.optional):
        return None          # the action before it is not made either: not a matter of order
    ex = rp._explain(deep_game, first)
    acts = ex.get("actions") if isinstance(ex, dict) else None
    aids = {a.get("action") for a in acts or () if a.get("why") == NOT_HERE}
    if not aids or not passed(start_game, deep_game, aids):
        return None
    tried.add(ai)
    mine = [x for x in left if x[0].turn == bi and x[0].action == ai]
    rest = [x for x in left if not (x[0].turn == bi and x[0].action == ai)]
    at_prev = next(i for i, x in enumerate(rest) if x[0].turn == bi and x[0].action == prev)
    return rest[:at_prev] + mine + rest[at_prev:]


def passed(start_game, deep_game, aids) -> bool:
    """Whether the way from `start_game` to `deep_game` (the options the search took, in the
    history) went past a menu that offered one of the actions `aids`: the action was there to
    take before the step the search ended in, and the written order left it behind."""
    k = len(start_game.history)
    way = deep_game.history[k:]
    if deep_game.history[:k] != start_game.history:
        return False
    g = start_game.clone()
    for oid in way:
        d = g.pending
        if d is not None and d.kind == "menu" and aids & set(g.legal_ids()):
            return True
        g.apply_id(str(oid))
    return False
