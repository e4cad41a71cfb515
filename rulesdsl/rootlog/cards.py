"""Cards whose identity the log reveals only when they are used.

The engine deals its deck with a seeded shuffle; the real game's deck order is unknown. When a
turn line uses a card the engine's hand lacks (`Z%t` crafts a tea card, `F#C->` spends a fox,
`#adventurer->$` picks a character, `M#Q->$` completes a mouse quest), the replay swaps the
identities of two card instances that nobody has seen in the engine's game: one in the hand
(or the visible quests) that no other need of the line holds, one in the pile it was dealt
from. A swap is what a different shuffle would have dealt; each is recorded (history length,
the two instances) so a saved replay reapplies it at the same point."""
from __future__ import annotations

from . import hidden_board_cards as _hidden_board_cards


class Need:
    __slots__ = ("zone", "pool", "ids", "suit", "item", "pair")

    def __init__(self, zone, pool, ids=(), suit=None, item=None, pair=None):
        self.zone, self.pool = zone, pool
        self.ids, self.suit, self.item = tuple(ids), suit, item
        # a quest's items: (attribute names, sorted values) its two items, or (attribute
        # names, value) one of them (an improvised quest, D.7.2: the other one is any item)
        self.pair = pair

    def ok(self, g, mp, cid) -> bool:
        if cid not in g.cards:
            return False
        if self.ids:
            return cid in self.ids
        attrs = g.cards[cid].attrs
        if self.suit is not None and attrs.get(mp.card_attrs.get("naipe", "naipe")) != self.suit:
            return False
        if self.item is not None and attrs.get(mp.card_attrs.get("item", "item")) != self.item:
            return False
        if self.pair is not None:
            keys, want = self.pair
            vals = [str(attrs.get(k)) for k in keys]
            if (sorted(vals) != want) if isinstance(want, list) else (want not in vals):
                return False
        return self.suit is not None or self.item is not None


def needs_of(turn, mp, fid, known=()) -> list:
    """What cards the acting faction's line uses, as Needs (hand, board or quests). A name
    the mapping lacks may be a card id of the ruleset itself (`known`: what rulesdsl's
    export writes)."""
    out = []

    def ids_of(name, suits=()):
        ids = mp.card_ids(name, suits)
        return ids or ((name,) if name in known else ())

    hand = mp.hand(fid)
    deck = mp.zones.get("baralho", "baralho")
    letter = turn.faction
    quest_keys = mp.card_attrs.get("itens_de_tarefa") or []
    prevs = []
    put_on = set()       # (board zone, card name) the line itself has put there
    for a in turn.actions:
        before, prevs = prevs[-2:], prevs + [a]
        if a.kind == "craft":
            if a.item:
                out.append(Need(hand, deck, item=mp.items.get(a.item)))
            elif a.things and ids_of(a.things[0].name):
                out.append(Need(hand, deck, ids=ids_of(a.things[0].name)))
            continue
        if a.kind == "battle":
            # `XC3B@M@`: the defender's ambush card, then the attacker's (4.3.1): their hands
            # hold them (the engine offers an ambush only to a hand with one)
            for who, suit in zip((a.target, a.faction or letter), a.ambushes):
                ids = mp.card_ids("@", ((1, suit),)) if who in mp.factions else ()
                if ids:
                    out.append(Need(mp.hand(mp.factions[who]), deck, ids=ids))
            continue
        if a.kind == "reveal":
            # `(R+B)#^`, `2M#^`: cards of these suits shown from the owner's hand (the Duchy's
            # sway and builds, the Lizards' rituals): the hand holds them
            owner = a.faction or letter
            if owner not in mp.factions:
                continue
            for th in a.things:
                if th.kind != "card":
                    continue
                ids = ids_of(th.name, th.suits) if th.name else ()
                if ids:
                    out.append(Need(mp.hand(mp.factions[owner]), deck, ids=ids))
                    continue
                for k, s in th.suits:
                    out.extend(Need(mp.hand(mp.factions[owner]), deck, suit=mp.suits.get(s)) for _ in range(k))
            continue
        if a.kind != "move":
            continue
        for th in a.things:
            if th.kind != "card":
                continue
            st = th.start
            if st is not None and st.kind == "quests":
                zone = mp.zones.get("tarefas")
                pool = mp.zones.get("baralho_de_tarefas")
                if zone and pool:
                    pair = _quest_items(before, mp, quest_keys)
                    for k, s in th.suits:
                        out.extend(Need(zone, pool, suit=mp.suits.get(s), pair=pair) for _ in range(k))
                continue
            zone = hand
            for d in a.dests:
                if th.name and d.kind == "board" and (d.faction or letter) == letter:
                    put_on.add((mp.boards.get(letter, {}).get(d.sub or ""), th.name))
            if st is not None and st.kind == "board" and (st.faction or letter) == letter:
                zone = mp.boards.get(letter, {}).get(st.sub or "")
                if zone is None or (th.name and (zone, th.name) in put_on):
                    # the line put it there itself (`B#sapE->$_b ... B#sap$_b->`): the hand
                    # held it; a card already on the board is known and is never swapped
                    continue
            elif st is not None and st.kind == "hand" and st.faction in mp.factions:
                zone = mp.hand(mp.factions[st.faction])      # also another faction's hand
            else:
                continue
            ids = ids_of(th.name, th.suits) if th.name or th.ambush else ()
            if th.ambush and not th.name:
                ids = mp.card_ids("@", th.suits)
            if ids:
                out.append(Need(zone, deck, ids=ids))
                continue
            # one card to each destination (`M#E->$_x+$_m`: two mouse cards, as `w->5+6`
            # puts a warrior in each; expected.py counts them so): r2g3 l. 45
            each = max(1, len(a.dests))
            for k, s in th.suits:
                out.extend(Need(zone, deck, suit=mp.suits.get(s)) for _ in range(k * each))
    return out


def _quest_items(before, mp, keys):
    """The items a quest's line exhausts just before it: (the quest card's item attributes,
    their sorted values) for two items exhausted (`%f+%t->s+e`, `%r+%x->e`), or (attributes,
    one value) for an improvised quest (D.7.2: `%s->e+d/%f->e`, the item exhausted and damaged
    is any item, the other one is the quest's); None when the line does not say."""
    if len(keys) != 2:
        return None
    real, improvised = [], []
    for a in reversed(before):
        if a.kind != "move" or not a.things or any(th.kind != "item" for th in a.things):
            break
        words = {d.value for d in a.dests if d.kind == "word"}
        if "e" not in words or len(words) != len(a.dests):
            break
        for th in a.things:
            (improvised if "d" in words else real).extend([mp.items.get(th.type)] * th.count)
        if len(real) + len(improvised) >= 2:
            break
    if None in real or None in improvised:
        return None
    if improvised and len(real) == 1:
        return (tuple(keys), real[0])
    if not improvised and len(real) == 2:
        return (tuple(keys), sorted(real))
    return None


def ensure(game, mp, needs, swaps, variant=0, alts=None) -> list:
    """Swap card identities so each need is met; returns the needs that could not be.
    `variant` k takes, for each need, the k-th fitting card of the pile (cycling), not the
    first; `alts` (a list) gets how many fitting cards each swap had to choose from."""
    s = game.s
    g = game.g
    unmet = []
    held = set()
    for nd in needs:
        zone = s.zones.get(nd.zone, [])
        have = next((c for c in zone if c not in held and nd.ok(g, mp, s.card_defs[c])), None)
        if have is not None:
            held.add(have)
            continue
        pool = s.zones.get(nd.pool, [])
        fits, seen = [], set()
        for c in reversed(pool):
            cid = s.card_defs[c]
            if cid not in seen and nd.ok(g, mp, cid):
                seen.add(cid)
                fits.append(c)
        if not fits:
            fits = other_hands(game, mp, nd, held)
        src = fits[variant % len(fits)] if fits else None
        if alts is not None and fits:
            alts.append(len(fits))
        dst = next((c for c in zone if c not in held and not any(
            n2.ok(g, mp, s.card_defs[c]) for n2 in needs if n2 is not nd)), None)
        if dst is None:
            dst = next((c for c in zone if c not in held), None)
        if src is None:      # face down on a faction board, swapped suit for suit (hidden_board_cards.py)
            src, dst = _hidden_board_cards.swap_pair(game, mp, nd, zone, held, needs) or (None, dst)
        if src is None or dst is None:
            unmet.append(nd)
            continue
        swap(game, src, dst)
        swaps.append((len(game.history), src, dst))
        held.add(dst)
    return unmet


def other_hands(game, mp, nd, held) -> list:
    """A card the need fits in another faction's hand, when the pile it was dealt from has
    none: the engine's deal put it in a hand the record never shows it in (the rabbit
    dominance the Marquise spends for Overwork, dealt by the engine to the Vagabond), and which
    unseen card of a hand is which is the deal's choice as much as the pile's."""
    s = game.s
    out = []
    for f in game.factions:
        zone = mp.hand(f)
        if zone == nd.zone:
            continue
        out.extend(c for c in s.zones.get(zone, []) if c not in held and nd.ok(game.g, mp, s.card_defs[c]))
    return out


def swap(game, a, b):
    s = game.s
    defs = list(s.card_defs)          # card_defs is shared by clones: copy on write
    defs[a], defs[b] = defs[b], defs[a]
    s.card_defs = defs
    s.ver += 1


def preferred(game, mp, needs, option) -> bool:
    """A card instance option that some need of the line names."""
    try:
        cid = game.s.card_defs[int(option)]
    except (ValueError, TypeError, IndexError):
        return False
    return any(nd.ok(game.g, mp, cid) for nd in needs)


def named_choice(game, mp, turn, option) -> bool:  # noqa: C901
    """A card instance option that the line names outright (`#adventurer->$`)."""
    try:
        cid = game.s.card_defs[int(option)]
    except (ValueError, TypeError, IndexError):
        return False
    for a in turn.actions:
        for th in a.things:
            if th.kind == "card" and th.name and (cid in mp.card_ids(th.name, th.suits) or cid == th.name):
                return True
    return False
