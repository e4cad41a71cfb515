"""Round trips of the Rootlog export and import, second part (docs/rootlog.md, "Ida e volta,
segunda parte"): each test is a position a short random game reaches, what the export writes
for it as the records of the corpus write it, and the import that replays it (or, where a
whole game costs too much, the few lines or atoms that show the rule)."""

from rulesdsl.rootlog.notation import parse

from rootlog_play import played


def _round_trip(root_def, mapping, factions, map_id, deck_id, seed, turns):
    from rulesdsl.rootlog.export import export_game
    from rulesdsl.rootlog.replay import Replayer
    game = played(root_def, factions, seed, map_id, deck_id, turns)
    text = export_game(game, mapping)
    return game, text, Replayer(root_def, parse(text), mapping).run()


def _line(text, start):
    return next(ln for ln in text.splitlines() if ln.startswith(start))


def test_a_game_cut_within_its_first_round_seats_every_player(root_def, mapping):
    """A four-player game exported after its second turn has turn lines for two factions only:
    the seats are read from the first round of turn lines, so the import used to set up a
    two-player game and stop at the setup line of a faction it did not seat. The players
    without a turn line sit after the others, in the order of their player lines (which the
    export writes in seat order). Two and three turns, the short games of docs/rootlog.md."""
    for turns in (2, 3):
        game, text, res = _round_trip(root_def, mapping, ["guardioes", "ducado", "ribeirinhos", "alianca"],
                                      "outono", "exilados", 2 + turns - 2, turns)
        assert parse(text).turn_order() == ["K", "D", "O", "A"]
        assert res.stop is None, (turns, res.stop, text)
        assert res.blocks_done == res.blocks_total == turns
        assert res.seats == game.factions


def test_field_hospitals_are_a_move_from_the_battle_to_the_keep(root_def, mapping):
    """6.2.3: the Eyrie's roll removes a Marquise warrior in 6; the Marquise spend a bird card
    and the warrior returns in 1, the keep's clearing. The notation writes warriors moving
    from the battle's clearing to the keep's, after the card (`B#royalC->/Cw6->1`, 1.4), not a
    removal and a placement. The import follows the half-done move (the roll removes, the card
    places) one decision, and the Marquise's own hit, dealt after her choice (`w6->`), is a die
    told apart from the one that misses by what follows that choice (twin_probe.py)."""
    game, text, res = _round_trip(root_def, mapping, ["marqueses", "rapinas"], "outono", "base", 6, 4)
    line = _line(text, "E:B#armorE->$_x")
    assert "/XC6/B#royalC->/Cw6->1/w6->/" in line
    assert "Cw6->/" not in line and "Cw->1" not in line
    assert res.stop is None, (res.stop, text)
    assert res.blocks_done == res.blocks_total
    assert res.scores == game.scores()


def test_a_dominance_card_taken_with_a_card_of_its_suit(root_def, mapping):
    """3.3.4: the Eyrie spend a bird card to take the available rabbit dominance card, which
    the Marquise spent the turn before (`R#domC->/t->5`, Overwork): `B#sapE->/R#dom->E`. The
    engine spends one and takes the other in one step, so the hand never changes size; the
    import watches the available cards (`zonas: disponíveis`), where the taken card leaves
    (dominance.py). Before, the search saw nothing happen there and made the line's next
    action, the recruit, without taking the card (a round trip of docs/rootlog.md stopped at
    `R#dom->E`). The battle that follows has the Marquise's hit dealt after her Field
    Hospitals pass (twin_probe.py)."""
    game, text, res = _round_trip(root_def, mapping, ["marqueses", "rapinas", "alianca", "malandro"],
                                  "outono", "base", 3, 8)
    assert "C:t->5/R#domC->/t->5/" in text
    assert "E:F#standE->$_x/R#favorE->$_r/B#sapE->/R#dom->E/w->4/" in text
    assert res.stop is None, (res.stop, text)
    assert res.blocks_done == res.blocks_total
    assert res.scores == game.scores()


def test_the_atoms_of_a_dominance_card_taken_and_mobilised(root_def, mapping):
    """The record's expected changes: a dominance card taken after the card that pays for it
    (`B#sapE->/R#dom->E`) leaves the available cards and changes no hand; a dominance card
    spent goes back there (optional: the engine's discards of it are written or not); one put
    on the Alliance's `$` (their supporters, 8.5.1) may be mobilised or activated (3.3.1), so
    both its changes are optional and the card still leaves the hand."""
    from rulesdsl.rootlog.replay import Replayer
    rec = parse("E: Rapinas\nA: Alianca\nE:#->E\nA:#->A\n"
                "E:B#sapE->/R#dom->E/M#domE->\nA:B#domA->$\n")
    rp = Replayer(root_def, rec, mapping)
    take = [(rp.actions[at.action][2].raw, at.place, at.sign, at.optional) for at in rp.atoms[1]]
    assert take == [("R#dom->E", ("zone", "disponiveis"), -1, False),
                    ("M#domE->", ("zone", "rapinas:mao"), -1, False),
                    ("M#domE->", ("zone", "disponiveis"), 1, True)]
    mob = {(at.place, at.sign, at.optional) for at in rp.atoms[2]}
    assert mob == {(("zone", "alianca:mao"), -1, False), (("zone", "alianca.apoiadores"), 1, True),
                   (("lock", "alianca"), 1, True)}


def test_three_hits_on_the_vagabond_are_told_from_two_by_the_items_chosen(root_def, mapping):
    """9.2.9.II.d: the Eyrie's roll deals three hits to the Vagabond, who damages a boot, a tea
    and a torch (`XV1/%fV$->d/%tV$->d/%rV$->d/w1->`). Dice of two hits and of three leave the
    same position until the second item is chosen, so the search kept one of them (the first
    it found); the probe that plays the Vagabond's choices on a copy tells them apart, and the
    die of three is tried as a twin (twin_probe.py)."""
    game, text, res = _round_trip(root_def, mapping, ["marqueses", "rapinas", "alianca", "malandro"],
                                  "outono", "base", 5, 8)
    assert "/XV1/%fV$->d/%tV$->d/%rV$->d/w1->/" in text
    assert res.stop is None, (res.stop, text)
    assert res.blocks_done == res.blocks_total
    assert res.scores == game.scores()


def test_a_card_put_into_play_is_written_as_a_craft_or_an_activation(mapping):
    """4.1: a card crafted into the play area is `Z<name>` (`Zsap`; a card without a short name
    by its id), 3.3.1: a dominance card activated is the card onto the board (`M#domV->$`);
    neither was written before, and the importer saw a card leave the hand for nothing (a
    Keepers' round trip then discarded one card too many at the Evening's hand limit). A quest
    (9.2.6) is not from the hand: not this."""
    from rulesdsl.rootlog.export_play_area import played as in_play
    letters = {"malandro": "V", "guardioes": "K"}
    held = {5: "K", 16: "V", 30: None}
    names = {5: "mestre_escultor", 16: "dom", 30: "tarefa"}
    write = lambda e: in_play(e, mapping, letters, held, names.get, lambda c: "M")  # noqa: E731
    assert write({"t": "add", "by": "guardioes", "card": 5, "zone": "guardioes:area_de_jogo"}) == "Zmestre_escultor"
    assert write({"t": "add", "by": "malandro", "card": 16, "zone": "malandro:area_de_jogo"}) == "M#domV->$"
    assert write({"t": "add", "by": "malandro", "card": 30, "zone": "malandro:area_de_jogo"}) is None
    assert write({"t": "add", "by": "guardioes", "card": 5, "zone": "guardioes.coluna_mover"}) is None
    craft = parse("K: Guardioes\nK:Zmestre_escultor\n").turns[0].actions[0]
    assert craft.kind == "craft" and craft.things[0].name == "mestre_escultor"


def test_the_last_line_of_a_record_cut_mid_turn_cancels_its_opposite_pairs():
    """A game exported once the Hundreds' turn has begun ends with `H:w->3/w3->/w_w->3`: one
    Birdsong step places the mob's warrior in 3 and swaps a warrior there for the warlord, so
    the board shows only the warlord. At a turn's end such pairs cancel; the last line of a cut
    record never reaches its end, so they cancel there once the line's other changes are made
    (cut_record.py), and not when nothing of the line was made."""
    from rulesdsl.rootlog.cut_record import settle_last_line
    from rulesdsl.rootlog.expected import Atom
    from rulesdsl.rootlog.matching import Matching
    w, lord = frozenset({"centenas.guerreiro"}), frozenset({"centenas.senhor_da_guerra"})
    left = [[Atom("c3", w, 1, 1, 0, 4), 1], [Atom("c3", w, -1, 1, 1, 4), 1], [Atom("c3", lord, 1, 1, 2, 4), 0]]
    assert [r for _, r in settle_last_line(Matching(), left, 4)] == [0, 0, 0]
    untouched = [[at, 1] for at, _ in left]
    assert settle_last_line(Matching(), untouched, 4) is untouched
