"""The record against itself, for the Vagabonds' damaged items: an item repaired (`%fd->s`,
`%bd->t`) that no earlier line damaged is the log contradicting itself, as a piece taken from a
clearing nobody put it in is (ledger.py). Counted from the record alone (no engine).

Each faction's damaged items are counted per item code: damaged (`%s->d`, `(%c+%x)V$->d`: the
hits another faction's line gives), repaired (`%sd->s`, `%bd->t`), removed while damaged
(`%xd->`). A Vagabond begins with every item undamaged (9.3). Where the notation does not say
which items change (`%_d->s+r`, "all the damaged ones"; `%_->d`), that faction's counts become
uncertain and no later repair of it is judged."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Repair:
    line: int
    raw: str
    owner: str       # faction letter
    item: str        # item code (`f` boot)
    have: int        # damaged items of that code the record gave the owner before
    take: int        # how many the action repairs


def _owner(th, letter):
    st = th.start
    if st is None:
        return letter
    if st.kind == "board":
        return st.faction or letter
    return None                      # a ruin or a clearing: not a faction's item


def unrecorded_repairs(rec) -> list:
    """Every action that repairs more damaged items of a code than the record damaged."""
    damaged: dict = {}
    unsure: set = set()
    out = []
    for t in rec.play_turns:
        for a in t.actions:
            if a.kind != "move":
                continue
            words = [d.value for d in a.dests if d.kind == "word"]
            for th in a.things:
                if th.kind != "item":
                    continue
                owner = _owner(th, t.faction)
                if owner is None:
                    continue
                if th.type == "_":
                    if "d" in words or "d" in th.states:
                        unsure.add(owner)    # which items: not written
                    continue
                key = (owner, th.type)
                if "d" in words and "d" not in th.states:
                    damaged[key] = damaged.get(key, 0) + th.count
                elif "d" in th.states and (not a.dests or any(w in ("s", "t") for w in words)):
                    have = damaged.get(key, 0)
                    if have < th.count and owner not in unsure and a.dests:
                        out.append(Repair(a.line, a.raw, owner, th.type, have, th.count))
                    damaged[key] = max(0, have - th.count)
                elif "d" in th.states and any(d.kind == "board" for d in a.dests):
                    unsure.add(owner)        # a damaged item given away: counted no further
    return out
