"""Round trips of the Rootlog export and import, third part (docs/rootlog.md, "Ida e volta,
terceira parte"): the few lines of a record and the changes the import expects of them, or
the step the search ranks first, where a whole twelve-turn game costs too much for the suite.
Each test fails on the tree before its fix."""

from rulesdsl.rootlog.notation import parse


def _replayer(root_def, mapping, text, **kw):
    from rulesdsl.rootlog.replay import Replayer
    return Replayer(root_def, parse(text), mapping, **kw)


def _atoms(rp, raw):
    return [(at.place, at.sign, at.optional) for atoms in rp.atoms for at in atoms
            if rp.actions[at.action][2].raw == raw]


def test_a_card_crafted_into_play_is_expected_in_the_play_area(root_def, mapping):
    """4.1: the Keepers craft the Boat Builders, a card that stays in play (`Zboat`). The
    line's change is the card out of the hand *and into their play area*; before, only the
    hand's loss was expected, and the Keepers' recruit in the Dawn (15.4.3, a card discarded
    and two warriors placed) "made" the craft, so the import never crafted it (a round trip
    stopped two actions later, the Boat Builders' or Corvid Planners' movement missing). A
    favour card is discarded once crafted: no play area for it. In a tolerant replay the
    play area's change is optional (a correction would move a second card out of the hand)."""
    text = "K: Guardioes\nC: Marqueses\nK:#->K\nC:#->C\nK:Zboat/Zfavor\n"
    rp = _replayer(root_def, mapping, text)
    assert _atoms(rp, "Zboat") == [(("zone", "guardioes:mao"), -1, False),
                                   (("zone", "guardioes:area_de_jogo"), 1, False)]
    assert _atoms(rp, "Zfavor") == [(("zone", "guardioes:mao"), -1, False)]
    tolerant = _replayer(root_def, mapping, text, tolerant=True)
    assert _atoms(tolerant, "Zboat")[1] == (("zone", "guardioes:area_de_jogo"), 1, True)


def test_a_recruit_does_not_make_the_craft_written_before_it(root_def, mapping):
    """The step of a Keepers' recruit (a card out of the hand, two warriors in a clearing)
    against the line `Zboat/2w->6`: it leaves the craft half made (the play area has not
    changed), so the search's rank no longer counts the craft done; the craft itself
    (the card out of the hand and into play) completes it."""
    rp = _replayer(root_def, mapping, "K: Guardioes\nC: Marqueses\nK:#->K\nC:#->C\nK:Zboat/2w->6\n")
    bi = 1
    left = [[at, at.n] for at in rp.atoms[bi]]
    craft = next(at.action for at in rp.atoms[bi] if rp.actions[at.action][2].raw == "Zboat")
    recruit = rp.consume(left, {("zone", "guardioes:mao"): -1, ("c6", "guardioes.guerreiro"): 2}, {bi})
    assert recruit is not None
    assert rp._score(left, recruit, craft)[0] == 0          # the first action is not done
    made = rp.consume(left, {("zone", "guardioes:mao"): -1, ("zone", "guardioes:area_de_jogo"): 1}, {bi})
    assert rp._score(left, made, craft)[0] == 1


def test_a_move_and_the_evening_removal_in_one_step_are_not_merged(root_def, mapping):
    """15.6.1: the Keepers move four warriors from 2 to 10 and their Evening removes one in
    each clearing with four or more (`4w2->10/w2->/w10->`); the step that moves them is also
    the one that ends the Day, so clearing 2 shows −5, the move's −4 and the removal's −1. That
    is two unalike actions, not one engine action doing the work of two alike ones (a move of
    8 where the line moves 5 and then 3 the same way, still ranked after): before, the move
    of three (whose −4 is three moved and one removed) ranked first, and the removal in 2 was
    never made (a round trip's first Keepers' turn, Guardiões/Outono seed 1)."""
    rp = _replayer(root_def, mapping, "K: Guardioes\nC: Marqueses\nK:#->K\nC:#->C\n"
                                      "K:4w2->10/w2->/w10->\nC:5w1->2/3w1->2\n")
    w = "guardioes.guerreiro"
    left = [[at, at.n] for at in rp.atoms[1]]
    new = rp.consume(left, {("c2", w): -5, ("c10", w): 3}, {1})
    assert new is not None and not any(rem for _, rem in new)
    assert rp.merged is False
    left = [[at, at.n] for at in rp.atoms[2]]
    new = rp.consume(left, {("c1", "marqueses.guerreiro"): -8, ("c2", "marqueses.guerreiro"): 8}, {2})
    assert new is not None and rp.merged is True


def test_a_card_shown_in_a_ritual_is_still_written_from_the_lizards_hand(mapping):
    """10.2.2: the Lizards show the mouse dominance in a ritual (it goes to their revealed
    cards, which their hand counts, `mão_inclui: [reveladas]`) and the scoring ritual then
    discards it to the Lost Souls. The export wrote that discard `M#dom->`, from no hand (the
    card's `add` to the revealed cards made it forget the hand), and the import took it for
    the available dominance card: a round trip of Corvídeos/Montanha (seed 3) gave the card to
    the Hundreds and stopped at the Vagabond's `M#dom->V`. Now it is `M#domL->`; and a card
    put back into a hand (the revealed cards at the Evening, 10.6.1) is that hand's again."""
    from rulesdsl.rootlog.export import _follow, _from_hand
    letters = {"lagartos": "L", "malandro": "V"}
    held = {45: "L"}
    _follow({"t": "add", "by": "lagartos", "card": 45, "zone": "lagartos.reveladas"}, "add", mapping, letters, held)
    assert _from_hand({"t": "discard", "by": "lagartos", "card": 45}, letters, held) == "L"
    _follow({"t": "add", "by": "lagartos", "card": 34, "zone": "lagartos:mao"}, "add", mapping, letters, held)
    assert held[34] == "L"
    # a card put anywhere else leaves the hand, as before (the Lost Souls, the discard pile)
    _follow({"t": "add", "by": "lagartos", "card": 45, "zone": "lagartos.almas_perdidas"}, "add", mapping, letters, held)
    assert 45 not in held
