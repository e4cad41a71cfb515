"""Hidden pieces the record reveals later: the items under the ruins.

The engine hides the ruins' items at the setup with chance picks (malandro.yaml, `esconder
item`: a ruin drawn at random for each item). The record says which item a Vagabond later takes
from which ruin (`%s10->$`). With dictated chance the replay plays those picks so that each
ruin holds what the record takes from it, as a shuffle that dealt them so would have: the saved
game replays the same picks."""
from __future__ import annotations

from collections import Counter


def ruin_plan(rec, mp) -> dict:
    """{space: Counter(item kind)}: the items the record takes from each clearing."""
    plan: dict = {}
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
