"""Round trips of the Rootlog export and import (rulesdsl/rootlog/export*.py, the importer's
gaps the long round trips of docs/rootlog.md, "Ida e volta: as lacunas", found): each test is a
position a random game reaches, what the export writes for it, and the import that replays it.
The games are cut after their first turns (a few tenths of a second each)."""

from rulesdsl.rootlog.notation import parse

from rootlog_play import played


def _round_trip(root_def, mapping, factions, map_id, deck_id, seed, turns):
    from rulesdsl.rootlog.export import export_game
    from rulesdsl.rootlog.replay import Replayer
    game = played(root_def, factions, seed, map_id, deck_id, turns)
    text = export_game(game, mapping)
    return game, text, Replayer(root_def, parse(text), mapping).run()


def _scores(res, game):
    """The replay's scores, a faction that has not played yet at 0 (the record seats the
    factions from its first round of turns, which a cut game may not finish)."""
    return {f: res.scores.get(f, 0) for f in game.scores()}


def _line(text, start):
    return next(ln for ln in text.splitlines() if ln.startswith(start))


def test_a_keepers_delve_turns_up_the_relic_value_the_record_shows(root_def, mapping):
    """15.5.2.II.a: the Keepers delve in 1 and turn up a tablet of value 3; the value was
    dealt face down at the setup (15.3.1), so the replay deals that forest's tablet as a 3
    (hidden_faces.py). The delve's move and flip are one engine step (expected_flips.py); the
    faithful retainer the failed delve discards comes from the retinue's second column
    (`$_2`), not from the hand."""
    game, text, res = _round_trip(root_def, mapping, ["guardioes", "ducado", "ribeirinhos", "alianca"],
                                  "outono", "exilados", 2, 4)
    line = _line(text, "K:4w->O$")
    assert "t_t1_2_5_10->1/t_t1^t_3_t/B#seguidor_fiel$_2->" in line
    assert res.stop is None, (res.stop, text)
    assert res.blocks_done == res.blocks_total == 4
    assert _scores(res, game) == game.scores()


def test_a_card_bought_from_the_riverfolk_hand_is_written_from_that_hand(root_def, mapping):
    """11.2.6.II: the Keepers pay four warriors and take a fox card from the Riverfolk's
    hand: `F#fpartO->K` (before, the card was not written and the importer took another)."""
    game = played(root_def, ["guardioes", "ducado", "ribeirinhos", "alianca"], 2, "outono", "exilados", 2)
    from rulesdsl.rootlog.export import export_game
    assert "K:4w->O$/F#fpartO->K/" in export_game(game, mapping)


def test_the_lizards_rituals_show_their_cards(root_def, mapping):
    """10.5: each ritual reveals a card matching the clearing (10.2.2): the sacrifice shows a
    bird (`B#^` before the acolyte), the garden and the score a rabbit; the score's card goes
    to the Lost Souls, written as its discard only (`R#charm->`)."""
    from rulesdsl.rootlog.export import export_game
    game = played(root_def, ["lagartos", "ribeirinhos", "ducado", "corvideos"], 1, "inverno", "exilados", 2)
    line = _line(export_game(game, mapping), "L:4w->O$")
    # the Outcast flipped to Hated in Birdsong (10.4.1), written since rl-lizard (`$_ho->M`);
    # the score's card from the hand that still counts it (`R#charmL->`, export_held.py)
    assert line == "L:4w->O$/R#swapO->L/$_ho->M/B#^/w->$/R#^/b_r->6/R#charmL->/#->L"


def test_the_hundreds_mood_is_named_and_replayed(root_def, mapping):
    """14.4.4: the Hundreds change their mood in Birdsong (`#wrathful->$`; the setup's
    Stubborn, 14.3.3, on the setup line). The mood decides how the turn goes (Wrathful's incite
    scores), so the import must take the mood the line names, not the first one whose next
    change comes soonest (Grandiose advances before moving, 14.7.2)."""
    game, text, res = _round_trip(root_def, mapping, ["centenas", "guardioes", "marqueses", "rapinas"],
                                  "lago", "exilados", 4, 5)
    assert _line(text, "H:#->H").endswith("/#stubborn->$")
    assert "#wrathful->$" in _line(text, "H:w->3")
    assert res.stop is None, (res.stop, text)
    assert res.game.s.card_defs[res.game.s.zones["centenas.humor_atual"][0]] == "colerico"
    assert _scores(res, game) == game.scores()


def test_overwork_with_a_dominance_card_the_engine_dealt_to_another_hand(root_def, mapping):
    """6.5.4: the Marquise spend the rabbit dominance card for Overwork (`R#domC->/t->5`).
    The replay's deal had put that card in the Vagabond's hand and the deck has no other: the
    import swaps it from the hand the record never shows it in (cards.py)."""
    game, text, res = _round_trip(root_def, mapping, ["marqueses", "rapinas", "alianca", "malandro"],
                                  "outono", "base", 3, 6)
    assert "C:t->5/R#domC->/t->5/" in text
    assert res.stop is None, (res.stop, text)
    assert _scores(res, game) == game.scores()


def test_a_decree_card_discarded_in_the_step_that_puts_a_vizier_in_its_column():
    """7.7: the Eyrie cannot move, fall into turmoil and discard the mouse card of the Move
    column while the new leader's vizier goes there, in one engine step: the column's size
    does not change, but one card left and one came. The import sees both (zone_swaps.py), so
    the line's discard (`M#scouting$_m->`) is matched and the vizier passes unwritten."""
    from rulesdsl.rootlog import zone_swaps
    col = "rapinas.coluna_mover"
    before = {("zone", col): 1, ("zs", col): frozenset({51}), ("c4", "rapinas.guerreiro"): 2}
    after = {("zone", col): 1, ("zs", col): frozenset({79}), ("c4", "rapinas.guerreiro"): 2}
    d = zone_swaps.diff(before, after)
    assert d == {("zone-", col): -1, ("zone+", col): 1}
    assert [zone_swaps.place(k) for k, _ in sorted(d.items(), key=zone_swaps.order)] == [("zone", col)] * 2
    assert sorted(d.items(), key=zone_swaps.order)[0][1] == -1      # the discard first
    # a column that only gains a card keeps its single change
    grown = {("zone", col): 2, ("zs", col): frozenset({51, 79})}
    assert zone_swaps.diff(before, grown) == {("zone", col): 1, ("c4", "rapinas.guerreiro"): -2}


def test_the_retinue_columns_are_read_as_board_locations():
    """1.4 Keepers: the retinue is `$_1..3` (letters are the other boards' sub-locations)."""
    a = parse("K: Keepers\nK:B#seguidor_fiel$_2->/F#K->$_3\n").turns[0].actions
    assert a[0].things[0].start.sub == "2" and a[1].dests[0].sub == "3"


def test_a_closed_path_removed_and_a_lizard_warrior_to_the_acolytes(root_def, mapping):
    """Mountain (C.3.3): the Lizards spend a mouse card to remove the closed path between 2 and
    5 (`2_5->`; before, the export left it out and the import took another path). 10.2.3: the
    Lizard warrior the Corvids remove in 8 goes to the acolytes (`Lw8->L$`). The game is cut
    once the Hundreds' fourth turn has begun: its last line (the mob's warriors, 14.4.1) is all
    the record has of that turn, and a strict replay ends there too."""
    game, text, res = _round_trip(root_def, mapping, ["corvideos", "malandro", "lagartos", "centenas"],
                                  "montanha", "base", 3, 4)
    assert text.splitlines()[-1] == "H:w->3/w->3"
    assert "/XL8/Lw8->L$/" in _line(text, "P:R#bakeP->")
    # the line opens with the Outcast moved in Birdsong (10.4.1), written since rl-lizard
    assert _line(text, "L:$_o->R/R#^").endswith("/M#espadaL->/2_5->/++/#->L")
    assert res.stop is None, (res.stop, text)
    assert any(x[:3] == ("edge", "c2", "c5") for x in res.game.s.flags[("map",)])
    assert _scores(res, game) == game.scores()


def test_a_step_that_moves_warriors_in_and_removes_one_is_the_lines_two_changes():
    """15.6.1: the Keepers move four warriors to 10 and the Evening removes one from each
    clearing with four or more before the next decision: +3 in 10 in one step, which the line
    writes `4w2->10/.../w10->`. Both are consumed (zone_swaps.net_prefix), not the move half."""
    from rulesdsl.rootlog import zone_swaps
    from rulesdsl.rootlog.expected import Atom
    w = frozenset({"guardioes.guerreiro"})
    left = [[Atom("c10", w, 1, 4, 54, 1), 4], [Atom("c2", w, -1, 1, 55, 1), 1], [Atom("c10", w, -1, 1, 56, 1), 1]]
    assert zone_swaps.net_prefix(left, ("c10", "guardioes.guerreiro"), 3, {1})
    assert [r for _, r in left] == [0, 1, 0]
    # a step of +4 there is the move alone: the plain matching takes it
    left = [[Atom("c10", w, 1, 4, 54, 1), 4], [Atom("c10", w, -1, 1, 56, 1), 1]]
    assert not zone_swaps.net_prefix(left, ("c10", "guardioes.guerreiro"), 4, {1})


def test_an_ambush_in_the_record_is_a_card_the_defenders_hand_holds(mapping):
    """4.3.1: `XC3B@M@` — the Marquise ambush the Vagabond's attack in 3 with a bird ambush
    card and the Vagabond cancels it with a mouse one. The engine offers an ambush only to a
    hand that holds one, so the import makes each hand hold its card (cards.needs_of; before,
    a round trip with an ambush stopped there: 4 of the 25 long games)."""
    from rulesdsl.rootlog.cards import needs_of
    rec = parse("V: Malandro\nC: Marqueses\nV:XC3B@M@/%s->d\n")
    needs = needs_of(rec.turns[0], mapping, "malandro")
    assert [(n.zone, n.ids) for n in needs] == [
        ("marqueses:mao", tuple(mapping.card_ids("@", ((1, "B"),)))),
        ("malandro:mao", tuple(mapping.card_ids("@", ((1, "M"),))))]
    assert all(n.ids for n in needs)


def test_a_dominance_card_taken_is_written_as_the_records_write_it():
    """3.3.4: the Vagabond spends a fox card to take the available fox dominance card. The
    notation has no place for the available dominance cards; the community's records write
    the card into the hand without a start (`B#dom->G`, r1g2 l. 48), and so does the export;
    a card taken from another faction's hand says whose (`R#O->L`)."""
    from rulesdsl.rootlog.export_hands import take
    letters = {"malandro": "V", "ribeirinhos": "O", "lagartos": "L"}
    names = {16: "F#dom", 38: "R#swap"}
    held = {38: "O"}
    assert take({"t": "take", "by": "malandro", "card": 16}, letters, held, names.get) == "F#dom->V"
    assert take({"t": "take", "by": "lagartos", "card": 38}, letters, held, names.get) == "R#swapO->L"
    assert held[38] == "L"           # the taker's hand holds it now
