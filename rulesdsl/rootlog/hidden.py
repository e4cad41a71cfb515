"""Hidden pieces the record reveals later: the items under the ruins, the kinds of pieces set up
at random (the Keepers' relics, 15.3.1: a random kind face down in each forest).

The engine hides the ruins' items at the setup with chance picks (malandro.yaml, `esconder
item`: a ruin drawn at random for each item). The record says which item a Vagabond later takes
from which ruin (`%s10->$`). With dictated chance the replay plays those picks so that each
ruin holds what the record takes from it, as a shuffle that dealt them so would have: the saved
game replays the same picks."""
from __future__ import annotations

from collections import Counter

from . import piece_codes as _piece_codes


class Plan(dict):
    """The ruins' plan ({space: Counter(item kind)}) and `placed`, the pieces the record's setup
    lines put in each space ({space: Counter(piece kind)}): true when either says something,
    so the dealer is asked also in a game without ruins taken from."""

    def __init__(self, *a):
        super().__init__(*a)
        self.placed: dict = {}

    def __bool__(self):
        return bool(len(self) or self.placed)


def setup_placed(rec, mp) -> dict:
    """{space: Counter(piece kind)}: the pieces the setup lines put from the supply, where the
    code names one kind (`t_f->1_5_11`: a hidden figure in that forest)."""
    out: dict = {}
    for t in rec.setup_turns:
        for a in t.actions:
            if a.kind != "move":
                continue
            for th in a.things:
                if th.kind != "piece" or th.start is not None:
                    continue
                kinds = _piece_codes.kinds(mp, th.faction or t.faction, th.type, th.sub)
                if len(kinds) != 1:
                    continue
                for d in a.dests:
                    sp = mp.space(d)
                    if sp is not None:
                        out.setdefault(sp, Counter())[kinds[0]] += th.count
    return out


def ruin_plan(rec, mp) -> dict:
    """{space: Counter(item kind)}: the items the record takes from each clearing (a Plan, with
    the setup's placements in `placed`)."""
    plan = Plan()
    plan.placed = setup_placed(rec, mp)
    for t in rec.turns:
        for a in t.actions:
            if a.kind != "move":
                continue
            for th in a.things:
                st = th.start
                if th.kind == "item" and st is not None and st.kind == "clearing" and th.type in mp.items:
                    sp = mp.space(st)
                    plan.setdefault(sp, Counter())[mp.items[th.type]] += th.count
    return plan


def _items_on(game, kinds) -> Counter:
    out = Counter()
    for sp, ks in game.s.board.items():
        for k, n in ks.items():
            if n and k in kinds:
                out[(sp, k)] += n
    return out


class RuinDealer:
    """Plays the setup's chance picks that hide items under the ruins (malandro.yaml,
    `esconder item`: a ruin drawn for each item) so that each ruin holds what the record takes
    from it.

    With dictated chance, the items of one setup step appear only once all its picks are
    given (the engine reruns the step with them, engine.py `_run_dictated`), so the item a pick
    hides is found by a probe: on a copy, this pick goes to a ruin and the step's later picks
    elsewhere; the item that ruin gains is this pick's. Each answer is kept per (items hidden
    before the step, picks given so far in it): every copy of the search that reaches the same
    pick gets the same answer."""

    def __init__(self, plan, kinds):
        self.plan = plan
        self.kinds = kinds
        self.done = {}            # (hidden before, picks so far) -> (space, kind) of that pick
        self.answers = {}         # (hidden before, picks before it) -> the option played

    def pick(self, game) -> int | None:
        ids = game.legal_ids()
        attrs = game.m.attrs
        placed = getattr(self.plan, "placed", None)
        if placed and len(ids) > 1 and all(any(o in c for c in placed.values()) for o in ids):
            return self._kind_pick(game, ids, placed)
        if not self.plan or len(ids) < 2 or not all(o in attrs for o in ids):
            return None
        before = _items_on(game, self.kinds)
        outs = tuple(game._redo[2]) if getattr(game, "_redo", None) else ()
        base = sum(before.values())
        if (base, outs) in self.answers:
            return self.answers[(base, outs)]
        decided = Counter(before)
        for j in range(len(outs)):
            x = self.done.get((base, outs[:j + 1]))
            if x:
                decided[x] += 1
        kind = self._probe(game, ids, before, decided)
        i = None if kind is None else self._choose(game, ids, kind, decided)
        if i is not None:
            self.done[(base, outs + (i,))] = (ids[i], kind)
        self.answers[(base, outs)] = i
        return i

    def _probe(self, game, ids, before, decided):
        """The item kind this pick hides: sent to ids[0], the step's later picks elsewhere."""
        target = ids[0]
        g2 = game.clone()
        try:
            g2.apply(0)
            while g2.is_chance_node():
                later = g2.legal_ids()
                j = next((k for k, o in enumerate(later) if o != target), 0)
                g2.apply(j)
                if sum(_items_on(g2, self.kinds).values()) > sum(before.values()):
                    break
        except Exception:  # noqa: BLE001 - a probe that fails: play this pick at random
            return None
        after = _items_on(g2, self.kinds)
        new = [k for (sp, k), n in after.items() if sp == target and n > decided.get((sp, k), 0)]
        return new[0] if len(new) == 1 else None

    def _choose(self, game, ids, kind, decided):
        """A ruin that still lacks this kind; else one the record needs nothing more from, or
        the one with the most room left for what it still needs (room from the pick's odds)."""
        def unmet(sp):
            return sum(max(0, n - decided.get((sp, k), 0)) for k, n in self.plan.get(sp, {}).items())
        for i, sp in enumerate(ids):
            if self.plan.get(sp, {}).get(kind, 0) > decided.get((sp, kind), 0):
                return i
        probs = list(getattr(game.pending, "probs", None) or [1] * len(ids))
        return max(range(len(ids)), key=lambda i: (unmet(ids[i]) == 0, probs[i] - unmet(ids[i]) / 100))

    # -- a random kind of piece per space (the Keepers' relics, 15.3.1) ----------------------
    def _kind_pick(self, game, ids, placed) -> int | None:
        """A chance pick among piece kinds the record's setup places: the kind the record puts
        where this pick's piece goes. That space is found by two probes that differ only in
        this pick (the step's later picks the same): the space whose kind differs."""
        outs = tuple(game._redo[2]) if getattr(game, "_redo", None) else ()
        key = ("kind", sum(_items_on(game, set(ids)).values()), outs)
        if key in self.answers:
            return self.answers[key]
        boards = [self._kind_probe(game, i, ids) for i in (0, 1)]
        i = None
        if None not in boards:
            a, b = boards
            spaces = [sp for sp in set(a) | set(b) if a.get(sp) != b.get(sp)
                      and a.get(sp) == ids[0] and b.get(sp) == ids[1]]
            if len(spaces) == 1:
                # the record's first kind there (a forest may get a second relic later, 15.3.3;
                # a Counter keeps the order the record names them in)
                want = list(placed.get(spaces[0], {}))
                i = next((ids.index(o) for o in want if o in ids), None)
        self.answers[key] = i
        return i

    def _kind_probe(self, game, first, ids):
        """{space: kind} of the kinds in `ids` newly on the board once this pick is `first` and
        the step's later picks are each the first of these kinds still offered."""
        kinds = set(ids)
        before = _items_on(game, kinds)
        g2 = game.clone()
        try:
            g2.apply(first)
            for _ in range(100):
                now = _items_on(g2, kinds)
                if sum(now.values()) > sum(before.values()) or not g2.is_chance_node():
                    break
                later = g2.legal_ids()
                g2.apply(next((k for o in ids for k, x in enumerate(later) if x == o), 0))
        except Exception:  # noqa: BLE001 - a probe that fails: play this pick at random
            return None
        out = {}
        for (sp, k), n in _items_on(g2, kinds).items():
            if n > before.get((sp, k), 0):
                if sp in out:
                    return None        # two kinds in one space: not one piece per space
                out[sp] = k
        return out
