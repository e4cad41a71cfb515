"""The faces of the plots as the record itself shows them, clearing by clearing, in the order
of its lines: a plot laid face down (`t->6`), flipped face up (`t6^t_s`, 13.4.2), taken off the
map (`Pt_s6->`, a bomb gone as it is flipped) and swapped by a Trick (`t6<->t11`, 13.5.4).

A Trick is always written with the plain code of a plot (`t`), whatever faces the two plots
show: read alone it changes nothing the engine shows (plots.trick_atoms). When the record has
shown both faces before, face up and different (r1g5 l. 51: the snare flipped in 6 at l. 36,
the extortion flipped in 11 at the line's start), the Trick moves each face to the other
clearing, as the engine's Trick does, and the lines after it play with the faces swapped
(l. 53: the Alliance spreads sympathy to 6 and moves out of it, which a snare forbids, 13.7.2).

A transcriber may forget the Trick afterwards and write a removed plot with the face it had
before it (r1g5 l. 65 `(Pt_s+Pw)6->` and l. 70 `Pt_e11->`, both after `t6<->t11`: the legal play
of l. 53 and l. 65, sympathy spread to 6 and Duchy pieces placed there, says the snare was no
longer in 6). Such a face is read as the one the record's own Trick put there (`reading`), and
every face read so is listed in the report (report.py), as a piece code read swapped is.

Which pieces are plots is read from the record, never named here: the codes that the record
flips or swaps."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Reading:
    line: int
    action: str          # the action as written
    written: str         # the face as written (`t_s`)
    read: frozenset      # the piece kinds it is read as: the written face or the one moved there


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
    return _walk(rec, mp)[0]


def readings(rec, mp) -> dict:
    """id(piece thing) -> Reading: a plot taken off a clearing a Trick moved a known face into,
    written with the face that was there before the Trick."""
    return _walk(rec, mp)[1]


def _walk(rec, mp):
    codes = _plot_codes(rec)
    if not codes:
        return {}, {}
    faces, out, reads = {}, {}, {}
    before = {}          # clearing -> the face a Trick took away from it (while it stands)
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
                for x, old, new in ((sp, fp, fq), (sq, fq, fp)):
                    faces.pop(x, None)
                    before.pop(x, None)
                    if new is not None:
                        faces[x] = new
                        if old is not None and old != new:
                            before[x] = old
            elif a.kind == "move":
                for th in a.things:
                    owner = th.faction or t.faction
                    if th.kind != "piece" or (owner, th.type) not in codes:
                        continue
                    if th.start is not None and th.start.kind == "clearing":
                        sp = mp.space(th.start)
                        written = _kinds(mp, owner, th)
                        if sp in before and written == before[sp]:
                            reads[id(th)] = Reading(a.line, a.raw, th.type + (f"_{th.sub}" if th.sub else ""),
                                                    written | faces[sp])
                        faces.pop(sp, None)        # taken off (or moved)
                        before.pop(sp, None)
                    for d in a.dests:
                        if d.kind == "clearing":
                            faces.pop(mp.space(d), None)         # laid face down
                            before.pop(mp.space(d), None)
    return out, reads


def _memo(rp):
    memo = getattr(rp, "_plot_faces", None)
    if memo is None:
        memo = rp._plot_faces = _walk(rp.rec, rp.mp)
    return memo


def trick_faces(rp, a):
    """The faces (known, face up) of the two plots a Trick swaps, or None."""
    return _memo(rp)[0].get(id(a))


def read(rp, th, kinds):
    """The piece kinds a removed plot is read as (see `readings`); `kinds` otherwise."""
    r = _memo(rp)[1].get(id(th))
    return r.read if r is not None else kinds
