"""A card the referee's correction takes out of a zone (repair.py): moved to where the record
writes it, or discarded by the engine's own rules.

The notation writes a card with no destination (`2R#$->`, `M#C->`) as discarded, and writes
the Lizards' Lost Souls as discards too (../shared/reference/rootlog-notation.md, 1.6): where
the discarded card goes is the rules' business, not the record's (Law 10.2.6: with the Lizards
in play, every card spent or discarded goes to the Lost Souls instead; 3.3.3: a dominance card
becomes available). A correction used to put such a card straight on the discard pile, so the
Lost Souls the Lizards' Birdsong reads (10.4.1, the Outcast) missed it (orderly l. 30, r2g3 l. 46:
docs/rootlog.md «O árbitro descarta pelas regras»). It now discards it through the engine's
discard (interpreter/verbs/cards.py `discard_one`: the replacements `em_vez_de: {evento:
descarte}` and the discard triggers), as the edit `["discard", card, zone, by]`.

Which card: one of the suits or the name the record writes, when the zone holds one (the line's
card needs were dealt into it, cards.py); else the zone's last card, as before.

A card the same action writes onto another zone (`F#V->C`, a give; `#A->$`, mobilised) is that
same card, moved there: before, the correction discarded the hand's last card and drew another
one from the deck for the destination.

The other edits keep the state's plain methods, on purpose: a piece a correction removes
(`take`) fires no removal hooks, and a card it puts in a hand is no draw, because the record
writes what those hooks make as changes of their own (points `++`, a warrior to the acolytes
`Lw7->L$`, the discards of a garden removed, a card drawn instead), which the same correction
makes: running the hooks too would make them twice."""
from __future__ import annotations

from .cards import Need

DISCARD = "discard"
LIMIT = 50          # decisions a referee's discard may meet (none in the data: see apply_edit)


def wants(rp, at) -> list:
    """Per card the atom's action takes out of the atom's zone, a Need (suit or ids) or None
    (any card), in the record's order."""
    try:
        _, turn, a = rp.actions[at.action]
    except (AttributeError, IndexError, TypeError, ValueError):
        return []
    mp, zone = rp.mp, at.place[1]
    out = []
    if a.kind == "craft":
        # the crafted card (1.3: not written again): of the item crafted (`Z%t`), or named (`Zsap`)
        if a.item and mp.items.get(a.item):
            return [Need(zone, None, item=mp.items.get(a.item))]
        name = a.things[0].name if a.things else None
        ids = mp.card_ids(name) if name else ()
        return [Need(zone, None, ids=ids)] if ids else []
    for th in getattr(a, "things", ()) or ():
        if th.kind != "card" or _start_zone(rp, turn.faction, th) != zone:
            continue
        ids = mp.card_ids(th.name, th.suits) if th.name else ()
        if th.ambush and not th.name:
            ids = mp.card_ids("@", th.suits)
        if ids:
            out.extend(Need(zone, None, ids=ids) for _ in range(th.count))
        elif th.suits:
            for k, s in th.suits:
                out.extend(Need(zone, None, suit=mp.suits.get(s)) for _ in range(k))
        else:
            out.extend(None for _ in range(th.count))
    return out


def _start_zone(rp, letter, th):
    """The card zone a thing leaves (a faction board's or a hand), as Expected reads it."""
    return rp._board_zone(th.start, letter) or rp._hand(th.start, letter)


def pick(rp, s, pool, need):
    """The card of `pool` (a zone's planned content) to take out for `need`: the last one
    that fits it, else the last one."""
    if need is not None:
        defs, g = s.card_defs, rp.g
        for c in reversed(pool):
            if need.ok(g, rp.mp, defs[c]):
                return c
    return pool[-1]


def destinations(atoms) -> list:
    """[[atom, count]] of the cards these atoms put on a card zone (a mutable tally)."""
    return [[at, n] for at, n in atoms
            if n and not at.optional and at.sign > 0 and isinstance(at.place, tuple) and at.place[0] == "zone"]


def paired(dests, at):
    """The atom of the same action that puts a card on another zone (its tally taken), or None."""
    for x in dests:
        bt, n = x
        if n > 0 and bt.action == at.action and bt.place != at.place:
            x[1] -= 1
            return bt
    return None


def settle(dests, moved, at) -> int:
    """How many cards the atom `at` (sign +1) already got by a move; no later card is moved
    onto it (its own draws are planned now)."""
    for x in dests:
        if x[0] is at:
            x[1] = 0
    return moved.get(id(at), 0)


def take_out(rp, game, at, n, dests, moved, pool_of, edits) -> int:
    """The edits that take `n` cards out of the zone of the atom `at` (sign -1): each moved
    to the zone the same action writes (`moved[id(atom)]` counts them, so that atom draws that
    many fewer from the deck), or discarded by the engine's rules. `pool_of(z)` is the planned
    content of zone z (repair.plan follows its own edits). Returns how many no card was left for."""
    s, src = game.s, at.place[1]
    needs = wants(rp, at)
    try:
        letter = rp.actions[at.action][1].faction
    except (AttributeError, IndexError, TypeError):
        letter = None
    default = rp.mp.factions.get(letter) or (game.factions[0] if game.factions else None)
    missing = 0
    for _ in range(n):
        pool = pool_of(src)
        if not pool:
            missing += 1
            continue
        card = None
        for i, need in enumerate(needs):
            c = pick(rp, s, pool, need)
            if need is None or need.ok(rp.g, rp.mp, s.card_defs[c]):
                card = c
                del needs[i]
                break
        if card is None:
            card = pool[-1]
        pool.remove(card)
        dst = paired(dests, at)
        kept = _kept(rp, game, at, card)
        if kept is not None:
            pool_of(kept).append(card)
            edits.append(["card", card, src, kept])
        elif dst is not None:
            moved[id(dst)] = moved.get(id(dst), 0) + 1
            pool_of(dst.place[1]).append(card)
            edits.append(["card", card, src, dst.place[1]])
        else:
            edits.append([DISCARD, card, src, owner(game, src, default)])
    return missing


def _kept(rp, game, at, card):
    """The play area a crafted card stays in (4.1: a card the data marks with the mapping's
    `atributos_de_carta: {permanente: ...}` attribute), or None: any other crafted card is
    discarded (an item's, 4.1)."""
    mp = rp.mp
    attr, pattern = mp.card_attrs.get("permanente"), mp.zones.get("área_de_jogo")
    _, turn, a = rp.actions[at.action]
    if a.kind != "craft" or not attr or not pattern or turn.faction not in mp.factions:
        return None
    cid = game.s.card_defs[card]
    if not rp.g.cards[cid].attrs.get(attr):
        return None
    return str(pattern).replace("{facção}", mp.factions[turn.faction])


def owner(game, zone, default):
    """Who discards a card of this zone: the faction the zone belongs to (`alianca:mao`,
    `alianca.apoiadores`), else `default`."""
    for sep in (":", "."):
        head = zone.split(sep, 1)[0]
        if sep in zone and head in game.factions:
            return head
    return default


def apply_edit(game, e) -> None:
    """Discard the card through the engine's discard of one card (its replacements and
    triggers), run to its end on a machine of its own. The empty deck is not rebuilt here:
    the engine's next draw rebuilds it (2.1), as after a discard it makes itself. A rule set
    off by it that asks a decision gets the first option (a referee has no choice to make;
    none of the data's discard hooks asks one), and the log says so."""
    from ..interpreter.machine import Machine
    from ..interpreter.verbs.cards import discard_one
    _, card, zone, by = e[:4]
    s = game.s
    if card not in s.zones.get(zone, ()):
        raise ValueError(f"correction: card {card} is not in {zone}")
    ctx = game.ctx.child(me=by, env={})
    r = discard_one(ctx, card, zone, by, False)
    if r is None:
        return
    m = Machine()
    d = m.run(None, r)
    n = 0
    while d is not None:
        n += 1
        if n > LIMIT or not getattr(d, "options", None):
            raise ValueError(f"correction: the discard of card {card} does not end")
        game.log_event("correction_choice", by, card=card, option=0)
        d = m.run(0)
