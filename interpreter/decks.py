"""Several decks (engine-gaps N16): which decks are in play and where each is drawn from,
discarded to and drawn into.

A deck of the data that names its piles (`pilha_de_compra:` / `pila_de_robo:` and the
others, see GameDef.deck_piles) is in play beside the game's deck (`jogo: baralho:`). The
game's deck without named piles takes the zones GameDef finds where only one zone fits (the
hidden global card zone, the zone it refills from or the other card zone, the hidden player
card zone); where several would fit, the data must name them (M101). Root names its piles."""
from __future__ import annotations


def in_play(g, deck_id) -> list:
    """[(deck id, DeckPiles)] of the decks a game uses: the game's deck first (its card
    instances are numbered first, as before), then every other deck that names its piles."""
    from .gamedef import DeckPiles
    out = []
    if deck_id:
        out.append((deck_id, g.deck_piles.get(deck_id)
                    or DeckPiles(g.draw_zone, g.discard_zone, g.hand_zone, True)))
    main_draw = out[0][1].draw if out else None
    for did, p in g.deck_piles.items():
        if did != deck_id and p.draw != main_draw:
            out.append((did, p))
    return out


def piles_of_card(engine, card):
    """The piles of the deck a card instance belongs to (None: a faction's own card)."""
    did = engine.g.card_deck.get(engine.s.card_defs[card])
    return engine.deck_piles.get(did)


def discard_zone(engine, card) -> str:
    p = piles_of_card(engine, card)
    return engine.g.discard_zone if p is None or p.discard is None else p.discard


def by_name(engine, name):
    """A deck named in a rule by its id or by its draw pile -> DeckPiles, or None."""
    name = str(name)
    p = engine.deck_piles.get(name)
    if p is not None:
        return p
    return next((p for p in engine.deck_piles.values() if p.draw == name), None)
