"""A card a line crafts by name that reaches the hand by a draw the same line writes first
(drawn_card.py), and a card that goes from hand to hand where no line writes it (hand_trade.py).

winter_tournament_r2g4 l. 31 (`O:...Zleague/.../#->A$/.../#->O/Zswap/...`): the Riverfolk craft
the only card they hold, then draw (`#->O`) and craft the Swap Meet the draw brought. l. 41:
the Riverfolk's Swap Meet (4.1.3) is in play and the line writes no trade (`#A->O/#O->A`)."""
from rulesdsl.rootlog.notation import parse

HEAD = "O: Ribeirinhos\nA: Aliança\nO:#->O\nA:#->A\n"
HAND = "ribeirinhos:mao"
OTHER = "alianca:mao"
DECK = "baralho"


def _replayer(root_def, mapping, line, tolerant=False):
    from rulesdsl.rootlog.replay import Replayer
    return Replayer(root_def, parse(HEAD + line + "\nA:#->A\n"), mapping, tolerant=tolerant)


def _game(root_def):
    from rulesdsl.interpreter.engine import Game
    game = Game(root_def, ["ribeirinhos", "alianca"], seed=1, deck_id="exilados")
    game.s.zones[HAND] = []
    return game


def _name(game, c):
    return game.s.card_defs[c]


def _deal(rp, game, mapping):
    from rulesdsl.rootlog import cards, drawn_card
    turns = rp.blocks[1][1]
    needs = rp._needs(turns)
    swaps = []
    unmet = cards.ensure(game, mapping, needs, swaps)
    drawn_card.deal(rp, game, turns, unmet, swaps)
    return unmet, swaps


def test_the_drawn_card_is_the_one_the_line_crafts(root_def, mapping):
    """The Riverfolk's hand is empty; the line draws a card and crafts the Swap Meet. The card
    is put on the deck's top, and the engine's draw brings it to the hand."""
    rp = _replayer(root_def, mapping, "O:#->O/Zswap")
    game = _game(root_def)
    unmet, swaps = _deal(rp, game, mapping)
    assert len(unmet) == 1 and len(swaps) == 1
    deck = game.s.zones[DECK]
    top = deck[-1]
    assert _name(game, top) == "feira_de_trocas"
    game.s.move_card(top, DECK, HAND)          # the engine's draw takes the deck's top
    assert [_name(game, c) for c in game.s.zones[HAND]] == ["feira_de_trocas"]


def test_a_card_drawn_before_by_another_hand_is_counted(root_def, mapping):
    """The Alliance draws one card first (`#->A`): the Swap Meet is the second card from the top."""
    rp = _replayer(root_def, mapping, "O:#->A/#->O/Zswap")
    game = _game(root_def)
    _deal(rp, game, mapping)
    deck = game.s.zones[DECK]
    assert _name(game, deck[-2]) == "feira_de_trocas"
    assert _name(game, deck[-1]) != "feira_de_trocas"


def test_no_draw_before_the_craft_deals_nothing(root_def, mapping):
    """Crafting before drawing: the draw cannot bring the card; nothing is swapped."""
    rp = _replayer(root_def, mapping, "O:Zswap/#->O")
    game = _game(root_def)
    before = list(game.s.card_defs)
    unmet, swaps = _deal(rp, game, mapping)
    assert len(unmet) == 1 and swaps == [] and list(game.s.card_defs) == before


def test_an_unwritten_trade_is_no_match(root_def, mapping):
    """The Alliance holds a card; a step moves it into the Riverfolk's hand and gives one back.
    The line writes no card from hand to hand: the step is refused; written, it is taken."""
    from rulesdsl.rootlog import hand_trade
    game = _game(root_def)
    deck = game.s.zones[DECK]
    a, b = deck[-1], deck[-2]
    game.s.move_card(a, DECK, OTHER)
    game.s.move_card(b, DECK, HAND)
    after = game.clone()
    after.s.move_card(a, OTHER, HAND)
    after.s.move_card(b, HAND, OTHER)
    quiet = _replayer(root_def, mapping, "O:#->O", tolerant=True)
    assert hand_trade.unwritten(quiet, game, after, {1})
    written = _replayer(root_def, mapping, "O:#A->O/#O->A/#->O", tolerant=True)
    assert not hand_trade.unwritten(written, game, after, {1})
    strict = _replayer(root_def, mapping, "O:#->O")
    assert not hand_trade.unwritten(strict, game, after, {1})
