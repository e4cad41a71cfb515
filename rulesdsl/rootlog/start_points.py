"""Points the engine scores by itself at the start of a turn that the record does not write.

A turn's start runs rules without a decision (the Riverfolk's Dividends, 11.4.2: a point for
every two funds). In a tolerant replay, a correction makes an action's changes without the
action's costs: a Riverfolk battle or move the engine could not make is corrected onto the
board, but the fund it commits is not committed (the notation never writes commits, 1.6), the
funds stay, and the next Birdsong pays dividends the record does not write (r2g4 l. 31 and 36:
3 and 4 points the Riverfolk never scored). The line *before* that turn then cannot end: its
last step starts the next turn, and a change of points no line records is a mismatch, so it was
corrected too, and the error spread to a faction that did nothing wrong.

Here, only in tolerant mode, and only for the faction whose turn begins at the end of a line
(nothing of its own line has been played yet): points it scores there beyond what its line
writes are let through the search and then corrected away, one referee correction of class
`unrecorded_points`, so the engine's score keeps following the record. Strict replays still
stop there (the report says which line could not end)."""
from __future__ import annotations

from .expected import Atom
from .repair import Correction
from . import repair as _repair

UNRECORDED_POINTS = "unrecorded_points"


class StartPoints:
    """The Replayer's part for a turn's automatic points (a mixin: tolerant, blocks, mp)."""

    next_faction = None      # the faction of the block after the one being matched
    next_block = None        # and its index

    def _later_points(self, key, at) -> bool:
        """In consume() at a line's end: a point of the next line written after its first
        other action is not one the next turn's start makes (r2g4 l. 41's `++` for its battles
        were taken by the Dividends of its Birdsong, then missing for the battles)."""
        if key[0] != "pv" or at.turn != self.next_block or not getattr(self, "_ending", False):
            return False
        return at.action not in self._leading(at.turn)

    def _leading(self, bi) -> set:
        """The indices of the score actions a block's line begins with."""
        cache = self.__dict__.setdefault("_leading_cache", {})
        if bi not in cache:
            out, started = set(), False
            for ai, (b, _, a) in enumerate(self.actions):
                if b != bi or started:
                    continue
                if a.kind == "score":
                    out.add(ai)
                else:
                    started = True
            cache[bi] = out
        return cache[bi]

    def _start_points(self, key, sign, need, left, blocks) -> bool:
        """In consume(): the unmatched gain of the next faction's points at a line's end is
        let through, kept as a marker (an optional atom with nothing left) for settle()."""
        if not (getattr(self, "tolerant", False) and getattr(self, "_ending", False)):
            return False
        if key[0] != "pv" or sign < 0 or key[1] != self.next_faction:
            return False
        turn = max(b for b in blocks if b is not None)
        marker = Atom(key, None, 1, need, -1, turn, True)
        marker.unrecorded = True
        left.append([marker, 0])
        return True

    def _settle_start_points(self, game, left, nxt) -> list:
        """After a line was matched: correct away the points its markers let through. Returns
        `left` without the markers."""
        marks = [at for at, _ in left if getattr(at, "unrecorded", False)]
        if not marks:
            return left
        by = {}
        for at in marks:
            by[at.place[1]] = by.get(at.place[1], 0) + at.n
        self._unrecord(game, by, nxt)
        return [x for x in left if not getattr(x[0], "unrecorded", False)]

    def _forced_start_points(self, before, ended, left, nxt, owed=()) -> None:
        """A turn ended by force (replay.py `*`) runs the next turn's start unchecked: its
        points for the next faction, less those the ended line itself owes it (`owed`: an
        Alliance's `P++`, the Charm Offensive its Evening scores, after_dark l. 33), are
        consumed from the points the next line begins with, and the rest corrected away."""
        f = self.next_faction
        if f is None or nxt is None:
            return
        gain = ended.scores().get(f, 0) - before.scores().get(f, 0)
        gain -= sum(rem for at, rem in owed if at.place == ("pv", f) and at.sign > 0)
        if gain <= 0:
            return
        for x in left:
            at, rem = x
            if gain and rem and at.turn == nxt and at.sign > 0 and at.place == ("pv", f) \
                    and at.action in self._leading(nxt):
                take = min(rem, gain)
                x[1] -= take
                gain -= take
        if gain:
            self._unrecord(ended, {f: gain}, nxt)

    def _unrecord(self, game, by, nxt) -> None:
        turns = self.blocks[nxt][1] if nxt is not None and nxt < len(self.blocks) else []
        line = turns[0].line if turns else 0
        letter = turns[0].faction if turns else None
        for f, n in sorted(by.items()):
            edits = [["vp", f, -n]]
            c = Correction(len(game.history), line, "-", letter, UNRECORDED_POINTS, edits)
            _repair.apply(game, edits, {"line": line, "action": "-", "class": c.klass})
            self.corrections.append(c)
