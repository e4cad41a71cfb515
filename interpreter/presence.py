"""Where the pieces of some kinds lie now: a view per kind set, for the scans that walk every
place ("houver guerreiros seus", "número de madeiras", the places a move may start from, the
candidates of "clareiras com ...").

A scan of every place walks the ≈ 36 places of a map (clearings, forests, paths) and, at each,
the kinds that lie there. Between two changes of the pieces the same kind set is asked for
again (≈ 2 scans of every place per kind set and version of the pieces in a four-player game of
Root), and most places hold none of those kinds. So the view is built lazily: the first scan
that asks for a kind set at a version of the pieces walks the places once and keeps, in the
places' order, those that hold a piece of the set (with how many); the scans after it walk only
those. Only the kind sets that are asked for are built (an index of every kind per version was
measured and dropped: docs/desempenho.md, "Tabuleiro e seleções").

The views are kept for ONE state and version: the state's `uid` and the versions of its pieces
on the map (`vb`) and in piece zones (`vz`) — every change of a piece bumps one of them, and a
rollback gives back a version only with the contents it had (State.rollback). They hold space
ids and numbers, never the state's dictionaries, so nothing here is copied by `clone()` and a
view cannot outlive what it describes.

Nothing here knows a game: kinds and places are ids of the ruleset.
"""
from __future__ import annotations

from .board import MAP_KEY, _view

# [state uid, vb, vz, places list, {kind set: view}, {kind set: occupied set}, places with pieces]
_LAST = [None, -1, -1, None, {}, {}, None]
_ORDER = {}       # id(places list) -> (that list, {place: index})


def _order(spaces) -> dict:
    """{place: its index} for a list of places (kept per list: one per map view)."""
    got = _ORDER.get(id(spaces))
    if got is None or got[0] is not spaces:
        if len(_ORDER) > 64:
            _ORDER.clear()
        got = _ORDER[id(spaces)] = (spaces, {sp: i for i, sp in enumerate(spaces)})
    return got[1]


def _with_pieces(board, pz, spaces) -> list:
    """The places of `spaces` with any piece (on the map, else in a zone of pieces of that id:
    as a scan reads a place), in the order of `spaces`."""
    order = _order(spaces)
    found = [sp for sp, b in board.items() if b and sp in order]
    for sp, b in pz.items():
        if b and sp in order and not board.get(sp):
            found.append(sp)
    found.sort(key=order.__getitem__)
    return found


def holding(ctx, kset, spaces=None) -> dict:
    """{place: pieces of the kinds `kset` there} for the places a piece may be on now (the
    map's spaces and the seated factions' own: board.piece_spaces), in their order, only those
    with some: what a scan of every place finds. A place is read as the scans read it: its
    pieces on the map, else a zone of pieces of that id. `kset` is a frozenset; `spaces`, the
    places (board.piece_spaces(ctx) when not given: the same list object while the map stays)."""
    s = ctx.s
    if spaces is None:
        fl = s.flags
        spaces = (_view(ctx.m, fl[MAP_KEY]) if fl and MAP_KEY in fl else ctx.m).all_space_ids
    last = _LAST
    if last[1] != s.vb or last[0] != s.uid or last[2] != s.vz:
        # (_slot in line: asked by every scan of every place)
        last[0], last[1], last[2] = s.uid, s.vb, s.vz
        last[4] = {}
        last[5] = {}
        last[6] = None
    elif last[3] is spaces:
        got = last[4].get(kset)
        if got is not None:
            return got
    if last[3] is not spaces:
        # another map view (a rule changed the map): the views were of the other one's places
        last[3] = spaces
        last[4] = {}
        last[6] = None
    views = last[4]
    board = s.board
    pz = s.piece_zones
    places = last[6]
    if places is None:
        # the places with any piece, once per version: most of a map's places are empty
        # (paths, forests), so the few places with pieces (board and zones) are found and put
        # in the places' order, rather than every place looked up twice
        places = last[6] = _with_pieces(board, pz, spaces)
    got = {}
    if len(kset) == 1:
        # one kind (most scans: "guerreiros seus"): looked up, not searched for
        for k in kset:
            for sp in places:
                n = (board.get(sp) or pz[sp]).get(k)
                if n:
                    got[sp] = n
    else:
        for sp in places:
            b = board.get(sp) or pz[sp]
            n = 0
            if len(kset) < len(b):
                for k in kset:
                    c = b.get(k)
                    if c:
                        n += c
            else:
                for k, c in b.items():
                    if c and k in kset:
                        n += c
            if n:
                got[sp] = n
    views[kset] = got
    return got


def occupied(s, kset) -> set:
    """The spaces on the map (the state's board, any space) with a piece of a kind of `kset`:
    the candidates of "clareiras com <peças>" (compiler/spaces.py), shared by every selection
    that asks for the same kinds at the same version of the pieces."""
    last = _LAST
    if last[1] != s.vb or last[0] != s.uid or last[2] != s.vz:
        last[0], last[1], last[2] = s.uid, s.vb, s.vz
        last[3] = last[6] = None
        last[4] = {}
        occ = last[5] = {}
    else:
        occ = last[5]
        got = occ.get(kset)
        if got is not None:
            return got
    if len(kset) == 1:
        # one kind (most selections): a key looked up in each space (a space's kinds with no
        # piece are not kept: State.remove drops them)
        for k in kset:
            got = occ[kset] = {sp for sp, b in s.board.items() if k in b}
    else:
        got = occ[kset] = {sp for sp, b in s.board.items() if b and not kset.isdisjoint(b)}
    return got


def forget() -> None:
    """Drop the views (tests; a state changed behind the versions' back would need it)."""
    _LAST[:] = [None, -1, -1, None, {}, {}, None]
