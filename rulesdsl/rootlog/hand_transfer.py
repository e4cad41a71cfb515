"""A correction's card given from one zone to another (repair.plan).

A record line that gives a card (`#G->C`: the Vagabond's Aid, 9.5.4; `#V->E`; a card put on the
giver's own board, `#A->$`) is, as expected changes, one card less in the giver's zone and one
more in the receiver's. Corrected one change at a time, the giver's card went to the discard
pile and the receiver drew the deck's top card: the receiver then held a card the giver never
had (r1g2 l. 28: the Marquise got a deck card for the mouse card the second Vagabond gave her
in 10, and could not spend a mouse card in l. 29) and the deck lost one. Paired within one
action, the correction moves the giver's card itself."""
from __future__ import annotations


def _zone_atom(at, n, sign):
    return n and not at.optional and at.sign == sign and isinstance(at.place, tuple) \
        and at.place[0] == "zone"


def card_transfers(atoms) -> dict:
    """{id(atom): [source zone, cards]} for each card-receiving atom of these (one action's)
    open changes paired with a giving one of another zone, and {id(atom): [None, cards]} for
    each giving atom: how many of its cards leave by a transfer, not to the discard pile."""
    gives = [[at, n] for at, n in atoms if _zone_atom(at, n, -1)]
    out: dict = {}
    for at, n in atoms:
        if not _zone_atom(at, n, 1):
            continue
        for g in gives:
            if not n:
                break
            if g[1] and g[0].place[1] != at.place[1]:
                m = min(n, g[1])
                g[1] -= m
                n -= m
                out.setdefault(id(at), [g[0].place[1], 0])[1] += m
                out.setdefault(id(g[0]), [None, 0])[1] += m
    return out


def suit_fit(rp, game, atoms):
    """A test of a card instance: of a suit the action writes (`B#E->$_r`: a bird card), or
    None when it writes none."""
    try:
        a = rp.actions[atoms[0][0].action][2]
        mp, s, g = rp.mp, game.s, game.g
    except (AttributeError, IndexError, TypeError):
        return None
    want = {mp.suits.get(x, x) for th in a.things if th.kind == "card" for _, x in th.suits or ()}
    if not want:
        return None
    key = mp.card_attrs.get("naipe", "naipe")

    def fits(c):
        cd = g.cards.get(s.card_defs[c])
        return cd is not None and cd.attrs.get(key) in want
    return fits


def transfer(moved, at, n, edits, zone, fits=None) -> int:
    """Make the transfer part of atom `at`'s `n` open changes (card edits appended; `zone(z)`
    is the plan's running copy of zone z; the giver's last card `fits`, else its last card);
    returns how many are left to the usual edits."""
    src, m = moved[id(at)]
    m = min(m, n)
    if src is None:
        return n - m              # the giving side: its cards move with the receiving atom
    dst = at.place[1]
    for _ in range(m):
        pool = zone(src)
        if not pool:
            return n
        i = next((j for j in range(len(pool) - 1, -1, -1) if fits(pool[j])), None) if fits else None
        card = pool.pop() if i is None else pool.pop(i)
        zone(dst).append(card)
        edits.append(["card", card, src, dst])
        n -= 1
    return n
