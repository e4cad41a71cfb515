"""The Eyrie in the real games, third part (docs/rootlog.md «O decreto das Rapinas, terceira
parte»): the card a line crafts by name is not the card it puts on its decree by suit, and a
turn ended by force takes the new leader the line names."""
from rulesdsl.rootlog.notation import parse

HEAD = "E: Rapinas\nC: Marqueses\nE:#->E\nC:#->C\n"


def _replayer(root_def, mapping, text):
    from rulesdsl.rootlog.replay import Replayer
    return Replayer(root_def, parse(text), mapping)


def _card(game, root_def, cid):
    return next(i for i, c in enumerate(game.s.card_defs) if c == cid)


def _other_rabbit(game, root_def, but):
    cards = root_def.cards
    return next(i for i, c in enumerate(game.s.card_defs)
                if c != but and cards[c].attrs.get("naipe") == "coelho")


def test_a_rabbit_for_the_decree_is_not_the_swap_meet_the_line_crafts(root_def, mapping):
    """winter_tournament_r1g2 l. 46 (`E:(R+B)#E->$_r/Zswap/...`): the Eyrie holds Swap Meet and
    another rabbit card. Putting Swap Meet in the Recruit column (a rabbit, as the line writes)
    leaves no Swap Meet to craft: no match. The other rabbit card is one."""
    from rulesdsl.interpreter.engine import Game
    from rulesdsl.rootlog import decree, named_crafts
    rp = _replayer(root_def, mapping, HEAD + "E:(R+B)#E->$_r/Zswap/2w->8\nC:#->C\n")
    bi = 1
    left = [[at, at.n] for at in rp.atoms[bi]]
    game = Game(root_def, ["rapinas", "marqueses"], seed=1, deck_id="exilados")
    swap = _card(game, root_def, "feira_de_trocas")
    rabbit = _other_rabbit(game, root_def, "feira_de_trocas")
    game.s.zones["rapinas:mao"] = [swap, rabbit]
    named_crafts.start(rp, game, bi)
    for card, wrong in ((swap, True), (rabbit, False)):
        after = game.clone()
        after.s.zones["rapinas:mao"] = [c for c in after.s.zones["rapinas:mao"] if c != card]
        after.s.zones["rapinas.coluna_recrutar"] = list(after.s.zones.get("rapinas.coluna_recrutar", ())) + [card]
        assert decree.wrong_card(rp, game, after, left, bi) is wrong


def test_with_two_swap_meets_in_hand_one_may_go_to_the_decree(root_def, mapping):
    """The same line with both copies of Swap Meet in the hand: one in the Recruit column
    still leaves one to craft, so the step matches."""
    from rulesdsl.interpreter.engine import Game
    from rulesdsl.rootlog import decree, named_crafts
    rp = _replayer(root_def, mapping, HEAD + "E:(R+B)#E->$_r/Zswap/2w->8\nC:#->C\n")
    bi = 1
    left = [[at, at.n] for at in rp.atoms[bi]]
    game = Game(root_def, ["rapinas", "marqueses"], seed=1, deck_id="exilados")
    swaps = [i for i, c in enumerate(game.s.card_defs) if c == "feira_de_trocas"]
    assert len(swaps) == 2
    game.s.zones["rapinas:mao"] = list(swaps)
    named_crafts.start(rp, game, bi)
    after = game.clone()
    after.s.zones["rapinas:mao"] = [swaps[1]]
    after.s.zones["rapinas.coluna_recrutar"] = [swaps[0]]
    assert decree.wrong_card(rp, game, after, left, bi) is False


def _leader_choice(root_def):
    """A game at the Eyrie's choice of leader (the setup's, 7.2.x), as a turmoil's is: the
    four leaders offered, the Builder first."""
    from rulesdsl.interpreter.engine import Game
    game = Game(root_def, ["rapinas", "marqueses"], seed=1)
    while "rapinas" not in str(game.pending):
        game.apply_id(game.legal_ids()[0])
    # the forced end acts only in the turn of the line's faction (the setup has none)
    game.s.active = "rapinas"
    return game


def test_a_turn_ended_by_force_takes_the_leader_the_line_names(root_def, mapping):
    """winter_tournament_r1g2 l. 41 (`...b->4/$_->/--5/#commander->$/++5/3#->E`): the line is
    corrected and its turn ended by force, which falls into turmoil; the leader chosen is the
    record's Commander, not the first one the engine offers (the Builder)."""
    from rulesdsl.rootlog import forced
    rp = _replayer(root_def, mapping, HEAD + "E:$_->/#commander->$/#->E\nC:#->C\n")
    game = _leader_choice(root_def)
    ids = game.legal_ids()
    defs = game.s.card_defs
    assert defs[int(ids[0])] == "construtor"
    rp.next_block = 2
    rp._named_start = rp._named_zones(game, 1)
    order = forced._order(rp, game)
    assert defs[int(ids[order[0]])] == "comandante"
    assert sorted(order) == list(range(len(ids)))
    ended = forced.end_turn(rp, game)
    assert ended is not None
    assert [ended.s.card_defs[c] for c in ended.s.zones["rapinas.lider"]] == ["comandante"]


def test_without_a_named_leader_the_forced_end_keeps_the_engines_order(root_def, mapping):
    """A line that names no leader: the forced end tries the options in the engine's order."""
    from rulesdsl.rootlog import forced
    rp = _replayer(root_def, mapping, HEAD + "E:$_->/#->E\nC:#->C\n")
    game = _leader_choice(root_def)
    rp.next_block = 2
    rp._named_start = rp._named_zones(game, 1)
    assert forced._order(rp, game) == list(range(len(game.legal_ids())))


# orderly_eyrie l. 38: the League of Adventurous Mice crafted by name (`Zleague`), Tunnels in
# the same hand (craft_step.py, back this session)
LEAGUE = HEAD + "E:Zleague/w->2\nC:#->C\n"


def test_a_craft_named_by_the_line_is_that_card_at_each_step(root_def, mapping):
    """`Zleague`: a step that crafts Tunnels (the hand's other permanent card) into the
    Eyrie's play area is no match; crafting the League is."""
    from rulesdsl.interpreter.engine import Game
    from rulesdsl.rootlog import craft_step, named_crafts
    rp = _replayer(root_def, mapping, LEAGUE)
    bi = 1
    game = Game(root_def, ["rapinas", "marqueses"], seed=1, deck_id=mapping.deck_id("E&P"))
    s, defs = game.s, game.s.card_defs
    hand = mapping.hand("rapinas")
    area = next(z for z, x in rp.play_areas.items() if x == "E")
    league = next(i for i, c in enumerate(defs) if c == "liga_dos_ratos_aventureiros")
    tunnels = next(i for i, c in enumerate(defs) if c == "tuneis")
    for c in (league, tunnels):
        for cs in s.zones.values():
            if c in cs:
                cs.remove(c)
    s.zones[hand] = list(s.zones.get(hand, ())) + [league, tunnels]
    named_crafts.start(rp, game, bi)
    for card, wrong in ((tunnels, True), (league, False)):
        after = game.clone()
        after.s.zones[hand] = [c for c in after.s.zones[hand] if c != card]
        after.s.zones[area] = list(after.s.zones.get(area, ())) + [card]
        assert craft_step.other_card(rp, game, after, bi) is wrong
