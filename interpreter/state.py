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
    __slots__ = ("uid", "failure", "vid", "vb", "vz", "vc", "vn", "vm", "vf", "vt", "_clock", "_ext", "_at", "_rng", "_rng_share", "seed", "seats", "active", "round", "turn_no", "phase", "board", "supply",
                 "zones", "piece_zones", "counters", "marks", "card_defs", "journal",
                 "_ruler", "_partners", "winner", "winners", "ranking", "terminal", "visible", "flags", "step", "pstat", "ident",
                 "gate_on", "hired", "origins")

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
        self._rng = random.Random(seed)
        self._rng_share = None              # shared with copies until one of them draws
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
        # statuses of pieces (`estados_de_peça`) in piece zones and on the map: (zone or space,
        # kind) -> {bits: count}, only bits != 0; the pieces without any status are the rest of
        # that place's count (a game whose pieces carry no status keeps this empty)
        self.pstat: dict[tuple, dict[int, int]] = {}
        # face-down pieces whose identity is hidden (a kind declared `verso:` lies on the map
        # as its back kind): (space, back kind) -> {face kind: count}
        self.ident: dict[tuple, dict[str, int]] = {}
        # where pieces on the map began their current move (`origens_dos_movimentos:`, only in a
        # game that declares it; None otherwise): (space, kind) -> {origin space: count}; the
        # pieces of that place without a record have not moved
        self.origins: dict | None = None
        self.counters: dict[str, int] = {}                # counter key -> value
        self.marks: dict = {}                             # per-turn marks (limits, used crafters)
        self.flags: dict = {}                             # lasting facts (face-down leaders, ...)
        self.card_defs: list[str] = []                    # card instance -> card def id
        # has this game a card whose modifiers or adjacency hold while it lies in play (N5,
        # card_scope.gate_cards)? Set with the card instances (Game._init_state); see `vg`
        self.gate_on = False
        # the hirelings in play (interpreter/hirelings.py): factions without a seat whose
        # triggers and modifiers hold; set during setup only
        self.hired: tuple = ()
        self.journal: list | None = None
        self._ruler: dict = {}
        self._partners = (None, {})                       # (flags version, faction -> partners)
        self.winner = None
        self.winners: list[str] = []
        self.ranking: dict | None = None                  # seat -> rank (1 first), ending.py
        self.terminal = False
        self.visible: dict = {}                           # card instance -> set of factions that saw it

    @property
    def vg(self):
        """The cards' version as the cards that gate rules see it (N5: a card's modifiers and
        adjacency hold while it lies in play): `vc` in a game that has such a card, 0 in one
        that has none (a memo key reading it then survives every card moved). Read by memo
        keys instead of `vc` (rulesdsl/compiler/memo.py)."""
        return self.vc if self.gate_on else 0

    # the random generator, copied on first use after a copy ----------------------------------
    # Copying a Mersenne Twister costs ~25 µs (getstate/setstate), a quarter of a state copy's
    # budget. A copy shares the generator until either side draws: then the first to draw
    # freezes the shared state (one getstate) and the copy rebuilds its own from it.
    @property
    def rng(self):
        r = self._rng
        share = self._rng_share
        if share is None:
            return r
        self._rng_share = None
        if r is None:
            st = share[1]
            if st is None:
                st = share[1] = share[0].getstate()
            r = self._rng = _rng_like(share[0], st)
        elif share[1] is None:
            # the original draws first: its copies keep the state it has now
            share[1] = r.getstate()
        return r

    @rng.setter
    def rng(self, r):
        self._rng = r
        self._rng_share = None

    def copy(self, cls=None) -> "State":
        """An independent state with the same contents (its own journal, versions, and a
        generator that will draw what this one would). See docs/arquitetura.md."""
        c = (cls or type(self)).__new__(cls or type(self))
        c.uid = next(_UIDS)
        c.failure = self.failure
        c.vid, c.vb, c.vz, c.vc, c.vn, c.vm, c.vf, c.vt = (
            self.vid, self.vb, self.vz, self.vc, self.vn, self.vm, self.vf, self.vt)
        c._clock = self._clock
        c._ext = self._ext
        c._at = dict(self._at)
        share = self._rng_share
        if share is None:
            share = self._rng_share = [self._rng, None]
        c._rng = None
        c._rng_share = share
        c.seed = self.seed
        c.seats = list(self.seats)
        c.active = self.active
        c.round = self.round
        c.turn_no = self.turn_no
        c.phase = self.phase
        c.step = self.step
        c.board = {k: v.copy() for k, v in self.board.items()}
        c.supply = self.supply.copy()
        c.zones = {k: v.copy() for k, v in self.zones.items()}
        c.piece_zones = {k: v.copy() for k, v in self.piece_zones.items()}
        c.pstat = {k: v.copy() for k, v in self.pstat.items()} if self.pstat else {}
        c.ident = {k: v.copy() for k, v in self.ident.items()} if self.ident else {}
        o = self.origins
        c.origins = None if o is None else {k: v.copy() for k, v in o.items()}
        c.counters = self.counters.copy()
        c.marks = self.marks.copy()
        c.flags = self.flags.copy()
        c.card_defs = self.card_defs
        c.gate_on = self.gate_on
        c.hired = self.hired
        j = self.journal
        if j is not None:
            # an undo that puts a whole zone back holds that zone's list: each copy its own
            j = [(e[0], e[1], list(e[2]) if e[2] is not None else None) if e[0] == _ZONE else e
                 for e in j]
        c.journal = j
        c._ruler = self._ruler.copy()
        c._partners = (None, {})
        c.winner = self.winner
        c.winners = list(self.winners)
        c.ranking = self.ranking          # set once, at the end, never changed
        c.terminal = self.terminal
        c.visible = self.visible
        return c

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
        j = self.journal
        if j is None:
            self.journal = j = []
        elif not j:
            # a mark inside the outermost one before anything changed: never 0, which is the
            # outermost's (its commit ends the journal; a nested commit at 0 would end it too)
            j.append((_NOTHING,))
        n = len(j)
        self._at[n] = (self._ext, self.vid, self.vb, self.vz, self.vc, self.vn, self.vm, self.vf, self.vt)
        return n

    def rollback(self, mark: int) -> None:
        j = self.journal
        self.journal = None          # undoing must not journal itself
        try:
            while len(j) > mark:
                e = j.pop()
                _UNDO[e[0]](self, *e[1:])
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

    def _undo(self, entry, part=None) -> None:
        # every change passes here: bump the versions that memoized expressions key on (the
        # part changed; without one, every part)
        if part is None:
            self._touch_all()
        else:
            self._touch(part)
        if self.journal is not None:
            self.journal.append(entry)

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
        self._undo((_TAKE_QUIET, space, kind, n), "vb")

    def take(self, space: str, kind: str, n: int = 1, _log=True, bits: int = 0) -> None:
        """Move n pieces of a kind from a space back to the supply (those whose statuses are
        `bits`; back in the supply they have none)."""
        if n <= 0:
            return
        if bits or (self.pstat and (space, kind) in self.pstat):
            self._unstatus(space, kind, n, bits)
        if self.origins is not None and (space, kind) in self.origins:
            self._origin_leave(space, kind, n)
        b = self.board[space]
        left = b[kind] - n
        if left:
            b[kind] = left
        else:
            del b[kind]
        self.supply[kind] = self.supply.get(kind, 0) + n
        self._ruler.pop(space, None)
        if _log:
            self._undo((_PUT, space, kind, n), "vb")
        else:
            self._touch("vb")

    def shift(self, src: str, dst: str, kind: str, n: int, bits: int = 0) -> None:
        """Move n pieces of a kind (those whose statuses are `bits`, which they keep) from a
        space to another."""
        if n <= 0:
            return
        if self.origins is not None:
            self._origin_move(src, dst, kind, n)
        if bits or (self.pstat and (src, kind) in self.pstat):
            self._unstatus(src, kind, n, bits)
            self._shift(src, dst, kind, n)
            if bits:
                self.set_status(dst, kind, n, 0, bits)
            return
        self._shift(src, dst, kind, n)

    # where each piece's current move began (`origens_dos_movimentos:`) ------------------------
    # Pieces of a kind on a space are counts: of those that leave, the ones that have not moved
    # (no record) go first, then those that have, each keeping its origin. A piece that comes
    # back to where its move began has no record again.
    def _origin_add(self, space, kind, origin, n) -> None:
        key = (space, kind)
        rec = self.origins.get(key)
        if rec is None:
            rec = self.origins[key] = {}
        v = rec.get(origin, 0) + n
        if v:
            rec[origin] = v
        else:
            del rec[origin]
            if not rec:
                del self.origins[key]
        self._undo((_ORIGIN, space, kind, origin, -n), "vb")

    def _origin_leave(self, space, kind, n) -> dict:
        """n pieces of a kind leave a space: {origin: count} of those that leave (their own
        space for the ones that had not moved); their records there go."""
        rec = self.origins.get((space, kind)) or {}
        plain = max(0, self.board.get(space, {}).get(kind, 0) - sum(rec.values()))
        out = {}
        if plain:
            out[space] = min(plain, n)
        left = n - min(plain, n)
        for o in sorted(rec):
            if left <= 0:
                break
            m = min(rec[o], left)
            self._origin_add(space, kind, o, -m)
            out[o] = out.get(o, 0) + m
            left -= m
        return out

    def _origin_move(self, src, dst, kind, n) -> None:
        for o, m in self._origin_leave(src, kind, n).items():
            if o != dst:
                self._origin_add(dst, kind, o, m)

    def origin_split(self, space, kind) -> dict:
        """{origin: count} of the pieces of a kind on a space that began a move elsewhere."""
        return dict((self.origins or {}).get((space, kind)) or {})

    def clear_origins(self) -> None:
        """Every move is over (`dura: turno`): no piece keeps an origin."""
        for (space, kind), rec in list(self.origins.items()):
            for o, m in list(rec.items()):
                self._origin_add(space, kind, o, -m)

    def _shift(self, src, dst, kind, n):
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
        self._undo((_SHIFT, dst, src, kind, n), "vb")

    def _unstatus(self, place, kind, n, bits) -> None:
        """Before n pieces of a kind leave a place: those with statuses `bits` lose them (so
        that the count of pieces without status pays for them); with bits 0, statuses come
        off other pieces when too few have none (a verb that did not say which)."""
        if bits:
            self.set_status(place, kind, n, bits, 0)
            return
        st = self.pstat.get((place, kind))
        if not st:
            return
        b = self.board.get(place) if place in self.board else self.piece_zones.get(place)
        plain = (b or {}).get(kind, 0) - sum(st.values())
        for old in sorted(st):
            if plain >= n:
                break
            m = min(st[old], n - plain)
            self.set_status(place, kind, m, old, 0)
            plain += m

    def board_add(self, space: str, kind: str, n: int) -> None:
        """n pieces of a kind appear on (n>0) or leave (n<0) a space without passing by the
        supply (a piece turned to its other side, `vire`)."""
        if not n:
            return
        b = self.board.setdefault(space, {})
        v = b.get(kind, 0) + n
        if v:
            b[kind] = v
        else:
            del b[kind]
        self._ruler.pop(space, None)
        self._undo((_BOARD, space, kind, -n), "vb")

    def ident_add(self, space: str, back: str, face: str, n: int) -> None:
        """n face-down pieces of kind `back` on a space are (n>0) or stop being (n<0) pieces
        of kind `face`: the hidden identity, which only who may see it sees."""
        if not n:
            return
        key = (space, back)
        d = self.ident.get(key)
        if d is None:
            d = self.ident[key] = {}
        v = d.get(face, 0) + n
        if v:
            d[face] = v
        else:
            del d[face]
            if not d:
                del self.ident[key]
        self._undo((_IDENT, space, back, face, -n), "vb")

    def identities(self, space: str, back: str) -> dict:
        """{face kind: count} of the face-down pieces of kind `back` on a space."""
        return self.ident.get((space, back)) or {}

    def adjust_supply(self, kind: str, n: int) -> None:
        """Pieces leave (n<0) or join (n>0) the supply from outside the map (box, zones)."""
        self.supply[kind] = self.supply.get(kind, 0) + n
        self._undo((_SUPPLY, kind, n), "vb")

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
        self._undo((_ZONE_PIECE, dst, src, kind, n, bits), "vz")

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
        """{bits: count} of the pieces of a kind in a piece zone or on a space (0 = no status)."""
        pz = self.piece_zones.get(zone)
        total = (pz if pz is not None else self.board.get(zone, {})).get(kind, 0)
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
        self._undo((_STATUS, zone, kind, n, new, old), "vz" if zone in self.piece_zones else "vb")

    def clear_statuses(self, bits: int) -> None:
        """Every piece, on the map and in zones, loses the statuses `bits` (a status that
        lasts a turn, `dura: turno`)."""
        for (place, kind), st in list(self.pstat.items()):
            for old, n in list(st.items()):
                if old & bits:
                    self.set_status(place, kind, n, old, old & ~bits)

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
        self._undo((_CARD, card, src, dst, to_bottom, i), "vc")

    def set_zone(self, zone: str, cards: list[int]) -> None:
        old = self.zones.get(zone)
        self.zones[zone] = cards
        self._undo((_ZONE, zone, old), "vc")

    # counters and marks -------------------------------------------------------------------------
    def add(self, key: str, n: int) -> None:
        self.counters[key] = self.counters.get(key, 0) + n
        self._undo((_ADD, key, n), "vn")

    def set_counter(self, key: str, v: int) -> None:
        old = self.counters.get(key, 0)
        self.counters[key] = v
        self._undo((_COUNTER, key, old), "vn")

    def set_mark(self, key, v) -> None:
        old = self.marks.get(key, _MISSING)
        self.marks[key] = v
        self._undo((_MARK, key, old), "vm")

    def set_flag(self, key, v) -> None:
        old = self.flags.get(key, _MISSING)
        self.flags[key] = v
        self._undo((_FLAG, key, old), "vf")

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
        if self.hired:
            # hirelings (E.3.2): a hireling is on its controller's side
            from .hirelings import CTL
            fl = self.flags
            if f in self.hired:
                c = fl.get((CTL, f))
                if c is None:
                    return ()
                base = (c,) + self._coalition(c)
            else:
                base = self._coalition(f)
            side = set(base) | {f}
            return base + tuple(x for x in self.hired if x != f and fl.get((CTL, x)) in side)
        return self._coalition(f)

    def _coalition(self, f) -> tuple:
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


# the journal holds data, not closures: (operation, arguments) that undo one change on
# whichever state replays it, so that a copy of the state carries its own journal
def _u_take_quiet(s, space, kind, n):
    s.take(space, kind, n, _log=False)


def _u_put(s, space, kind, n):
    s.put(space, kind, n)


def _u_shift(s, src, dst, kind, n):
    s._shift(src, dst, kind, n)


def _u_supply(s, kind, n):
    s.supply[kind] = s.supply[kind] - n


def _u_zone_piece(s, src, dst, kind, n, bits):
    s.move_zone_piece(src, dst, kind, n, bits)


def _u_status(s, zone, kind, n, old, new):
    s.set_status(zone, kind, n, old, new)


def _u_board(s, space, kind, n):
    s.board_add(space, kind, n)


def _u_ident(s, space, back, face, n):
    s.ident_add(space, back, face, n)


def _u_card(s, card, src, dst, to_bottom, i):
    zd = s.zones[dst]
    if to_bottom:
        zd.pop(0)
    else:
        zd.pop()
    s.zones[src].insert(i, card)


def _u_zone(s, zone, old):
    if old is not None:
        s.zones[zone] = old
    else:
        s.zones.pop(zone, None)


def _u_add(s, key, n):
    s.counters[key] = s.counters[key] - n


def _u_counter(s, key, old):
    s.counters[key] = old


def _u_mark(s, key, old):
    if old is _MISSING:
        s.marks.pop(key, None)
    else:
        s.marks[key] = old


def _u_flag(s, key, old):
    if old is _MISSING:
        s.flags.pop(key, None)
    else:
        s.flags[key] = old


def _u_nothing(s):
    pass


def _u_origin(s, space, kind, origin, n):
    s._origin_add(space, kind, origin, n)


_UNDO = (_u_take_quiet, _u_put, _u_shift, _u_supply, _u_zone_piece, _u_status, _u_card, _u_zone,
         _u_add, _u_counter, _u_mark, _u_flag, _u_board, _u_ident, _u_nothing, _u_origin)
(_TAKE_QUIET, _PUT, _SHIFT, _SUPPLY, _ZONE_PIECE, _STATUS, _CARD, _ZONE,
 _ADD, _COUNTER, _MARK, _FLAG, _BOARD, _IDENT, _NOTHING, _ORIGIN) = range(len(_UNDO))


def _rng_like(rng, state):
    """A generator of the same class as `rng`, in `state` (a scenario's loaded dice copy
    their queue too)."""
    if type(rng) is random.Random:
        r = random.Random(0)
        r.setstate(state)
        return r
    import copy
    r = copy.copy(rng)
    for k, v in vars(rng).items():
        if isinstance(v, list):
            setattr(r, k, list(v))
    r.setstate(state)
    return r


class Chain:
    """An append-only sequence whose copies share what was already written (a game's history,
    the events of a game with observers and of each player's view).

    The items are kept in frozen chunks (tuples of CHUNK items) and a short mutable tail: a
    copy shares the chunks and copies the tail and the list of chunks, so copying a sequence
    of n items costs n/CHUNK + CHUNK pointers, not n. Appending fills the tail; a full tail
    becomes a chunk. Replacing an item (`seq[i] = x`) of a chunk gives this sequence a new
    chunk (the copies keep the old one); `del seq[i:]` truncates. Reads as a list: len,
    indexing and slicing (negative too), iteration, reversed, ==, list(seq)."""
    __slots__ = ("_chunks", "_tail", "_n0", "_shared")
    CHUNK = 64

    def __init__(self, items=()):
        self._chunks = []
        self._tail = []
        self._n0 = 0
        self._shared = False
        if items:
            self.extend(items)

    def copy(self):
        # copy on write: both sequences share the list of chunks and the tail until one of
        # them changes (`_own`): a copy that is dropped unchanged costs a few pointers
        n = Chain.__new__(type(self))
        n._chunks = self._chunks
        n._tail = self._tail
        n._n0 = self._n0
        n._shared = self._shared = True
        return n

    def _own(self):
        self._chunks = self._chunks.copy()
        self._tail = self._tail.copy()
        self._shared = False

    def append(self, x):
        if self._shared:
            self._own()
        t = self._tail
        t.append(x)
        if len(t) >= 64:
            self._chunks.append(tuple(t))
            self._n0 += 64
            self._tail = []

    def extend(self, xs):
        for x in xs:
            self.append(x)

    def __len__(self):
        return self._n0 + len(self._tail)

    def __bool__(self):
        return bool(self._n0 or self._tail)

    def _index(self, i):
        n = self._n0 + len(self._tail)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("Chain index out of range")
        return i

    def __getitem__(self, i):
        if type(i) is slice:
            return [self[j] for j in range(*i.indices(len(self)))]
        i = self._index(i)
        n0 = self._n0
        if i >= n0:
            return self._tail[i - n0]
        return self._chunks[i >> 6][i & 63]

    def __setitem__(self, i, x):
        i = self._index(i)
        if self._shared:
            self._own()
        n0 = self._n0
        if i >= n0:
            self._tail[i - n0] = x
            return
        k = i >> 6
        c = list(self._chunks[k])
        c[i & 63] = x
        self._chunks[k] = tuple(c)

    def __delitem__(self, i):
        if type(i) is not slice or i.step not in (None, 1) or i.stop is not None:
            raise TypeError("a Chain only loses its end: del seq[i:]")
        start = i.indices(len(self))[0]
        if self._shared:
            self._own()
        if start >= self._n0:
            del self._tail[start - self._n0:]
            return
        keep = start >> 6
        tail = list(self._chunks[keep][:start & 63])
        del self._chunks[keep:]
        self._n0 = keep * 64
        self._tail = tail

    def __iter__(self):
        # a snapshot: appending while iterating does not change what is iterated
        return itertools.chain(itertools.chain.from_iterable(self._chunks.copy()), self._tail.copy())

    def __reversed__(self):
        return reversed(list(self))

    def __eq__(self, other):
        if isinstance(other, (Chain, list, tuple)):
            return len(self) == len(other) and list(self) == list(other)
        return NotImplemented

    __hash__ = None

    def __repr__(self):
        return f"Chain({list(self)!r})"

    def index(self, x, *a):
        return list(self).index(x, *a)
