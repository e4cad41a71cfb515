"""A card the line names onto a board zone is the card chosen there (search.py).

The Duchy's sway (12.5.3) puts a minister among the swayed ones: `#baronofdirt->$`. The
swayed ministers are a watched zone (the mapping's `quadro:`), so the line's change there is
"one card more", and any minister made it: the breadth-first search stops at the first depth
where a change completes the line's next action, and a squire, whose sway reveals two cards
(12.5.3.II: its rank plus one), completes it two decisions before the lord the record names,
which reveals four. r1g3 l. 33 swayed the Foremole for one point where the record's Baron of
Dirt gives three (`++3`), and the line was corrected. The cards the record names onto a board
zone, in an action of the line not yet made, are therefore the only ones tried at a choice
that offers one of them (as a new Eyrie leader is: Search._named_spot_only)."""
from __future__ import annotations

# decisions whose numbered options are not cards
_NOT_CARDS = ("branch", "count", "order")


def only(rp, game, left, keyed, ids) -> list:
    """`keyed` [(key, option index)] narrowed to the options that are a card some open action
    of the lines being matched names onto a board zone; unchanged when no option is."""
    d = game.pending
    if d is None or str(d.kind) in _NOT_CARDS or not ids or not all(o.isdigit() for o in ids):
        return keyed          # not a choice among cards (a branch's options are numbers too)
    wanted = _named_open(rp, left)
    if not wanted:
        return keyed
    defs = game.s.card_defs
    named = []
    for k, i in keyed:
        oid = ids[i]
        if k is not None and oid.isdigit():
            try:
                if defs[int(oid)] in wanted:
                    named.append((k, i))
            except (IndexError, KeyError):
                pass
    return named or keyed


def _named_open(rp, left) -> set:
    """The card ids named onto a board zone by the open actions of the lines being matched."""
    lines = getattr(rp, "turn_lines", None) or ()
    opn = {at.action for at, rem in left if rem and not at.optional}
    out = set()
    for ai in opn:
        try:
            _, t, a = rp.actions[ai]
        except (IndexError, TypeError, ValueError):
            continue
        if not any(t is x for x in lines):
            continue
        for th in getattr(a, "things", None) or ():
            if th.kind != "card" or not th.name:
                continue
            if any(rp._board_zone(d, t.faction) for d in a.dests):
                out.update(rp.mp.card_ids(th.name, th.suits))
                out.add(th.name)          # a card written by its id (cards.named_choice)
    return out
