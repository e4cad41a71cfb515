"""A turn ended by force (the tolerant replay's way past a line it cannot close, replay.py):
each step ended as soon as it may, and never by an option that changes how a faction wins.

At each decision the step's end (`fim`, `passar`) is taken where there is one, else the first
option. An option whose play freezes a score or joins a victory (victory.py: a dominance card
activated, a coalition formed) is never taken: the record would have written it, and a game the
engine then ends by that rule is not the record's game. Nor is an option whose rule fails on
the way. Both are passed over for the decision's next option, going back up a decision when a
decision has none left (a depth-first search, at most `limit` options played)."""
from __future__ import annotations

from . import forced_named as _forced_named
from . import item_damage as _item_damage
from . import victory as _victory
from .search import DONE_IDS


def end_turn(rp, game, limit=300):
    """The game once its current turn is over, or None if no way ends it within `limit`."""
    g0 = game.clone()
    rp._forced_last = None
    turn0 = g0.s.turn_no
    if g0.is_terminal():
        return g0
    start = _victory.marks(g0)
    stack = [(g0, iter(_order(rp, g0)))]
    played = 0
    while stack:
        g, options = stack[-1]
        i = next(options, None)
        if i is None:
            stack.pop()
            continue
        played += 1
        if played > limit:
            return None
        g2 = g.clone()
        try:
            g2.apply(i)
            rp._auto_chance(g2)
        except Exception:  # noqa: BLE001 - a rule failing on the way: not this option
            continue
        if _victory.marks(g2) != start:
            continue           # a score frozen or a victory joined: game-changing
        if g2.s.turn_no != turn0 or g2.is_terminal():
            rp._forced_last = (g, g2)      # the step into the next turn (forced_start.py)
            return g2
        stack.append((g2, iter(_order(rp, g2))))
    return None


def _order(rp, g) -> list:
    """The options in the order a forced end tries them: a die as the replay's generator
    gives it (one only); else the step's end first, then the others in the engine's order."""
    ids = g.legal_ids()
    if g.is_chance_node():
        return [_item_damage.forced_die(rp, g, rp.rng.randrange(len(ids)))]
    done = [i for i, o in enumerate(ids) if o in DONE_IDS]
    # the card the line names onto a board spot first (a new leader: forced_named.py)
    return _forced_named.first(rp, g, ids, done + [i for i in range(len(ids)) if i not in done])
