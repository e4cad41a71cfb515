"""An item damaged without a record: only in a battle of its owner.

The record often leaves a Vagabond's damage unwritten after a battle (`XV4` and no `V$->d`),
so the matcher lets a damaged item pass when the lines write no damage of that owner. But a
Vagabond's items are damaged only when he takes hits (9.2.7: in a battle, 4.3.3) or by an
action the record writes with its damage (the Adventurer's improvised quest, D.7.2:
`%s->e+d`). A damage in a line where its owner neither battles nor is battled is therefore
an engine step the record does not describe: mega_exploding_birds l. 27 (`%b->s+e`, a bag
exhausted to aid the Eyrie) was matched by an improvised quest that also damaged the bag, and
l. 29 (the Eyrie battles the Riverfolk in 3, where the Vagabond stands) by a position where
the Eyrie had hit the Vagabond; his capacity (9.6.4) then dropped and the engine's Evening
removed the boots the record exhausts at l. 32 and l. 47 (docs/rootlog.md, «Os itens do
Malandro»)."""
from __future__ import annotations


def battles_owner(rp, letter: str, blocks) -> bool:
    """Whether a line of these blocks has a battle where `letter` attacks or defends."""
    cache = rp.__dict__.setdefault("_owner_battles", {})
    for bi in blocks:
        if bi is None:             # the record's last line has no next block
            continue
        if bi not in cache:
            who = set()
            for t in rp.blocks[bi][1]:
                for a in t.actions:
                    if a.kind == "battle":
                        who.add(a.faction or t.faction)
                        if a.target:
                            who.add(a.target)
            cache[bi] = who
        if letter in cache[bi]:
            return True
    return False


def forced_die(rp, game, drawn: int) -> int:
    """The die a turn ended by force rolls (forced.py): its lowest face. That turn's battles
    are ones the record does not write, and the record writes every casualty (1.3): a battle
    it leaves out removed and damaged nothing (mega l. 29: the Eyrie's decree, its written
    battle corrected, fought again in 3 against the Vagabond and damaged four of his items).
    `drawn` is the replay generator's pick, drawn all the same so that the later shuffles stay
    the ones they were; any other chance event keeps it."""
    d = game.pending
    if str(d.kind).split(":")[-1] != "die":
        return drawn
    faces = list(d.options)
    try:
        return min(range(len(faces)), key=lambda i: float(faces[i]))
    except (TypeError, ValueError):
        return drawn
