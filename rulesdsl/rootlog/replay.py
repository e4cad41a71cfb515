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
                 tolerant: bool = False, lang: str | None = None):
        self.g = gdef
        self.rec = record
        self.mp = mapping
        self.seed = seed
        self.budget = budget
        self.tolerant = tolerant
        self.lang = lang
        self.rng = random.Random(seed)
        self.actions = []          # flat list of (turn index, Action)
        self.atoms = []            # per block: list of Atom
        self.blocks = []           # (faction id or None for setup, [turn lines])
        self.swaps = []            # (history length, card instance, card instance)
        self.needs = []            # the current block's card needs
        self.turn_lines = []       # the current block's turn lines
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
            if th.kind != "piece":
                continue
            owner = th.faction or letter
            kinds = frozenset(mp.piece_kinds(owner, th.type, th.sub))
            if not kinds:
                continue
            src = mp.space(th.start)
            if th.start is None and th.type == "p":
                out.append(Atom(None, kinds, -1, th.count * max(1, len(a.dests)), ai, bi, True))
            elif src is not None:
                out.append(Atom(src, kinds, -1, th.count * max(1, len(a.dests)), ai, bi))
            for d in a.dests:
                dst = mp.space(d)
                if dst is not None:
                    out.append(Atom(dst, kinds, 1, th.count, ai, bi))
        return out

    # -- the game ------------------------------------------------------------------------------
    def seats(self) -> list:
        return [self.mp.faction(x) for x in self.rec.turn_order()]

    def new_game(self) -> Game:
        rec, mp = self.rec, self.mp
        map_id = mp.map_id(rec.header.get("map", "Fall"))
        deck_id = mp.deck_id(rec.header.get("deck", "Standard"))
        game = Game(self.g, self.seats(), seed=self.seed, map_id=map_id, deck_id=deck_id,
                    lang=self.lang, chance="dictated")
        self._suits_wanted = self._wanted_suits(game)
        self._auto_chance(game)
        return game

    def _wanted_suits(self, game):
        """{space: suit id} from the `Clearings:` line (empty: the map's printed suits)."""
        out = {}
        for n, s in self.rec.clearing_suits().items():
            out[self.mp.clearing_fmt.format(n=n)] = self.mp.suits[s]
        return out

    def _auto_chance(self, game, dice=False):
        """Play the pending chance decisions that are not dice: the suit markers as the
        header says, anything else with the seeded generator. With dice=True, stop at a die."""
        while game.is_chance_node():
            d = game.pending
            if d.kind == "die":
                return
            if d.kind == "shuffle" and self._suits_wanted and self._is_suit_shuffle(game, d):
                order = self._suit_order(game, d)
                if order is not None:
                    game.dictate_order(order)
                    continue
            game.apply(self.rng.randrange(len(d.options)))

    def _is_suit_shuffle(self, game, d):
        suits = set(self._suits_wanted.values())
        return len(d.options) == len(self._suits_wanted) and set(map(str, d.options)) <= suits \
            and not getattr(game, "_rootlog_suits_done", False)

    def _suit_order(self, game, d):
        """The marker order that puts the header's suits on the clearings (found by trying
        the two orders the distribution may use: clearing order or its reverse)."""
        spaces = sorted(self._suits_wanted, key=lambda s: int(s[1:]) if s[1:].isdigit() else 0)
        for cand in ([self._suits_wanted[s] for s in spaces], [self._suits_wanted[s] for s in reversed(spaces)]):
            g2 = game.clone()
            try:
                g2.dictate_order(cand)
            except ValueError:
                continue
            if all(self._suit_of(g2, s) == v for s, v in self._suits_wanted.items()):
                game._rootlog_suits_done = True
                return cand
        return None

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
        return out

    @staticmethod
    def diff(a, b):
        keys = set(a) | set(b)
        return {k: b.get(k, 0) - a.get(k, 0) for k in keys if b.get(k, 0) != a.get(k, 0)}

    @staticmethod
    def consume(left, diff, blocks):
        """left: list of [Atom, remaining]; consume the diff from atoms of these blocks,
        earliest first. A new list, or None if the diff is not what the record says."""
        left = [list(x) for x in left]
        for key, d in sorted(diff.items(), key=lambda kv: str(kv[0])):
            sign = 1 if d > 0 else -1
            need = abs(d)
            for x in left:
                if need == 0:
                    break
                at, rem = x
                if rem == 0 or at.sign != sign or at.turn not in blocks:
                    continue
                if key[0] == "pv":
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
            if need:
                return None
        return left

    # -- the search --------------------------------------------------------------------------
    def _ordered(self, game, left):
        d = game.pending
        ids = game.legal_ids()
        idx = list(range(len(ids)))
        if d.player == _chance.CHANCE:
            return idx
        places = []
        for at, rem in left:
            if rem and at.place is not None and not isinstance(at.place, tuple) and at.place not in places:
                places.append(at.place)
        open_left = any(rem for _, rem in left)

        def key(i):
            oid = ids[i]
            if oid in DONE_IDS:
                return (2 if open_left else -1, 0)
            if oid in game.m.attrs if hasattr(game.m, "attrs") else False:
                return (0, places.index(oid)) if oid in places else (3, 0)
            if d.kind == "count" and oid.isdigit():
                return (0, -int(oid))
            if oid.isdigit():
                if any(_cards.named_choice(game, self.mp, t, oid) for t in self.turn_lines):
                    return (0, i)
                if _cards.preferred(game, self.mp, self.needs, oid):
                    return (1, i)
                return (2, i)
            return (1, i)
        return sorted(idx, key=key)

    def step(self, game, left, bi, next_bi):
        """One matched change from this decision: (game after it, left after it, ended) or
        None. `ended` is True when the turn block bi is over."""
        base = self.obs(game)
        turn0 = game.s.turn_no
        best = None
        nodes = 0
        first = next((at.action for at, rem in left if rem and at.turn == bi and not at.optional), None)
        stack = [(game, 0)]
        while stack:
            node, depth = stack.pop()
            order = self._ordered(node, left)
            children = []
            for i in order:
                nodes += 1
                if nodes > self.budget:
                    stack = []
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
                    blocks = {bi, next_bi}
                    new = self.consume(left, diff, blocks) if diff else [list(x) for x in left]
                    if new is not None and not any(rem for at, rem in new if at.turn == bi and not at.optional):
                        return g2, new, True
                    continue
                if diff:
                    new = self.consume(left, diff, {bi})
                    if new is None:
                        continue
                    gain = sum(r for _, r in left) - sum(r for _, r in new)
                    covers = any(at.action == first and rem < old for (at, rem), (_, old) in zip(new, left))
                    whole = any(rem == 0 < old for (at, rem), (_, old) in zip(new, left))
                    covers = covers and whole
                    cand = (covers, whole, gain, g2, new)
                    if covers:
                        return g2, new, False
                    if best is None or cand[:3] > best[:3]:
                        best = cand
                    continue
                if depth < 12:
                    children.append((g2, depth + 1))
            # depth first, in the order of preference
            stack.extend(reversed(children))
        if best is not None:
            return best[3], best[4], False
        return None

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
            self.needs = []
            for t in turns:
                f = self.mp.faction(t.faction)
                nd = _cards.needs_of(t, self.mp, f)
                _cards.ensure(game, self.mp, nd, self.swaps)
                self.needs.extend(nd)
            ok = True
            while True:
                if game.is_terminal():
                    stop = Stop(bi, turns[0].line, None, "game_over")
                    ok = False
                    break
                r = self.step(game, left, bi, nxt)
                if r is None:
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
                game, left, ended = r
                if ended:
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
        try:
            return game.explain(atom.place, self.lang)
        except Exception:  # noqa: BLE001 - explaining is best effort
            return None
