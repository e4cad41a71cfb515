"""The referee's corrections discard by the engine's rules (rulesdsl/rootlog/referee_discard.py)
and admit unrecorded pieces only on their owner's board (rulesdsl/rootlog/board_owner.py).

A card a corrected action takes out of a zone with no destination (`R#C->`) is discarded, and
a discard goes where the rules say: with the Lizards in play, to the Lost Souls (Law 10.2.6),
which decide the Outcast at their Birdsong (10.4.1); a dominance card, to the available cards
(3.3.3). Before, the correction put it straight on the discard pile (orderly l. 30)."""
from rulesdsl.rootlog import repair
from rulesdsl.rootlog.notation import parse

HAND, SOULS = "marqueses:mao", "lagartos.almas_perdidas"


def _replayer(root_def, mapping, record):
    from rulesdsl.rootlog.replay import Replayer
    rp = Replayer(root_def, parse(record), mapping, tolerant=True)
    return rp, rp.new_game()


def _record(players, line):
    return ("Map: Fall\nDeck: E&P\n" + "".join(f"{p}: {p.lower()}\n" for p in players)
            + "C:t_k->4/b_w->8/b_s->9/b_r->12/w->1+3+4+5+6+7+8+9+10+11+12\n" + line + "\n")


def _give(game, zone, card_def):
    """An instance of `card_def` moved to the end of `zone` from wherever it is; its id."""
    s = game.s
    for z in sorted(s.zones):
        for c in s.zones[z]:
            if s.card_defs[c] == card_def:
                s.move_card(c, z, zone)
                return c
    raise AssertionError(card_def)


def _correct_last(rp, game):
    """Plan and make the correction of the record's last action; its edits."""
    ai = len(rp.actions) - 1
    atoms = [(at, at.n) for atoms in rp.atoms for at in atoms if at.action == ai]
    edits, missing = repair.plan(rp, game, atoms)
    assert missing == 0
    repair.apply(game, edits)
    return edits


def _suit(root_def, game, card):
    return root_def.cards[game.s.card_defs[card]].attrs.get("naipe")


def test_a_card_the_referee_discards_goes_to_the_lost_souls(root_def, mapping):
    """Position: the Lizards play; the Marquise holds a fox card and, last, a rabbit card.
    Correction: `R#C->` (the Marquise discards a rabbit). Result: the rabbit card, not the
    last one the hand got, leaves the hand and lies in the Lost Souls, not on the discard pile."""
    rp, game = _replayer(root_def, mapping, _record(("C", "L"), "C:R#C->"))
    rabbit = _give(game, HAND, "ep_emboscada_coelho")
    fox = _give(game, HAND, "ep_emboscada_raposa")
    discard = list(game.s.zones.get("descarte", ()))
    edits = _correct_last(rp, game)
    assert edits == [["discard", rabbit, HAND, "marqueses"]]
    assert rabbit in game.s.zones[SOULS] and fox in game.s.zones[HAND]
    assert game.s.zones.get("descarte", []) == discard
    assert _suit(root_def, game, rabbit) == "coelho"


def test_without_the_lizards_the_discard_pile_and_a_dominance_card_available(root_def, mapping):
    """Position: four players, no Lizards; the Marquise holds a mouse dominance card and a fox card.
    Corrections: `M#C->` then `F#C->`. Result: the dominance card becomes available (3.3.3),
    the fox card lies on the discard pile."""
    rp, game = _replayer(root_def, mapping, _record(("C", "E", "A", "O"), "C:M#C->/F#C->"))
    dom = _give(game, HAND, "ep_dominio_rato")
    fox = _give(game, HAND, "ep_emboscada_raposa")
    ai = len(rp.actions) - 2
    atoms = [(at, at.n) for atoms in rp.atoms for at in atoms if at.action == ai]
    edits, _ = repair.plan(rp, game, atoms)
    repair.apply(game, edits)
    _correct_last(rp, game)
    assert dom in game.s.zones["disponiveis"]
    assert game.s.zones["descarte"][-1] == fox


def test_a_card_given_to_another_hand_is_the_same_card(root_def, mapping):
    """Correction: `F#C->L` (the Marquise gives a fox card to the Lizards). Result: that fox
    card moves hand to hand; nothing is discarded nor drawn from the deck."""
    rp, game = _replayer(root_def, mapping, _record(("C", "L"), "C:F#C->L"))
    fox = _give(game, HAND, "ep_emboscada_raposa")
    _give(game, HAND, "ep_emboscada_coelho")
    deck = len(game.s.zones["baralho"])
    assert _correct_last(rp, game) == [["card", fox, HAND, "lagartos:mao"]]
    assert len(game.s.zones["baralho"]) == deck and not game.s.zones.get(SOULS)


def test_a_garden_the_referee_removes_makes_no_discard(root_def, mapping):
    """A piece a correction takes off fires no removal hook: the record writes the discard a
    garden removed makes (10.2.5) as an action of its own, which is corrected too.
    Correction: `Lb_f1->`. Result: the garden is gone, the Lizards' hand is as it was."""
    rp, game = _replayer(root_def, mapping, _record(("C", "L"), "L:4w+b_f->1\nC:Lb_f1->"))
    game.s.put("c1", "lagartos.jardim_raposa", 1)
    hand = list(game.s.zones.get("lagartos:mao", ()))
    _correct_last(rp, game)
    assert game.s.count("c1", "lagartos.jardim_raposa") == 0
    assert game.s.zones.get("lagartos:mao", []) == hand


def test_only_the_board_owners_pieces_pass_unrecorded(root_def, mapping):
    """A line that writes nothing of the Riverfolk's payments. Result: two of their own
    warriors put there pass (Protectionism, 11.4.1, often unwritten); a Marquise's warrior
    put there does not (a service bought is always written, `Cw->O$`); one taken off passes."""
    rp, game = _replayer(root_def, mapping, _record(("C", "O"), "O:w->10"))
    bi = len(rp.blocks) - 1
    left = [[at, at.n] for at in rp.atoms[bi]]
    place = ("pz", "O$")
    assert rp._unrecorded_ok((place, "ribeirinhos.guerreiro"), 1, left, {bi})
    assert not rp._unrecorded_ok((place, "marqueses.guerreiro"), 1, left, {bi})
    assert rp._unrecorded_ok((place, "marqueses.guerreiro"), -1, left, {bi})


def test_a_written_payment_is_matched(root_def, mapping):
    """`Cw->O$` written: the Marquise's warrior on the payments is that change."""
    rp, game = _replayer(root_def, mapping, _record(("C", "O"), "C:Cw->O$"))
    bi = len(rp.blocks) - 1
    left = [[at, at.n] for at in rp.atoms[bi]]
    done = rp.consume(left, {(("pz", "O$"), "marqueses.guerreiro"): 1}, {bi})
    assert done is not None and all(rem == 0 for at, rem in done if at.place == ("pz", "O$"))


def test_a_corrected_craft_keeps_an_improvement_and_discards_an_item_card(root_def, mapping):
    """Position: the Lizards play; the Marquise holds the Informants (an improvement, 4.1), a
    root tea card and, last, a fox ambush. Corrections: `Zinform`, then `Z%t`. Result: the
    Informants lie in the Marquise's play area; the tea card, crafted into an item, in the
    Lost Souls; the ambush stays in hand."""
    rp, game = _replayer(root_def, mapping, _record(("C", "L"), "C:Zinform/Z%t"))
    inform = _give(game, HAND, "informantes")
    tea = _give(game, HAND, "ep_cha_de_raiz_rato")
    ambush = _give(game, HAND, "ep_emboscada_raposa")
    for ai in (len(rp.actions) - 2, len(rp.actions) - 1):
        atoms = [(at, at.n) for atoms in rp.atoms for at in atoms
                 if at.action == ai and at.place[0] == "zone"]
        edits, _ = repair.plan(rp, game, atoms)
        repair.apply(game, edits)
    assert inform in game.s.zones["marqueses:area_de_jogo"]
    assert tea in game.s.zones[SOULS]
    assert ambush in game.s.zones[HAND]
