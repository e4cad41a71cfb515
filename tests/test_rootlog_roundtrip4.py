"""Round trips of the Rootlog export and import, fourth part (docs/rootlog.md, "Ida e volta,
quarta parte"): the first lines of three twelve-turn round trips (`python -m
rulesdsl.rootlog.export_roundtrip`, exported by rulesdsl from a seeded random game), each up to
the line where the import stopped before its fix. Each test fails on the tree before its fix."""

from rulesdsl.rootlog.notation import parse

# the header both Keepers games share: Autumn, the E&P deck, the four factions' seats
KEEPERS_AUTUMN = """\
Map: Fall
Deck: E&P
Clearings: F1, M2, R3, R4, R5, F6, M7, F8, M9, R10, M11, F12
K: Guardiões
D: Ducado
O: Companhia Ribeirinha
A: Aliança
"""

# Guardiões, Ducado, Ribeirinhos, Aliança on Autumn, E&P deck, seed 5: the Keepers' fifth turn
# (l. 17) buys the Boats (4 at price 4), their Dawn passes in clearings 4 and 7 (15.4.1,
# 15.4.2, nothing done there), and they battle the Duchy in 11 (15.5.2.II).
KEEPERS_DAWN = KEEPERS_AUTUMN + """\
K:#->K/#->K/#->K/t_t->1_2_5_10/t_f->1_9_10_12/t_j->2_6_10_11_12/t_f->3_6_11/t_f->3_7_11_12/t_t->4_7_8_12/t_j->4_9_12/4w->3/4w->7/t_j->1_2_5_10/t_t->1_9_10_12/t_j->2_6_10_11_12/t_f->4_9_12/t_t->1_2_5_10
D:#->D/#->D/#->D/2w->3/t->3/2w->6/2w->7/2w->11
O:#->O/#->O/#->O/w->10/w->5/w->10/w->11/3w->$/$_h->1/$_r->2/$_m->1
A:#->A/#->A/#->A
K:2w->O$/w3->/b_f_j->3/b_f_j3->/w->3/4w3->11/XD7/Dw7->/t_f3_7_11_12->7/t_f7^t_3_f/B#seguidor_fiel$_2->/2w7->4/w11->/B#seguidor_fiel$_1->$_2/#->K
D:2w->O$/w->0/M#^/F#^/M#^/#brigadier->$/++2/#->D
O:#->O/XD11/Dw11->/w11->/w10->12/2w$->/t_f->12/w->12/++2/#->O/#->O/B#ep_emboscada_passaroO->/$_h->3/$_r->4/$_m->3
A:4w->O$/#->A
K:4w->O$/XD11/Dw11->/w11->/B#seguidor_fiel$_2->$_3/#->K
"""

# the same factions, seed 1: the Keepers pay four warriors (`4w->O$`, the hand card and the
# Mercenaries both at 4) and no `#O->K` follows: the Mercenaries; then they recruit twice with
# the Smugglers' Trail and the Eyrie Emigre (`R#smugglerK->/2w->5/B#emiK->/2w->5`, 15.4.3).
# The supporters are face down (8.2.6): the setup's `A:` line deals them unwritten.
KEEPERS_BUY = KEEPERS_AUTUMN + """\
K:#->K/#->K/#->K/t_f->1_2_5_10/t_j->1_9_10_12/t_j->2_6_10_11_12/t_t->3_6_11/t_t->3_7_11_12/t_t->4_7_8_12/t_j->4_9_12/4w->2/4w->5/t_t->1_9_10_12/t_j->4_9_12/t_f->3_7_11_12/t_f->4_7_8_12/t_f->3_6_11
D:#->D/#->D/#->D/2w->2/t->2/2w->5/2w->6/2w->10
O:#->O/#->O/#->O/w->4/w->10/w->4/w->10/3w->$/$_h->4/$_r->1/$_m->4
A:#->A/#->A/#->A
K:4w->O$/w2->/b_j_f->2/w5->/b_t_j->5/b_j_f2->/w->2/R#smugglerK->/2w->5/B#emiK->/2w->5/5w5->2/XD5/2Dw5->/2w5->/4w2->10/w2->/w10->/B#seguidor_fiel$_2->$_1/#->K/#->K
"""

# Lagartos, Ribeirinhos, Ducado, Corvídeos on Winter, E&P deck, seed 3: the Duchy discards the
# League of Adventurous Mice at its Evening (`M#leagueD->`, l. 19) into the Lost Souls (10.1.4);
# two turns later the Lizards' crusade (`w$->/XD11B@`, l. 21, 10.4.3.I).
LEAGUE_DISCARDED = """\
Map: Winter
Deck: E&P
Clearings: F1, R2, M3, F4, R5, M6, R7, R8, F9, M10, M11, F12
L: Lagartos
O: Companhia Ribeirinha
D: Ducado
P: Corvídeos
L:#->L/#->L/#->L/4w->2/b_r->2/w->6/w->7/w->12/$_o->M
O:#->O/#->O/#->O/w->10/w->11/w->12/w->7/3w->$/$_h->1/$_r->4/$_m->3
D:#->D/#->D/#->D/2w->4/t->4/2w->9/2w->10/2w->11
P:#->P/#->P/#->P/w->4/w->5/w->11
L:$_ho->M/#->L
O:XD10/Dw10->/w10->/XL12/Lw12->L$/w12->/w$->/w->7/$_r->2/$_m->1
D:w->O$/w->0/M#^/b_m->10/#->D/#->D
P:w5->/t->5/w4->10/w11->9/#->P
L:w->O$/w$->/Ow11->/w->11/#->L
O:2w$->/t_r->7/w->7/++2/XL7/Lw7->L$/3w7->3/$_h->2/$_r->3
D:3w->O$/w->0/#->D/#->D/M#leagueD->/R#rpartD->
P:w10->1/w9->8
L:w$->/XD11B@/w11->/#->L/B#boatL->
"""


def _run(root_def, mapping, text):
    from rulesdsl.rootlog.replay import Replayer
    res = Replayer(root_def, parse(text), mapping).run()
    return res


def test_the_keepers_dawn_passes_the_clearings_the_line_does_not_name(root_def, mapping):
    """15.4.1, 15.4.2: encamp and decamp are offered once per clearing, in an order the
    Keepers choose (the engine's `order` decision). The line names clearing 11 (the battle)
    but not 4 and 7, where nothing is done: the import tried only named clearings, so the loop
    could not go past 4 and 7 and the battle `XD11` was never reached (stop at `Dw11->`)."""
    res = _run(root_def, mapping, KEEPERS_DAWN)
    assert res.stop is None and res.blocks_done == res.blocks_total


def test_a_card_dealt_face_down_among_the_supporters_can_be_the_one_the_line_names(root_def, mapping):
    """8.2.6: the Alliance's supporters are face down; which unseen card is which is the deal's
    choice. The Keepers recruit twice (15.4.3) with the Smugglers' Trail and the Eyrie Emigre,
    which the replay's deal put among the supporters: before, no card of the deck nor of a
    hand fit, and the search took the other purchase of the same price, the Riverfolk's hand
    card (11.2.7; the line writes none, `#O->K`), whose card served the Emigre's recruit and
    left the retinue's move (`B#seguidor_fiel$_2->$_1`) unmatched. The Emigre is swapped into
    the Keepers' hand from the supporters, and the four warriors buy the Mercenaries."""
    res = _run(root_def, mapping, KEEPERS_BUY)
    assert res.stop is None and res.blocks_done == res.blocks_total
    chosen = [str(x) for x in res.game.history]
    assert "servico_mercenarios" in chosen and "servico_carta_da_mao" not in chosen


def test_a_discarded_card_is_not_crafted_into_play(root_def, mapping):
    """4.1: a card that stays in play gets there by a craft, always written (`Z...`). The
    Duchy's `M#leagueD->` is a discard: the replay crafted it instead (the card out of the
    hand, as the line says, and into the play area, let through), the Lost Souls lacked it,
    and the Lizards' crusade two turns later (its cost counts the hated outcast) stopped."""
    res = _run(root_def, mapping, LEAGUE_DISCARDED)
    assert res.stop is None and res.blocks_done == res.blocks_total
    s = res.game.s
    in_play = [s.card_defs[c] for z, cs in s.zones.items() if z.endswith(":area_de_jogo") for c in cs]
    assert "liga_dos_ratos_aventureiros" not in in_play
