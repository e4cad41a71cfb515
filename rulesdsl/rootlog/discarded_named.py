"""A card a line names that the engine already discarded, spent by suit, comes back.

The record writes many spends by suit only (`F#P->`, `B#E->$_x`): which card of that suit was
spent is as hidden from it as which card was dealt (cards.py). The engine, playing its own
deal, may have spent there a card a later line names: in mega l. 40 (`P:Zsabo/Zfpart/...`) the
Corvids' hand held neither card, because the engine had discarded the Fox Partisans and two of
the three Saboteurs in earlier spends by suit, and the deck (`cards.ensure`) had none left.

So, before the deal's swaps of a line (`restore`, called just before `cards.ensure`), a card
need by name that no hand, the deck, or a face-down board card (hidden_board_cards.py) can
meet looks at the discard pile. A copy there whose name the record has not written as many
times before this line as there are copies there (a copy the record never showed) trades
identities with a card of the same suit and item that no other need of the line holds, that
no line of the record names, and that is no card a spend lays among the available cards
(a dominance card, 3.3.3: the mapping's `cartas_disponíveis`): the spend took that one. The
needing hand's own card of that kind is taken first (one its owner alone has seen), so the
hand changes by nothing but the named card; with none there, an unseen card of the deck, and
the named card is then in the deck, where `ensure` brings it into the hand. Each trade is
recorded like the deck's swaps (history length, the two card
instances), so a saved replay makes it again."""
from __future__ import annotations

from . import cards as _cards
from . import hidden_board_cards as _hidden_board_cards


def _attr(game, mp, c, key):
    cd = game.g.cards.get(game.s.card_defs[c])
    return cd.attrs.get(mp.card_attrs.get(key, key)) if cd is not None else None


def _twin(game, mp, a, b) -> bool:
    """Cards a and b of the same suit and the same item: one spend may be either."""
    return all(_attr(game, mp, a, k) == _attr(game, mp, b, k) for k in ("naipe", "item"))


def _unseen(game, c) -> bool:
    return not any(game.visible_to(c, f) for f in game.factions)


def _unseen_by_others(game, mp, c, zone) -> bool:
    """No faction but the owner of the hand `zone` has seen card c."""
    return not any(game.visible_to(c, f) for f in game.factions if mp.hand(f) != zone)


def available_ids(mp) -> frozenset:
    """The card ids of the names the mapping lays among the available cards once spent
    (`cartas_disponíveis`, 3.3.3): a spend never sends one of them to the discard."""
    return frozenset(cid for name in mp.available_cards for cid in mp.card_ids(name))


def _ids_named(mp, a) -> set:
    """The card ids the action names (each once)."""
    ids = set()
    for th in a.things:
        if getattr(th, "kind", None) in ("card", None) and th.name:
            ids.update(mp.card_ids(th.name, th.suits))
    return ids


def written_before(rp, bi) -> dict:
    """Card id -> how many actions of the record's lines before block `bi` name it."""
    cache = getattr(rp, "_named_before", None)
    if cache is not None and cache[0] == bi:
        return cache[1]
    out = {}
    for abi, _, a in rp.actions:
        if abi >= bi:
            continue
        for cid in _ids_named(rp.mp, a):
            out[cid] = out.get(cid, 0) + 1
    rp._named_before = (bi, out)
    return out


def named_anywhere(rp) -> frozenset:
    """The card ids some line of the record names: the identities lines need."""
    got = getattr(rp, "_named_anywhere", None)
    if got is None:
        ids = set()
        for _, _, a in rp.actions:
            ids |= _ids_named(rp.mp, a)
        got = rp._named_anywhere = frozenset(ids)
    return got


def _met_elsewhere(game, mp, nd, needs, held) -> bool:
    """Whether `cards.ensure` meets the need without the discard: its zone, its pile, another
    hand, or a face-down card of a faction board."""
    s, g = game.s, game.g
    if any(c not in held and nd.ok(g, mp, s.card_defs[c]) for c in s.zones.get(nd.zone, ())):
        return True
    if any(nd.ok(g, mp, s.card_defs[c]) for c in s.zones.get(nd.pool, ())):
        return True
    if _cards.other_hands(game, mp, nd, held):
        return True
    return _hidden_board_cards.swap_pair(game, mp, nd, s.zones.get(nd.zone, []), held, needs) is not None


def restore(rp, game, needs, bi) -> None:
    """Bring back, by a trade of identities, each card named by a need of block `bi` (its line
    and the next one) that the engine discarded unnamed (module doc)."""
    mp = rp.mp
    s, g = game.s, game.g
    discard = mp.zones.get("descarte")
    if not discard or not s.zones.get(discard):
        return
    held = set()
    for nd in needs:
        if not nd.ids:
            continue
        here = next((c for c in s.zones.get(nd.zone, ()) if c not in held and nd.ok(g, mp, s.card_defs[c])), None)
        if here is not None:
            held.add(here)
            continue
        if _met_elsewhere(game, mp, nd, needs, held):
            continue
        named = written_before(rp, bi)
        pile = s.zones.get(discard, ())
        copies = [c for c in pile if nd.ok(g, mp, s.card_defs[c])]
        if not copies:
            continue
        cid = s.card_defs[copies[-1]]
        if len(copies) <= named.get(cid, 0):
            continue          # each copy there may be one the record showed
        src = copies[-1]
        others = [n2 for n2 in needs if n2 is not nd]
        wanted = named_anywhere(rp)
        kept = available_ids(mp)

        def free(c):
            # a card no other need holds, no line of the record names (the discard keeps it
            # for good as far as the record goes), and no spend would put in the discard (a
            # dominance card spent lies among the available cards, 3.3.3)
            cd = s.card_defs[c]
            return (_twin(game, mp, c, src) and cd not in wanted and cd not in kept
                    and not any(n2.ok(g, mp, cd) for n2 in others))
        # the needing hand's own card of the same suit and item first: the hand changes by
        # nothing but the named card; else an unseen deck card, which `cards.ensure` then
        # brings into the hand
        dst = next((c for c in s.zones.get(nd.zone, ()) if c not in held and free(c)
                    and _unseen_by_others(game, mp, c, nd.zone)), None)
        if dst is not None:
            held.add(dst)        # the hand's card is the named one now
        else:
            # the one the draws reach last (the pile's bottom): the draws before it, and the
            # hands they make, stay as they were
            dst = next((c for c in s.zones.get(nd.pool, ()) if _unseen(game, c) and free(c)), None)
            if dst is None:
                continue
        _cards.swap(game, src, dst)
        rp.swaps.append((len(game.history), src, dst))
