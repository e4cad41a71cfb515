"""Points a turn ended by force loses that no line writes (tolerant replays).

A turn ended by force (forced.py) runs the rest of the turn without a record. The Eyrie's
decree may then fail where the record's line did not: in orderly l. 38 the referee's
correction put the roost of the line's `b->4` (the only slot of clearing 4 held, in the engine,
a sawmill the record had removed as wood: `log_overdraw`), and the forced end, resolving the
Build card again, found no clearing and fell into turmoil (7.7.1: 7 points lost). The line
writes no turmoil (`$_->`, `--n`). forced_points.py pays the line's owed points from the end's
net gain, which a loss makes zero: the Eyrie ended 3 points below the record's sum.

Here, after forced_points.settle: a faction whose points the end's own rules took down by more
than they added (the end played again on a logging copy, as forced_points.scored does), and
whose line writes no loss (`--`), gets that net loss back, as one correction of class
`unrecorded_points` naming the rule that took it (docs/rootlog.md «O decreto das Rapinas,
segunda parte»)."""
from __future__ import annotations

from . import repair as _repair
from .start_points import UNRECORDED_POINTS


def _net(rp, before, ended) -> dict:
    """{faction: (net points the end's rules changed, laws of its losses)}; {} when the end
    cannot be played again."""
    path = ended.history[len(before.history):]
    g = before.clone()
    g.logging, g.log = True, []
    try:
        for oid in path:
            ids = g.legal_ids()
            if oid not in ids:
                return {}
            g.apply(ids.index(oid))
    except Exception:  # noqa: BLE001 - a rule failing on the copy: nothing claimed
        return {}
    score = getattr(rp.g, "score", None)
    out, law = {}, None
    for e in g.log:
        if e.get("law"):
            law = e.get("law")
        t = e.get("t")
        if t in ("score", "lose") and e.get("counter") == score and not e.get("correction"):
            f = e.get("by")
            n, laws = out.get(f, (0, []))
            n += int(e.get("n") or 0)
            if t == "lose" and law and law not in laws:
                laws = laws + [law]
            out[f] = (n, laws)
    return out


def settle(rp, before, ended, bi) -> None:
    """Give back what the forced end of line `bi` (`before` → `ended`) lost for a faction
    whose line writes no loss."""
    from ..errors import format_message
    turns = rp.blocks[bi][1]
    line = turns[0].line if turns else 0
    for f, (n, laws) in sorted(_net(rp, before, ended).items()):
        if n >= 0 or f not in ended.factions:
            continue
        if any(at.place == ("pv", f) and at.sign < 0 for at in rp.atoms[bi]):
            continue          # the line writes a loss: the record's, not the end's
        flat = []
        for x in laws:
            flat.extend(x if isinstance(x, (list, tuple)) else [x])
        edits = [["vp", f, -n]]
        text = format_message("RLR.decree_forced_loss", rp.lang, {"n": -n, "law": ", ".join(flat) or "?"})
        c = _repair.Correction(len(ended.history), line, "*", rp.mp.letters.get(f), UNRECORDED_POINTS,
                               edits, text)
        c.explain_laws = flat
        _repair.apply(ended, edits, {"line": line, "action": "*", "class": c.klass})
        rp.corrections.append(c)
