"""A card written with no source after an Outrage, from a giver whose hand the record cannot
spare it (given_card.shown_gifts): the deck's card, the shown hand left out.

winter_tournament_r2g4: the Riverfolk's hand is never written shown; at l. 26 the record's own
count of it holds two cards after `M#O->A$` and `Z%f`, and the line writes two such cards
(`2w11->12/#->A$`, `At12->/#->A$`). Taken from the hand they would leave none for the crafts of
l. 31 (`Zleague`)."""
from rulesdsl.rootlog.notation import parse

HEAD = "Map: Fall\nDeck: E&P\nO: Ribeirinhos\nA: Aliança\nC: Marqueses\n\nC:w->1\nA:3#->$\nO:w->10\n\n"


def _rec(lines):
    return parse(HEAD + "\n".join(lines) + "\n")


def _read(mapping, lines):
    from rulesdsl.rootlog.given_card import gifts, shown_gifts
    rec = _rec(lines)
    drawn = shown_gifts(rec, mapping, 3)
    return [(t.line, "deck" if (t.line, j) in drawn else "hand")
            for t in rec.play_turns for j, _g, _s in gifts(t, mapping)]


def test_a_card_the_hand_can_spare_is_given(mapping):
    """Three cards in the Riverfolk's hand; one card after battling in 12: from the hand, and
    one card is left for the craft of the next line."""
    got = _read(mapping, ["O:XA12/At12->/#->A$", "A:#->A", "O:Zleague"])
    assert [w for _l, w in got] == ["hand"]


def test_a_card_the_hand_cannot_spare_is_the_decks(mapping):
    """Two cards spent first (`2#O->C`): the one left is crafted in the next line, so the card
    after the battle is the deck's (the hand was shown, unwritten); with the rule off it would
    read as given and the count would run out at `Zleague`."""
    got = _read(mapping, ["O:2#O->C/XA12/At12->/#->A$", "A:#->A", "O:Zleague"])
    assert [w for _l, w in got] == ["deck"]


def test_a_giver_the_record_shows_keeps_the_reading(mapping):
    """The Marquise's hand is written shown elsewhere (`^A/#->A$`): the writer marks the deck's
    cards, so an unmarked one is given even where the count runs short (it may leave draws out)."""
    got = _read(mapping, ["C:3#C->O/w6->11/^A/#->A$/XA3/At3->/#->A$", "A:#->A", "C:Zleague"])
    assert [w for _l, w in got] == ["hand"]
