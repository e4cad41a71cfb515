"""The record as blocks of expected deltas (replay.py matches them on the engine).

Each turn line becomes a list of Atoms: a piece kind more or fewer in a space or on a faction
board, points, cards onto or off a watched zone (a board's columns, a hand), a board marker's
value, items gained, exhausted, damaged, repaired or lost."""
from __future__ import annotations

from dataclasses import dataclass

from . import battles as _battles
from . import dominance as _dominance
from . import expected_flips as _flips
from . import given_card as _given
from . import play_area as _play_area
from . import piece_codes as _piece_codes
from . import plot_faces as _plot_faces
from . import suit_markers as _suit_markers
from . import victory as _victory


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
    optional: bool = False   # a pawn's "from wherever it is": none when it comes from supply;
                             # `%_` items (all of a place: how many is not written)


# how many `%_` ("all the items there") may stand for: an optional atom of any size
ALL = 99

class Expected:
    """The Replayer's part that reads the record (a mixin: self.rec, self.mp, self.actions,
    self.atoms, self.blocks)."""

    def _build(self):
        rec, mp = self.rec, self.mp
        setup = rec.setup_turns
        blocks = [(None, setup)] + [(mp.faction(t.faction), [t]) for t in rec.play_turns]
        self.blocks = blocks
        self.named_moves = {}      # block -> the card ids of each card named onto a board spot
        for bi, (_, turns) in enumerate(blocks):
            atoms = []
            for t in turns:
                _battles.name_defenders(t)     # `XC8B@` in the Marquise's own line (battles.py)
                line = []
                for a in t.actions:
                    ai = len(self.actions)
                    self.actions.append((bi, t, a))
                    line.append((ai, a, _victory.with_marks(self, t, a, ai, bi, self._atoms(a, t.faction, ai, bi))))
                _flips.fold(line, mp, t.faction)      # a delve: moved and flipped in one step
                from .plots import leaving_faces     # a bomb: flipped and gone (plots.py)
                leaving_faces(line, mp, t.faction)
                _dominance.fold(line, mp, t.faction, bi)   # a card taken from the available ones
                _given.fold(line, mp, t, bi, _given.drawn_of(self))     # a card given from a hand, no source written (given_card.py)
                for j in range(1, len(line)):
                    after = line[j + 1][1] if j + 1 < len(line) else None
                    if self._paid_placement(line[j - 1][1], line[j][1], after):
                        # one step of the engine both spends the card and places the pieces
                        # (Overwork, 6.5.4: `M#C->/t->11`): the card's atoms wait for the
                        # pieces, so spending a card for nothing else (an extra action) is
                        # not taken for the whole of it
                        for at in line[j - 1][2]:
                            at.action = line[j][0]
                for _, _, new in line:
                    atoms.extend(new)
            if bi == 0:
                # the dealt ones last: a later placement of the same kind there (15.3.3)
                # consumes its own atom first, whether or not the deal was seen
                dealt = self._dealt_optional(atoms)
                atoms = [at for at in atoms if not any(at is x for x in dealt)] + dealt
            self.atoms.append(atoms)

    def _dealt_optional(self, atoms):
        """The setup's first piece of a kind nobody sees in each space is dealt at random (the
        Keepers' relics, 15.3.1), perhaps before the first decision: hidden.py dictates those
        picks to what the record says, and its atom is optional (met when the search sees the
        deal, not owed when the deal came before the first decision)."""
        backs = getattr(getattr(self, "g", None), "hidden_backs", None) or {}
        hidden = {k for k, who in backs.items() if who == "nobody"}
        seen, dealt = set(), []
        for at in atoms:
            if at.sign > 0 and at.kinds and at.kinds <= hidden and isinstance(at.place, str) \
                    and at.place not in seen:
                seen.add(at.place)
                at.optional = True
                dealt.append(at)
        return dealt

    @staticmethod
    def _paid_placement(card, a, after=None) -> bool:
        """A card spent from a hand (`M#C->`, no destination) followed by pieces placed from the
        supply (`t->11`): the record's way of writing one paid placement. Not when more of
        those pieces follow from the supply (`R#P->/w->4/w->5`: a recruit in every clearing of
        a suit, written one clearing at a time, is not the card's and its first clearing's)."""
        if card.kind != "move" or a.kind != "move" or card.dests or not a.dests:
            return False
        if not card.things or not all(th.kind == "card" and th.start is not None
                                      and th.start.kind == "hand" for th in card.things):
            return False
        if not (all(th.kind == "piece" and th.start is None for th in a.things)
                and all(d.kind == "clearing" for d in a.dests)):
            return False
        if after is not None and after.kind == "move" and after.things and all(
                th.kind == "piece" and th.start is None for th in after.things) and \
                {(th.faction, th.type, th.sub) for th in after.things} & \
                {(th.faction, th.type, th.sub) for th in a.things}:
            return False
        return True

    def _atoms(self, a, letter, ai, bi) -> list:
        mp = self.mp
        out = []
        if a.kind == "path":
            return _flips.path_atoms(a, mp, ai, bi)      # a closed path removed (`5_9->`)
        if a.kind == "score":
            f = mp.faction(a.faction or letter)
            if a.amount:
                out.append(Atom(("pv", f), None, 1 if a.amount > 0 else -1, abs(a.amount), ai, bi))
            return out
        if a.kind == "craft":
            return self._craft_atoms(a, letter, ai, bi)
        if a.kind == "battle":
            return self._ambush_atoms(a, letter, ai, bi)
        if a.kind == "flip":
            from .plots import flip_atoms                  # the Corvids' plots (plots.py)
            return flip_atoms(mp, a, letter, ai, bi)
        if a.kind == "trick":                              # faces the record showed (plot_faces.py)
            from .plots import trick_atoms
            return trick_atoms(mp, a, letter, ai, bi, faces=_plot_faces.trick_faces(self, a))
        if a.kind != "move":
            return out
        for th in a.things:
            if th.kind == "card":
                out.extend(self._card_atoms(a, th, letter, ai, bi))
                continue
            if th.kind == "item":
                out.extend(self._item_atoms(a, th, letter, ai, bi))
                continue
            if th.kind == "board":
                out.extend(self._counter_atoms(a, th, letter, ai, bi))
                continue
            if th.kind != "piece":
                continue
            owner = th.faction or letter
            # a code typed with its halves swapped (`r_b` for `b_r`) read swapped; one that
            # reads neither way is listed in the report (piece_codes.py)
            kinds = frozenset(_piece_codes.kinds(mp, owner, th.type, th.sub))
            if not kinds:
                continue
            kinds = _plot_faces.read(self, th, kinds)     # a face written as before a Trick (plot_faces.py)
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
        marker = _suit_markers.atoms(self, a, th, letter, ai, bi)   # `$_o->R` (suit_markers.py)
        if marker is not None:
            return marker
        table = self.mp.counters.get(th.faction or letter, {})
        keys = list(table.values()) if not th.sub else [table[th.sub]] if th.sub in table else []
        out = []
        for d in a.dests:
            if d.kind != "clearing":
                continue
            for k in keys:
                # in the setup a marker set to where it starts moves nothing (the Riverfolk's
                # first prices, 11.3.5, chosen at 1): optional there
                same = bi == 0 and self._counter_initial(k) == int(d.value)
                out.append(Atom(("ctr", k, int(d.value)), None, 1, 1, ai, bi, same))
        return out

    def _counter_initial(self, key):
        """A faction counter's starting value (`faction:faction.name`), or None."""
        fid, _, name = key.partition(":")
        defs = (getattr(getattr(self, "g", None), "faction_counters", None) or {}).get(fid, {})
        d = defs.get(name) or defs.get(name.split(".", 1)[-1]) or {}
        return d.get("initial")

    def _board_zone(self, loc, letter):
        """The card zone of a faction board location (`$`, `A$`, `$_r`), or None."""
        if loc is None or loc.kind != "board":
            return None
        return self.mp.boards.get(loc.faction or letter, {}).get(loc.sub or "")

    def _hand(self, loc, letter):
        """The hand a Loc names (`C`, also the acting faction's own), or None."""
        if loc is None or loc.kind != "hand":
            return None
        who = loc.faction or letter
        return self.mp.hand(self.mp.factions[who]) if who in self.mp.factions else None

    def _card_atoms(self, a, th, letter, ai, bi) -> list:
        """Cards onto or off a board zone the mapping names (the decree's columns, the
        supporters) or a hand (drawn `#->C`, spent `F#C->`, given `#V->C`, mobilised
        `3#A->$`): the zone's size changes by that much."""
        out = []
        if bi == 0:
            return out      # the setup deals its cards before the first decision
        from .crafted_cards import source as crafted     # `#boatA$->`: a crafted card (crafted_cards.py)
        src = crafted(self, th, letter, a.line) or self._board_zone(th.start, letter) or self._hand(th.start, letter)
        if src is not None:
            out.append(Atom(("zone", src), None, -1, th.count * max(1, len(a.dests)), ai, bi))
        for d in a.dests:
            dst = self._board_zone(d, letter) or self._hand(d, letter)
            if dst is not None:
                out.append(Atom(("zone", dst), None, 1, th.count, ai, bi))
            elif th.name and d.kind == "board":
                # a card named onto a board spot the mapping has no zone for (a new leader,
                # `#charismatic->$`): no count to watch, but by the line's end a card of that
                # name must have moved (Search._named_moved)
                ids = frozenset(self.mp.card_ids(th.name, th.suits)) or frozenset((th.name,))
                self.named_moves.setdefault(bi, []).append(ids)
        return out

    def _craft_atoms(self, a, letter, ai, bi) -> list:
        """A craft (`Z%h`, `Zsap`): the crafted card leaves the hand (the notation does not
        write it, 1.3), an item goes to the crafter's items, and the items a craft exhausts
        (`criar_exaure:`) may be exhausted without a record."""
        if bi == 0 or letter not in self.mp.factions:
            return []
        out = [Atom(("zone", self.mp.hand(self.mp.factions[letter])), None, -1, 1, ai, bi)]
        kind = self.mp.items.get(a.item) if a.item else None
        if kind is not None:
            out.append(Atom(("it", letter, "n"), frozenset((kind,)), 1, 1, ai, bi))
        # the items the craft exhausts (the Vagabond's hammers, 9.5.8), written or not
        paid = frozenset(self.mp.items[c] for c in self.mp.craft_exhausts.get(letter, ()) if c in self.mp.items)
        if paid:
            out.append(Atom(("it", letter, "e"), paid, 1, ALL, ai, bi, True))
        return out + _play_area.craft_atoms(self, a, letter, ai, bi)    # `Zboat` (play_area.py)

    def _ambush_atoms(self, a, letter, ai, bi) -> list:
        """`XE10B@M@`: the defender plays an ambush card from its hand, the attacker a second
        one to cancel it (the notation writes them in the battle only)."""
        out = []
        for who in (a.target, a.faction or letter)[:len(a.ambushes)]:
            if who in self.mp.factions and bi:
                out.append(Atom(("zone", self.mp.hand(self.mp.factions[who])), None, -1, 1, ai, bi))
        return out

    def _item_atoms(self, a, th, letter, ai, bi) -> list:  # noqa: C901 - one case per notation form
        """Items (1.2, 1.4 Vagabond): gained (`%s10->$` from a ruin, `Z%s`, `%hE$->$` taken from
        another's board), given, removed (`%x->`), and their states: exhausted (`->e`),
        refreshed (`->r`), damaged (`->d`), repaired (`%sd->s`, `%bd->t`). Each is a change of
        the count, the exhausted count or the damaged count of a kind in the owner's items;
        moves between the satchel and the tracks change nothing the engine keeps (its tracks
        are the ready teas, coins and bags, malandro.yaml). `%_` (all of them) is an optional
        change of any size."""
        mp = self.mp
        if th.type == "_":
            kinds, every = frozenset(mp.items.values()), True
        elif th.type in mp.items:
            kinds, every = frozenset((mp.items[th.type],)), False
        else:
            return []
        st = th.start
        if st is None:
            owner = letter                       # the acting faction's board
        elif st.kind == "board":
            owner = st.faction or letter
        elif st.kind in ("clearing", "forest"):
            owner = None                         # a ruin (its items are hidden: not watched)
        else:
            return []
        sel = th.states
        out = []

        def add(who, status, sign, optional=False):
            if who not in mp.factions:
                return
            n = ALL if every else th.count
            out.append(Atom(("it", who, status), kinds, sign, n, ai, bi, optional or every))

        boards = [d for d in a.dests if d.kind == "board"]
        if boards:
            for d in boards:
                dest = d.faction or letter
                if dest == owner:
                    continue
                if owner is not None:
                    add(owner, "n", -1)
                add(dest, "n", 1)
            return out
        if owner is None:
            if a.dests and all(d.kind == "word" for d in a.dests):
                add(letter, "n", 1)              # from a ruin straight to a track (`%b12->t`)
            return out
        if not a.dests:                          # out of play
            add(owner, "n", -1)
            for status in ("e", "d"):
                if status in sel:
                    add(owner, status, -1)
                elif "r" not in sel:
                    add(owner, status, -1, optional=True)     # it may have been
            return out
        for d in a.dests:
            w = d.value if d.kind == "word" else None
            if w == "e" and "e" not in sel:
                add(owner, "e", 1)
            elif w == "r" and "r" not in sel:
                add(owner, "e", -1)
            elif w == "d" and "d" not in sel:
                add(owner, "d", 1)
            elif w in ("s", "t") and "d" in sel:
                add(owner, "d", -1)              # repaired
        return out
