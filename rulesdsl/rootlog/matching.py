"""Observing the engine and consuming the record's expected deltas with what it changed."""
from __future__ import annotations

from ..interpreter.board import MAP_KEY as _MAP_KEY
from . import forgotten_points as _forgotten
from . import item_damage as _item_damage
from . import victory as _victory
from . import board_owner as _board_owner
from . import board_payment as _board_payment
from . import decree as _decree
from . import suit_markers as _suit_markers
from . import zone_swaps as _zone_swaps
from . import merged as _merged
from . import play_area as _play_area
from .expected import Atom


class Matching:
    """The Replayer's part that compares positions (a mixin)."""

    avail_zones = frozenset()      # card zones watched card by card besides the boards' (replay.py)

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
            if z in self.board_of or z in self.avail_zones:
                # which cards, not only how many: a step that takes one card off a board zone
                # and puts another there (`diff`) is two changes (zone_swaps.py)
                out[("zs", z)] = frozenset(zones.get(z, ()))
        for z, extra in self.hand_extra:     # a hand and the revealed cards it counts
            out[("zone", z)] += sum(len(zones.get(x, ())) for x in extra)
        if self.item_places:
            self._obs_items(game.s, out)
        pz = game.s.piece_zones
        for place, ids in self.piece_places:
            for z in ids:
                for k, n in pz.get(z, {}).items():
                    if n:
                        out[(place, k)] = out.get((place, k), 0) + n
        for item in game.s.flags.get(_MAP_KEY) or ():
            if item[0] == "edge":        # a path opened on the map (C.3.3: `5_9->`)
                out[("edge", item[1], item[2])] = 1
        counters = game.s.counters
        for k in self.counter_keys:
            out[("ctr", k, counters.get(k, 0))] = 1
        _victory.observe(game, out)      # frozen scores and joined victories (victory.py)
        return out

    def _obs_items(self, s, out):
        """Each faction's items per kind: how many, how many exhausted, how many damaged."""
        ebit, dbit = self.item_bits
        for letter, zone in self.item_places:
            for k, n in s.piece_zones.get(zone, {}).items():
                if not n:
                    continue
                out[(("it", letter, "n"), k)] = n
                st = s.pstat.get((zone, k))
                if st:
                    e = sum(c for b, c in st.items() if b & ebit)
                    d = sum(c for b, c in st.items() if b & dbit)
                    if e:
                        out[(("it", letter, "e"), k)] = e
                    if d:
                        out[(("it", letter, "d"), k)] = d

    @staticmethod
    def diff(a, b):
        return _zone_swaps.diff(a, b)

    def consume(self, left, diff, blocks):
        """left: list of [Atom, remaining]; consume the diff from atoms of these blocks,
        earliest first. A new list, or None if the diff is not what the record says."""
        left = [list(x) for x in left]
        self.merged = False
        self._diff = diff          # the step's whole change (board_payment.py)
        shared = []
        for key, d in sorted(diff.items(), key=_zone_swaps.order):
            sign = 1 if d > 0 else -1
            need = abs(d)
            key = _zone_swaps.place(key)
            if sign > 0 and self._passing_through(key, left, blocks):
                continue
            if _zone_swaps.net_prefix(left, key, d, blocks):
                continue
            took = set()
            for x in left:
                if need == 0:
                    break
                at, rem = x
                if rem == 0 or at.sign != sign or at.turn not in blocks:
                    continue
                if key[0] in ("pv", "zone", "ctr", "edge") or key[0] in _victory.KEYS:
                    if at.place != key or self._later_points(key, at):
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
            if len(took) > 1 and key[0] != "pv" and _merged.alike(left, took):
                self.merged = True      # one change made of two logged actions (8 = 5 + 3; merged.py)
            elif len(took) > 1 and key[0] != "pv":
                shared.append(took)     # unalike: merged if one is left half done (merged.py)
            if need and self._net_within_line(key, sign, need, left, blocks):
                continue
            if need and self._start_points(key, sign, need, left, blocks):
                continue          # tolerant: the next turn's own points, corrected after (start_points.py)
            if need and not self._unrecorded_ok(key, sign, left, blocks):
                return None
        self.merged = self.merged or _merged.half_done(left, shared)
        return left

    def _passing_through(self, key, left, blocks):
        """At a line's end, cards put on a board zone that the line's still open changes
        there put on and take off again, as many each way (`F#E->$_r ... F#$_r->`, the decree
        discarded in turmoil): what the engine put there since is not theirs (the new leader's
        viziers); their pairs cancel out (_cancel_pairs)."""
        if key[0] != "zone" or not getattr(self, "_ending", False) or key[1] not in self.board_of:
            return False
        opn = {1: 0, -1: 0}
        for at, rem in left:
            if rem and at.place == key and at.turn in blocks and not at.optional:
                opn[at.sign] += rem
        return opn[1] > 0 and opn[1] == opn[-1]

    @staticmethod
    def _net_within_line(key, sign, need, left, blocks):
        """A change the line does not record, of a piece kind the line both puts in and takes
        from that place: the log records only the net change within a line (Overwork's wood
        placed and then spent by a build: `t->10 ... t10->` once each, for two of each). The
        surplus becomes an opposite change owed by the line (appended to left, tied to an
        action of that sign), so the line must still end with the board it records."""
        if not isinstance(key[0], str) or key[0] in ("pv", "zone", "ctr") or key[0] in _victory.KEYS:
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
        lines say nothing of that kind there), a board marker's old value, the neutral pieces; a
        hand's cards and an item's damage when the lines record no change of that sign there
        (a draw the log leaves out); an item exhausted or refreshed (the players often skip
        writing and even doing it: a refresh, items exhausted to pay for a service and
        refreshed at once); never an item gained or lost (but in the setup, whose starting
        items the log does not write)."""
        if key[0] == "pv" and sign > 0 and _forgotten.ok(self, key[1], blocks):
            return True            # the transcriber says the faction forgot them (forgotten_points.py)
        if key[0] == "pv" or key[0] in _victory.KEYS:
            return False           # points, a frozen score, a joined victory: always written
        if key[0] == "ctr" and key[1] in getattr(self, "suit_marker_keys", ()):
            return _suit_markers.unrecorded_ok(key, sign, left, blocks)     # `$_o->R`
        if key[0] == "ctr":
            # a marker's old value always; a new one in the setup when the lines set no value
            # of that marker (the Riverfolk's first prices, 11.3.5, often left unwritten)
            return sign < 0 or (0 in blocks and not any(
                isinstance(at.place, tuple) and at.place[:2] == key[:2] and at.turn in blocks
                for at, _ in left))
        if _play_area.unrecorded_ok(self, key):
            return True           # a play area's change no craft takes (play_area.py)
        if key[0] == "zone":
            if key[1] in self.hands:
                return not self._names_sign(left, key, sign, blocks)
            if sign < 0:
                return True
            if _decree.refilled(self, key, left, blocks):
                return True       # a new leader's vizier after `$_->` (decree.py)
            # a card put on a board the lines put no card on (nor take from this zone); at
            # a turn's end, wherever the lines do not name the zone (a new leader's viziers)
            board = None if getattr(self, "_ending", False) else self.board_of.get(key[1])
            return not self._names_zone(left, key, blocks) and not (
                board and any(at.sign > 0 and at.turn in blocks and at.place[0] == "zone"
                              and self.board_of.get(at.place[1]) == board for at, _ in left
                              if isinstance(at.place, tuple)))
        if isinstance(key[0], tuple) and key[0][0] == "it":
            if 0 in blocks:
                return True
            if key[0][2] == "e":
                return True       # exhausting and refreshing is often left out (1.6)
            if key[0][2] == "d" and sign > 0 and not _item_damage.battles_owner(self, key[0][1], blocks):
                return False      # damage only comes with a battle of its owner (item_damage.py)
            return key[0][2] != "n" and not self._names_sign(left, key[0], sign, blocks)
        if isinstance(key[0], tuple):
            # a board's pieces of a kind the lines say nothing of there (the Riverfolk's
            # Protectionism, 11.4.1, unwritten in r2g4, beside `2Cw$->` of the same board);
            # another's piece put there is a payment, always written (board_owner.py)
            return sign < 0 or _board_owner.owns(self, key[0], key[1]) and not any(at.place == key[0] and at.turn in blocks and
                                       (at.kinds is None or key[1] in at.kinds) for at, _ in left) \
                and _board_payment.passes(self, key, blocks)     # not another's payment (board_payment.py)
        return key[1] in self.soft

    @staticmethod
    def _names_zone(left, key, blocks):
        """Whether the lines being matched say anything of this board zone: then a card put
        there that they do not record is a mismatch (a card taken off may be unrecorded, as
        a decree discarded in turmoil, `$_->`)."""
        named = [(at, rem) for at, rem in left if at.place == key and at.turn in blocks]
        if named and all(rem == 0 for _, rem in named) and any(at.sign < 0 for at, _ in named):
            # a zone the lines have emptied, card by card, and say nothing more of: the cards
            # put there next are the unwritten ones (a new leader's viziers after turmoil)
            return False
        return bool(named)

    @staticmethod
    def _cancel_pairs(left, bi):
        """At the end of a line, its changes still open in opposite directions at one place
        cancel out: one engine step made both (the Alliance mobilises its last card and the
        turn ends at once with its draw, `#A->$/#->A`: the hand shows no change)."""
        for x in left:
            at, rem = x
            if not rem or at.turn != bi or at.optional or at.sign > 0:
                continue
            for y in left:
                bt, r2 = y
                if x[1] == 0:
                    break
                if r2 and bt.turn == bi and bt.sign > 0 and not bt.optional and bt.place == at.place \
                        and (at.kinds is None or bt.kinds is None or at.kinds & bt.kinds):
                    k = min(x[1], r2)
                    x[1] -= k
                    y[1] -= k

    @staticmethod
    def _names_sign(left, place, sign, blocks):
        """Whether the lines being matched record a change of this sign at this place."""
        return any(at.place == place and at.sign == sign and at.turn in blocks for at, _ in left)

    @staticmethod
    def _open(left, bi):
        return sum(rem for at, rem in left if at.turn == bi and not at.optional)
