"""The hidden value of a face-down piece the record turns up later: the Keepers' relics (15.3.1:
each relic is set up face down, its value unknown to everyone until a delve flips it, 15.5.2.II.a).

The engine draws the value when it places the face-down piece, a chance pick among the faces of
that back still in the supply (`chance:face_down`, docs/acaso.md). The record tells which value
each forest's relic had: a delve moves it out of the forest and flips it in the clearing in the
same line (`t_t1_2_5_10->1/t_t1^t_3_t`). With dictated chance the replay plays those setup
picks so that each forest's relic has the value the record turns up (as a shuffle that dealt it
so would have); the saved game replays the same picks.

A pick's forest is not in the pick: with dictated chance a setup step's pieces appear only once
all its picks are given (engine.py `_run_dictated`), so, as hidden.py does for the relics'
kinds, two probes on copies that differ only in this pick (the step's later picks the same, by
position) show the forest whose face differs."""
from __future__ import annotations


def face_plan(rec, mp) -> dict:
    """{(forest space, back kind): face kind}: the value the record turns up for the hidden
    piece that a turn line moves out of a forest and then flips where it went."""
    plan: dict = {}
    for t in rec.turns:
        moved: dict = {}      # (clearing space, back kind) -> the forest it came from
        for a in t.actions:
            if a.kind == "move":
                for th in a.things:
                    st = th.start
                    if th.kind != "piece" or st is None or st.kind != "forest" or len(a.dests) != 1:
                        continue
                    kinds = mp.piece_kinds(th.faction or t.faction, th.type, th.sub)
                    dst = mp.space(a.dests[0])
                    if len(kinds) == 1 and dst is not None:
                        moved[(dst, kinds[0])] = mp.space(st)
            elif a.kind == "flip" and a.piece is not None and a.to is not None and a.clearing is not None:
                who = a.piece.faction or t.faction
                back = mp.piece_kinds(who, a.piece.type, a.piece.sub)
                face = mp.piece_kinds(a.to.faction or who, a.to.type, a.to.sub)
                sp = mp.clearing_fmt.format(n=a.clearing)
                if len(back) == 1 and len(face) == 1 and (sp, back[0]) in moved:
                    plan.setdefault((moved.pop((sp, back[0])), back[0]), face[0])
    return plan


def _faces(game) -> dict:
    """{(space, back kind): face kind} of the face-down pieces on the map with one face."""
    return {key: next(iter(d)) for key, d in game.s.ident.items() if len(d) == 1}


class FaceDealer:
    """Plays the setup's face-down picks (`chance:face_down`) the record's plan decides."""

    def __init__(self, plan):
        self.plan = plan
        self.answers = {}
        self.slots = {}          # the same keys -> the slot (forest, back) that pick dealt

    def pick(self, game) -> int | None:
        d = game.pending
        if not self.plan or not str(getattr(d, "kind", "")).endswith("face_down"):
            return None
        ids = game.legal_ids()
        if len(ids) < 2:
            return None
        outs = tuple(game._redo[2]) if getattr(game, "_redo", None) else ()
        key = (tuple(sorted(game.s.ident.items(), key=repr)).__repr__(), outs)
        if key in self.answers:
            return self.answers[key]
        a, b = self._probe(game, 0), self._probe(game, 1)
        i = slot = None
        if a is not None and b is not None:
            slots = [k for k in set(a) | set(b) if a.get(k) == ids[0] and b.get(k) == ids[1]]
            slot = slots[0] if len(slots) == 1 else None
            if slot is not None and self.plan.get(slot) in ids:
                i = ids.index(self.plan[slot])
        if i is None and slot is not None:
            i = self._spare(key, slot, ids, set(game.s.ident))
        self.answers[key] = i
        self.slots[key] = slot
        return i

    def _spare(self, key, slot, ids, placed):
        """For a slot the record does not turn up: the first face that no slot of the plan
        still to be dealt in this step needs (a random pick could give this forest the only
        1 left, which the record turns up in another forest later); None if every face is."""
        ident, outs = key
        dealt = placed | {self.slots.get((ident, outs[:j])) for j in range(len(outs))}
        needed = {f for s, f in self.plan.items() if s not in dealt and s != slot}
        free = [j for j, x in enumerate(ids) if x not in needed]
        return free[0] if free and len(free) < len(ids) else None

    @staticmethod
    def _probe(game, first):
        """The faces on the map once this pick is `first` and the step's later picks are each
        the first offered (None if the probe fails)."""
        before = len(game.s.ident)
        g2 = game.clone()
        try:
            g2.apply(first)
            for _ in range(200):
                if len(g2.s.ident) > before or not g2.is_chance_node():
                    break
                g2.apply(0)
        except Exception:  # noqa: BLE001 - a probe that fails: play this pick at random
            return None
        return _faces(g2)
