"""The mutable state of one game: pieces, zones of cards and pieces, counters, marks.

Every change goes through a handful of methods so that
  * an all-or-nothing action can be undone (a journal of inverse operations),
  * derived values that depend on pieces (who rules a space) are recomputed only when the
    pieces of that space change, and
  * memoized expressions can key on versions: `vid` for the whole state, and one per part
    (pieces on the map and in the supply, pieces in zones, cards, counters, marks, flags, and
    the turn — whose turn, which phase — which only changes from outside, with `ver += 1`).
The state knows no game: spaces, piece kinds, zones and counters are ids from the ruleset.
"""
from __future__ import annotations

import itertools
import random

_UIDS = itertools.count(1)


class State:
    __slots__ = ("uid", "failure", "vid", "vb", "vz", "vc", "vn", "vm", "vf", "vt", "_clock", "_ext", "_at", "rng", "seed", "seats", "active", "round", "turn_no", "phase", "board", "supply",
                 "zones", "piece_zones", "counters", "marks", "card_defs", "journal",
                 "_ruler", "_partners", "winner", "winners", "terminal", "visible", "flags", "step", "pstat")

    def __init__(self, seed: int):
        self.seed = seed
        self.uid = next(_UIDS)              # with `vid`, a memo key no other state can share
        self.failure = None
        # the version of the contents (memo key): a fresh number after every change, and the
        # number it had at a mark again after a rollback to that mark (same contents)
        self.vid = 0
        # the version of each part (see PARTS): an expression that reads only some parts is
        # memoized by their versions, and stays valid while the others change
        self.vb = self.vz = self.vc = self.vn = self.vm = self.vf = self.vt = 0
        self._clock = 0                     # the last version number given out
        self._ext = 0                       # changes made from outside these methods
        self._at = {}                       # journal length -> versions when marked
        self.rng = random.Random(seed)
        self.seats: list[str] = []          # faction ids in turn order
        self.active: str | None = None      # faction whose turn it is
        self.round = 0
        self.turn_no = 0
        self.phase: str | None = None
        self.step = None
        self.board: dict[str, dict[str, int]] = {}        # space -> piece kind -> count
        self.supply: dict[str, int] = {}                  # piece kind -> count in its owner's supply
        self.zones: dict[str, list[int]] = {}             # zone key -> card instances (top = end)
        self.piece_zones: dict[str, dict[str, int]] = {}  # zone key -> piece kind -> count
        # statuses of pieces in piece zones (`estados_de_peça`): (zone, kind) -> {bits: count},
        # only bits != 0; the pieces without any status are the rest of piece_zones' count
        self.pstat: dict[tuple, dict[int, int]] = {}
        self.counters: dict[str, int] = {}                # counter key -> value
        self.marks: dict = {}                             # per-turn marks (limits, used crafters)
        self.flags: dict = {}                             # lasting facts (face-down leaders, ...)
        self.card_defs: list[str] = []                    # card instance -> card def id
        self.journal: list | None = None
        self._ruler: dict = {}
        self._partners = (None, {})                       # (flags version, faction -> partners)
        self.winner = None
        self.winners: list[str] = []
        self.terminal = False
        self.visible: dict = {}                           # card instance -> set of factions that saw it

    # versions ---------------------------------------------------------------------------------
    @property
    def ver(self) -> int:
        return self.vid

    @ver.setter
    def ver(self, _v) -> None:
        # `s.ver += 1` from outside (a new turn, a phase, a scenario's position): any part may
        # have changed, and not in the journal, so no rollback may bring an older version back
        self._ext += 1
        self._touch_all()

    def _touch_all(self) -> None:
        c = self._clock + 1
        self._clock = c
        self.vid = self.vb = self.vz = self.vc = self.vn = self.vm = self.vf = self.vt = c

    def _touch(self, part) -> None:
        c = self._clock + 1
        self._clock = c
        self.vid = c
        setattr(self, part, c)

    # journal ----------------------------------------------------------------------------------
    def mark(self) -> int:
        if self.journal is None:
            self.journal = []
        n = len(self.journal)
        self._at[n] = (self._ext, self.vid, self.vb, self.vz, self.vc, self.vn, self.vm, self.vf, self.vt)
        return n

    def rollback(self, mark: int) -> None:
        j = self.journal
        self.journal = None          # undoing must not journal itself
        try:
            while len(j) > mark:
                j.pop()()
        finally:
            self.journal = j
        self._ruler.clear()
        at = self._at.get(mark)
        if at is not None and at[0] == self._ext:
            # the contents of the mark again: memos made then hold again
            _, self.vid, self.vb, self.vz, self.vc, self.vn, self.vm, self.vf, self.vt = at
        else:
            self._touch_all()

    # the parts of the state, by the version that follows each (memo keys name the parts an
    # expression reads; see rulesdsl.compiler.state_reads)
    PARTS = {"board": "vb", "piece_zones": "vz", "cards": "vc", "counters": "vn", "marks": "vm",
             "flags": "vf", "turn": "vt"}

    def commit(self, mark: int) -> None:
        if mark == 0:
            self.journal = None

    def _undo(self, fn, part=None) -> None:
        # every change passes here: bump the versions that memoized expressions key on (the
        # part changed; without one, every part)
        if part is None:
            self._touch_all()
        else:
            self._touch(part)
        if self.journal is not None:
            self.journal.append(fn)

    # pieces -----------------------------------------------------------------------------------
    def count(self, space: str, kind: str) -> int:
        return self.board.get(space, {}).get(kind, 0)

    def put(self, space: str, kind: str, n: int = 1) -> None:
        """Move n pieces of a kind from the supply to a space (the caller checked the supply)."""
        if n <= 0:
            return
        b = self.board.setdefault(space, {})
        b[kind] = b.get(kind, 0) + n
        self.supply[kind] = self.supply.get(kind, 0) - n
        self._ruler.pop(space, None)
        self._undo(lambda: self.take(space, kind, n, _log=False), "vb")

    def take(self, space: str, kind: str, n: int = 1, _log=True) -> None:
        """Move n pieces of a kind from a space back to the supply."""
        if n <= 0:
            return
        b = self.board[space]
        left = b[kind] - n
        if left:
            b[kind] = left
        else:
            del b[kind]
        self.supply[kind] = self.supply.get(kind, 0) + n
        self._ruler.pop(space, None)
        if _log:
            self._undo(lambda: self.put(space, kind, n), "vb")
        else:
            self._touch("vb")

    def shift(self, src: str, dst: str, kind: str, n: int) -> None:
        if n <= 0:
            return
        b = self.board[src]
        left = b[kind] - n
        if left:
            b[kind] = left
        else:
            del b[kind]
        d = self.board.setdefault(dst, {})
        d[kind] = d.get(kind, 0) + n
        self._ruler.pop(src, None)
        self._ruler.pop(dst, None)
        self._undo(lambda: self.shift(dst, src, kind, n), "vb")

    def adjust_supply(self, kind: str, n: int) -> None:
        """Pieces leave (n<0) or join (n>0) the supply from outside the map (box, zones)."""
        self.supply[kind] = self.supply.get(kind, 0) + n
        self._undo(lambda: self.supply.__setitem__(kind, self.supply[kind] - n), "vb")

    # piece zones (item supply, crafted items) -------------------------------------------------
    def zone_pieces(self, zone: str, kind: str) -> int:
        return self.piece_zones.get(zone, {}).get(kind, 0)

    def move_zone_piece(self, src: str | None, dst: str | None, kind: str, n: int = 1, bits: int = 0) -> None:
        """n pieces of a kind whose statuses are exactly `bits` leave `src` (None: from outside
        the zones) for `dst` (None: out of the zones), keeping their statuses."""
        if src is not None:
            z = self.piece_zones[src]
            z[kind] -= n
            if not z[kind]:
                del z[kind]
            if bits:
                self._status_add(src, kind, bits, -n)
        if dst is not None:
            z = self.piece_zones.setdefault(dst, {})
            z[kind] = z.get(kind, 0) + n
            if bits:
                self._status_add(dst, kind, bits, n)
        self._undo(lambda: self.move_zone_piece(dst, src, kind, n, bits), "vz")

    def _status_add(self, zone, kind, bits, n):
        key = (zone, kind)
        st = self.pstat.get(key)
        if st is None:
            st = self.pstat[key] = {}
        v = st.get(bits, 0) + n
        if v:
            st[bits] = v
        else:
            del st[bits]
            if not st:
                del self.pstat[key]

    def zone_split(self, zone: str, kind: str) -> dict:
        """{bits: count} of the pieces of a kind in a piece zone (0 = no status)."""
        total = self.piece_zones.get(zone, {}).get(kind, 0)
        st = self.pstat.get((zone, kind))
        if not st:
            return {0: total} if total else {}
        out = dict(st)
        rest = total - sum(st.values())
        if rest:
            out[0] = rest
        return out

    def set_status(self, zone: str, kind: str, n: int, old: int, new: int) -> None:
        """n pieces of a kind in a zone go from statuses `old` to statuses `new`."""
        if n <= 0 or old == new:
            return
        if old:
            self._status_add(zone, kind, old, -n)
        if new:
            self._status_add(zone, kind, new, n)
        self._undo(lambda: self.set_status(zone, kind, n, new, old), "vz")

    # cards --------------------------------------------------------------------------------------
    def move_card(self, card: int, src: str, dst: str, to_bottom: bool = False) -> None:
        zs = self.zones[src]
        i = zs.index(card)
        zs.pop(i)
        zd = self.zones.setdefault(dst, [])
        if to_bottom:
            zd.insert(0, card)
        else:
            zd.append(card)

        def undo():
            if to_bottom:
                zd.pop(0)
            else:
                zd.pop()
            zs.insert(i, card)
        self._undo(undo, "vc")

    def set_zone(self, zone: str, cards: list[int]) -> None:
        old = self.zones.get(zone)
        self.zones[zone] = cards
        self._undo(lambda: self.zones.__setitem__(zone, old) if old is not None else self.zones.pop(zone, None), "vc")

    # counters and marks -------------------------------------------------------------------------
    def add(self, key: str, n: int) -> None:
        self.counters[key] = self.counters.get(key, 0) + n
        self._undo(lambda: self.counters.__setitem__(key, self.counters[key] - n), "vn")

    def set_counter(self, key: str, v: int) -> None:
        old = self.counters.get(key, 0)
        self.counters[key] = v
        self._undo(lambda: self.counters.__setitem__(key, old), "vn")

    def set_mark(self, key, v) -> None:
        old = self.marks.get(key, _MISSING)
        self.marks[key] = v
        self._undo(lambda: self.marks.pop(key, None) if old is _MISSING else self.marks.__setitem__(key, old), "vm")

    def set_flag(self, key, v) -> None:
        old = self.flags.get(key, _MISSING)
        self.flags[key] = v
        self._undo(lambda: self.flags.pop(key, None) if old is _MISSING else self.flags.__setitem__(key, old), "vf")

    def partners(self, f) -> tuple:
        """The players in a coalition with f: the one f joined ("junte-se a D") and those who
        joined f. They are not f's enemies (Root, Law G.1.15). Kept per version of the flags
        (every selection of enemies asks)."""
        ver, known = self._partners
        if ver != self.vf:
            known = {}
            self._partners = (self.vf, known)
        got = known.get(f)
        if got is None:
            got = known[f] = self._find_partners(f)
        return got

    def _find_partners(self, f) -> tuple:
        fl = self.flags
        if not fl:
            return ()
        out = []
        w = fl.get(("wins_with", f))
        if w is not None and w != f:
            out.append(w)
        for x in self.seats:
            if x != f and x != w and fl.get(("wins_with", x)) == f:
                out.append(x)
        return tuple(out)


_MISSING = object()
