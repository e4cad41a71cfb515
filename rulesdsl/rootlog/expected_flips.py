"""Two changes of the board the record writes in its own way: a face-down piece moved and
turned up in one engine step (the Keepers' delve, 15.5.2.II.a), and a closed path removed (the
Mountain map, C.3.3: `5_9->`, `path_atoms`).

The record writes a delve as two actions, the hidden relic moved out of its forest and then
flipped where it went (`t_t1_2_5_10->1/t_t1^t_3_t`). The engine makes both in one step: the
forest loses a hidden relic and the clearing gains the revealed one, and the hidden relic never
stands in the clearing, so the move's "one more hidden relic in 1" would stay open, and the
flip's own change (a piece turned in place, plots.py: one back fewer, one face more) would ask
for a back that was never there. The move's arrival is therefore the face the line's later flip
shows there, and the flip keeps no change of its own (`fold`)."""
from __future__ import annotations


def fold(line, mp, letter):
    """line: [(action index, Action, [Atom])] of one turn line. A flip at clearing c of the
    piece kind B (`t_t1^t_3_t`) after a move that brings one B to c in the same line: that
    move's arrival atom becomes the flipped face, and the flip's own atoms (a plot turned in
    place, plots.py) are dropped: the back never stood in c."""
    for j, (_, a, flip_atoms) in enumerate(line):
        if a.kind != "flip" or a.piece is None or a.to is None or a.clearing is None:
            continue
        who = a.piece.faction or letter
        back = frozenset(mp.piece_kinds(who, a.piece.type, a.piece.sub))
        face = frozenset(mp.piece_kinds(a.to.faction or who, a.to.type, a.to.sub))
        sp = mp.clearing_fmt.format(n=a.clearing)
        if len(back) != 1 or len(face) != 1 or back == face:
            continue
        for _, b, atoms in reversed(line[:j]):
            at = next((x for x in atoms if b.kind == "move" and x.place == sp and x.sign > 0
                       and x.kinds == back and x.n == 1), None)
            if at is not None:
                at.kinds = face
                flip_atoms.clear()
                break


def path_atoms(a, mp, ai, bi) -> list:
    """`5_9->`: the closed path between clearings 5 and 9 removed, which opens a path there
    (the engine's map gains the edge: Matching.obs sees it as ("edge", a, b))."""
    from .expected import Atom
    from .notation import Loc
    if not a.path:
        return []
    ends = sorted(mp.space(Loc("clearing", n)) for n in a.path)
    return [Atom(("edge", *ends), None, 1, 1, ai, bi)]
