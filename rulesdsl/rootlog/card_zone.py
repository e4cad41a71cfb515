"""A card the record writes into a hand where the engine's rule puts it on the same faction's
board (`log_card_zone`): the step that closes the line is accepted, the record error reported.

orderly l. 28 `XA2/At2->/#->A/++2/b->11/++3/2#->E`: the Eyrie removes a sympathy token and
Outrage (8.2.6) puts a card into the Alliance's supporters; the record writes it into the
Alliance's hand (`#->A`), though the same record writes `#->A$` at l. 22. In the engine the
whole line after the dice is one step (the Despot, the roost, the Evening), so the step leaves
`#->A` open before actions it completes, and the search used to refuse it: the referee then
corrected the six actions by hand and left a position without the battle and the draw.

Allowed exactly when, at the step that ends the line (search.py, the `ended` branch):
1. every change the line still has open is a card to one faction X's hand (`#->X`: the action
   makes no other change), n cards in all;
2. the same step puts, unwritten by the line, at least n cards into a card zone of X's own
   board (another zone than the hand: the supporters);
3. the step completes at least one of the line's actions written after the open one (the
   record's order: what it wrote next happened).
The hand atoms are closed and a marker (optional, nothing to consume) keeps the action; once
the line is matched `settle` reports one correction per action, of class `log_card_zone`,
without edits: the engine's position, which follows the Law, is kept."""
from __future__ import annotations

from .repair import Correction

CARD_ZONE = "log_card_zone"


def accept(rp, left, new, diff, bi, game):
    """`new` with the misplaced hand cards closed and marked, or None when the step is not
    of that form (the conditions above). Only a tolerant replay accepts it: a strict one stops
    at the record's error, as it stops at every other."""
    if not getattr(rp, "tolerant", False):
        return None
    open_ = [x for x in new if x[1] and x[0].turn == bi and not x[0].optional]
    if not open_:
        return None
    owner = {rp.mp.hand(rp.mp.factions[x]): x for x in rp.rec.players if x in rp.mp.factions}
    actions = {x[0].action for x in open_}
    for at, _ in open_:
        if not (isinstance(at.place, tuple) and at.place[0] == "zone" and at.sign > 0
                and at.place[1] in owner):
            return None
    # the action makes no other change than the hand's (a card drawn, nothing else)
    if any(at.action in actions and not (at.place == open_[0][0].place) for at, _ in new
           if at.turn == bi and not at.optional):
        return None
    hands = {x[0].place[1] for x in open_}
    if len(hands) != 1:
        return None
    hand = hands.pop()
    letter = owner[hand]
    need = sum(x[1] for x in open_)
    written = {at.place[1] for at, _ in left if isinstance(at.place, tuple) and at.place[0] == "zone"
               and at.sign > 0}
    zones = [k[1] for k, d in diff.items() if k[0] == "zone" and d > 0 and k[1] != hand
             and rp.board_of.get(k[1]) == letter and k[1] not in written]
    if not zones or sum(diff[("zone", z)] for z in zones) < need:
        return None
    first = min(actions)
    closed_later = any(at.action > first and rem and r2 == 0 and at.turn == bi and not at.optional
                       for (at, rem), (_, r2) in zip(left, new))
    if not closed_later:
        return None
    out = [list(x) for x in new]
    for x in out:
        if x[1] and x[0].action in actions and x[0].turn == bi:
            x[1] = 0
    for ai in sorted(actions):
        from .expected import Atom
        marker = Atom(("zone", zones[0]), None, 1, 0, ai, bi, True)
        marker.card_zone = (len(game.history), zones[0])
        out.append([marker, 0])
    return out


def settle(rp, game, left, bi) -> list:
    """After a line was matched: a correction without edits for each action a marker keeps
    (the record error, reported); `left` without the markers."""
    marks = [at for at, _ in left if getattr(at, "card_zone", None)]
    if not marks:
        return left
    for at in marks:
        pos, zone = at.card_zone
        _, t, a = rp.actions[at.action]
        from .repair import classify
        klass = classify(rp, t.line, a.raw)
        c = Correction(pos, t.line, a.raw, t.faction, CARD_ZONE if klass == "unexplained" else klass, [])
        c.action = at.action
        rp.corrections.append(c)
    return [x for x in left if not getattr(x[0], "card_zone", None)]
