"""The record as blocks of expected deltas (replay.py matches them on the engine).

Each turn line becomes a list of Atoms: a piece kind more or fewer in a space or on a faction
board, points, cards onto or off a watched zone (a board's columns, a hand), a board marker's
value, items gained, exhausted, damaged, repaired or lost."""
from __future__ import annotations

from dataclasses import dataclass


def _clearing(n):
    from .notation import Loc
    return Loc("clearing", n)


@dataclass
class Atom:
    """One expected delta: `n` pieces of one of `kinds` more (sign +1) or fewer (-1) in
    `place` (None: wherever the piece is), or `n` points for a faction (place ("pv", f))."""
    place: object
    kinds: frozenset | None
    sign: int
    n: int
    action: int          # index of its action in the record's flat list of actions
    turn: int            # index of its turn block
    optional: bool = False   # a pawn's "from wherever it is": none when it comes from supply



class Expected:
    """The Replayer's part that reads the record (a mixin: self.rec, self.mp, self.actions,
    self.atoms, self.blocks)."""

    def _build(self):
        rec, mp = self.rec, self.mp
        setup = rec.setup_turns
        blocks = [(None, setup)] + [(mp.faction(t.faction), [t]) for t in rec.play_turns]
        self.blocks = blocks
        for bi, (_, turns) in enumerate(blocks):
            atoms = []
            for t in turns:
                for a in t.actions:
                    ai = len(self.actions)
                    self.actions.append((bi, t, a))
                    atoms.extend(self._atoms(a, t.faction, ai, bi))
            self.atoms.append(atoms)

    def _atoms(self, a, letter, ai, bi) -> list:
        mp = self.mp
        out = []
        if a.kind == "score":
            f = mp.faction(a.faction or letter)
            if a.amount:
                out.append(Atom(("pv", f), None, 1 if a.amount > 0 else -1, abs(a.amount), ai, bi))
            return out
        if a.kind != "move":
            return out
        for th in a.things:
            if th.kind == "card":
                out.extend(self._card_atoms(a, th, letter, ai, bi))
                continue
            if th.kind == "board":
                out.extend(self._counter_atoms(a, th, letter, ai, bi))
                continue
            if th.kind != "piece":
                continue
            owner = th.faction or letter
            kinds = frozenset(mp.piece_kinds(owner, th.type, th.sub))
            if not kinds:
                continue
            src = mp.space(th.start) or self._piece_zone(th.start, letter)
            if th.start is None and th.type == "p":
                out.append(Atom(None, kinds, -1, th.count * max(1, len(a.dests)), ai, bi, True))
            elif src is not None:
                out.append(Atom(src, kinds, -1, th.count * max(1, len(a.dests)), ai, bi))
            for d in a.dests:
                dst = mp.space(d) or self._piece_zone(d, letter)
                if dst is not None:
                    out.append(Atom(dst, kinds, 1, th.count, ai, bi))
        return out

    def _piece_zone(self, loc, letter):
        """The watched place of pieces on a faction board location (`O$`, `$`): ("pz", letter$sub),
        or None when the mapping does not name it."""
        if loc is None or loc.kind != "board":
            return None
        owner = loc.faction or letter
        sub = loc.sub or ""
        if sub not in self.mp.piece_boards.get(owner, {}):
            return None
        return ("pz", f"{owner}${sub}")

    def _counter_atoms(self, a, th, letter, ai, bi) -> list:
        """A board marker set to a number (`$_h->3`, `$_->3`: every marker of the board): the
        counter it stands for shows that value afterwards."""
        table = self.mp.counters.get(th.faction or letter, {})
        keys = list(table.values()) if not th.sub else [table[th.sub]] if th.sub in table else []
        out = []
        for d in a.dests:
            if d.kind != "clearing":
                continue
            for k in keys:
                out.append(Atom(("ctr", k, int(d.value)), None, 1, 1, ai, bi))
        return out

    def _board_zone(self, loc, letter):
        """The card zone of a faction board location (`$`, `A$`, `$_r`), or None."""
        if loc is None or loc.kind != "board":
            return None
        return self.mp.boards.get(loc.faction or letter, {}).get(loc.sub or "")

    def _card_atoms(self, a, th, letter, ai, bi) -> list:
        """Cards onto or off a board zone the mapping names (the decree's columns, the
        supporters): the zone's size changes by that much."""
        out = []
        if bi == 0:
            return out      # the setup deals its cards before the first decision
        src = self._board_zone(th.start, letter)
        st = th.start
        if src is None and st is not None and st.kind == "hand" and st.faction not in (None, letter) \
                and st.faction in self.mp.factions:
            src = self.mp.hand(self.mp.factions[st.faction])     # taken from another's hand
        if src is not None:
            out.append(Atom(("zone", src), None, -1, th.count * max(1, len(a.dests)), ai, bi))
        for d in a.dests:
            dst = self._board_zone(d, letter)
            if dst is not None:
                out.append(Atom(("zone", dst), None, 1, th.count, ai, bi))
        return out
