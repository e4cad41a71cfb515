"""Points a record takes below zero (the class `log_below_zero`).

The score counter has a minimum (Root: `pv` with `mínimo: 0`, jogo.yaml, 3.2): a loss of more
points than a faction has takes it to the minimum. A record may still write the whole loss: in
mega_exploding_birds l. 24 the Eyrie falls into turmoil with 0 points and the line writes `--3`
(7.7.1, three bird cards in the decree), so the record's own sum of the Eyrie's points goes to
−3. The engine loses nothing there; a correction of the line's points must not take the score
below the counter's minimum either (the engine's invariant INV.counter_min), and the class
names the record's error: by the record's own sum, the faction had fewer points than the line
takes."""
from __future__ import annotations

BELOW_ZERO = "log_below_zero"


def floor_loss(game, faction, n) -> int:
    """The part of a points change `n` the faction's score can take (a loss stops at the
    counter's minimum; a gain is whole)."""
    if n >= 0:
        return n
    g = game.g
    score = getattr(g, "score", None)
    key = g.counter_key(score, faction) if score else f"{faction}:pv"
    lo = g.counter_min(key)
    if lo is None:
        return n
    have = game.s.counters.get(key, 0)
    return max(n, min(0, lo - have))


def record_totals(rec, mp) -> dict:
    """{faction: its points as the record sums them (all its `++` and `--`)}."""
    out: dict = {}
    for t in getattr(rec, "turns", ()):
        for a in t.actions:
            if a.kind == "score" and a.amount:
                f = mp.faction(a.faction or t.faction)
                out[f] = out.get(f, 0) + a.amount
    return out


def record_sums(rec, mp) -> list:
    """[(line, raw, faction, sum before the action)] of each points loss the record writes,
    with the record's own running sum of that faction's points before it."""
    out, sums = [], {}
    for t in getattr(rec, "turns", ()):      # (a stand-in record without turns has none)
        for a in t.actions:
            if a.kind != "score" or not a.amount:
                continue
            f = mp.faction(a.faction or t.faction)
            if a.amount < 0:
                out.append((t.line, a.raw, f, sums.get(f, 0), -a.amount))
            sums[f] = sums.get(f, 0) + a.amount
    return out


def witnessed(rp, line, raw) -> bool:
    """Whether the action at (line, raw) loses more points than the record's own sum gives
    the faction there."""
    cache = rp.__dict__.get("_below_zero")
    if cache is None:
        cache = rp.__dict__["_below_zero"] = record_sums(rp.rec, rp.mp)
    return any(ln == line and r == raw and have < lost for ln, r, _, have, lost in cache)
