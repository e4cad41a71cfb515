"""Where the few pieces go when the supply cannot fill a placement the line writes.

A placement in several spaces (`t->6+10+11`, one wood at each sawmill, 6.4) with fewer pieces
in the supply than spaces lets the placer choose where they go (1.5.4; the engine asks it,
prompt `place_where`). The record, which wrote more than the supply holds (supply_short.py),
does not say which space went without; the rest of the line does: a space from which the line
later takes more pieces of that kind than the engine has there must have got one (r1g2 l. 54:
`3t11->` and `3t6->` after two wood at 6, 10 and 11 each, `2t10->` only). The search tries the
spaces in that order (the ones short of what the line takes first, the most short first), the
others in the line's order."""
from __future__ import annotations

PROMPT = "place_where"


def is_short_choice(decision) -> bool:
    """Whether the decision is the placer's choice of where the few pieces go."""
    p = getattr(decision, "prompt", None)
    return bool(p) and p[0] == PROMPT


def shortfall(game, left, space, bi) -> int:
    """How many more pieces the line still takes from `space` than the engine has there, of
    the kinds the line still places there (0 when none)."""
    kinds = set()
    for at, rem in left:
        if rem and at.turn == bi and at.sign > 0 and at.place == space:
            kinds.update(at.kinds or ())
    if not kinds:
        return 0
    take = sum(rem for at, rem in left
               if rem and at.turn == bi and at.sign < 0 and at.place == space
               and set(at.kinds or ()) & kinds)
    have = sum(game.s.count(space, k) for k in kinds)
    return max(0, take - have)


def order(game, left, places, options) -> list:
    """`places` (the spaces the line names, in its order) with the decision's options that
    the line takes more from than the engine holds first, the most short first."""
    bi = min((at.turn for at, _ in left), default=0)     # the line's block (then the next's)
    short = {sp: shortfall(game, left, sp, bi) for sp in options if sp in places}
    if not any(short.values()):
        return places
    return sorted(places, key=lambda sp: -short.get(sp, 0))
