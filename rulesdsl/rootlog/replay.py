"""Replay a Rootlog record on the engine.

Rootlog records where pieces and points go, not which options the players chose. The replay
therefore matches *observable changes*: each turn line becomes a list of expected deltas (a
piece kind more or less in a space, points scored), and at each engine decision a bounded
search (clones of the game) looks for the options — and the dice, which the log does not
record — whose change of the board and scores is the next part of what the line says. Dice are
the engine's chance decisions (chance="dictated", docs/acaso.md), so the saved game replays
exactly. Other random events (the deck's shuffle) are played by a seeded generator: the cards
the log does not name are unknown anyway.

What a line says about cards, items, boards and hidden plots is kept in the record but not
checked yet (report: `unchecked`)."""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..interpreter import chance as _chance
from ..interpreter.engine import Game
from . import cards as _cards
from .notation import Record

DONE_IDS = ("fim", "passar")


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


@dataclass
class Stop:
    """Where and why a replay stopped."""
    turn: int
    line: int
    action: object       # notation.Action or None
    reason: str          # "no_match" | "wrong_faction" | "turn_left" | "game_over" | "budget"
    options: list = field(default_factory=list)
    explain: object = None
    decision: object = None


@dataclass
class Result:
    game: Game
    blocks_done: int
    blocks_total: int
    actions_total: int
    actions_checked: int          # actions that have a checkable delta
    actions_matched: int          # checkable actions whose deltas were all consumed
    stop: Stop | None
    skipped: list                 # (line, raw) skipped in tolerant mode
    seats: list
    winner_log: str | None
    scores: dict


class Replayer:
    def __init__(self, gdef, record: Record, mapping, seed: int = 0, budget: int = 3000,
                 tolerant: bool = False, lang: str | None = None, backtracks: int = 30,
                 discrepancies: int = 2):
        self.g = gdef
        self.rec = record
        self.mp = mapping
        self.seed = seed
        self.budget = budget
        self.backtracks = backtracks
        self.discrepancies = discrepancies
        self.tolerant = tolerant
        self.lang = lang
        self.rng = random.Random(seed)
        self.actions = []          # flat list of (turn index, Action)
        self.atoms = []            # per block: list of Atom
        # neutral pieces (the Ferry) may move along without a record (logs before v2.8)
        self.soft = set(mapping.neutral.values())
        # the board zones whose sizes are watched (cards the log puts on or takes off them);
        # a change there the log does not record is let through (the log often omits them)
        self.zones = sorted({z for t in mapping.boards.values() for z in t.values()}
                            | {mapping.hand(mapping.factions[x]) for x in record.players if x in mapping.factions})
        # the piece zones of the boards (their sum per board location) and the board markers
        self.piece_places = [(("pz", f"{letter}${sub}"), ids) for letter, t in mapping.piece_boards.items()
                             if letter in record.players for sub, ids in t.items()]
        self.counter_keys = sorted({k for letter, t in mapping.counters.items()
                                    if letter in record.players for k in t.values()})
        self.blocks = []           # (faction id or None for setup, [turn lines])
        self.swaps = []            # (history length, card instance, card instance)
        self.needs = []            # the current block's card needs
        self.turn_lines = []       # the current block's turn lines
        self.battle_places = []    # the spaces of the current block's battles
        self._build()

    # -- the record as blocks of expected deltas -----------------------------------------------
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

    # -- the game ------------------------------------------------------------------------------
    def seats(self) -> list:
        return [self.mp.faction(x) for x in self.rec.turn_order()]

    def new_game(self) -> Game:
        """The game set up as the header says: map, deck, seats in turn order, and the
        clearings' suits (the suit markers' shuffle dictated: the deal's order of clearings is
        found by trying clearing order and its reverse, checked once the setup has run)."""
        rec, mp = self.rec, self.mp
        map_id = mp.map_id(rec.header.get("map", "Fall"))
        deck_id = mp.deck_id(rec.header.get("deck", "Standard"))
        wanted = {mp.clearing_fmt.format(n=n): mp.suits[s] for n, s in rec.clearing_suits().items()}
        spaces = sorted(wanted, key=lambda sp: int("".join(c for c in sp if c.isdigit()) or 0))
        orders = [[wanted[sp] for sp in spaces], [wanted[sp] for sp in reversed(spaces)]] if wanted else [None]
        game = None
        for order in orders:
            self.rng = random.Random(self.seed)
            game = Game(self.g, self.seats(), seed=self.seed, map_id=map_id, deck_id=deck_id,
                        lang=self.lang, chance="dictated")
            self._auto_chance(game, suits=order)
            if all(self._suit_of(game, sp) == v for sp, v in wanted.items()):
                return game
        return game

    def _auto_chance(self, game, suits=None):
        """Play the pending chance decisions that are not dice: the suit markers in the order
        given, anything else with the seeded generator. Stops at a die (searched)."""
        while game.is_chance_node():
            d = game.pending
            kind = str(d.kind).split(":")[-1]
            if kind == "die":
                return
            if suits is not None and kind == "shuffle" and len(d.options) == len(suits) \
                    and sorted(map(str, d.options)) == sorted(suits):
                try:
                    game.dictate_order(list(suits))
                    suits = None
                    continue
                except ValueError:
                    suits = None
            game.apply(self.rng.randrange(len(d.options)))

    @staticmethod
    def _suit_of(game, space):
        from ..interpreter.board import attr
        return attr(game.ctx, space, "naipe")

    # -- observation and matching --------------------------------------------------------------
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

    # -- the search --------------------------------------------------------------------------
    def _ordered(self, game, left):
        """The options worth trying, best first: spaces the line names (others are not
        tried), cards it names or whose suit it spends, larger counts first, and ending the
        step last while the line still has something to match."""
        d = game.pending
        ids = game.legal_ids()
        idx = list(range(len(ids)))
        if d.player == _chance.CHANCE:
            return idx
        places = list(self.battle_places)
        for at, rem in left:
            if rem and at.place is not None and not isinstance(at.place, tuple) and at.place not in places:
                places.append(at.place)
        open_left = any(rem for at, rem in left if not at.optional)
        spaces = game.m.attrs
        # the lines of the faction deciding (in the setup block, each faction names its own)
        letter = self.mp.letters.get(d.player)
        mine = [t for t in self.turn_lines if t.faction == letter] or self.turn_lines

        def key(i):
            oid = ids[i]
            if oid in DONE_IDS:
                return (2 if open_left else -1, 0)
            if oid in spaces:
                return (0, places.index(oid)) if oid in places else None
            if d.kind == "count" and oid.isdigit():
                return (0, -int(oid))
            if oid.isdigit():
                if any(_cards.named_choice(game, self.mp, t, oid) for t in mine):
                    return (0, i)
                if _cards.preferred(game, self.mp, self.needs, oid):
                    return (1, i)
                return (2, i)
            return (1, i)
        keyed = [(key(i), i) for i in idx]
        return [i for k, i in sorted((k, i) for k, i in keyed if k is not None)]

    def candidates(self, game, left, bi, next_bi, keep=6, budget=None):
        """The changes from this decision that match the line, best first (at most `keep`):
        (game after it, left after it, ended); `ended` when the turn block bi is over.
        Breadth first: the fewest decisions that make a change the line records (an action
        that changes nothing, such as a battle without hits, is not spent on the way); the
        search stops at the first depth with a change that completes the first open action.
        Several candidates are kept because a choice may show its error only later (a die
        whose hit is removed after another player's decision)."""
        base = self.obs(game)
        turn0 = game.s.turn_no
        nodes = 0
        budget = budget or self.budget
        first = next((at.action for at, rem in left if rem and at.turn == bi and not at.optional), None)
        level = [game]
        depth = 0
        found = []
        while level and depth <= 12:
            nxt = []
            for node in level:
                for i in self._ordered(node, left):
                    nodes += 1
                    if nodes > budget:
                        break
                    g2 = node.clone()
                    try:
                        g2.apply(i)
                        self._auto_chance(g2)
                    except Exception:   # noqa: BLE001 - a rule that fails on a clone: not this way
                        continue
                    diff = self.diff(base, self.obs(g2))
                    ended = g2.s.turn_no != turn0 or g2.is_terminal()
                    if ended:
                        new = self.consume(left, diff, {bi, next_bi}) if diff else [list(x) for x in left]
                        if new is not None and not any(rem for at, rem in new
                                                       if at.turn == bi and not at.optional):
                            # the fewer of the next line's changes taken the better: the
                            # next turn's automatic start may make some, a die rolled in
                            # this one should not (a hit the next line records as a move)
                            ahead = sum(x[1] - r for x, (at, r) in zip(left, new)
                                        if at.turn == next_bi and at.sign < 0 and at.kinds is not None)
                            found.append(((9, -ahead), g2, new, True))
                        continue
                    if diff:
                        new = self.consume(left, diff, {bi})
                        if new is None:
                            continue
                        if all(r == x[1] for (_, r), x in zip(new, left)):
                            nxt.append(g2)       # only changes the log may omit: go on
                            continue
                        sc = self._score(left, new, first, self.merged)
                        found.append((sc, g2, new, False))
                        if sc[1] and not sc[0]:
                            nxt.append(g2)       # the first action half done: it may go on
                        continue
                    nxt.append(g2)
            # a turn ended by removing pieces the next line removes is kept, but the search
            # goes on to find one that does not
            if nodes > budget or any(f[0][0] and not (f[0][0] == 9 and f[0][1] < 0)
                                          for f in found):
                break
            level = nxt
            depth += 1
        found.sort(key=lambda f: f[0], reverse=True)
        return [(g2, new, ended) for _, g2, new, ended in found[:keep]]

    @staticmethod
    def _score(left, new, first, merged=False):
        """(the first open action completed, touched, no action left half done, no change
        made of two logged actions, deltas matched, fewest actions touched)."""
        before, after = {}, {}
        for (at, old), (_, rem) in zip(left, new):
            if at.optional:
                continue
            before[at.action] = before.get(at.action, 0) + old
            after[at.action] = after.get(at.action, 0) + rem
        touched = [a for a in after if after[a] < before[a]]
        done_first = first in touched and after[first] == 0
        partial = any(after[a] > 0 for a in touched)
        gain = sum(before.values()) - sum(after.values())
        return (int(done_first), int(first in touched), int(not partial), int(not merged), gain,
                -len(touched))

    # -- the whole record ----------------------------------------------------------------------
    def run(self) -> Result:
        game = self.new_game()
        stop = None
        skipped = []
        done_blocks = 0
        matched_actions = set()
        for bi, (fid, turns) in enumerate(self.blocks):
            left = [[at, at.n] for at in self.atoms[bi]]
            nxt = bi + 1 if bi + 1 < len(self.atoms) else None
            if nxt is not None:
                left += [[at, at.n] for at in self.atoms[nxt]]
            if fid is not None and game.s.active != fid:
                stop = Stop(bi, turns[0].line, turns[0].actions[0] if turns[0].actions else None,
                            "wrong_faction", decision=game.pending)
                break
            self.turn_lines = turns
            self.battle_places = [self.mp.space(_clearing(a.clearing)) for t in turns
                                  for a in t.actions if a.kind == "battle"]
            # the cards this line and the next use: the next turn may begin (and skip a
            # step that needs a card, such as crafting) within this line's last step
            self.needs = self._needs(turns)
            ahead = self._needs(self.blocks[nxt][1]) if nxt is not None else []
            _cards.ensure(game, self.mp, self.needs + ahead, self.swaps)
            ok = True
            if game.is_terminal():
                stop = Stop(bi, turns[0].line, None, "game_over")
                self._count_matched(bi, left, matched_actions)
                break
            while True:
                # the line as a search over the steps' candidates (see _solve)
                found, (_, deep_game, deep_left) = self._solve(game, left, bi, nxt)
                if found is not None:
                    game, left = found
                    break
                # no way on: report from the furthest position reached
                game, left = deep_game, deep_left
                first = next(((at, rem) for at, rem in left if rem and at.turn == bi and not at.optional), None)
                if self.tolerant and first is not None:
                    # drop the first action still unmatched, report it, and go on
                    ai = first[0].action
                    _, t, a = self.actions[ai]
                    skipped.append((t.line, a.raw))
                    left = [[at, 0 if at.action == ai else rem] for at, rem in left]
                    continue
                act = self.actions[first[0].action][2] if first else None
                stop = Stop(bi, act.line if act else turns[0].line, act, "no_match",
                            options=game.legal_ids(), decision=game.pending,
                            explain=self._explain(game, first[0] if first else None))
                ok = False
                break
            self._count_matched(bi, left, matched_actions)
            if not ok:
                break
            done_blocks += 1
            # carry the next block's deltas already consumed (its automatic start)
            if nxt is not None:
                self.atoms[nxt] = [at for at, _ in left if at.turn == nxt]
                for at, rem in left:
                    if at.turn == nxt:
                        at.n = rem
        checked = {at.action for atoms in self.atoms for at in atoms} | matched_actions
        return Result(game, done_blocks, len(self.blocks), len(self.actions), len(checked),
                      len(matched_actions), stop, skipped, self.seats(), self.rec.winner, game.scores())

    def _solve(self, game, left, bi, nxt):
        """The line from (game, left) to its end: ((game, left) at the end or None, the
        furthest position reached as (open deltas, game, left)).

        A limited discrepancy search over the steps: each step's candidates are ranked
        (candidates()); the first pass follows the best one at every step; when that fails,
        the next passes allow one, then two steps to take another of their candidates,
        earliest steps first. A choice that matches as well as another but leaves the rest of
        the line unmatchable (two services at the same price, the card or the boats) is thus
        replaced by the one whose continuation matches, without changing the choices of a
        line the first pass matches. Candidates are computed once per position (`memo`);
        the passes after the first may compute at most `backtracks` more."""
        memo = {}
        self._deep = (self._open(left, bi), game, left)
        calls = [0, None]          # candidates() computed, the cap (set after the first pass)
        for limit in range(0, self.discrepancies + 1):
            hit = self._dfs((), game, left, bi, nxt, limit, memo, calls)
            if hit is not None:
                return hit, self._deep
            if calls[1] is None:
                calls[1] = calls[0] + self.backtracks
            if calls[0] >= calls[1] or not any(len(c) > 1 for c in memo.values()):
                break
        return None, self._deep

    def _dfs(self, path, g, lf, bi, nxt, disc, memo, calls):
        cands = memo.get(path)
        if cands is None:
            if calls[1] is not None and calls[0] >= calls[1]:
                return None
            calls[0] += 1
            # past the first pass, a step's search gets a smaller budget: an alternative
            # whose continuation is hard to find is not the one the players made
            small = None if calls[1] is None else max(1, self.budget // 6)
            cands = memo[path] = self.candidates(g, lf, bi, nxt, budget=small)
        # with a discrepancy to spend, the other candidates first: the earliest steps'
        # alternatives are tried before the later ones'
        order = ([*range(1, len(cands)), 0] if disc else [0]) if cands else []
        for j in order:
            g2, l2, ended = cands[j]
            op = self._open(l2, bi)
            if op < self._deep[0]:
                self._deep = (op, g2, l2)
            if ended:
                return g2, l2
            hit = self._dfs(path + (j,), g2, l2, bi, nxt, disc - (1 if j else 0), memo, calls)
            if hit is not None:
                return hit
        return None

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

    def _needs(self, turns):
        out = []
        for t in turns:
            out.extend(_cards.needs_of(t, self.mp, self.mp.faction(t.faction), self.g.cards))
        return out

    def _count_matched(self, bi, left, matched):
        by = {}
        for at, rem in left:
            if at.turn == bi:
                by.setdefault(at.action, 0)
                by[at.action] += 0 if at.optional else rem
        matched.update(a for a, r in by.items() if r == 0)

    def _explain(self, game, atom):
        if atom is None or atom.place is None or isinstance(atom.place, tuple):
            return None
        if not any(o in game.m.attrs for o in game.legal_ids()):
            return None       # the decision is not about spaces: nothing to explain there
        try:
            return game.explain(atom.place, self.lang)
        except Exception:  # noqa: BLE001 - explaining is best effort
            return None
