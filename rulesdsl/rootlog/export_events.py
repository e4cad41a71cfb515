"""Export, the events beyond pieces, points and cards: item states, plot flips and battles.

Each function reads one event of the game's log (or, for a battle, the events its dice start)
and returns the Rootlog action that records it, or None when the event is not one of its
kind. Nothing here names a faction, item or card: the codes come from the mapping."""
from __future__ import annotations


def item_state(e, mp, letters, active):
    """`status` of items (the mapping's `estados_de_item`: e exhausted, d damaged): on, an
    item exhausted (`%f->e`) or damaged (`%s->d`); off, refreshed (`%fe->r`) or repaired (back
    to the satchel: `%sd->s`). Another faction's items are written from its board (`V$`)."""
    if e.get("t") != "status":
        return None
    state = {v: k for k, v in mp.item_states.items()}.get(e.get("status"))
    if state is None:
        return None
    code = {v: k for k, v in mp.items.items()}
    out = []
    for zone, kind, n in e.get("pieces") or ():
        owner = next((x for x, z in mp.item_zones.items() if z == zone), None)
        if owner is None or kind not in code or owner not in mp.factions:
            continue
        if mp.factions[owner] not in letters:
            continue
        n = int(n or 1)
        count = f"{n}" if n > 1 else ""
        board = "" if mp.factions[owner] == active else f"{owner}$"
        item = f"%{code[kind]}"
        if e.get("on"):
            out.append(f"{count}{item}{board}->{state}")
        elif state == "e":
            out.append(f"{count}{item}{board}e->r")
        else:
            out.append(f"{count}{item}{board}{state}->s")
    return "/".join(out) if out else ""


def flip(e, rev, mp, letters, active, place):
    """A piece turned face up where it stands (a plot revealed: `t4^t_r`, written `Pt4^t_r`
    on another faction's turn). None for another event."""
    if e.get("t") != "flip":
        return None
    new, old = rev.get(e.get("kind")), rev.get(e.get("from"))
    where = place(mp, e.get("space") or "")
    if new is None or old is None or where is None or new[1] == old[1]:
        return ""       # a face turned down again (no code of its own in the notation)
    owner = e.get("owner")
    prefix = old[0] if old[0] is not None and owner != active else ""
    return f"{prefix}{old[1]}{where}^{new[1]}"


class Battle:
    """A battle (4.3): the log's action whose steps have an attacker and a defender opens it,
    the next action ends it. The defender is the one who ambushed (4.3.1), else the owner of
    the pieces the attacker's hits remove, or the faction whose hits remove the attacker's (or
    go elsewhere, such as the Vagabond's items: `hits_replaced`); the clearing is where they
    are, or, nothing removed, the only clearing where both sides have pieces. Written `XE3`
    with its ambushes (`XE3B@M@`: the defender's card, then the attacker's counter; the
    notation writes them in the battle only). A battle that leaves neither in the game's log
    is said in a comment at the end of its line (`// ...`), never silently dropped."""

    def __init__(self, attacker):
        self.attacker = attacker
        self.defender = None
        self.space = None
        self.ambushes = []
        self.rolled = False       # ambushes come before the dice (4.3.1, 4.3.2)

    def ambush(self, by, suit):
        """An ambush card (4.3.1): the defender's, then the attacker's counter."""
        if not self.ambushes and by != self.attacker:
            self.defender = by
        self.ambushes.append(suit)

    def see(self, e):
        """Take an event after the battle opened; False once the battle is over."""
        t = e.get("t")
        if t in ("turn", "action", "setup_done"):
            return False
        if t == "roll":
            self.rolled = True
        if t not in ("remove", "hits_replaced") or self.space is not None:
            return True
        by, owner = e.get("by"), e.get("owner")
        if by == self.attacker and owner not in (None, self.attacker) and self.defender in (None, owner):
            self.defender, self.space = owner, e.get("space")
        elif owner == self.attacker and by not in (None, self.attacker) and self.defender in (None, by):
            self.defender, self.space = by, e.get("space")
        return True

    def settle(self, presence):
        """Without removals, the clearing is the one where the attacker and the defender (or,
        the defender unknown, exactly one other faction) both have pieces, if only one is."""
        if self.space is not None:
            return
        here = [sp for sp, who in presence.items() if who.get(self.attacker, 0) > 0
                and any(n > 0 for f, n in who.items() if f != self.attacker
                        and (self.defender is None or f == self.defender))]
        if len(here) != 1:
            return
        others = [f for f, n in presence[here[0]].items() if n > 0 and f != self.attacker]
        if self.defender is None and len(others) == 1:
            self.defender = others[0]
        if self.defender is not None:
            self.space = here[0]

    def text(self, mp, letters, active, place):
        where = place(mp, self.space or "") if self.space else None
        if self.defender not in letters or where is None:
            return None
        att = letters.get(self.attacker, "")
        prefix = att if self.attacker != active else ""
        return f"{prefix}X{letters[self.defender]}{where}" + "".join(f"{s}@" for s in self.ambushes)


def follow_pieces(e, presence):
    """Who has pieces where: space -> {owner: count}, from the placements, moves and removals."""
    t = e.get("t")
    owner = e.get("owner")
    if owner is None or t not in ("place", "move", "remove"):
        return
    n = int(e.get("count") or 1)
    if t == "move":
        src, dst = e.get("from"), e.get("to") or e.get("space")
    elif t == "place":
        src, dst = None, e.get("space")
    else:
        src, dst = e.get("space"), None
    if src is not None:
        d = presence.setdefault(src, {})
        d[owner] = d.get(owner, 0) - n
    if dst is not None:
        d = presence.setdefault(dst, {})
        d[owner] = d.get(owner, 0) + n


def ambush_suit(e, mp, defs):
    """The suit letter of an ambush card (the mapping's `@` cards) a faction discards or spends;
    None for any other event."""
    if e.get("t") not in ("discard", "spend"):
        return None
    c = e.get("card")
    cid = defs[c] if isinstance(c, int) and 0 <= c < len(defs) else None
    for suit, ids in mp.cards_by_suit.get("@", {}).items():
        if cid in ids:
            return suit
    return None


def battle_actions(g):
    """The actions that are battles: those whose steps have an attacker and a defender."""
    return {aid for aid, roles, _ctx in g.steps.values() if "attacker" in roles and "defender" in roles}


def reveal(e, mp, letters, active, suit_of):
    """Cards shown from a hand (`(R+B)#^` to everyone, `M#^P` to the Corvids; `R#L^` from
    another faction's hand): by suit, as the notation's records write them (the Duchy's sway
    and Lizard rituals show cards this way)."""
    if e.get("t") != "reveal" or e.get("by") not in letters:
        return None
    counts: dict = {}
    for c in e.get("cards") or ():
        s = suit_of(c)
        counts[s] = counts.get(s, 0) + 1
    if not counts:
        return ""
    parts = [(f"{n}" if n > 1 else "") + s for s, n in sorted(counts.items())]
    cards = f"{parts[0]}#" if len(parts) == 1 else "(" + "+".join(parts) + ")#"
    hand = "" if e["by"] == active else letters[e["by"]]
    to = letters.get(e.get("to"), "") if e.get("to") is not None else ""
    return f"{cards}{hand}^{to}"


def trick(e, pending, rev, mp, active, place):
    """Two pieces that trade places (the Corvids' trick: `t12<->t4`), from the pair of moves
    the engine logs for it (`swap`). The first move waits in `pending`; None for any other
    event, "" for the first of a pair."""
    if e.get("t") != "move" or not e.get("swap"):
        return None
    if not pending:
        pending.append(e)
        return ""
    first = pending.pop()
    code = rev.get(first.get("kind"))
    a, b = place(mp, first.get("from") or ""), place(mp, first.get("to") or "")
    if code is None or a is None or b is None:
        return ""
    prefix = code[0] if code[0] is not None and first.get("owner") != active else ""
    return f"{prefix}{code[1]}{a}<->{prefix}{code[1]}{b}"


def counter(e, mp, letters, active, values):
    """A board marker the mapping ties to a counter, set to a number (the Riverfolk's prices:
    `$_h->3`; on another faction's turn `O$_h->3`); a marker left where it was moves nothing
    and is not written. `values` keeps each counter's last value. None for another event."""
    if e.get("t") != "set":
        return None
    for letter, table in mp.counters.items():
        for sub, key in table.items():
            if key == e.get("counter") and isinstance(e.get("value"), int):
                if values.get(key) == e["value"]:
                    return ""
                values[key] = e["value"]
                board = "" if mp.factions.get(letter) == active else letter
                return f"{board}$_{sub}->{e['value']}"
    return None


def closed_path(e, mp, place):
    """A closed path removed (C.3.3, the Mountain map): the engine links its two clearings by
    a path (`link`); the notation writes `5_9->` (1.3, the lower clearing first). None for
    another event; "" for a link the notation cannot name."""
    if e.get("t") != "link":
        return None
    ends = [place(mp, sp) for sp in e.get("spaces") or ()]
    if len(ends) != 2 or not all(x and x.isdigit() for x in ends):
        return ""
    a, b = sorted(ends, key=int)
    return f"{a}_{b}->"
