"""Replay a Rootlog record on the engine.

Rootlog records where pieces and points go, not which options the players chose. The replay
therefore matches *observable changes*: each turn line becomes a list of expected deltas (a
piece kind more or less in a space, points scored), and at each engine decision a bounded
search (clones of the game) looks for the options — and the dice, which the log does not
record — whose change of the board and scores is the next part of what the line says. Dice are
the engine's chance decisions (chance="dictated", docs/acaso.md), so the saved game replays
exactly. Other random events (the deck's shuffle) are played by a seeded generator: the cards
the log does not name are unknown anyway.

Checked: pieces on the map and on boards, points, the cards of watched board zones and of every
hand, board counters, items (count, exhausted, damaged) — expected.py; not yet the hidden plots
and the identity of cards the record does not name. The items under the ruins are dealt at the
setup where the record finds them (hidden.py). A tolerant replay skips what does not match (at
most two actions of a line one by one, then the rest of the line) and reports it."""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..interpreter.engine import Game
from . import card_zone as _card_zone
from . import cards as _cards
from . import correct_at as _correct_at
from . import cost_short as _cost_short
from . import cut_record as _cut
from . import discarded_named as _discarded_named
from . import dominance as _dominance
from . import forced as _forced
from . import forced_points as _forced_points
from . import forced_start as _forced_start
from . import given_card as _given
from . import fund_costs as _fund_costs
from . import hidden as _hidden
from . import hidden_faces as _hidden_faces
from . import open_choice as _open_choice
from . import named_crafts as _named_crafts
from . import late_written as _late_written
from . import play_area as _play_area
from . import referee_craft as _referee_craft
from . import repair as _repair
from . import repair_widen as _repair_widen
from . import shown_hand as _shown_hand
from . import suit_markers as _suit_markers
from . import hand_gifts as _hand_gifts
from .expected import Atom, Expected, _clearing
from .matching import Matching
from .notation import Record
from .search import DONE_IDS, Search
from .start_points import StartPoints

__all__ = ["Atom", "DONE_IDS", "Replayer", "Result", "Stop"]


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
    corrections: list = field(default_factory=list)   # repair.Correction (tolerant mode)


class Replayer(Expected, Matching, Search, StartPoints):
    """A record replayed on the engine: the record as expected deltas (expected.py), the
    engine's changes consumed against them (matching.py), the search for the options that make
    them (search.py), and the whole record, block by block (here)."""

    def __init__(self, gdef, record: Record, mapping, seed: int = 0, budget: int = 3000,
                 tolerant: bool = False, lang: str | None = None, backtracks: int = 30,
                 discrepancies: int = 2, card_variants: int = 3, skips_per_line: int = 2,
                 twin_budget: int = 8):
        self.g = gdef
        self.rec = record
        self.mp = mapping
        self.seed = seed
        self.budget = budget
        self.backtracks = backtracks
        self.discrepancies = discrepancies
        self.twin_budget = twin_budget          # twins of a step's best tried per line (search.py)
        self.card_variants = card_variants      # deals of the revealed cards tried per line
        self.skips_per_line = skips_per_line    # tolerant: actions skipped one by one per line
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
                            | {mapping.hand(mapping.factions[x]) for x in record.players if x in mapping.factions}
                            | _dominance.watched(mapping))
        # the play areas: a craft of a card that stays in play is seen there (play_area.py)
        self.play_areas = _play_area.zones(mapping, record.players)
        self.zones = sorted(set(self.zones) | set(self.play_areas))
        # its cards too (a dominance card spent to take another: dominance.py)
        self.avail_zones = _dominance.watched(mapping)
        # the piece zones of the boards (their sum per board location) and the board markers
        self.piece_places = [(("pz", f"{letter}${sub}"), ids) for letter, t in mapping.piece_boards.items()
                             if letter in record.players for sub, ids in t.items()]
        self.counter_keys = sorted({k for letter, t in mapping.counters.items()
                                    if letter in record.players for k in t.values()}
                                   | _suit_markers.keys(mapping, record.players))
        self.suit_marker_keys = _suit_markers.keys(mapping, record.players)
        # the card zones of each faction board (an Eyrie decree's four columns are one board)
        self.board_of = {z: letter for letter, t in mapping.boards.items() for z in t.values()}
        # the hands (and the zones of revealed cards each counts), the items of each faction
        self.hands = {mapping.hand(mapping.factions[x]) for x in record.players if x in mapping.factions}
        self.hand_extra = [(mapping.hand(mapping.factions[x]), mapping.hand_extra[x])
                           for x in record.players if mapping.hand_extra.get(x)]
        self.item_places = [(x, mapping.item_zones[x]) for x in record.players if x in mapping.item_zones]
        # the items the record takes from each ruin, hidden there at the setup (hidden.py)
        self.item_kinds = frozenset(mapping.items.values())
        self.ruins = _hidden.RuinDealer(_hidden.ruin_plan(record, mapping), self.item_kinds)
        self.faces = _hidden_faces.FaceDealer(_hidden_faces.face_plan(record, mapping))
        st = gdef.statuses
        self.item_bits = (st.get(mapping.item_states.get("e"), 0), st.get(mapping.item_states.get("d"), 0))
        self.blocks = []           # (faction id or None for setup, [turn lines])
        self.swaps = []            # (history length, card instance, card instance)
        self.needs = []            # the current block's card needs
        self.turn_lines = []       # the current block's turn lines
        self.battle_places = []    # the spaces of the current block's battles
        self._build()
        _repair_widen.widen(self)      # tolerant: a repair of an item never damaged (repair_widen.py)

    # -- the record as blocks of expected deltas -----------------------------------------------
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
            if self.ruins.plan and game.s.turn_no == 0:
                i = self.ruins.pick(game) if kind != "face_down" else self.faces.pick(game)
                if i is not None:
                    game.apply(i)
                    continue
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
    # -- the whole record ----------------------------------------------------------------------
    def run(self) -> Result:
        game = self.new_game()
        stop = None
        skipped = []
        done_blocks = 0
        matched_actions = set()
        self.corrections = []      # repair.Correction, in order (tolerant mode)
        for bi, (fid, turns) in enumerate(self.blocks):
            left = [[at, at.n] for at in self.atoms[bi]]
            nxt = bi + 1 if bi + 1 < len(self.atoms) else None
            if nxt is not None:
                left += [[at, at.n] for at in self.atoms[nxt]]
            if game.is_terminal():
                # the engine's game is over (a victory, maybe by a corrected score) before
                # the record's: not a faction out of turn
                stop = Stop(bi, turns[0].line, None, "game_over")
                break
            if fid is not None and game.s.active != fid and self.tolerant:
                # after a turn ended by force the engine may be in another faction's turn:
                # its turns are ended the same way until the line's faction plays (`*`)
                g2 = game
                for _ in range(len(game.factions)):
                    g2 = self._end_turn(g2)
                    if g2 is None or g2.s.active == fid or g2.is_terminal():
                        break
                if g2 is not None and g2.s.active == fid:
                    skipped.append((turns[0].line, "*"))
                    game = g2
            if fid is not None and game.s.active != fid:
                stop = Stop(bi, turns[0].line, turns[0].actions[0] if turns[0].actions else None,
                            "wrong_faction", decision=game.pending)
                break
            self.turn_lines = turns
            self.next_faction = self.blocks[nxt][0] if nxt is not None else None
            self.next_block = nxt
            self.battle_places = [self.mp.space(_clearing(a.clearing)) for t in turns
                                  for a in t.actions if a.kind == "battle"]
            # the cards this line and the next use: the next turn may begin (and skip a
            # step that needs a card, such as crafting) within this line's last step
            self.needs = self._needs(turns) + _given.needs(self, game, turns) \
                + _hand_gifts.needs(self, game, turns)       # given_card.py, hand_gifts.py
            ahead = self._needs(self.blocks[nxt][1]) + _given.needs(self, game, self.blocks[nxt][1]) \
                if nxt is not None else []
            # the Outcast the line starts with (suit_markers.py)
            game, left = _suit_markers.correct_first(self, game, left, bi)
            before, nswaps, variant = game, len(self.swaps), 0
            self._named_start = self._named_zones(game, bi)
            game = before.clone()
            alts = []
            _discarded_named.restore(self, game, self.needs + ahead, bi)   # spent unnamed
            _cards.ensure(game, self.mp, self.needs + ahead, self.swaps, alts=alts)
            _shown_hand.clear(self, game, turns, self.needs + ahead, self.swaps)   # shown_hand.py
            _named_crafts.start(self, game, bi)      # a card crafted by name leaves the hand
            ok = True
            if game.is_terminal():
                stop = Stop(bi, turns[0].line, None, "game_over")
                self._count_matched(bi, left, matched_actions)
                break
            repaired_here = 0
            owed = []          # the points of a line corrected at once, made after its forced end
            deferred = {}      # points of a line corrected one by one: made at its end (below)
            reordered = set()  # the actions tried earlier in this line (late_written.py)
            while True:
                if game.is_terminal():
                    # a correction's points won the game (3.1) within this line
                    stop = Stop(bi, turns[0].line, None, "game_over")
                    ok = False
                    break
                # the line as a search over the steps' candidates (see _solve)
                start_game, start_left = game, left
                found, (_, deep_game, deep_left) = self._solve(game, left, bi, nxt)
                deep_steps = getattr(self, "_deep_steps", None)     # correct_at.py
                if found is None:
                    # again, looking past the decision that completes each step's first
                    # action (Search.candidates): slower, and tried only where it is needed
                    self.grace = 2
                    try:
                        found, _ = self._solve(game, left, bi, nxt)
                    finally:
                        self.grace = 0
                if found is not None:
                    game, left = found
                    _repair_widen.note(self, game, bi)
                    left = self._settle_start_points(game, left, nxt)
                    left = _card_zone.settle(self, game, left, bi)     # a record error kept (card_zone.py)
                    late = _deferred_left(left, deferred)
                    if late:
                        game = game.clone()
                        self._correct(game, late, {at.action for at, _ in late}, bi)
                        if game.is_terminal():
                            stop = Stop(bi, turns[0].line, None, "game_over")   # won by them (3.1)
                            ok = False
                    break
                if not skipped and not repaired_here and variant + 1 < min(self.card_variants, max(alts or [1])):
                    # another deal of the cards the line reveals (one a craft needs may be
                    # one its crafter cannot pay for): the line again from its start
                    variant += 1
                    game = before.clone()
                    del self.swaps[nswaps:]
                    _discarded_named.restore(self, game, self.needs + ahead, bi)
                    _cards.ensure(game, self.mp, self.needs + ahead, self.swaps, variant=variant)
                    _shown_hand.clear(self, game, turns, self.needs + ahead, self.swaps)
                    _named_crafts.start(self, game, bi)
                    continue
                if self.tolerant:
                    # an action written after one of a later phase: again, before it (late_written.py)
                    moved = _late_written.reorder(self, start_game, deep_game, deep_left,
                                                 start_left, bi, reordered)
                    if moved is not None:
                        game, left = start_game, moved
                        continue
                # no way on: report from the furthest position reached
                game, left = deep_game, deep_left
                if nxt is None:
                    left = _cut.settle_last_line(self, left, bi)   # a record cut mid-turn
                first = next(((at, rem) for at, rem in left if rem and at.turn == bi and not at.optional), None)
                if self.tolerant and first is not None and repaired_here < self.skips_per_line:
                    # the record judged wrong at its first action still unmatched: the
                    # position is corrected to what the record says (repair.py), and the
                    # rest of the line is matched from there
                    ai = first[0].action
                    if nxt is not None and _is_points(first[0]):
                        # points are made at the line's end, less what the engine scores by
                        # then: an optional stand-in takes the engine's points meanwhile (an
                        # Evening's roosts, scored in a turn ended by force, counted twice
                        # otherwise: r1g5 l. 44, docs/rootlog.md «O Ducado e os Corvídeos»)
                        repaired_here += 1
                        left = [[_stand_in(at, deferred), rem] if at.action == ai and at.turn == bi and rem
                                else [at, rem] for at, rem in left]
                        continue
                    routed = _open_choice.route(self, game, left, bi, nxt, ai, deferred)
                    if routed is not None:       # made by the open choice's option (open_choice.py)
                        game, left = routed
                        skipped.append((turns[0].line, "*"))
                        break
                    # where the line writes it, not past steps decided before it (correct_at.py)
                    game, left = _correct_at.position(deep_steps, (game, left), ai, bi)
                    game = game.clone()
                    self._correct(game, left, {ai}, bi)
                    repaired_here += 1
                    left = [[at, 0 if at.action == ai else rem] for at, rem in left]
                    continue
                if self.tolerant and first is not None:
                    # a line that still does not match after a few corrections: the rest of
                    # it is corrected at once and the turn ended below
                    rest = {at.action for at, rem in left if rem and at.turn == bi and not at.optional}
                    game = game.clone()
                    # a turn ended by force below may score some of the line's points itself
                    # (an Evening's roosts): those are corrected after it, net of what the
                    # engine scored there, so that no point is counted twice
                    owed = [(at, rem) for at, rem in left if nxt is not None and rem and at.turn == bi
                            and not at.optional and _is_points(at)]
                    self._correct(game, left, rest, bi, points=not owed)
                    owed += _deferred_left(left, deferred)
                    left = [[at, 0 if at.turn == bi else rem] for at, rem in left]
                    first = None
                if first is None and nxt is None:
                    # the record's last line, all made: the record ends here (also strict: a
                    # game exported mid-turn, or won before its turn's end, leaves its last
                    # turn open)
                    break
                if self.tolerant and first is None:
                    # nothing of the line is left to match, yet its end does not match the
                    # next line's start: end the turn with what the engine offers (ending
                    # the step first) and go on, reporting it
                    ended = self._end_turn(game)
                    if ended is not None:
                        skipped.append((turns[0].line, "*"))
                        _forced_start.consume(self, getattr(self, "_forced_last", None), left, nxt)
                        # a stand-in the engine never scored is owed too (docs/rootlog.md «O
                        # ponto da ajuda»: lost when nothing else of the line was left open)
                        owed += _deferred_left(left, deferred)
                        # the line's owed points, and the end's points no line writes (forced_points.py)
                        _forced_points.settle(self, game, ended, owed, bi, nxt, before)
                        self._forced_start_points(game, ended, left, nxt, owed)
                        game = ended
                        break
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
        matched_actions -= {c.action for c in self.corrections}   # a corrected one is not matched
        return Result(game, done_blocks, len(self.blocks), len(self.actions), len(checked),
                      len(matched_actions), stop, skipped, self.seats(), self.rec.winner, game.scores(),
                      list(self.corrections))

    def _correct(self, game, left, actions, bi, points=True):
        """Correct the position to the record's open changes of these actions (repair.py):
        one correction per action, kept with its point of the history, its class and the
        rule the engine says the record breaks (without `points`, its points are left out)."""
        _cost_short.probe(self, game, left, actions, bi)      # the class log_cost_short (cost_short.py)
        _referee_craft.bring(self, game, left, actions, bi)   # the named card crafted (referee_craft.py)
        for ai in sorted(actions):
            atoms = [(at, rem) for at, rem in left if at.action == ai and rem and at.turn == bi
                     and (points or not _is_points(at))]
            if not atoms:
                continue
            _, t, a = self.actions[ai]
            edits, missing = _repair.plan(self, game, atoms)
            edits += _fund_costs.cost_edits(self, game, ai, atoms, left)    # the unwritten commits
            ex = self._explain(game, next((at for at, _ in atoms if not at.optional), None))
            c = _repair.Correction(len(game.history), t.line, a.raw, t.faction,
                                   _repair.classify(self, t.line, a.raw), edits,
                                   ex.get("text") if isinstance(ex, dict) else None, missing)
            c.action = ai
            c.explain_laws = list(ex.get("laws") or ()) if isinstance(ex, dict) else []
            _repair.apply(game, edits, {"line": t.line, "action": a.raw, "class": c.klass})
            self.corrections.append(c)

    def _end_turn(self, game, limit=300):
        """The game once its current turn is over, ending each step as soon as it may, never
        by a game-changing option (forced.py); None if it does not end."""
        return _forced.end_turn(self, game, limit)

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
        """The rule the engine applies where `atom` is not made (why.py)."""
        from .why import explain
        return explain(self, game, atom)


def _stand_in(at, deferred):
    """An optional copy of a points atom whose correction waits for the line's end."""
    from dataclasses import replace
    new = replace(at, optional=True)
    deferred[id(new)] = at
    return new


def _deferred_left(left, deferred) -> list:
    """[(original atom, remaining)] of the stand-ins the engine has not scored."""
    return [(deferred[id(at)], rem) for at, rem in left if rem and id(at) in deferred]


def _is_points(at) -> bool:
    return isinstance(at.place, tuple) and at.place[0] == "pv"
