"""The faces of the plots as the record itself shows them, clearing by clearing, in the order
of its lines: a plot laid face down (`t->6`), flipped face up (`t6^t_s`, 13.4.2), taken off the
map (`Pt_s6->`, a bomb gone as it is flipped) and swapped by a Trick (`t6<->t11`, 13.5.4).

A Trick is always written with the plain code of a plot (`t`), whatever faces the two plots
show: read alone it changes nothing the engine shows (plots.trick_atoms). When the record has
shown both faces before, face up and different (r1g5 l. 51: the snare flipped in 6 at l. 36,
the extortion flipped in 11 at the line's start), the Trick moves each face to the other
clearing, as the engine's Trick does, and the lines after it play with the faces swapped
(l. 53: the Alliance spreads sympathy to 6 and moves out of it, which a snare forbids, 13.7.2).

Which pieces are plots is read from the record, never named here: the codes that the record
flips or swaps."""
from __future__ import annotations


def _kinds(mp, owner, th):
    return frozenset(mp.piece_kinds(owner, th.type, th.sub))


def _plot_codes(rec) -> set:
    """(owner letter, piece type) of every piece the record flips or swaps."""
    out = set()
    for t in rec.play_turns:
        for a in t.actions:
            if a.kind in ("flip", "trick") and a.piece is not None:
                out.add((a.piece.faction or t.faction, a.piece.type))
    return out


def track(rec, mp) -> dict:
    """id(trick action) -> (face at its first clearing, face at its second), each a frozenset
    of piece kinds, or None where the record has not shown that plot face up."""
    codes = _plot_codes(rec)
    if not codes:
        return {}
    faces, out = {}, {}
    for t in rec.play_turns:
        for a in t.actions:
            if a.kind == "flip" and a.piece is not None and a.to is not None and a.piece.start is not None:
                owner = a.piece.faction or t.faction
                sp = mp.space(a.piece.start)
                face = _kinds(mp, a.to.faction or owner, a.to)
                if sp is None:
                    continue
                if face and face <= (mp.leave_on_flip.get(owner) or frozenset()):
                    faces.pop(sp, None)          # a bomb: flipped and gone (13.7.1)
                else:
                    faces[sp] = face or None
            elif a.kind == "trick" and a.piece is not None and a.to is not None:
                sp, sq = mp.space(a.piece.start), mp.space(a.to.start)
                if sp is None or sq is None:
                    continue
                fp, fq = faces.get(sp), faces.get(sq)
                out[id(a)] = (fp, fq)
                faces.pop(sp, None)
                faces.pop(sq, None)
                if fq is not None:
                    faces[sp] = fq
                if fp is not None:
                    faces[sq] = fp
            elif a.kind == "move":
                for th in a.things:
                    if th.kind != "piece" or (th.faction or t.faction, th.type) not in codes:
                        continue
                    if th.start is not None and th.start.kind == "clearing":
                        faces.pop(mp.space(th.start), None)        # taken off (or moved)
                    for d in a.dests:
                        if d.kind == "clearing":
                            faces.pop(mp.space(d), None)         # laid face down
    return out


def trick_faces(rp, a):
    """The faces (known, face up) of the two plots a Trick swaps, or None."""
    memo = getattr(rp, "_trick_faces", None)
    if memo is None:
        memo = rp._trick_faces = track(rp.rec, rp.mp)
    return memo.get(id(a))
