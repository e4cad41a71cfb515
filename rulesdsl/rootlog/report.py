"""The replay report, in the user's language (texts RLR.* in grammar/messages/rootlog.yaml)."""
from __future__ import annotations

import re

from ..errors import format_message
from . import piece_codes as _piece_codes

# words with which the transcribers flag the players' own mistakes in their comments
_MISTAKE = re.compile(r"forg[eo]t|mistake|error|should|wasn't|was not|missed|by accident|"
                      r"incorrect|wrong|skipped|did not|didn't|not sure|unsure|"
                      # r2g4 l. 30 "Overpaid for the first Workshop", l. 50 "Did I miss a Bird
                      # spend?" (docs/rootlog.md «Os Marqueses no registro»)
                      r"overpaid|did i miss", re.I)


def _m(code, lang, **kw):
    return format_message(code, lang, kw)


def _name(rp, kind, i, lang):
    try:
        return rp.g.rs.name(kind, i, lang)
    except Exception:  # noqa: BLE001 - a name is a courtesy
        return str(i)


def log_comment(rp, stop):
    """The transcriber's comment on the stopping line, if it flags a players' mistake."""
    if stop is None:
        return None
    near = [c for n, c in rp.rec.comments if n == stop.line]
    return next((c for c in near if _MISTAKE.search(c)), None)


def log_overdraw(rp, stop):
    """The record contradicting itself at the stopping action (ledger.py), if it does."""
    if stop is None or stop.action is None:
        return None
    from .ledger import overdraws
    return next((o for o in overdraws(rp.rec) if o.line == stop.line and o.raw == stop.action.raw), None)


def log_item_repair(rp, stop):
    """An item the stopping line repairs that the record never damaged (item_ledger.py)."""
    if stop is None:
        return None
    from .item_ledger import unrecorded_repairs
    return next((r for r in unrecorded_repairs(rp.rec) if r.line == stop.line), None)


def log_hand_short(rp, stop):
    """A hand the record makes use more cards than it holds, on the stopping line (ledger.py)."""
    if stop is None:
        return None
    from .ledger import hand_shortfalls
    start = getattr(getattr(rp, "mp", None), "start_hand", None)
    if start is None:
        return None
    return next((h for h in hand_shortfalls(rp.rec, start) if h.line == stop.line), None)


def report_text(rp, res, lang, file) -> str:
    rec = rp.rec
    out = [_m("RLR.title", lang, file=file, map=rec.header.get("map", "Fall"),
              deck=rec.header.get("deck", "Standard"),
              seats=", ".join(_name(rp, "faction", f, lang) for f in res.seats))]
    out.append(_m("RLR.progress", lang, done=res.blocks_done, total=res.blocks_total,
                  matched=res.actions_matched, checked=res.actions_checked, actions=res.actions_total))
    for line, raw in res.skipped:
        out.append(_m("RLR.skipped", lang, line=line, action=raw))
    fixes = getattr(res, "corrections", None) or []
    for c in fixes:
        who = _name(rp, "faction", rp.mp.factions.get(c.faction, c.faction), lang) if c.faction else "-"
        edits = "; ".join(_edit(rp, e, lang) for e in c.edits) or _m("RLR.correction_none", lang)
        if c.missing:
            edits += "; " + _m("RLR.correction_missing", lang, n=c.missing)
        why = _m("RLR.correction_why", lang, text=c.explain) if c.explain else ""
        out.append(_m("RLR.correction", lang, line=c.line, action=c.raw, who=who, edits=edits,
                      klass=_m("RLR.class." + c.klass, lang), why=why))
    if fixes:
        by = {}
        for c in fixes:
            by[c.klass] = by.get(c.klass, 0) + 1
        out.append(_m("RLR.corrections", lang, n=len(fixes),
                      by=", ".join(f"{_m('RLR.class.' + k, lang)}: {n}" for k, n in sorted(by.items()))))
    s = res.stop
    if s is None:
        out.append(_m("RLR.complete", lang))
    else:
        fac = rp.blocks[s.turn][0] if s.turn < len(rp.blocks) else None
        who = _name(rp, "faction", fac, lang) if fac else _m("RLR.setup", lang)
        out.append(_m("RLR.stop", lang, line=s.line, action=s.action.raw if s.action else "-",
                      who=who, why=_m("RLR.why." + s.reason, lang)))
        d = s.decision
        if d is not None:
            law = d.law if not isinstance(d.law, (list, tuple)) else ", ".join(map(str, d.law))
            player = _name(rp, "faction", d.player, lang) if isinstance(d.player, str) else str(d.player)
            opts = ", ".join(s.options[:12]) + (" ..." if len(s.options) > 12 else "")
            out.append(_m("RLR.decision", lang, player=player, kind=d.kind, law=law or "?", options=opts))
        if s.explain:
            # the place refused by a choice (RLR.explain), or the rule named otherwise (why.py)
            key = "RLR.explain" if s.explain.get("filter") or "actions" not in s.explain else "RLR.explain_rule"
            out.append(_m(key, lang, text=s.explain.get("text")))
        c = log_comment(rp, s)
        od = log_overdraw(rp, s)
        hs = log_hand_short(rp, s) if od is None else None
        ir = log_item_repair(rp, s) if od is None and hs is None else None
        if ir is not None:
            out.append(_m("RLR.verdict_repair", lang, action=ir.raw, take=ir.take, item=ir.item,
                          owner=ir.owner, have=ir.have))
        elif od is not None:
            out.append(_m("RLR.verdict_overdraw", lang, take=od.take, piece=od.code, owner=od.owner,
                          place=od.place, have=od.have))
        elif hs is not None:
            out.append(_m("RLR.verdict_hand", lang, action=hs.raw, owner=hs.owner,
                          have=hs.hand, shown=hs.shown, start=rp.mp.start_hand))
        elif c:
            out.append(_m("RLR.verdict_log", lang, comment=c))
        else:
            out.append(_m("RLR.verdict_open", lang))
    sc = ", ".join(f"{_name(rp, 'faction', f, lang)} {v}" for f, v in res.scores.items())
    out.append(_m("RLR.scores", lang, scores=sc, winner=res.winner_log or "-"))
    for r in _piece_codes.readings(rec, rp.mp) if getattr(rp, "mp", None) is not None else ():
        if r.read:        # a code typed with its halves swapped (piece_codes.py)
            out.append(_m("RLR.piece_code_swapped", lang, line=r.line, action=r.action,
                          written=r.written, read=r.read))
        else:
            out.append(_m("RLR.piece_code_unknown", lang, line=r.line, action=r.action,
                          written=r.written))
    from .plot_faces import readings as _face_readings    # a face written as before a Trick
    for r in (_face_readings(rec, rp.mp).values() if getattr(rp, "mp", None) is not None else ()):
        out.append(_m("RLR.plot_face_before_trick", lang, line=r.line, action=r.action,
                      written=r.written, read=", ".join(sorted(r.read))))
    from .frozen_points import after_freeze      # points written after a frozen score
    for p in (after_freeze(rec, rp.mp) if getattr(rp, "mp", None) is not None else ()):
        out.append(_m("RLR.rlbase_frozen_points", lang, line=p.line, action=p.raw, n=p.amount,
                      since=p.since, who=_name(rp, "faction", rp.mp.faction(p.faction), lang)))
    return "\n".join(out)


def _edit(rp, e, lang) -> str:
    """One edit of a correction, short: `+2 marqueses.guerreiro c3`, `pv ducado +1`."""
    op = e[0]
    if op in ("put", "take"):
        return f"{'+' if op == 'put' else '-'}{e[3]} {e[2]} {e[1]}"
    if op == "vp":
        return f"{rp.mp.vp} {_name(rp, 'faction', e[1], lang)} {e[2]:+d}"
    if op == "ctr":
        return f"{e[1]} = {e[2]}"
    if op == "card":
        return f"#{e[1]} {e[2]} -> {e[3]}"
    if op == "zone_piece":
        return f"{e[3]} {e[1] or '-'} -> {e[2] or '-'}"
    if op == "status":
        return f"{e[2]} {e[1]} {e[4]} -> {e[5]}"
    if op in ("lock", "join"):           # a frozen score, a joined victory (victory.py)
        return _m(f"RLR.edit_{op}", lang, who=_name(rp, "faction", e[1], lang),
                  to=_name(rp, "faction", e[2], lang) if op == "join" else "")
    return str(e)


def result_json(rp, res) -> dict:
    s = res.stop
    return {"blocks": res.blocks_done, "blocks_total": res.blocks_total,
            "actions": res.actions_total, "actions_checked": res.actions_checked,
            "actions_matched": res.actions_matched, "seats": res.seats, "scores": res.scores,
            "winner_log": res.winner_log, "swaps": len(rp.swaps),
            "log_frozen_points": _fp_json(rp),
            "piece_codes": [{"line": r.line, "action": r.action, "written": r.written, "read": r.read}
                            for r in (_piece_codes.readings(rp.rec, rp.mp) if getattr(rp, "mp", None) else ())],
            **_plot_faces_json(rp),
            "skipped": [{"line": ln, "action": a} for ln, a in res.skipped],
            "corrections": [{"line": c.line, "action": c.raw, "class": c.klass, "pos": c.pos,
                             "edits": c.edits, "missing": c.missing, "explain": c.explain,
                             "explain_laws": getattr(c, "explain_laws", [])}
                            for c in getattr(res, "corrections", None) or []],
            "stop": None if s is None else {
                "line": s.line, "action": s.action.raw if s.action else None, "reason": s.reason,
                "options": s.options, "explain": s.explain, "log_comment": log_comment(rp, s),
                "log_overdraw": _od_json(log_overdraw(rp, s)),
                "log_hand_short": _hs_json(log_hand_short(rp, s)),
                "log_item_repair": _ir_json(log_item_repair(rp, s))}}


def _ir_json(ir):
    return None if ir is None else {"line": ir.line, "action": ir.raw, "owner": ir.owner,
                                    "item": ir.item, "have": ir.have, "take": ir.take}


def _od_json(od):
    return None if od is None else {"owner": od.owner, "code": od.code, "place": od.place,
                                    "have": od.have, "take": od.take}


def _hs_json(hs):
    return None if hs is None else {"line": hs.line, "action": hs.raw, "owner": hs.owner,
                                    "hand": hs.hand, "shown": hs.shown}


def _fp_json(rp):
    from .frozen_points import after_freeze
    return [{"line": p.line, "action": p.raw, "faction": p.faction, "points": p.amount,
             "since": p.since} for p in (after_freeze(rp.rec, rp.mp) if getattr(rp, "mp", None) else ())]


def _plot_faces_json(rp) -> dict:
    """{"plot_faces": [...]}: the removed plots whose face is read as the one a Trick moved
    there (plot_faces.py); nothing when there is none (the key is new: the other records'
    reports stay as they were)."""
    if getattr(rp, "mp", None) is None:
        return {}
    from .plot_faces import readings
    got = [{"line": r.line, "action": r.action, "written": r.written, "read": sorted(r.read)}
           for r in readings(rp.rec, rp.mp).values()]
    return {"plot_faces": got} if got else {}
