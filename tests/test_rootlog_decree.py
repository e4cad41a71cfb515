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


# orderly_eyrie l. 38: the League of Adventurous Mice crafted by name (`Zleague`), Tunnels in
# the same hand
LEAGUE = "E: Rapinas\nC: Marqueses\nE:#->E\nC:#->C\nE:Zleague/w->2\nC:#->C\n"


def test_a_craft_named_by_the_line_is_that_card_at_each_step(root_def, mapping):
    """`Zleague`: a step that crafts Tunnels (the hand's other permanent card) into the
    Eyrie's play area is no match, so the search does not stop one decision short of the
    League (its roost to activate) with the wrong card crafted; crafting the League is."""
    from rulesdsl.interpreter.engine import Game
    from rulesdsl.rootlog import craft_step, named_crafts
    from rulesdsl.rootlog.replay import Replayer
    rp = Replayer(root_def, parse(LEAGUE), mapping)
    bi = 1
    game = Game(root_def, ["rapinas", "marqueses"], seed=1, deck_id=mapping.deck_id("E&P"))
    s, defs = game.s, game.s.card_defs
    hand = mapping.hand("rapinas")
    area = next(z for z, x in rp.play_areas.items() if x == "E")
    league = next(i for i, c in enumerate(defs) if c == "liga_dos_ratos_aventureiros")
    tunnels = next(i for i, c in enumerate(defs) if c == "tuneis")
    for c in (league, tunnels):
        for z, cs in s.zones.items():
            if c in cs:
                cs.remove(c)
    s.zones[hand] = list(s.zones.get(hand, ())) + [league, tunnels]
    named_crafts.start(rp, game, bi)
    for card, wrong in ((tunnels, True), (league, False)):
        after = game.clone()
        after.s.zones[hand] = [c for c in after.s.zones[hand] if c != card]
        after.s.zones[area] = list(after.s.zones.get(area, ())) + [card]
        assert craft_step.other_card(rp, game, after, bi) is wrong


def test_a_forced_end_that_loses_points_the_line_does_not_write_gives_them_back(root_def, mapping):
    """orderly l. 38: the turn ended by force falls into turmoil (its decree cannot be
    resolved: a fox card with no move, 7.7.1: its bird card, 1 point) where the line writes no loss: the point is given
    back, class unrecorded_points. A line that writes the loss (`--1`) keeps it."""
    from rulesdsl.rootlog import forced, forced_loss
    from rulesdsl.rootlog.replay import Replayer
    from rulesdsl.scenario.load import load_scenarios
    from rulesdsl.scenario.position import new_game
    import tempfile, os as _os
    text = ("idioma: pt\nregras: root\nfacções: [marqueses, rapinas]\nmapa: outono\n"
            "cenários:\n  - nome: tumulto\n    vez: rapinas\n    fase: dia\n"
            "    posição:\n      clareira 1: {guerreiro das rapinas: 1, guerreiros dos marqueses: 2}\n"
            "      clareira 3: {ninho: 1, guerreiros das rapinas: 2}\n"
            "    pontos: {rapinas: 3}\n"
            "    zonas: {rapinas: {líder atual: [déspota], coluna Mover: [bigorna, vizir leal], "
            "área de jogo: [decifradores]}}\n    escolhas: []\n")
    with tempfile.TemporaryDirectory() as d:
        p = _os.path.join(d, "t.yaml")
        with open(p, "w", encoding="utf-8") as fh:
            fh.write(text)
        sc = load_scenarios(p)[0]
        sc.path = p
        before = new_game(sc)[0]
    assert before.scores()["rapinas"] == 3
    for line, kept in (("E:w->1", False), ("E:w->1/--1", True)):
        rp = Replayer(root_def, parse(f"E: Rapinas\nC: Marqueses\nE:#->E\nC:#->C\n{line}\nC:#->C\n"), mapping,
                      tolerant=True)
        rp.corrections = []
        ended = forced.end_turn(rp, before)
        assert ended is not None and ended.scores()["rapinas"] == 2      # the turmoil's point
        forced_loss.settle(rp, before, ended, 1)
        assert ended.scores()["rapinas"] == (2 if kept else 3)
        assert [c.klass for c in rp.corrections] == ([] if kept else ["unrecorded_points"])
