"""The record against itself: the pieces each line says are on the map, and the cards in
each hand (hand_shortfalls), counted from the record alone (no engine). A move or removal that takes more pieces from a clearing than the
earlier lines put there is the log contradicting itself: the report says so (the replay
cannot decide which of the two lines is the wrong one; the transcriber can).

Only clearings and forests are counted, and only pieces of a known code with an explicit
start (`4w10->4`, `(2Ew+Eb)4->`); pieces the notation leaves implicit (a Corvid plot face
down, a pawn written without a start, the hits of a battle not written) make a count
uncertain, so a place is only judged once every change to it the lines make is explicit."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Overdraw:
    line: int
    raw: str
    owner: str       # faction letter
    code: str        # piece code (`w`, `b_s`)
    place: str       # the place as written (`10`, `4_5_6_11`)
    have: int
    take: int


def _place(loc):
    if loc is None or loc.kind not in ("clearing", "forest"):
        return None
    return loc.raw or str(loc.value)


def _code(th):
    return th.type + ("_" + th.sub if th.sub else "")


def overdraws(rec) -> list:
    """Every action that takes from a place more pieces of a kind than the lines put there."""
    count: dict = {}
    out = []
    for t in rec.turns:
        for a in t.actions:
            if a.kind == "flip" and a.piece is not None and a.to is not None:
                # a face-down piece turned face up in place (`t4^t_r`): it changes code
                src = _place(a.piece.start)
                owner = a.piece.faction or t.faction
                old = (owner, _code(a.piece), src)
                new = (owner, _code(a.to), src)
                if count.get(old, 0) > 0:
                    count[old] -= 1
                count[new] = count.get(new, 0) + 1
                continue
            if a.kind != "move":
                continue
            for th in a.things:
                if th.kind != "piece" or th.type == "p":
                    continue
                # the Ferry (`f`, before v2.8 `r`) belongs to nobody
                owner = None if th.type in "fr" else th.faction or t.faction
                key = (owner, _code(th))
                n = th.count * max(1, len(a.dests))
                src = _place(th.start)
                if src is not None:
                    have = count.get(key + (src,), 0)
                    if have < n:
                        out.append(Overdraw(a.line, a.raw, key[0], key[1], src, have, n))
                    count[key + (src,)] = max(0, have - n)
                for d in a.dests:
                    dst = _place(d)
                    if dst is not None:
                        count[key + (dst,)] = count.get(key + (dst,), 0) + th.count
    return out


@dataclass
class Shortfall:
    line: int
    raw: str
    owner: str       # faction letter
    hand: int        # cards in that hand after the action, as the record counts them
    shown: int       # of those, cards the line has already shown (each serves it once)


def _hand_flows(a, letter):
    """(letter, change) of the hands an action moves cards in or out of, as written."""
    out = []
    if a.kind == "craft":
        out.append((letter, -1))
    elif a.kind == "battle":
        for who in (a.target, a.faction or letter)[:len(a.ambushes)]:
            out.append((who, -1))
    elif a.kind == "move":
        for th in a.things:
            if th.kind != "card":
                continue
            st = th.start
            if st is not None and st.kind == "hand":
                out.append((st.faction or letter, -th.count * max(1, len(a.dests))))
            for d in a.dests:
                if d.kind == "hand":
                    out.append((d.faction or letter, th.count))
    return out


def hand_shortfalls(rec, start: int) -> list:
    """Every action that uses a card its faction's hand cannot hold, counted from the record
    alone: each hand begins with `start` cards (dealt in the setup), gains what the lines draw
    and are given, loses what they spend, give and craft; a card shown (`F#^`) stays in the
    hand but serves that line once (the Lizards' rituals, the Duchy's sway: 10.5, 12.5.3)."""
    hand = {x: start for x in rec.players}
    out = []
    for t in rec.play_turns:
        shown: dict = {}
        for a in t.actions:
            flows = _hand_flows(a, t.faction)
            for who, d in flows:
                hand[who] = hand.get(who, start) + d
            if a.kind == "reveal" and a.things:
                who = a.faction or t.faction
                shown[who] = shown.get(who, 0) + sum(th.count for th in a.things)
            for who in {w for w, d in flows if d < 0} | ({a.faction or t.faction} if a.kind == "reveal" else set()):
                if hand.get(who, start) - shown.get(who, 0) < 0:
                    out.append(Shortfall(a.line, a.raw, who, hand.get(who, start), shown.get(who, 0)))
    return out
