"""A bird kept for the spend the line makes by its suit (docs/rootlog.md «Os Marqueses no
registro, segunda parte», group I)."""


def _cards_of(game, mapping, suit):
    key = mapping.card_attrs.get("naipe", "naipe")
    return [c for c in game.s.zones["baralho"] if game.g.cards[game.s.card_defs[c]].attrs.get(key) == suit]


def test_the_rabbit_pays_the_rabbit_clearing_and_the_bird_stays(root_def, mapping):
    """r1g3 l. 59: `(M+R+B+F)#C->/t->1+9+12` then `B#C->`. The Overwork in the rabbit clearing
    may be paid with the rabbit card or with a bird (2.1.1); both make the same change then. The
    line spends a bird by its suit later (an extra action, 6.5), so the rabbit comes first."""
    from rulesdsl.interpreter.engine import Game
    from rulesdsl.rootlog.cards import Need, preferred
    from rulesdsl.rootlog.wild_card import kept
    game = Game(root_def, ["marqueses", "rapinas"], seed=1)
    hand = mapping.hand("marqueses")
    rabbit, bird = mapping.suits.get("R"), mapping.suits.get("B")
    r = _cards_of(game, mapping, rabbit)[0]
    b = _cards_of(game, mapping, bird)[0]
    needs = [Need(hand, "baralho", suit=rabbit), Need(hand, "baralho", suit=bird)]
    options = [str(b), str(r)]

    def pref(o):
        return preferred(game, mapping, needs, o)
    assert kept(game, mapping, needs, str(b), options, pref)
    assert not kept(game, mapping, needs, str(r), options, pref)
    # no bird spent by its suit in the line: the bird is not kept
    assert not kept(game, mapping, needs[:1], str(b), options, pref)
    # only birds offered: nothing to put before them
    assert not kept(game, mapping, needs, str(b), [str(b)], pref)
