"""Which face a two-sided piece shows when it leaves the map or comes back to it (helpers of
placing, removing, moving and flipping).
"""
from __future__ import annotations

from .. import chance
from ..runtime import Failure


# ---------------------------------------------------------------------------------------------
# pieces with two sides (`verso:`): on the map a piece may lie on its back, a kind of its own;
# a back declared `quem_vê:` hides which face lies under it (State.ident keeps it)

def _put_back_side(ctx, sp, back, face, me, events):
    """One piece of kind `face` leaves the supply for a space, lying on its back."""
    s, g = ctx.s, ctx.g
    s.adjust_supply(face, -1)
    s.board_add(sp, back, 1)
    if back in g.hidden_backs:
        s.ident_add(sp, back, face, 1)
    pk = g.piece_kinds[back]
    events.append({"event": "placement", "space": sp, "kind": back, "face": face, "owner": pk.owner,
                   "count": 1, "by": me, "acts": ctx.env.get("__acts", ())})


def _which_face(ctx, sp, back):
    """The face under one piece lying on its back on a space: the only one it can be, or —
    face-down pieces of one kind in one space look alike — one drawn at random among them."""
    g, s = ctx.g, ctx.s
    if back not in g.hidden_backs:
        return g.faces[back][0]
    ids = s.identities(sp, back)
    if len(ids) == 1:
        return next(iter(ids))
    if not ids:
        raise Failure("cannot_pay", ctx.law)
    return chance.choice(ctx.engine, s.rng, [f for f in sorted(ids) for _ in range(ids[f])],
                         kind="face_down")


def leave_back_side(ctx, sp, back, n, bits, dst):
    """n pieces lying on their back (with statuses `bits`) leave a space: for the supply, as
    their faces (dst None), or for another space, still on their back, each with its face and
    its statuses. [(face, count)] of the pieces that left."""
    s, g = ctx.s, ctx.g
    if bits or s.pstat:
        s._unstatus(sp, back, n, bits)
    hidden = back in g.hidden_backs
    out: dict = {}
    for _ in range(n):
        face = _which_face(ctx, sp, back)
        if hidden:
            s.ident_add(sp, back, face, -1)
        s.board_add(sp, back, -1)
        if dst is None:
            s.adjust_supply(face, 1)
        else:
            s.board_add(dst, back, 1)
            if hidden:
                s.ident_add(dst, back, face, 1)
        out[face] = out.get(face, 0) + 1
    if dst is not None and bits:
        s.set_status(dst, back, n, 0, bits)
    return list(out.items())
