"""The Eyrie's decree in the real games, second part (docs/rootlog.md, «O decreto das Rapinas,
segunda parte»): the cards a line adds to the decree, as many as it writes."""
from rulesdsl.rootlog.notation import parse

# winter_tournament_r2g3 l. 45: one mouse card to Battle and one to Move (`w->5+6` puts a
# warrior in each clearing; a card to two columns is a card in each)
TWO_COLUMNS = "E: Rapinas\nC: Marqueses\nE:#->E\nC:#->C\nE:M#E->$_x+$_m/2w->9\nC:#->C\n"


def _suit(game, mapping, c):
    return game.g.cards[game.s.card_defs[c]].attrs.get(mapping.card_attrs.get("naipe", "naipe"))


def test_a_suit_written_for_two_columns_is_two_cards_of_that_suit_in_the_hand(root_def, mapping):
    """`M#E->$_x+$_m`: the Eyrie's hand must hold two mouse cards, not one. With one, the
    engine's only way to fill the second column was a card of another suit, which the decree's
    suit check (decree.wrong_card) rightly refuses: the whole line was corrected (r2g3 lost 18
    matched actions). The replay deals the hand a second mouse card instead."""
    from rulesdsl.interpreter.engine import Game
    from rulesdsl.rootlog.cards import ensure, needs_of
    rec = parse(TWO_COLUMNS)
    turn = next(t for t in rec.turns if t.line == 5)
    needs = needs_of(turn, mapping, "rapinas")
    mouse = mapping.suits.get("M")
    assert [n.suit for n in needs] == [mouse, mouse]

    game = Game(root_def, ["rapinas", "marqueses"], seed=1)
    hand = mapping.hand("rapinas")
    zones = game.s.zones
    deck = mapping.zones.get("baralho", "baralho")
    # a hand of one mouse card and two others, dealt from the deck
    pile = list(zones[deck])
    mine = [next(c for c in pile if _suit(game, mapping, c) == mouse)]
    mine += [c for c in pile if _suit(game, mapping, c) not in (mouse, "passaro")][:2]
    zones[deck] = [c for c in pile if c not in mine]
    zones[hand] = list(zones.get(hand, ())) + mine
    size = len(zones[hand])
    assert ensure(game, mapping, needs, []) == []
    held = game.s.zones[hand]
    assert len(held) == size
    assert sum(_suit(game, mapping, c) == mouse for c in held) >= 2

