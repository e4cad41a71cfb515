"""The tolerant replay corrects from a position between actions, not from inside an action
whose completion the record does not write.

When a line cannot be matched to its end, the referee corrects it from the furthest position
the search reached (replay.py, Search._solve's `_deep`). That position may be inside an
action: r2g4 l. 30 (`C:t->2+3/t2+t3->/b_w->1+11/++2/...`, "overpaid for the first
Workshop"): the search explained the record's overpaid wood `t2+t3->` as the payment of a
recruiter built in clearing 1 and stopped there, the third wood still to pay. The corrections
of the rest of the line (the workshops in 1 and 11, the recruits) were made beside that open
Build, and the turn ended by force then completed it: a third wood taken from clearing 2 and 3
points for a building the record never writes (the Marquise 31 against the record's 30).

Here, only in tolerant mode: when the furthest position is inside an action (a frame of the
engine's machine runs an action, `__action`) and completing that action (its decisions taken
as a forced end takes them, forced.py: the step's end first, else the first option) would
make a change of the board or of the points that none of the line's open changes expects,
the furthest position is moved back along the search's path (the positions of the steps the
search matched, Search._dfs) to the last one outside an action. What the steps after it
matched is left open again, and the referee corrects it as a record error like the rest (the
overpaid wood above). A position inside an action whose completion the line does write (a
battle's hits the line records) is kept."""
from __future__ import annotations

from . import forced as _forced


def in_action(game) -> bool:
    """Whether an action is being made at the game's pending decision."""
    for fr in game.machine.stack:
        env = getattr(getattr(fr, "ctx", None), "env", None)
        if env and env.get("__action"):
            return True
    return False


def back_up(rp, root, trail, deep_game, deep_left, bi):
    """(game, left) to correct from: the furthest position, or the last step position outside
    an action before it when completing its action makes a change the line does not write.
    `root` is (game, left) where the search began, `trail` (memo, path) from Search."""
    if not rp.tolerant or trail is None or deep_game.is_terminal() or not in_action(deep_game):
        return deep_game, deep_left
    if not _unwritten_completion(rp, deep_game, deep_left, bi):
        return deep_game, deep_left
    memo, path = trail
    steps = [root]
    for k in range(len(path)):
        cands = memo.get(path[:k])
        if cands is None or path[k] >= len(cands):
            return deep_game, deep_left
        g, lf, _ = cands[path[k]]
        steps.append((g, lf))
    for g, lf in reversed(steps[:-1]):
        if not in_action(g):
            return g, [list(x) for x in lf]
    return deep_game, deep_left


def _unwritten_completion(rp, game, left, bi, limit=40) -> bool:
    """Whether completing the pending action (decisions as a forced end takes them) changes
    a space's pieces or a score in a way no open change of line `bi` expects."""
    g = game.clone()
    turn0 = g.s.turn_no
    for _ in range(limit):
        if not in_action(g) or g.is_terminal() or g.s.turn_no != turn0:
            break
        order = _forced._order(rp, g)
        if not order:
            break
        try:
            g.apply(order[0])
            rp._auto_chance(g)
        except Exception:  # noqa: BLE001 - a rule failing on the copy: no judgement
            return False
    else:
        return False
    diff = rp.diff(rp.obs(game), rp.obs(g))
    spaces = game.m.attrs
    for key, d in diff.items():
        if not d or not isinstance(key, tuple):
            continue
        if key[0] == "pv":
            want = sum(rem for at, rem in left if rem and at.turn == bi and at.place == key
                       and (at.sign > 0) == (d > 0))
        elif key[0] in spaces:
            want = sum(rem for at, rem in left if rem and at.turn == bi and at.place == key[0]
                       and at.kinds is not None and key[1] in at.kinds and (at.sign > 0) == (d > 0))
        else:
            continue
        if abs(d) > want:
            return True
    return False
