"""A repair of an item the record never damaged is a repair of one it did (tolerant replays).

r1g3 l. 30: the second Vagabond repairs a boot (`%fd->s`) that no line damaged; l. 29 damaged
his bag and tea (item_ledger.py: the record contradicting itself, `log_overdraw`). The players
repaired something: the line's repair is the engine's repair decision, only the item is written
wrong. Corrected as written, nothing was repaired: the referee cannot repair an undamaged boot,
and the line's position was the deepest one the search reached, where the Vagabond had not
even explored the ruin of 9 (`%s9->$` corrected too). Both bags then stayed damaged, and at
l. 35 the engine's Tinker had more items than his satchel holds (9.6.4), an Evening removal
the record does not write: the line was ended by force, and the next ones after it.

In a tolerant replay such a repair (the item ledger's verdict, from the record alone) is
therefore matched as the repair of any one damaged item of that owner: the rest of the line
chooses which (l. 30: the bag, or the Evening's satchel would overflow). It is not silent: a
correction of class `log_overdraw` without edits names the action where the line is matched,
as the item ledger's corrections did."""
from __future__ import annotations

from .item_ledger import unrecorded_repairs
from . import repair as _repair


def widen(rp) -> None:
    """Make the repair atoms of the record's unrecorded repairs accept any item kind (tolerant
    replays only); `rp.widened` keeps their actions."""
    rp.widened = set()
    if not getattr(rp, "tolerant", False):
        return
    bad = {(r.line, r.raw) for r in unrecorded_repairs(rp.rec)}
    if not bad:
        return
    kinds = frozenset(rp.mp.items.values())
    for atoms in rp.atoms:
        for at in atoms:
            _, t, a = rp.actions[at.action]
            if (a.line, a.raw) in bad and isinstance(at.place, tuple) and at.place[0] == "it" \
                    and at.place[2] == "d" and at.sign < 0:
                at.kinds = kinds
                rp.widened.add(at.action)


def note(rp, game, bi) -> None:
    """After block bi is matched: the record's error each widened repair of it stands for."""
    for ai in sorted(getattr(rp, "widened", ()) or ()):
        b, t, a = rp.actions[ai]
        if b != bi or any(c.action == ai for c in rp.corrections):
            continue
        c = _repair.Correction(len(game.history), t.line, a.raw, t.faction, _repair.OVERDRAW, [])
        c.action = ai
        rp.corrections.append(c)
