"""A correction that puts or takes a face-down piece whose face is hidden (the Corvids' plots,
`t->5`, 13.5.2): it lies on its back with a face under it, as the engine's own placement
leaves it (interpreter/verbs/sides.py), not face up.

The mapping reads `t` as "a plot, face down or any face" (the back and its four faces), so
that a removal of a plot whose face the record does not write matches either side. A
correction of `t->5` used to put the first of those kinds the supply had, sorted by name: a
face-up snare (`armadilha`), which then stopped every enemy move out of the clearing and every
placement in it (13.7.2), and left no face-down plot for the record's later flip (`t5^t_e`,
13.4.2) or exposure to find (mega l. 20, 30, 35, 40, 45, 50). A piece laid face down is one of
the back kind on the map (its count), and one face from the supply under it (State.ident);
which face: the one the record reveals there later (plots.preferred_face, the same choice the
search makes for the engine's own placement), else the first face of the back the supply has.

Taking a face-down piece gives its face back to the supply (as leaving the map does in the
engine, sides.leave_back_side): the face under it that an action of the same correction puts
in the same place (a flip, `t1^t_s`), else the first one there.

Edits: `["put", space, back, n, face]` and `["take", space, back, n, face]` (a fifth element);
repair.apply passes them here."""
from __future__ import annotations


def laid_down(g, kinds) -> str | None:
    """The hidden back among `kinds` whose faces are listed with it (`t`: the plot's back and
    its faces), or None."""
    for k in sorted(kinds or ()):
        if k in g.hidden_backs and any(f in kinds for f in g.faces.get(k, ())):
            return k
    return None


def put_edits(rp, game, at, n, supply) -> tuple[list, int]:
    """The edits that lay `n` pieces face down in `at.place` (the back kind in `at.kinds`),
    and how many the supply had no face for. `supply` follows the plan (faces leave it)."""
    g = game.g
    back = laid_down(g, at.kinds)
    faces = [f for f in g.faces.get(back, ()) if f in at.kinds]
    want = _revealed(rp, at, n)
    edits = []
    while n > 0:
        face = want if want is not None and supply.get(want, 0) > 0 else \
            next((f for f in faces if supply.get(f, 0) > 0), None)
        if face is None:
            break
        m = min(n, supply.get(face, 0))
        edits.append(["put", at.place, back, m, face])
        supply[face] = supply.get(face, 0) - m
        n -= m
    return edits, n


def _revealed(rp, at, n):
    """The face the record reveals later where this piece is laid (plots.py)."""
    from .plots import preferred_face
    try:
        line = rp.actions[at.action][2].line
    except (AttributeError, IndexError, TypeError):
        return None
    return preferred_face(rp, [(at, n)], line)


def take_edits(game, place, back, n, atoms) -> list:
    """The edits that take `n` face-down pieces of kind `back` off `place`, each by its face
    under it: first a face an atom of the same correction puts there (a flip)."""
    s = game.s
    ids = dict(s.identities(place, back))
    wanted = [f for at, m in atoms if m and at.sign > 0 and at.place == place
              for f in sorted(at.kinds or ()) if f in ids]
    edits = []
    for f in wanted + sorted(ids):
        m = min(n, ids.get(f, 0))
        if m > 0:
            edits.append(["take", place, back, m, f])
            ids[f] -= m
            n -= m
        if not n:
            break
    return edits


def apply_edit(s, e) -> None:
    """`["put"|"take", space, back, n, face]` through the state's own methods."""
    op, sp, back, n, face = e
    sign = 1 if op == "put" else -1
    s.adjust_supply(face, -sign * n)
    s.board_add(sp, back, sign * n)
    s.ident_add(sp, back, face, sign * n)
