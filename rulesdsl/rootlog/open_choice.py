"""A correction that would place a piece an open engine choice places: the choice is taken
instead of the edit, and the line is closed after the turn it ends (tolerant replays).

r1g5 l. 44 (`...XP5/(w+Pw)5->/b->5/++3/2#->E`): the search cannot close the line; its deepest
position is the Eyrie's Build choice (7.5.2.IV, options `c5`, `c9`). The referee used to put
the roost in 5 by an edit, leaving the choice open, and the turn ended by force then took its
first option: a second roost in 5, which every later Evening scored (docs/rootlog.md, «A Rapina
com 25 contra 18»). An edit beside a choice that makes the same change places the piece twice.

The general form, for any faction's placement choice: when the first open action's correction
would put pieces on a space (repair.plan's `put` edits) and the game waits on a decision of
that faction one of whose options, played, puts at least as many of that kind there, and that
option's step ends the turn (the rest of the turn runs without a decision, as a decree's last
Build with the Evening after it), the option is played instead of the edit: it is the engine's
own way to the change, and it closes the choice. The line's still open changes are then netted
with what that step made (the Evening's points and draws), the rest corrected at once on the
ended game (the points either way: the record's score is followed), and the next line's start
consumed as after any forced end. An option whose step does not end the turn is left to the
search (not handled here)."""
from __future__ import annotations

from . import forced_start as _forced_start
from . import repair as _repair


def route(rp, game, left, bi, nxt, ai, deferred):
    """(game after the turn, left) when the correction of action `ai` is made by an open
    choice's option that ends the turn; None otherwise (the edit as before)."""
    if nxt is None or game.is_terminal() or game.pending is None or game.is_chance_node():
        return None
    atoms = [(at, rem) for at, rem in left if at.action == ai and rem and at.turn == bi and not at.optional]
    edits, _ = _repair.plan(rp, game, atoms)
    puts = [(e[1], e[2], e[3]) for e in edits if e[0] == "put"]
    if not puts or str(game.pending.player) != rp.mp.faction(rp.actions[ai][1].faction):
        return None
    base = rp.obs(game)
    turn0 = game.s.turn_no
    for i in range(len(game.legal_ids())):
        tried = rp.try_option(game, i, base)       # search.py
        if tried is None:
            continue
        g2, diff = tried
        if not any(diff.get((sp, k), 0) >= m for sp, k, m in puts):
            continue
        if g2.s.turn_no == turn0 and not g2.is_terminal():
            return None
        return _close(rp, game, g2, left, bi, nxt, diff, deferred)
    return None


def _close(rp, before, ended, left, bi, nxt, diff, deferred):
    """The line closed after the turn the option ended: its open changes netted with the
    option's step, the rest corrected, the next line's start consumed."""
    left = [[deferred.get(id(at), at), rem] if id(at) in deferred else [at, rem] for at, rem in left]
    pool = dict(diff)
    owed = [(at, rem) for at, rem in left if rem and at.turn == bi and isinstance(at.place, tuple)
            and at.place[0] == "pv"]
    for x in left:
        at, rem = x
        if not rem or at.turn != bi or (at.optional and id(at) not in deferred):
            continue
        for key, d in pool.items():
            if not x[1]:
                break
            if not d or (d > 0) != (at.sign > 0) or not _fits(at, key):
                continue
            k = min(x[1], abs(d))
            x[1] -= k
            pool[key] = d - k * at.sign
    rest = {at.action for at, rem in left if rem and at.turn == bi and not at.optional}
    ended = ended.clone()
    rp._correct(ended, left, rest, bi)
    # the points the option's step scored beyond the record's (an Evening's roosts): the
    # record's score is followed, as any correction does
    surplus = [(at, rem) for at, rem in _surplus(rp, left, pool, bi)]
    if surplus:
        rp._correct(ended, surplus, {at.action for at, _ in surplus}, bi)
    left = [[at, 0 if at.turn == bi else rem] for at, rem in left]
    rp._forced_last = (before, ended)
    _forced_start.consume(rp, rp._forced_last, left, nxt)
    rp._forced_start_points(before, ended, left, nxt, owed)
    return ended, left


def _surplus(rp, left, pool, bi):
    """Opposite point atoms for the points the step scored for a faction whose points the
    line writes, beyond what it writes (tied to the line's last points action)."""
    from .expected import Atom
    out = []
    for key, d in pool.items():
        if key[0] != "pv" or d <= 0:
            continue
        mine = [at for at, _ in left if at.turn == bi and at.place == key and not at.optional]
        if mine:
            last = mine[-1]
            out.append((Atom(key, None, -1, d, last.action, bi), d))
    return out


def _fits(at, key) -> bool:
    if key[0] in ("zone", "pv"):
        return at.place == key
    if not isinstance(key[0], str) or key[0] in ("zs", "zone-", "zone+", "ctr", "edge"):
        return False
    return at.place == key[0] and at.kinds is not None and key[1] in at.kinds
