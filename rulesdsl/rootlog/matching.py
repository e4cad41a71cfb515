"""Observing the engine and consuming the record's expected deltas with what it changed."""
from __future__ import annotations

from .expected import Atom


class Matching:
    """The Replayer's part that compares positions (a mixin)."""

    def obs(self, game) -> dict:
        out = {}
        vp = self.mp.vp
        for sp, kinds in game.s.board.items():
            for k, n in kinds.items():
                if n and ("." in k or k in self.mp.neutral.values()):
                    out[(sp, k)] = n
        for f in game.factions:
            out[("pv", f)] = game.s.counters.get(f"{f}:{vp}", 0)
        zones = game.s.zones
        for z in self.zones:
            out[("zone", z)] = len(zones.get(z, ()))
        pz = game.s.piece_zones
        for place, ids in self.piece_places:
            for z in ids:
                for k, n in pz.get(z, {}).items():
                    if n:
                        out[(place, k)] = out.get((place, k), 0) + n
        counters = game.s.counters
        for k in self.counter_keys:
            out[("ctr", k, counters.get(k, 0))] = 1
        return out

    @staticmethod
    def diff(a, b):
        keys = set(a) | set(b)
        return {k: b.get(k, 0) - a.get(k, 0) for k in keys if b.get(k, 0) != a.get(k, 0)}

    def consume(self, left, diff, blocks):
        """left: list of [Atom, remaining]; consume the diff from atoms of these blocks,
        earliest first. A new list, or None if the diff is not what the record says."""
        left = [list(x) for x in left]
        self.merged = False
        for key, d in sorted(diff.items(), key=lambda kv: str(kv[0])):
            sign = 1 if d > 0 else -1
            need = abs(d)
            took = set()
            for x in left:
                if need == 0:
                    break
                at, rem = x
                if rem == 0 or at.sign != sign or at.turn not in blocks:
                    continue
                if key[0] in ("pv", "zone", "ctr"):
                    if at.place != key:
                        continue
                else:
                    if at.kinds is None or key[1] not in at.kinds:
                        continue
                    if at.place is not None and at.place != key[0]:
                        continue
                take = min(rem, need)
                x[1] -= take
                need -= take
                took.add(at.action)
            if len(took) > 1 and key[0] != "pv":
                self.merged = True      # one change made of two logged actions (8 = 5 + 3)
            if need and self._net_within_line(key, sign, need, left, blocks):
                continue
            if need and not self._unrecorded_ok(key, sign, left, blocks):
                return None
        return left

    @staticmethod
    def _net_within_line(key, sign, need, left, blocks):
        """A change the line does not record, of a piece kind the line both puts in and takes
        from that place: the log records only the net change within a line (Overwork's wood
        placed and then spent by a build: `t->10 ... t10->` once each, for two of each). The
        surplus becomes an opposite change owed by the line (appended to left, tied to an
        action of that sign), so the line must still end with the board it records."""
        if not isinstance(key[0], str) or key[0] in ("pv", "zone", "ctr"):
            return False
        signs = {}
        for at, rem in left:
            if at.turn in blocks and at.place == key[0] and at.kinds is not None and key[1] in at.kinds:
                if at.sign not in signs or rem:
                    signs[at.sign] = at
        if len(signs) < 2:
            return False
        owner = signs[-sign]
        left.append([Atom(key[0], frozenset((key[1],)), -sign, need, owner.action, owner.turn), need])
        return True

    def _unrecorded_ok(self, key, sign, left, blocks):
        """Whether a change the lines do not record may pass: a card zone's or a board's
        pieces (the log often omits them; one taken off always may, one put there only when the
        lines say nothing of that place), a board marker's old value, the neutral pieces."""
        if key[0] == "pv":
            return False
        if key[0] == "ctr":
            return sign < 0
        if key[0] == "zone":
            return sign < 0 or not self._names_zone(left, key, blocks)
        if isinstance(key[0], tuple):
            return sign < 0 or not any(at.place == key[0] and at.turn in blocks for at, _ in left)
        return key[1] in self.soft

    @staticmethod
    def _names_zone(left, key, blocks):
        """Whether the lines being matched say anything of this board zone: then a card put
        there that they do not record is a mismatch (a card taken off may be unrecorded, as
        a decree discarded in turmoil, `$_->`)."""
        return any(at.place == key and at.turn in blocks for at, _ in left)

    @staticmethod
    def _open(left, bi):
        return sum(rem for at, rem in left if at.turn == bi and not at.optional)
