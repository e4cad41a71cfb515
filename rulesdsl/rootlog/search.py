"""The search for the engine's options that make the changes a line records."""
from __future__ import annotations

from ..interpreter import chance as _chance
from . import battle_target as _battle_target
from . import card_zone as _card_zone
from . import craft_step as _craft_step
from . import decree as _decree
from . import cards as _cards
from . import half_done as _half
from . import named_crafts as _named_crafts
from . import named_zone_cards as _named_zone_cards
from . import permanent_play as _permanent_play
from . import short_place as _short_place
from . import order_choice as _order_choice
from . import twin_probe as _twin_probe
from .board_owner import kind_owner

DONE_IDS = ("fim", "passar")


class Candidates(list):
    """A step's ranked candidates; the first `twins` after the best look the same to the
    record at this step (Search._distinct)."""

    def __init__(self, *a):
        super().__init__(*a)
        self.twins = []          # the indices of the best's twins


class Search:
    """The Replayer's part that searches (a mixin): the candidates of one step, ranked, and
    a limited discrepancy search over the steps of a line."""

    grace = 0        # levels searched past the one that completes the first open action

    def try_option(self, node, i, base):
        """(the copy of `node` after option `i` and its automatic chance, its changes from the
        observation `base`), or None when a rule fails on the copy (not this way)."""
        g2 = node.clone()
        try:
            g2.apply(i)
            self._auto_chance(g2)
        except Exception:   # noqa: BLE001 - a rule that fails on a clone: not this way
            return None
        return g2, self.diff(base, self.obs(g2))

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
            elif rem and isinstance(at.place, tuple) and at.place[0] == "edge":
                places.extend(sp for sp in at.place[1:] if sp not in places)   # a path's ends
        if _short_place.is_short_choice(d):
            places = _short_place.order(game, left, places, ids)    # short_place.py
        open_left = any(rem for at, rem in left if not at.optional)
        spaces = game.m.attrs
        # the lines of the faction deciding (in the setup block, each faction names its own)
        letter = self.mp.letters.get(d.player)
        mine = [t for t in self.turn_lines if t.faction == letter] or self.turn_lines
        # a player chosen whose pieces the line still takes off a board (`2Cw$->`) comes last:
        # committing a Riverfolk fund (11.5) changes nothing the record sees, and the fund
        # committed first must not be the one the line spends next
        spent = _board_owners(self.g, left, game.factions)

        # a plot laid face down (`t->3`): the face the record reveals there later (plots.py)
        face = None
        if d.kind == "choose" and ids and all(o in self.g.back_of for o in ids):
            from .plots import preferred_face
            face = preferred_face(self, left, self.turn_lines[0].line if self.turn_lines else 0)

        def key(i):
            oid = ids[i]
            if face is not None and oid in self.g.back_of:
                return (0, 0) if oid == face else (1, i)
            if oid in DONE_IDS:
                return (2 if open_left else -1, 0)
            if oid in spaces:
                return (0, places.index(oid)) if oid in places else ((1, i) if i == unnamed else None)
            if oid in spent:
                return (1, len(ids) + i)
            if d.kind == "count" and oid.isdigit():
                return (0, -int(oid))
            if oid.isdigit():
                if any(_cards.named_choice(game, self.mp, t, oid) for t in mine):
                    return (0, i)
                if _cards.preferred(game, self.mp, self.needs, oid):
                    return (1, i)
                return (2, i)
            return (1, i)
        unnamed = _order_choice.unnamed_to_try(d, ids, places, spaces)   # every one handled (order_choice.py)
        keyed = [(key(i), i) for i in idx]
        keyed = _named_zone_cards.only(self, game, left, keyed, ids)
        keyed = _battle_target.only(self, game, keyed, ids)
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
        complete_at = None       # the depth where the first open action was first completed
        early = None             # how many candidates were found by then
        halves = []              # candidates that complete the first action and leave another half done
        extra = 0                # levels followed past complete_at for them (half_done.py)
        while level and depth <= 12:
            nxt = []
            for node in level:
                for i in self._ordered(node, left):
                    nodes += 1
                    if nodes > budget:
                        break
                    tried = self.try_option(node, i, base)
                    if tried is None:
                        continue
                    g2, diff = tried
                    ended = g2.s.turn_no != turn0 or g2.is_terminal()
                    if _permanent_play.unwritten(self, game, g2, {bi, next_bi} if ended else {bi}):
                        continue          # a card crafted into play where no line crafts
                    if _decree.wrong_card(self, game, g2, left, bi, ended):
                        continue          # a card of a suit the line does not write there (decree.py)
                    if _craft_step.other_card(self, game, g2, bi):
                        continue          # a permanent card the line does not name crafted (craft_step.py)
                    if ended:
                        self._ending = True
                        try:
                            new = self.consume(left, diff, {bi, next_bi}) if diff else [list(x) for x in left]
                        finally:
                            self._ending = False
                        if new is not None and not self._named_moved(g2, bi):
                            new = None
                        if new is not None:
                            self._cancel_pairs(new, bi)
                            new = _card_zone.accept(self, left, new, diff, bi, g2) or new   # card_zone.py
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
                        # (past a half-done move, the diff from the step's start adds the
                        # two steps' cards of one hand: not one change made of two actions)
                        sc = self._score(left, new, first, self.merged and not extra)
                        found.append((sc, g2, new, False))
                        if sc[0] and not sc[2]:
                            halves.append((sc, g2))
                        if (sc[1] or not sc[2]) and not sc[0]:
                            # the first action, or another, half done: it may go on (the
                            # Vagabond's two damaged items of `(%c+%x)V$->d` are chosen one
                            # at a time, before the attacker's `w10->` the line writes first)
                            nxt.append(g2)
                        continue
                    nxt.append(g2)
            # a turn ended by removing pieces the next line removes is kept, but the search
            # goes on to find one that does not. Once the first open action is complete the
            # search stops there, or, when the line could not be matched that way
            # (`self.grace`, see replay.py), looks that many levels deeper: an action that
            # makes two of the line's changes may need a decision or two more than one that
            # makes only the first (Overwork's card, then its wood, beside a bird card spent
            # for an extra action; expected.py now reads that pair as one action, and this
            # retry still finds 12 more of the 304 blocks of docs/rootlog.md's long games)
            if nodes > budget:
                break
            if any(f[0][0] and not (f[0][0] == 9 and f[0][1] < 0) for f in found):
                if complete_at is None:
                    complete_at, early = depth, len(found)
                    more = _half.worth_following(found, halves)
                    if more:
                        # a move whose pieces left and arrive a decision later (Field
                        # Hospitals, 6.2.3: `Cw9->2`): followed one level, as part of this depth
                        level, extra = more + (nxt if self.grace else []), 1
                        depth += 1
                        continue
                elif extra and depth == complete_at + 1:
                    early = len(found)        # what that level found ranks with this depth's
                if depth >= complete_at + extra + self.grace:
                    break
            level = nxt
            depth += 1
        # what the extra levels found comes after what was found by the depth that completed
        # the first action: the first pass keeps its choice, a later pass may take theirs
        late = set()
        if early is not None:
            # and only what makes more of the line's changes than the best found by then
            most = max((f[0][4] for f in found[:early] if len(f[0]) > 4), default=0)
            found = found[:early] + [f for f in found[early:] if len(f[0]) > 4 and f[0][4] > most]
            late = {id(f) for f in found[early:]}
        found.sort(key=lambda f: (id(f) not in late, f[0]), reverse=True)
        if late:
            # the late ones are kept beside the `keep` best early ones, not cut off by them:
            # a battle's two hits on the Vagabond (two items chosen) are one decision deeper
            # than the single hits of the other dice (r1g3 l. 28, test_rootlog_duchy.py)
            # (one of each position: the dice that give the same three hits are one candidate)
            lates, seen = [], set()
            for f in found:
                if id(f) in late:
                    g2 = f[1]
                    sig = (repr(sorted(self.obs(g2).items(), key=repr)), self._hidden_sig(g2))
                    if sig not in seen:
                        seen.add(sig)
                        lates.append(f)
            found = [f for f in found if id(f) not in late][:keep] + lates[:keep]
            keep = len(found)
        return self._distinct(found, keep, late)

    def _named_zones(self, game, bi):
        """Where each card that line `bi` names onto a board spot is (Expected.named_moves)."""
        wanted = set().union(*self.named_moves.get(bi, ()))
        if not wanted:
            return {}
        defs = game.s.card_defs
        return {c: z for z, cs in game.s.zones.items() for c in cs if defs[c] in wanted}

    def _named_moved(self, game, bi):
        """Whether, at the end of line `bi`, a card of each name it puts on a board spot
        has moved since the line began (the new leader it names, not another)."""
        if not _named_crafts.crafted(self, game, bi):
            return False         # a card the line crafts by name still in the hand (named_crafts.py)
        named = self.named_moves.get(bi)
        if not named:
            return True
        start = getattr(self, "_named_start", {})
        now = self._named_zones(game, bi)
        defs = game.s.card_defs
        return all(any(defs[c] in ids and z != start.get(c) for c, z in now.items()) for ids in named)

    def _distinct(self, found, keep, late=frozenset()):
        """The ranked candidates (at most `keep`), with the best's *twins* marked: candidates
        ranked as well whose board, scores, cards and items are the same as the best's but
        whose position is not, one per position (several dice often give the same one; the dice of a
        battle that hit the Vagabond change nothing at the dice step: the item it loses is
        chosen a decision later). The record cannot tell them apart at this step, so trying a
        twin is no discrepancy (_dfs); `twins` lists where they are."""
        out, seen = Candidates(), set()
        first_of, probes = {}, {}      # a signature -> its first candidate's game, its probe
        best_sc = best_obs = None
        extra = 0        # twins of the best found past the `keep` first (twin_probe.py)
        for n, f in enumerate(found):
            sc, g2, new, ended = f
            if n >= keep and (best_sc is None or sc != best_sc or extra >= _twin_probe.EXTRA):
                break
            if n < keep:
                out.append((g2, new, ended))
            if id(f) in late:
                continue         # found past the completing depth: never a twin of the best
            o = self.obs(g2)
            if best_sc is None:
                best_sc, best_obs = sc, o
            elif sc != best_sc or o != best_obs:
                continue
            d = g2.pending
            sig = (self._hidden_sig(g2), ended,
                   None if d is None else (str(d.player), str(d.kind), tuple(g2.legal_ids())))
            if sig in first_of and not ended:
                # the same in all the state shows: the pending decision's last option may
                # still tell them apart (a die whose hits come after it: twin_probe.py)
                mine = _twin_probe.probe(self, g2)
                if sig not in probes:
                    probes[sig] = _twin_probe.probe(self, first_of[sig])
                if mine != probes[sig]:
                    sig = (sig, mine)
            first_of.setdefault(sig, g2)
            if sig not in seen and n >= keep:
                # past the kept ones, only a position not seen yet: the die that gives the
                # third hit may come after six that give two (the dice are tried in order)
                out.append((g2, new, ended))
                extra += 1
            if sig not in seen and len(out) > 1:
                out.twins.append(len(out) - 1)
            seen.add(sig)
        return out

    @staticmethod
    def _hidden_sig(g):
        """What the observation leaves out and a choice may change: which cards are where,
        the counters, marks and flags, the turn."""
        st = g.s
        return (st.turn_no, frozenset(st.counters.items()), repr(sorted(st.supply.items())),
                repr(sorted((z, sorted(v.items())) for z, v in st.piece_zones.items())),
                repr(sorted(st.pstat.items(), key=repr)),
                tuple(sorted((z, tuple(c)) for z, c in st.zones.items())),
                repr(sorted(st.marks.items(), key=repr)) if getattr(st, "marks", None) else None,
                repr(sorted(st.flags.items(), key=repr)) if getattr(st, "flags", None) else None)

    @staticmethod
    def _score(left, new, first, merged=False):
        """(the first open action completed, touched, no action left half done, no change
        made of two logged actions, deltas matched, fewest actions touched, least owed back).
        The last: a change larger than the line's that it must undo later (Matching.
        _net_within_line appends the surplus to `new`) ranks after the exact one (three
        warriors moved where the line moves two and removes one there later)."""
        before, after = {}, {}
        for (at, old), (_, rem) in zip(left, new):
            if at.optional:
                continue
            before[at.action] = before.get(at.action, 0) + old
            after[at.action] = after.get(at.action, 0) + rem
        touched = [a for a in after if after[a] < before[a]]
        # a change that the line records only as a net one owes the line an opposite change
        # (Matching._net_within_line appends it): it completes nothing outright, so the
        # search goes deeper (r1g3 l. 28: a Duchy warrior moved back to the Burrow is not the
        # `w10->` the battle two decisions deeper makes; test_rootlog_duchy.py)
        owed = len(new) > len(left)
        done_first = first in touched and after[first] == 0 and not owed
        partial = owed or any(after[a] > 0 for a in touched)
        gain = sum(before.values()) - sum(after.values())
        owed = sum(rem for _, rem in new[len(left):])
        return (int(done_first), int(first in touched), int(not partial), int(not merged), gain,
                -len(touched), -owed)

    def _solve(self, game, left, bi, nxt, twins=None):
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
        # candidates() computed, the cap (set after the first pass), twins still to try
        calls = [0, None, self.twin_budget if twins is None else twins]
        for limit in range(0, self.discrepancies + 1):
            hit = self._dfs((), game, left, bi, nxt, limit, memo, calls)
            if hit is not None:
                return hit, self._deep
            if calls[1] is None:
                calls[1] = calls[0] + self.backtracks
            if calls[0] >= calls[1] or not any(len(c) > 1 for c in memo.values()):
                break
        return None, self._deep

    def _dfs(self, path, g, lf, bi, nxt, disc, memo, calls, twin=False):
        cands = memo.get(path)
        if cands is None:
            if calls[1] is not None and calls[0] >= calls[1]:
                return None
            calls[0] += 1
            # past the first pass, and below a twin, a step's search gets a smaller budget:
            # an alternative whose continuation is hard to find is not the one the players
            # made (a twin's continuation full-budget made a failing line cost 8 lines)
            small = None if calls[1] is None and not twin else max(1, self.budget // 6)
            cands = memo[path] = self.candidates(g, lf, bi, nxt, budget=small)
        # with a discrepancy to spend, the other candidates first: the earliest steps'
        # alternatives are tried before the later ones'. The best's twins (the same change
        # at this step, a different position: _distinct) follow it at no discrepancy, while
        # the line's twin budget lasts (in every pass: a free twin in a pass with
        # discrepancies to spend would otherwise multiply the pass): which of them the
        # players had shows only later.
        twins = getattr(cands, "twins", ())
        order = ([*range(1, len(cands)), 0] if disc else [0, *twins]) if cands else []
        for j in order:
            free = j in twins
            if free:
                if calls[2] <= 0:
                    if not disc:
                        break
                    free = False          # an alternative like any other: a discrepancy
                else:
                    calls[2] -= 1
            g2, l2, ended = cands[j]
            op = self._open(l2, bi)
            if op < self._deep[0]:
                self._deep = (op, g2, l2)
            if ended:
                return g2, l2
            hit = self._dfs(path + (j,), g2, l2, bi, nxt, disc - (1 if j and not free else 0), memo, calls,
                            twin or free)
            if hit is not None:
                return hit
        return None


def _board_owners(g, left, factions) -> set:
    """The factions whose pieces the open changes take off a faction board's piece zone."""
    out = set()
    for at, rem in left:
        if rem and at.sign < 0 and isinstance(at.place, tuple) and at.place[0] == "pz":
            out.update(kind_owner(g, k) for k in at.kinds or ())
    return out & set(factions)
