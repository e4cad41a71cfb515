"""The Vagabond's Aid (9.5.4), written without the card's suit (`2#V->E`): his hand holds
cards of his clearing's suit (rulesdsl/rootlog/hand_gifts.py).

mega_exploding_birds l. 32 (`V:...p->8/.../%h+%x->e/2#V->E/$_E->2/++2`): the Vagabond moves to
a mouse clearing and aids the Eyrie twice."""
from rulesdsl.rootlog.notation import parse

HEAD = "V: Malandro\nE: Rapinas\nV:p->3\nE:w->8\n"
HAND = "malandro:mao"


def _replayer(root_def, mapping, line):
    from rulesdsl.rootlog.replay import Replayer
    return Replayer(root_def, parse(HEAD + line + "\nE:#->E\n"), mapping)


def _game(root_def, pawn, hand_suit_not):
    """Vagabond and Eyrie; the pawn at `pawn`, four Eyrie warriors in 8; the Vagabond's hand
    three cards of no suit in `hand_suit_not` (nor bird)."""
    from rulesdsl.interpreter.engine import Game
    game = Game(root_def, ["malandro", "rapinas"], seed=1, deck_id="exilados")
    game.s.put(pawn, "malandro.peao", 1)
    game.s.put("c8", "rapinas.guerreiro", 4)
    defs = game.s.card_defs
    deck = game.s.zones["baralho"]
    others = [c for c in deck if root_def.cards[defs[c]].attrs.get("naipe") not in hand_suit_not + ("passaro",)][:3]
    game.s.zones["baralho"] = [c for c in deck if c not in others]
    game.s.zones[HAND] = list(others)
    return game


def _suits(root_def, game):
    return [root_def.cards[game.s.card_defs[c]].attrs.get("naipe") for c in game.s.zones[HAND]]


def test_two_cards_given_after_a_move_are_of_the_new_clearings_suit(root_def, mapping):
    """Position: the pawn in 3, a hand with no card of clearing 8's suit; the line moves to 8
    and gives two cards to the Eyrie. Result: the line asks for two cards of 8's suit, and
    dealing them (two swaps with the deck) leaves the hand's size as it was."""
    from rulesdsl.interpreter.board import attr
    from rulesdsl.rootlog import cards, hand_gifts
    rp = _replayer(root_def, mapping, "V:p->8/%h+%x->e/2#V->E/$_E->2/++2")
    suit = attr(_game(root_def, "c3", ()).ctx, "c8", "naipe")
    game = _game(root_def, "c3", (suit,))
    needs = hand_gifts.needs(rp, game, rp.blocks[1][1])
    assert len(needs) == 2 and all(nd.suit == suit for nd in needs)
    swaps = []
    assert cards.ensure(game, mapping, needs, swaps) == []
    assert _suits(root_def, game).count(suit) == 2 and len(game.s.zones[HAND]) == 3 and len(swaps) == 2


def test_a_card_given_without_a_move_is_of_the_pawns_clearing(root_def, mapping):
    """Position: the pawn in 8; the line gives one card and moves nowhere before. Result: one
    card of 8's suit."""
    from rulesdsl.interpreter.board import attr
    from rulesdsl.rootlog import hand_gifts
    rp = _replayer(root_def, mapping, "V:%s->e/#V->E/$_E->1/++")
    game = _game(root_def, "c8", ())
    needs = hand_gifts.needs(rp, game, rp.blocks[1][1])
    assert [nd.suit for nd in needs] == [attr(game.ctx, "c8", "naipe")]


def test_a_faction_with_many_pieces_asks_for_nothing(root_def, mapping):
    """Position: the Eyrie, with four warriors on the map, moves one and gives the Vagabond a
    card in its own line (`#E->V`). Result: a gift, but no need — the rule of one clearing's
    suit is the Aid's, and a faction with many pieces stands in no one clearing."""
    from rulesdsl.rootlog import hand_gifts
    rp = _replayer(root_def, mapping, "V:p->8\nE:w8->3/#E->V")
    game = _game(root_def, "c8", ())
    assert hand_gifts.gifts(rp.blocks[2][1][0]) != []
    assert hand_gifts.needs(rp, game, rp.blocks[2][1]) == []
