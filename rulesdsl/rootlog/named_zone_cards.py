"""A card the line names onto a board zone is the card chosen there (search.py).

The Duchy's sway (12.5.3) puts a minister among the swayed ones: `#baronofdirt->$`. The
swayed ministers are a watched zone (the mapping's `quadro:`), so the line's change there is
"one card more", and any minister made it: the breadth-first search stops at the first depth
where a change completes the line's next action, and a squire, whose sway reveals two cards
(12.5.3.II: its rank plus one), completes it two decisions before the lord the record names,
which reveals four. r1g3 l. 33 swayed the Foremole for one point where the record's Baron of
Dirt gives three (`++3`), and the line was corrected. The cards the record names onto a board
zone, in an action of the line not yet made, are therefore the only ones tried at a choice
that offers one of them.

The same holds for a card named onto a board spot the mapping does not watch (a new Eyrie
leader `#charismatic->$`, a Hundreds mood `#wrathful->$`: Expected.named_moves). The line's end
demands it (Search._named_moved), and another card may make the line's next change sooner (the
Grandiose mood advances before moving, 14.7.2), so the search would stop at that depth and
never reach the named card's continuation. One filter serves both: a card named onto any board
location by an action of the lines not yet made. For a watched zone the action is not made
while its changes are open; for an unwatched spot, while no card of that name has moved since
the line began (the same test as Search._named_moved)."""
from __future__ import annotations

# decisions whose numbered options are not cards
NOT_CARDS = ("branch", "count", "order")


def only(rp, game, left, keyed, ids) -> list:
    """`keyed` [(key, option index)] narrowed to the options that are a card some action of
    the lines being matched, not yet made, names onto a board location (a watched zone or an
    unwatched spot); unchanged when no option is."""
    d = game.pending
    if d is None or str(d.kind) in NOT_CARDS or not ids or not all(o.isdigit() for o in ids):
        return keyed          # not a choice among cards (a branch's options are numbers too)
    wanted = _named_open(rp, left) | named_spots_open(rp, game)
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


def named_spots_open(rp, game) -> set:
    """The card ids of each card the line being matched names onto a board spot the mapping
    does not watch (Expected.named_moves) while no card of that name has left the place it
    had when the line began (Replayer._named_start)."""
    start = getattr(rp, "_named_start", None)
    if not start:
        return set()
    nb = getattr(rp, "next_block", None)
    bi = (len(rp.blocks) if nb is None else nb) - 1
    defs = game.s.card_defs
    now = {c: z for z, cs in game.s.zones.items() for c in cs if c in start}
    out = set()
    for ids in rp.named_moves.get(bi, ()):
        if not any(defs[c] in ids and now.get(c) != z for c, z in start.items()):
            out.update(ids)
    return out
