"""A hand shown for outrage (8.2.6) holds no card matching the clearing (shown_hand.py).

winter_tournament_r1g5 l. 59 (`E:M#E->$_m/w12->3/^A/#->A$/...`): the Eyrie moves into a
sympathetic clearing and shows its hand, so it held no card of the clearing's suit and no bird
(wild, 2.1.1). The engine's dealt hand held two birds, and the Eyrie gave one where the record's
Alliance drew from the deck."""
from rulesdsl.rootlog.notation import parse

HEAD = "E: Rapinas\nC: Marqueses\nE:#->E\nC:#->C\n"


def _setup(root_def, mapping, line):
    from rulesdsl.interpreter.board import attr
    from rulesdsl.interpreter.engine import Game
    from rulesdsl.rootlog.replay import Replayer
    rp = Replayer(root_def, parse(HEAD + line + "\nC:#->C\n"), mapping)
    game = Game(root_def, ["rapinas", "marqueses"], seed=1, deck_id="exilados")
    suit = attr(game.ctx, mapping.space(rp.rec.turns[2].actions[0].dests[0]), "naipe")
    return rp, game, suit


def _cards_of(game, root_def, suit, n):
    """`n` card instances in the deck of the given suit."""
    defs = game.s.card_defs
    out = [c for c in game.s.zones["baralho"] if root_def.cards[defs[c]].attrs.get("naipe") == suit]
    return out[:n]


def _suits(game, root_def, zone):
    return [root_def.cards[game.s.card_defs[c]].attrs.get("naipe") for c in game.s.zones[zone]]


def test_a_hand_shown_after_a_move_holds_no_card_of_the_clearing_nor_a_bird(root_def, mapping):
    """The Eyrie moves into clearing 3 and shows its hand: of a card of that clearing's suit, a
    bird and a card of another suit, the first two are swapped for deck cards that match
    neither; the third stays."""
    from rulesdsl.rootlog import shown_hand
    rp, game, suit = _setup(root_def, mapping, "E:w1->3/^C/2w->1")
    other = next(s for s in ("raposa", "coelho", "rato") if s != suit)
    hand = _cards_of(game, root_def, suit, 1) + _cards_of(game, root_def, "passaro", 1) \
        + _cards_of(game, root_def, other, 1)
    game.s.zones["baralho"] = [c for c in game.s.zones["baralho"] if c not in hand]
    game.s.zones["rapinas:mao"] = list(hand)
    kept = game.s.card_defs[hand[2]]
    swaps = []
    assert shown_hand.clear(rp, game, rp.blocks[1][1], [], swaps) == 2
    suits = _suits(game, root_def, "rapinas:mao")
    assert len(suits) == 3 and suit not in suits and "passaro" not in suits
    assert game.s.card_defs[hand[2]] == kept
    assert [dst for _, _, dst in swaps] == hand[:2]


def test_a_card_the_line_spends_stays_in_the_shown_hand(root_def, mapping):
    """The line first puts a card of the clearing's suit in its decree, then moves there and
    shows its hand: that card stays (the line needs it); a bird is still swapped out."""
    from rulesdsl.rootlog import cards, shown_hand
    _, game, suit = _setup(root_def, mapping, "E:w1->3/^C")        # clearing 3's suit
    letter = next(k for k, v in mapping.suits.items() if v == suit)
    rp, _, _ = _setup(root_def, mapping, f"E:w1->3/^C/{letter}#E->$_m")
    hand = _cards_of(game, root_def, suit, 1) + _cards_of(game, root_def, "passaro", 1)
    game.s.zones["baralho"] = [c for c in game.s.zones["baralho"] if c not in hand]
    game.s.zones["rapinas:mao"] = list(hand)
    turns = rp.blocks[1][1]
    needs = cards.needs_of(turns[0], mapping, "rapinas")
    assert len(needs) == 1
    swaps = []
    assert shown_hand.clear(rp, game, turns, needs, swaps) == 1
    assert _suits(game, root_def, "rapinas:mao") == [suit, _suits(game, root_def, "rapinas:mao")[1]]
    assert _suits(game, root_def, "rapinas:mao")[1] not in (suit, "passaro")


def test_a_hand_the_line_does_not_show_is_left_alone(root_def, mapping):
    """The same move with no hand shown: nothing is swapped."""
    from rulesdsl.rootlog import shown_hand
    rp, game, suit = _setup(root_def, mapping, "E:w1->3/2w->1")
    hand = _cards_of(game, root_def, suit, 1) + _cards_of(game, root_def, "passaro", 1)
    game.s.zones["rapinas:mao"] = list(hand)
    swaps = []
    assert shown_hand.clear(rp, game, rp.blocks[1][1], [], swaps) == 0
    assert game.s.zones["rapinas:mao"] == hand and swaps == []
