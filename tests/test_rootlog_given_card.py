"""A card given for the Outrage (8.2.6), written with no source (given_card.py).

winter_tournament_r1g5 l. 59 (`E:M#E->$_m/w12->3/^A/#->A$/w3->7/#->A$/...`): the Eyrie moves
into sympathetic clearing 7 and, showing no hand there, gives the Alliance a matching card from
its hand; the record writes it `#->A$`, with no source, as it writes the card the Alliance
draws where a hand was shown (clearing 3)."""
from rulesdsl.rootlog.notation import parse

HEAD = "E: Rapinas\nA: Aliança\nE:#->E\nA:#->A\n"
HAND = "rapinas:mao"
SUPPORTERS = "alianca.apoiadores"


def _replayer(root_def, mapping, line):
    from rulesdsl.rootlog.replay import Replayer
    return Replayer(root_def, parse(HEAD + line + "\nA:#->A\n"), mapping)


def _made_but(rp, bi, raws):
    """The line's changes, all made but those of the actions written `raws`."""
    return [[at, at.n if rp.actions[at.action][2].raw in raws or at.turn != bi else 0]
            for at in rp.atoms[bi]]


def _open(rp, left, raw):
    return sum(rem for at, rem in left if rp.actions[at.action][2].raw == raw and not at.optional)


def test_a_card_given_from_the_hand_makes_the_unsourced_card(root_def, mapping):
    """The Eyrie has put a mouse card in its decree (its hand: one card fewer, written) and
    moved into clearing 7; the engine's Outrage takes a card from its hand to the supporters.
    That step makes the record's `#->A$`."""
    rp = _replayer(root_def, mapping, "E:M#E->$_m/w3->7/#->A$/#->E")
    bi = 1
    left = _made_but(rp, bi, {"#->A$", "#->E"})
    new = rp.consume(left, {("zone", HAND): -1, ("zone", SUPPORTERS): 1}, {bi})
    assert new is not None
    assert _open(rp, new, "#->A$") == 0


def test_a_card_drawn_from_the_deck_still_makes_it(root_def, mapping):
    """The same line, the engine's Eyrie holding no matching card: the Alliance draws from the
    deck (the hand shown), and the same `#->A$` is made; the hand owes nothing."""
    rp = _replayer(root_def, mapping, "E:M#E->$_m/w3->7/#->A$/#->E")
    bi = 1
    left = _made_but(rp, bi, {"#->A$", "#->E"})
    new = rp.consume(left, {("zone", SUPPORTERS): 1}, {bi})
    assert new is not None
    assert _open(rp, new, "#->A$") == 0
    assert not any(rem for at, rem in new if at.place == ("zone", HAND) and at.sign < 0 and not at.optional)


def test_after_a_hand_shown_the_card_is_drawn_not_given(root_def, mapping):
    """`w3->7/^A/#->A$`: the hand shown held no matching card, so the card is the deck's; a
    card gone from the hand in that step is not the record's."""
    rp = _replayer(root_def, mapping, "E:M#E->$_m/w3->7/^A/#->A$/#->E")
    bi = 1
    left = _made_but(rp, bi, {"#->A$", "#->E"})
    assert rp.consume(left, {("zone", HAND): -1, ("zone", SUPPORTERS): 1}, {bi}) is None


def test_the_giver_holds_a_card_of_the_clearings_suit(root_def, mapping):
    """At the line's start the Eyrie's hand holds no card of clearing 7's suit; the gift's
    need deals it one (a card of the deck swapped in), and a line that shows its hand there
    asks for none."""
    from rulesdsl.interpreter.board import attr
    from rulesdsl.interpreter.engine import Game
    from rulesdsl.rootlog import cards, given_card
    rp = _replayer(root_def, mapping, "E:w3->7/#->A$/#->E")
    game = Game(root_def, ["rapinas", "alianca"], seed=1, deck_id="exilados")
    suit = attr(game.ctx, mapping.space(rp.rec.turns[2].actions[0].dests[0]), "naipe")
    defs = game.s.card_defs
    deck = game.s.zones["baralho"]
    others = [c for c in deck if root_def.cards[defs[c]].attrs.get("naipe") not in (suit, "passaro")][:3]
    game.s.zones["baralho"] = [c for c in deck if c not in others]
    game.s.zones[HAND] = list(others)
    needs = given_card.needs(rp, game, rp.blocks[1][1])
    assert len(needs) == 1
    swaps = []
    assert cards.ensure(game, mapping, needs, swaps) == []
    suits = [root_def.cards[game.s.card_defs[c]].attrs.get("naipe") for c in game.s.zones[HAND]]
    assert suits.count(suit) == 1 and len(suits) == 3 and len(swaps) == 1
    shown = _replayer(root_def, mapping, "E:w3->7/^A/#->A$/#->E")
    assert given_card.needs(shown, game, shown.blocks[1][1]) == []
