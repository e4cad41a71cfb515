"""The Corvids' plots in a record's lines as expected changes (expected.py): a plot flipped
face up in place (`t4^t_r`, 13.4.2; `Pt4^t_r` off the Corvids' turn; a face that leaves the
map as it is flipped, `leaving_faces`) and two plots swapped by the Trick (`t12<->t4`, 13.5.4).

On the engine a face-down plot is its own piece kind (corvideos.yaml, `trama`: the back the
four faces share) and a flipped one is its face, so a flip is one piece fewer of the back and
one more of the face in that clearing; without these changes the flip matched nothing the
engine did, and a tolerant replay corrected every one (docs/rootlog.md, «O Ducado e os
Corvídeos»). A Trick changes what the board shows only when the two plots differ as written
(a face-up one and a face-down one): two face-down plots swapped change nothing observable."""
from __future__ import annotations

from .expected import Atom


def _kinds(mp, th, letter):
    return frozenset(mp.piece_kinds(th.faction or letter, th.type, th.sub))


def flip_atoms(mp, a, letter, ai, bi) -> list:
    """`t4^t_r`: the plot written before `^` leaves clearing 4, the face after it arrives."""
    if a.piece is None or a.to is None or a.piece.start is None:
        return []
    owner = a.piece.faction or letter
    src = mp.space(a.piece.start)
    old = _kinds(mp, a.piece, owner)
    new = _kinds(mp, a.to, owner)
    if src is None or not old or not new or old == new:
        return []
    return [Atom(src, old, -1, 1, ai, bi), Atom(src, new, 1, 1, ai, bi)]


def leaving_faces(line, mp, letter):
    """line: [(action index, Action, [Atom])] of one turn line. A flip to a face the mapping
    lists in `sai_ao_virar:` (the Bomb: it removes the enemy pieces and then itself, 13.7.1,
    in the same engine action) leaves no face in the clearing. The real records write only
    the flip (r1g5 l. 71: `t5^t_b/++3/At5->`), the export writes the removal too (`t_b5->`):
    when no later action of the line takes that face from that clearing, the flip's "one
    face more" is dropped and only the face-down plot leaves."""
    for j, (_, a, atoms) in enumerate(line):
        if a.kind != "flip" or a.to is None or a.piece is None:
            continue
        leaving = mp.leave_on_flip.get(a.to.faction or a.piece.faction or letter) or frozenset()
        face = next((x for x in atoms if x.sign > 0 and x.kinds and x.kinds <= leaving), None)
        if face is None:
            continue
        if not any(x.sign < 0 and x.place == face.place and x.kinds and x.kinds <= face.kinds
                   for _, _, later in line[j + 1:] for x in later):
            atoms.remove(face)


def trick_atoms(mp, a, letter, ai, bi, faces=None) -> list:
    """`t12<->t4`: each plot goes where the other was; nothing when they read the same.
    `faces`: the faces the record showed before in the two clearings (plot_faces.py), used
    when the Trick writes both plots alike and those faces are known and differ."""
    p, q = a.piece, a.to
    if p is None or q is None or p.start is None or q.start is None:
        return []
    kp, kq = _kinds(mp, p, letter), _kinds(mp, q, letter)
    if kp == kq and faces and all(faces) and faces[0] != faces[1]:
        kp, kq = faces
    sp, sq = mp.space(p.start), mp.space(q.start)
    if not kp or not kq or sp is None or sq is None or kp == kq:
        return []
    return [Atom(sp, kp, -1, 1, ai, bi), Atom(sq, kp, 1, 1, ai, bi),
            Atom(sq, kq, -1, 1, ai, bi), Atom(sp, kq, 1, 1, ai, bi)]


def revealed_faces(rec, mp) -> list:
    """[(line, space, face kind)]: where the record shows which face a face-down plot had —
    flipped face up (`t4^t_r`), or exposed by a right guess (`?Pt_e3` followed at once by the
    plot's removal, `Pt3->`, 13.2.4; a wrong guess gives a card instead)."""
    out = []
    for t in rec.play_turns:
        acts = t.actions
        for i, a in enumerate(acts):
            if a.kind == "flip" and a.to is not None and a.piece is not None and a.piece.start is not None:
                sp = mp.space(a.piece.start)
                kinds = mp.piece_kinds(a.to.faction or a.piece.faction or t.faction, a.to.type, a.to.sub)
                if sp is not None and len(kinds) == 1:
                    out.append((a.line, sp, kinds[0]))
            elif a.kind == "expose" and a.piece is not None:
                sp = mp.space(a.piece.start)
                kinds = mp.piece_kinds(a.piece.faction or t.faction, a.piece.type, a.piece.sub)
                removed = any(b.kind == "move" and not b.dests and any(
                    th.kind == "piece" and th.type == a.piece.type and th.start is not None
                    and mp.space(th.start) == sp for th in b.things) for b in acts[i + 1:i + 2])
                if sp is not None and len(kinds) == 1 and removed:
                    out.append((a.line, sp, kinds[0]))
    return out


def preferred_face(rp, left, line):
    """The face to lay down for the plot the line places now: the one the record next reveals
    in the clearing of the line's first open plot placement (None if it never does)."""
    faces = getattr(rp, "_revealed_faces", None)
    if faces is None:
        faces = rp._revealed_faces = revealed_faces(rp.rec, rp.mp)
    if not faces:
        return None
    for at, rem in left:
        if rem and at.sign > 0 and isinstance(at.place, str) and at.kinds and len(at.kinds) > 1:
            later = [f for ln, sp, f in faces if sp == at.place and ln >= line and f in at.kinds]
            if later:
                return later[0]
    return None
