"""Cards discarded unnamed that come back (docs/rootlog.md «Cartas descartadas sem nome que
voltam» and the section after it): a card a line names that the engine had spent by its suit
only, and discarded, trades identities with a card of the same suit and item
(discarded_named.py). The card that takes its place in the discard is first one of the needing
hand's own, never a dominance card (3.3.3: spent, it lies among the available cards)."""
from rulesdsl.rootlog.notation import parse

HEAD = "P: Corvídeos\nC: Marqueses\nP:#->P\nC:#->C\n"
HAND = "corvideos:mao"
SABO = HEAD + "P:Zsabo/w->1\nC:#->C\n"
PART = HEAD + "P:Zfpart/w->1\nC:#->C\nP:Zfpart/w->2\nC:#->C\n"


def _replayer(root_def, mapping, text):
    from rulesdsl.rootlog.replay import Replayer
    return Replayer(root_def, parse(text), mapping)


def _game(root_def, mapping):
    from rulesdsl.interpreter.engine import Game
    return Game(root_def, ["corvideos", "marqueses"], seed=1, deck_id=mapping.deck_id("E&P"))


def _attrs(game, c):
    a = game.g.cards[game.s.card_defs[c]].attrs
    return a.get("naipe"), a.get("item")


def _place(game, where):
    """Put card instances in zones: {zone: [instances]}, each taken from where it was; the
    Corvids' hand holds only the ones given to it (its dealt cards go out of play)."""
    s = game.s
    if HAND in where:
        dealt = [c for c in s.zones.get(HAND, ()) if c not in where[HAND]]
        s.zones[HAND] = []
        s.zones["fora_de_jogo"] = list(s.zones.get("fora_de_jogo", ())) + dealt
    moving = {c for cs in where.values() for c in cs}
    for z in list(s.zones):
        if isinstance(s.zones[z], list) and any(c in moving for c in s.zones[z]):
            s.zones[z] = [c for c in s.zones[z] if c not in moving]
    for z, cs in where.items():
        s.zones[z] = list(s.zones.get(z, ())) + list(cs)


def _of(game, cid):
    return [i for i, c in enumerate(game.s.card_defs) if c == cid]


def _plain(game, suit, but=()):
    """The instances of cards of `suit` that make no item, outside `but`."""
    return [i for i in range(len(game.s.card_defs)) if i not in but and _attrs(game, i) == (suit, None)]


def _trade(rp, game, bi):
    """The replay's start of line `bi`: the discard's trades, then the deal's swaps."""
    from rulesdsl.rootlog import cards, discarded_named
    needs = rp._needs(rp.blocks[bi][1])
    discarded_named.restore(rp, game, needs, bi)
    return cards.ensure(game, rp.mp, needs, rp.swaps)


def _names(game, zone):
    return sorted(game.s.card_defs[c] for c in game.s.zones[zone])


def test_saboteurs_spent_by_suit_come_back_through_the_deck(root_def, mapping):
    """mega l. 40 (`P:Zsabo/...`): the engine spent the three Saboteurs (birds) for bird
    spends the record wrote by suit; the hand holds no bird card, the deck no Saboteurs. A
    bird card of the deck that makes no item takes a discarded copy's place, and the deck's
    Saboteurs go to the hand: two swaps, the discard still holds three birds."""
    rp = _replayer(root_def, mapping, SABO)
    game = _game(root_def, mapping)
    sabo = _of(game, "sabotadores")
    _place(game, {"descarte": sabo, HAND: _plain(game, "raposa")[:2]})
    from rulesdsl.rootlog import cards
    alone = game.clone()          # the deal's swaps alone cannot give it
    assert len(cards.ensure(alone, rp.mp, rp._needs(rp.blocks[1][1]), [])) == 1
    assert _trade(rp, game, 1) == []
    s = game.s
    assert sum(s.card_defs[c] == "sabotadores" for c in s.zones[HAND]) == 1
    assert [_attrs(game, c) for c in s.zones["descarte"]] == [("passaro", None)] * 3
    assert sum(s.card_defs[c] == "sabotadores" for c in s.zones["descarte"]) == 2
    assert len(rp.swaps) == 2


def test_the_hand_s_own_card_of_the_suit_takes_the_place_of_the_discarded_one(root_def, mapping):
    """The same Saboteurs in the discard, and the Corvids' hand holds a bird card that makes
    no item beside two fox cards; the deck has bird cards too. The hand's bird card is the one
    the spend took: it trades with a discarded Saboteurs, and nothing else moves. The fox cards
    stay in the hand as they were, the deck as it was: one swap."""
    rp = _replayer(root_def, mapping, SABO)
    game = _game(root_def, mapping)
    sabo = _of(game, "sabotadores")
    dom = [i for i in _plain(game, "passaro") if game.s.card_defs[i] in mapping.card_ids("dom")]
    bird = _plain(game, "passaro", but=sabo + dom)[:1]
    foxes = _plain(game, "raposa")[:2]
    _place(game, {"descarte": sabo, HAND: foxes + bird})
    deck = _names(game, "baralho")
    fox_names = [game.s.card_defs[c] for c in foxes]
    assert any(_attrs(game, c) == ("passaro", None) and game.s.card_defs[c] != "sabotadores"
               for c in game.s.zones["baralho"])
    assert _trade(rp, game, 1) == []
    s = game.s
    assert s.card_defs[bird[0]] == "sabotadores"
    assert s.zones[HAND] == foxes + bird
    assert [s.card_defs[c] for c in foxes] == fox_names
    assert _names(game, "baralho") == deck
    assert len(rp.swaps) == 1


def test_a_dominance_card_never_takes_the_place_of_the_discarded_one(root_def, mapping):
    """The Saboteurs in the discard, no bird card in the hand, and the deck's only bird card
    that makes no item is the bird dominance: a spent dominance card lies among the available
    cards (3.3.3), never in the discard, so it cannot be the card the spend took. Nothing is
    traded, and the line's need stays unmet."""
    rp = _replayer(root_def, mapping, SABO)
    game = _game(root_def, mapping)
    sabo = _of(game, "sabotadores")
    dom = [i for i in _plain(game, "passaro") if game.s.card_defs[i] in mapping.card_ids("dom")]
    assert dom
    rest = _plain(game, "passaro", but=sabo + dom)
    _place(game, {"descarte": sabo, HAND: _plain(game, "raposa")[:2], "fora_de_jogo": rest,
                  "baralho": dom})
    assert len(_trade(rp, game, 1)) == 1
    assert all(game.s.card_defs[c] == "sabotadores" for c in sabo)
    assert all(game.s.card_defs[c] in mapping.card_ids("dom") for c in dom)
    assert rp.swaps == []


def test_a_card_the_record_already_named_does_not_come_back(root_def, mapping):
    """The Fox Partisans (one copy) in the discard: at the first line that names them the
    record never showed them, and they come back; at a later line the record had written
    them before (the discarded copy may be the one it showed), and nothing is traded."""
    for bi, traded in ((1, True), (3, False)):
        rp = _replayer(root_def, mapping, PART)
        game = _game(root_def, mapping)
        part = _of(game, "partisans_das_raposas")
        _place(game, {"descarte": part, HAND: _plain(game, "passaro")[:2]})
        _trade(rp, game, bi)
        s = game.s
        assert any(s.card_defs[c] == "partisans_das_raposas" for c in s.zones[HAND]) is traded
        assert (s.card_defs[part[0]] == "partisans_das_raposas") is not traded


def test_only_a_card_of_the_same_suit_and_item_takes_the_discarded_ones_place(root_def, mapping):
    """The hand holds a fox card and a bird card, the deck no fox card without an item: the
    hand's fox card trades with the discarded Partisans, not its bird card; with no fox card
    in the hand either, nothing is traded."""
    rp = _replayer(root_def, mapping, PART)
    game = _game(root_def, mapping)
    part = _of(game, "partisans_das_raposas")
    foxes = _plain(game, "raposa", but=part)
    bird = _plain(game, "passaro")[:1]
    _place(game, {"descarte": part, HAND: bird + foxes[:1], "fora_de_jogo": foxes[1:]})
    assert _trade(rp, game, 1) == []
    s = game.s
    assert s.card_defs[foxes[0]] == "partisans_das_raposas"
    assert _attrs(game, part[0]) == ("raposa", None)
    assert _attrs(game, bird[0]) == ("passaro", None)
    assert len(rp.swaps) == 1

    rp = _replayer(root_def, mapping, PART)
    game = _game(root_def, mapping)
    _place(game, {"descarte": part, HAND: bird, "fora_de_jogo": foxes})
    assert len(_trade(rp, game, 1)) == 1
    assert game.s.card_defs[part[0]] == "partisans_das_raposas"
    assert rp.swaps == []


def test_a_card_a_later_line_names_is_not_sent_to_the_discard(root_def, mapping):
    """winter_tournament_r1g5 l. 59–60: a bird ambush the engine had spent comes back for its
    defender (`XA7B@`). The deck's only bird card without an item is Boat Builders, which a
    later line names (`Zboat`, and `#boatA$->` at l. 71): it does not take the ambush's place
    in the discard; the defender's own bird card does."""
    rp = _replayer(root_def, mapping, HEAD + "C:XP1B@\nP:Zboat\n")
    game = _game(root_def, mapping)
    s = game.s
    birds = _plain(game, "passaro")
    boat = _of(game, "construtores_de_barcos")
    ambush = [i for i in birds if s.card_defs[i] == "ep_emboscada_passaro"]
    plain = [i for i in birds if i not in boat and i not in ambush]
    assert boat and ambush and len(plain) >= 2
    _place(game, {"descarte": ambush, "baralho": boat, "fora_de_jogo": plain[1:],
                  HAND: plain[:1]})
    # the Marquise attacks the Corvids, who defend with a bird ambush; a later line crafts Boat Builders
    assert _trade(rp, game, 1) == []
    assert s.card_defs[boat[0]] == "construtores_de_barcos"
    assert s.card_defs[plain[0]] == "ep_emboscada_passaro"


def test_through_the_deck_the_draws_to_come_stay_as_they_were(root_def, mapping):
    """The Saboteurs in the discard and no bird card in the Corvids' hand, two bird cards that
    make no item in the deck, one on top and one at the bottom. The bottom one, which the draws
    reach last, is the one the spend took: the top card is still the one the next draw gives,
    and only the bottom of the deck holds the hand's card the Saboteurs took the place of."""
    rp = _replayer(root_def, mapping, SABO)
    game = _game(root_def, mapping)
    s = game.s
    sabo = _of(game, "sabotadores")
    dom = [i for i in _plain(game, "passaro") if s.card_defs[i] in mapping.card_ids("dom")]
    birds = _plain(game, "passaro", but=sabo + dom)
    foxes = _plain(game, "raposa")[:2]
    _place(game, {"descarte": sabo, HAND: foxes, "fora_de_jogo": birds[2:]})
    s.zones["baralho"] = [birds[0]] + [c for c in s.zones["baralho"] if c not in birds] + [birds[1]]
    top = s.card_defs[birds[1]]
    middle = [(c, s.card_defs[c]) for c in s.zones["baralho"][1:-1]]
    assert _trade(rp, game, 1) == []
    assert s.card_defs[birds[1]] == top                  # the next draw
    assert [(c, s.card_defs[c]) for c in s.zones["baralho"][1:-1]] == middle
    assert _attrs(game, birds[0]) == ("raposa", None)   # a fox card the hand held
    assert sum(s.card_defs[c] == "sabotadores" for c in s.zones[HAND]) == 1
