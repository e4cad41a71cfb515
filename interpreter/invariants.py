"""Generic invariants of a game in progress, checked between decisions.

    problems = check(game)          # [] when every invariant holds

Nothing here knows a game: the checks read the ruleset's own declarations (box counts of
piece kinds, counter minimums, zone limits, the score counter) and the state.

  * no piece count is negative (map, supply, piece zones);
  * for every piece kind, supply + on the map + in piece zones == its box count (kinds of
    factions that are not seated are nowhere);
  * no counter is below its declared minimum;
  * every card instance is in exactly one zone, once;
  * a zone that declares a limit (`limite:` on a zone definition; optionally the phase that
    enforces it, `fase_do_limite:`, else the last phase of the turn) holds no more cards than
    the limit once its owner's enforcing phase is over; rulesets without limits skip this;
  * the score changes only through rule events: the score counter of each faction equals its
    first observed value plus the `score`/`lose` events the game logged since (events of an
    action that was undone do not count). Needs `Game(..., log=True)`; skipped otherwise.

The score and limit checks compare consecutive calls, so call `check` after every action
(calls on a game are remembered weakly, per game object).

`fingerprint(game)` is a comparable snapshot of everything that decides the game's future
(state, random generator, pending decision), for clone/save/replay comparisons.
"""
from __future__ import annotations

import weakref

from ..errors import fold, format_message

_MEMORY: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()   # game -> _Memory
_LIMITS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()   # game def -> limits

# neutral keys (the lexicons spell them: limite / fase_do_limite, límite / fase_del_límite)
_LIMIT_KEYS = ("limit",)
_LIMIT_PHASE_KEYS = ("limit_phase",)


def _m(code, lang, **kw):
    return format_message(code, lang, kw)


class _Memory:
    __slots__ = ("log_at", "events", "starts", "base", "where")

    def __init__(self):
        self.log_at = 0            # log entries already read
        self.events = []           # (log index, faction, n) score events still standing
        self.starts = []           # (log index, faction, action) action starts
        self.base = None           # faction -> score before the first event read
        self.where = None          # how many phase-end limit checks were already read


def check(game, box: dict | None = None, lang: str | None = None) -> list[str]:
    """Violated invariants of `game` now, as messages in `lang` (default: the game's).

    `box` overrides the box count of piece kinds (kind -> count): a scenario that took pieces
    out of the game passes the counts its position started from."""
    lang = lang or getattr(game, "lang", None) or "pt"
    g, s = game.g, game.s
    out: list[str] = []
    _pieces(game, g, s, box, lang, out)
    _counters(g, s, lang, out)
    _cards(g, s, lang, out)
    mem = _MEMORY.get(game)
    if mem is None:
        mem = _Memory()
        _MEMORY[game] = mem
    _limits(game, g, s, mem, lang, out)
    if getattr(game, "logging", False):
        _scores(game, g, s, mem, lang, out)
    return out


# ---------------------------------------------------------------------------------------------

def _piece_label(g, kind, lang):
    try:
        names = g.rs.names_table(lang).get("piece", {}).get(kind)
    except Exception:  # noqa: BLE001 - a label is only for the message
        names = None
    return f"{names[0]} ({kind})" if names else kind


def _pieces(game, g, s, box, lang, out):
    if game.m is not None:
        # the map as the game changed it: with the spaces the seated factions brought (N10)
        from .board import spaces_view
        spaces = set(spaces_view(game.ctx).attrs) if hasattr(game, "ctx") else set(game.m.attrs)
    else:
        spaces = None
    on_map: dict[str, int] = {}
    for sp, kinds in s.board.items():
        if spaces is not None and kinds and sp not in spaces:
            out.append(_m("INV.unknown_space", lang, space=sp))
        for k, n in kinds.items():
            if n < 0:
                out.append(_m("INV.negative", lang, what=f"{sp}/{k}", n=n))
            on_map[k] = on_map.get(k, 0) + n
            faces = g.faces.get(k) if n else None
            if faces is not None:
                # pieces on their back (`verso:`) are their faces' pieces
                on_map[k] -= n
                ids = s.ident.get((sp, k)) or {} if k in g.hidden_backs else {faces[0]: n}
                if sum(ids.values()) != n:
                    out.append(_m("INV.box", lang, piece=_piece_label(g, k, lang), supply=0, board=n,
                                  zones=0, total=n, box=sum(ids.values())))
                for f, m in ids.items():
                    on_map[f] = on_map.get(f, 0) + m
    in_zones: dict[str, int] = {}
    for z, kinds in s.piece_zones.items():
        for k, n in kinds.items():
            if n < 0:
                out.append(_m("INV.negative", lang, what=f"{z}/{k}", n=n))
            in_zones[k] = in_zones.get(k, 0) + n
    for k, n in s.supply.items():
        if n < 0:
            out.append(_m("INV.negative", lang, what=k, n=n))
    seats = set(s.seats) | set(s.hired)      # the hirelings in play have their pieces too
    for k, pk in g.piece_kinds.items():
        sup, b, zs = s.supply.get(k, 0), on_map.get(k, 0), in_zones.get(k, 0)
        total = sup + b + zs
        if pk.owner is not None and pk.owner not in seats:
            if total:
                out.append(_m("INV.unseated", lang, piece=_piece_label(g, k, lang), n=total))
            continue
        base = getattr(game, "box", {}).get(k, pk.count)     # with a seated faction's expansions
        want = base if box is None else box.get(k, base)
        if total != want:
            out.append(_m("INV.box", lang, piece=_piece_label(g, k, lang), supply=sup, board=b,
                          zones=zs, total=total, box=want))


def _counters(g, s, lang, out):
    for key, v in s.counters.items():
        lo = g.counter_min(key)
        if lo is not None and v < lo:
            out.append(_m("INV.counter_min", lang, counter=key, n=v, min=lo))


def _cards(g, s, lang, out):
    n = len(s.card_defs)
    where: dict[int, list[str]] = {}
    for z, cards in s.zones.items():
        for c in cards:
            if not isinstance(c, int) or not 0 <= c < n:
                out.append(_m("INV.card_unknown", lang, zone=z, card=c))
                continue
            where.setdefault(c, []).append(z)
    for c in range(n):
        zs = where.get(c)
        if not zs:
            out.append(_m("INV.card_missing", lang, card=c, name=s.card_defs[c]))
        elif len(zs) > 1:
            out.append(_m("INV.card_twice", lang, card=c, name=s.card_defs[c], n=len(zs),
                          zones=", ".join(zs)))


# ---------------------------------------------------------------------------------------------
# zone limits

def _zone_limits(g):
    """[(zone id, per-player?, faction or None, limit, enforcing phase)] declared by the ruleset."""
    cached = _LIMITS.get(g)
    if cached is not None:
        return cached
    found = []
    last = g.turn_phases[-1] if g.turn_phases else None

    def scan(zid, zd, scope, faction):
        if not isinstance(zd, dict):
            return
        lim = ph = None
        for k, v in zd.items():
            f = fold(str(k)).lstrip("?")
            if f in _LIMIT_KEYS:
                lim = v
            elif f in _LIMIT_PHASE_KEYS:
                ph = v
        if lim is None:
            return
        try:
            lim = int(lim)
        except (TypeError, ValueError):
            return
        ph = str(ph) if ph is not None else last
        found.append((zid, scope, faction, lim, ph))

    for z, zd in g.player_zones.items():
        scan(z, zd, "player", None)
    for fid, zones in g.faction_zones.items():
        for z, zd in zones.items():
            scan(z, zd, "faction", fid)
    for z, zd in g.global_zones.items():
        scan(z, zd, "global", None)
    _LIMITS[g] = found
    return found


def _limits(game, g, s, mem, lang, out):
    """A limited zone must be within its limit as the phase that enforces it ends. The engine
    records the sizes at that moment (`Game.limit_checks`); effects of other players later on
    (a card drawn on someone else's turn) may legitimately exceed it until then."""
    checks = getattr(game, "limit_checks", None)
    if not checks:
        return
    total = game.limit_check_count
    done = mem.where if isinstance(mem.where, int) else 0
    mem.where = total
    fresh = checks[-min(len(checks), total - done):] if total > done else []
    for f, ph, key, n, lim in fresh:
        if n > lim:
            out.append(_m("INV.hand_limit", lang, zone=key, n=n, phase=ph, limit=lim))


# ---------------------------------------------------------------------------------------------
# score only through rule events

def _scores(game, g, s, mem, lang, out):
    if not g.score:
        return
    log = game.log
    for i in range(mem.log_at, len(log)):
        e = log[i]
        t = e.get("t")
        if t == "action":
            mem.starts.append((i, e.get("faction"), e.get("action")))
        elif t == "action_undone":
            who, act = e.get("faction"), e.get("action")
            start = None
            for j in range(len(mem.starts) - 1, -1, -1):
                if mem.starts[j][1] == who and mem.starts[j][2] == act:
                    start = mem.starts[j][0]
                    del mem.starts[j:]
                    break
            if start is not None:
                mem.events = [ev for ev in mem.events if ev[0] < start]
        elif t in ("score", "lose") and e.get("counter") == g.score:
            mem.events.append((i, e.get("by"), int(e.get("n") or 0)))
    mem.log_at = len(log)
    if len(mem.starts) > 256:
        del mem.starts[:-256]
    score_key = g.score
    now = {f: s.counters.get(g.counter_key(score_key, f), 0) for f in game.factions}
    sums = {f: 0 for f in game.factions}
    for _, f, n in mem.events:
        if f in sums:
            sums[f] += n
    if mem.base is None:
        if getattr(game, "position", None) is None:
            init = int((g.counters.get(score_key) or {}).get("initial") or 0)
            mem.base = {f: init for f in game.factions}
        else:
            mem.base = {f: now[f] - sums[f] for f in game.factions}
    for f in game.factions:
        if f not in mem.base:
            # a seat that took its faction during setup (seating.py): its base follows it
            seat = game.seat_of(f) if hasattr(game, "seat_of") else f
            mem.base[f] = mem.base.pop(seat, now[f] - sums[f])
        want = mem.base[f] + sums[f]
        if now[f] != want:
            out.append(_m("INV.score", lang, faction=f, delta=now[f] - mem.base[f], events=sums[f]))
            mem.base[f] = now[f] - sums[f]     # report a drift once


# ---------------------------------------------------------------------------------------------

def fingerprint(game) -> tuple:
    """Everything that decides the future of a game, in a comparable form."""
    s = game.s

    def nested(d):
        return tuple(sorted((k, tuple(sorted((kk, vv) for kk, vv in v.items() if vv)))
                            for k, v in d.items() if any(v.values())))

    d = game.pending
    pending = None if d is None else (d.player, d.kind, tuple(game.legal_ids()))
    return (
        nested(s.board),
        tuple(sorted((k, v) for k, v in s.supply.items())),
        tuple(sorted((z, tuple(c)) for z, c in s.zones.items())),
        nested(s.piece_zones),
        # statuses of pieces and the faces under pieces lying on their back
        tuple(sorted((repr(k), tuple(sorted(v.items()))) for k, v in s.pstat.items())),
        tuple(sorted((repr(k), tuple(sorted(v.items()))) for k, v in s.ident.items())),
        tuple(sorted(s.counters.items())),
        tuple(sorted(repr(x) for x in s.marks.items())),
        tuple(sorted(repr(x) for x in s.flags.items())),
        tuple(s.card_defs),
        (s.active, s.round, s.turn_no, s.phase, tuple(s.winners), bool(s.terminal)),
        s.rng.getstate(),
        pending,
    )
