"""Points a turn ended by force scores that no line writes (tolerant replays).

A turn ended by force (replay.py `*`, forced.py) runs the rest of the turn without a record:
its steps are ended as soon as they may, but the rules that score by themselves still score.
Some of those points are the line's own: an Evening's roosts the line writes as its `++3` at
the end, which the referee's correction left to the engine (the line's *owed* points,
replay.py). Others no line writes at all: r1g3 l. 44, the Marquise rule the Pass at the end of
their Evening and the Tower scores its point (C.3.4); the record writes that point at l. 23,
24, 29, 33 and 38 and never again. Those stayed in the engine's score, which then ran one
ahead of the record (33 against 32), and at l. 49 the Tower's point was counted as one of the
line's owed `++` (the point of a sawmill built by day, `b_s->9/++/2#->C`).

Here, after a forced end at a line's end:

- each point the end scored is traced to the rule that scored it: the end's decisions are
  played again on a copy of the game that keeps a log, and each `score` event takes the law
  of the trigger that fired just before it (`gatilhos`: the Tower, C.3.4), else of the
  decision before it (a Build the end completed, 6.5.4), else none (a phase's own step);
- the line's owed `++` are paid from the end's net gain for the faction, as before (what it
  loses there, an Eyrie's turmoil before its Evening, is counted), but the share of it that
  *triggers* scored pays one of them only if that `++` is the line's last action: the record writes a point of the turn's end after everything else in
  the line (r1g3 `#->D/++`), never before another of its actions; the phase's own steps
  (an Evening's roosts, 7.6.1, written before the Evening's draw) pay owed points as before;
- the line's owed `--` are paid from the end's net loss for the faction (an Eyrie's turmoil
  the end made itself, written `--2` in the line: r1g5 l. 69), never lost twice;
- what the line owes beyond what the end paid is made by a correction, as before (this
  replaces `Replayer._correct_points`, which let any point of the end pay);
- what the end scored for any faction but the next one (whose points start_points.py
  settles against the next line's start) beyond what paid the line's owed points is scored by
  no line: it is corrected away, one correction of class `unrecorded_points` per faction,
  naming the rules that scored it (the report's `explain` and `explain_laws`).

Strict replays never end a turn by force, so nothing here reaches them."""
from __future__ import annotations

from . import below_zero as _below_zero
from . import repair as _repair
from .start_points import UNRECORDED_POINTS

TRIGGER = "trigger"


def scored(rp, before, ended) -> list:
    """[(faction, points, law, source)] of the score events between `before` and `ended`
    (the forced end's decisions played again on a logging copy); source is "trigger",
    "decision" or None. [] when the end cannot be played again (a decision not found)."""
    path = ended.history[len(before.history):]
    g = before.clone()
    g.logging, g.log = True, []
    try:
        for oid in path:
            ids = g.legal_ids()
            if oid not in ids:
                return []
            g.apply(ids.index(oid))
    except Exception:  # noqa: BLE001 - a rule failing on the copy: no trace, nothing claimed
        return []
    score = getattr(rp.g, "score", None)
    out, law, source = [], None, None
    for e in g.log:
        t = e.get("t")
        if t == "trigger":
            law, source = e.get("law"), TRIGGER
        elif t == "decision":
            law, source = e.get("law"), "decision"
        elif t == "phase":
            law, source = None, None
        elif t == "score" and e.get("counter") == score and not e.get("correction"):
            out.append((e.get("by"), int(e.get("n") or 0), law, source))
    return out


def settle(rp, before, ended, owed, bi, nxt, start=None) -> None:
    """After the forced end of line `bi` (`before` → `ended`): the line's owed points paid by
    what the end gained for the faction (net of what it lost there: an Eyrie's turmoil,
    7.7, before its Evening's roosts), a trigger's points only for the line's last action;
    the rest corrected onto `ended`; what the end gained beyond them for a faction other than
    the next line's, and beyond all the points line `bi` writes for it since `start` (the
    game at the line's start), corrected away as `unrecorded_points`."""
    events = scored(rp, before, ended)
    gained = {f: max(0, ended.scores().get(f, 0) - before.scores().get(f, 0)) for f in ended.factions}
    trig = {}
    for f, n, _, src in events:
        if src == TRIGGER:
            trig[f] = trig.get(f, 0) + n
    # per faction: [points any owed `++` may take, points only the line's last `++` may take]
    avail = {f: [max(0, g - trig.get(f, 0)), min(trig.get(f, 0), g)] for f, g in gained.items()}
    # what the end lost for a faction (net): a point the line writes lost (`--2`, an Eyrie's
    # turmoil, 7.7, that the end made itself) is paid by it, not lost twice (r1g5 l. 69)
    lost = {f: max(0, before.scores().get(f, 0) - ended.scores().get(f, 0)) for f in ended.factions}
    last = _last_action(rp, bi)
    left = []
    for at, rem in owed:
        f = at.place[1]
        if at.sign < 0 and lost.get(f):
            use = min(rem, lost[f])
            lost[f] -= use
            rem -= use
        if at.sign > 0 and f in avail:
            for k in ((0, 1) if at.action == last else (0,)):
                use = min(rem, avail[f][k])
                avail[f][k] -= use
                rem -= use
        if rem:
            left.append((at, rem))
    rp._correct(ended, left, {at.action for at, _ in left}, bi)
    nxt_f = rp.blocks[nxt][0] if nxt is not None else None
    for f in sorted(avail):
        if f == nxt_f or not sum(avail[f]):
            continue
        # never more than the engine's points over the whole line beyond the line's own: a
        # point the line writes may have been taken earlier by another of the engine's (r1g3
        # l. 38: its Tower point, written last, was matched before the end scored it)
        room = sum(avail[f])
        if start is not None:
            room = min(room, max(0, ended.scores().get(f, 0) - start.scores().get(f, 0) - _written(rp, bi, f)))
        # the record's own `Winner:` may need the point (mega: the Vagabond wins with 29 `++`)
        kept = min(room, _winner_shortfall(rp, f))
        if kept:
            rp.__dict__.setdefault("_winner_kept", {})[f] = rp.__dict__.get("_winner_kept", {}).get(f, 0) + kept
            room -= kept
        if not room:
            continue
        laws = [law for g, n, law, src in events if g == f and n > 0]
        # the trigger's laws first when its points are the ones left over
        laws.sort(key=lambda law: 0 if avail[f][1] and any(
            e[2] == law and e[3] == TRIGGER for e in events if e[0] == f) else 1)
        _unrecord(rp, ended, f, [(room, laws)], bi)


def _winner_shortfall(rp, faction) -> int:
    """Points the record's `Winner:` gives `faction` beyond all its `++`/`--`, not yet kept:
    a single faction named winner whose written points fall short of the victory score (3.1).
    A forced-end point that no line writes is then the record's omission, not the engine's
    (mega: `Winner: V` with 29 written), and is kept; each kept point uses it up."""
    vs = getattr(rp.g, "victory_score", None)
    win = rp.rec.winner or ""
    if vs is None or len(win) != 1 or rp.mp.faction(win) != faction:
        return 0
    written = _below_zero.record_totals(rp.rec, rp.mp).get(faction, 0)
    return max(0, vs - written - rp.__dict__.get("_winner_kept", {}).get(faction, 0))


def _written(rp, bi, faction) -> int:
    """The points line `bi` writes for `faction` (its `++` less its `--`) still to make at
    its start (those the previous line's end made are not counted: replay.py)."""
    return sum(at.sign * at.n for at in rp.atoms[bi] if at.place == ("pv", faction) and not at.optional)


def _last_action(rp, bi):
    """The index of line `bi`'s last action in the record's flat list (None if it has none)."""
    return max((ai for ai, (b, _, _) in enumerate(rp.actions) if b == bi), default=None)


def _unrecord(rp, game, faction, parts, bi) -> None:
    """One `unrecorded_points` correction taking `faction`'s points away, at line `bi`."""
    from ..errors import format_message
    n = sum(k for k, _ in parts)
    laws = []
    for _, law in parts:
        stack = [law]
        while stack:
            x = stack.pop(0)
            if isinstance(x, (list, tuple)):
                stack[:0] = list(x)
            elif x and x not in laws:
                laws.append(x)
    turns = rp.blocks[bi][1]
    line = turns[0].line if turns else 0
    letter = rp.mp.letters.get(faction) or (turns[0].faction if turns else None)
    edits = [["vp", faction, -n]]
    text = format_message("RLR.points_forced_rule", rp.lang, {"n": n, "law": ", ".join(laws) or "?"})
    c = _repair.Correction(len(game.history), line, "*", letter, UNRECORDED_POINTS, edits, text)
    c.explain_laws = laws
    _repair.apply(game, edits, {"line": line, "action": "*", "class": c.klass})
    rp.corrections.append(c)
