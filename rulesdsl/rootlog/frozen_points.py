"""The record against itself, for frozen scores: points a record writes for a faction after the
same record froze that faction's score.

A faction's score marker leaves the track when it activates a dominance card (3.3.1) or forms a
coalition (9.2.8, the Vagabond); from then on it scores no points. A record writes the freezing
as a card of a `congela_pontos:` name put on the faction's own board (`M#domV->$`) or as its
score marker moved to another faction's board (`++->E$`): the same writings victory.py reads.
A `++N` of that faction in a later action of the record (in the same line or after it) is
points the Law does not give: the replay leaves them out (victory.with_marks makes them
optional), so the record's sum of `++`/`--` exceeds the engine's score by them (r1g2: the
Vagabond's `Z%b/++` in l. 45, after its coalition with the Eyrie in l. 40). Counted from the
record alone (no engine), as ledger.py and item_ledger.py count pieces and items."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass
class FrozenPoints:
    line: int
    raw: str
    faction: str     # record letter of the faction whose points they are
    amount: int      # signed points written
    since: int       # the line that froze the faction's score


def _freezes(a, letter, mp) -> bool:
    """Whether action `a` of a line of faction `letter` freezes that faction's score."""
    if a.kind == "coalition":
        d = a.dests[0] if a.dests else None
        return d is not None and d.kind == "board" and d.faction not in (None, letter)
    if a.kind != "move" or not mp.freezing:
        return False
    if not any(th.kind == "card" and th.name in mp.freezing for th in a.things):
        return False
    return any(d.kind == "board" and (d.faction or letter) == letter and not d.sub for d in a.dests)


def after_freeze(rec, mp) -> list:
    """Every score action of a faction written after the record froze its score."""
    since: dict = {}
    out = []
    for t in rec.play_turns:
        for a in t.actions:
            if a.kind == "score" and a.amount:
                who = a.faction or t.faction
                if who in since:
                    out.append(FrozenPoints(a.line, a.raw, who, a.amount, since[who]))
                continue
            if t.faction not in since and _freezes(a, t.faction, mp):
                since[t.faction] = a.line
    return out


def frozen_since(rec, mp) -> dict:
    """{faction letter: the line whose action froze its score}."""
    since: dict = {}
    for t in rec.play_turns:
        for a in t.actions:
            if t.faction not in since and _freezes(a, t.faction, mp):
                since[t.faction] = a.line
    return since


def by_faction(rec, mp) -> dict:
    """{faction id: points} the record writes after freezing (the difference they make to the
    record's sum of points)."""
    out: dict = {}
    for p in after_freeze(rec, mp):
        f = mp.faction(p.faction)
        out[f] = out.get(f, 0) + p.amount
    return out
